public import Glibc

/// A value each thread has its own of (`pthread_key_create`): a pointer, `nil` until the thread
/// sets it.
///
/// Safety: `@unchecked Sendable` because the key is written once, at creation, and the C
/// library keeps each thread's value apart.
///
/// `@_spi(Platform) public` so that its accessors inline across modules (see ``ByteScan``):
/// libcmark's allocator reads the value on every call.
@_spi(Platform) public struct ThreadSpecificKey: @unchecked Sendable {
  /// glibc's `pthread_key_t`, spelled as what it is so that the accessors can be inlined.
  @usableFromInline let key: UInt32

  /// A new key (a process has at least 128). Stops the program when none is left: the keys
  /// are made once, at start-up, by statics.
  public init() {
    var key = pthread_key_t()
    precondition(pthread_key_create(&key, nil) == 0, "no thread-specific key left")
    self.key = key
  }

  /// The calling thread's value.
  @inlinable
  public var value: UnsafeMutableRawPointer? {
    pthread_getspecific(key)
  }

  /// Sets the calling thread's value.
  @inlinable
  public func set(_ value: UnsafeMutableRawPointer?) {
    pthread_setspecific(key, value)
  }
}
