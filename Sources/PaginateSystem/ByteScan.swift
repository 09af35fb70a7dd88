public import Glibc

/// Searches of raw memory with the C library's vectorised routines, which look at many bytes
/// at a time: the inner loops of reading and layout use them to skip text that holds nothing of
/// interest.
///
/// `@_spi(Platform) public` rather than `package`: this toolchain inlines `@inlinable` code
/// across modules only from public declarations, and these run once per line. The SPI keeps
/// them out of the API: only a module that imports `@_spi(Platform) PaginateSystem` sees them.
@_spi(Platform) public enum ByteScan {
  /// The index of the first `byte` in `bytes` at or after `start`, or `nil`.
  @inlinable @inline(__always)
  public static func firstIndex(of byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int = 0) -> Int? {
    guard start < bytes.count, let base = bytes.baseAddress else { return nil }
    guard let hit = memchr(base + start, Int32(byte), bytes.count - start) else { return nil }
    return UnsafeRawPointer(base).distance(to: UnsafeRawPointer(hit))
  }

  /// Whether `bytes` holds `byte`.
  @inlinable @inline(__always)
  public static func contains(_ byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = bytes.baseAddress else { return false }
    return memchr(base, Int32(byte), bytes.count) != nil
  }

  /// Whether the C string `string` is `other` (`strcmp`), without copying it into a String.
  @inlinable @inline(__always)
  public static func cString(_ string: UnsafePointer<CChar>, equals other: String) -> Bool {
    strcmp(string, other) == 0
  }

  /// The number of bytes before the terminating NUL of a C string.
  @inlinable @inline(__always)
  public static func length(ofCString string: UnsafePointer<CChar>) -> Int {
    strlen(string)
  }
}
