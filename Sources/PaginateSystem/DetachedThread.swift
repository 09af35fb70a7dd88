import Glibc

/// Starts a detached POSIX thread with a chosen stack size.
///
/// Foundation's `Thread` would do the same, but importing Foundation on Linux loads
/// libFoundation and ICU (about 50 MB of libraries) at every start, which costs milliseconds
/// before the first page; this needs only the C library.
package enum DetachedThread {
  private final class Body {
    let run: @Sendable () -> Void
    init(_ run: @escaping @Sendable () -> Void) { self.run = run }
  }

  /// Runs `body` on a new thread whose stack holds `stackSize` bytes. Returns `false` (and
  /// runs nothing) when the system refuses to create the thread.
  package static func start(stackSize: Int, _ body: @escaping @Sendable () -> Void) -> Bool {
    var attributes = pthread_attr_t()
    guard pthread_attr_init(&attributes) == 0 else { return false }
    defer { pthread_attr_destroy(&attributes) }
    pthread_attr_setstacksize(&attributes, stackSize)
    pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
    let context = Unmanaged.passRetained(Body(body)).toOpaque()
    var thread = pthread_t()
    let status = pthread_create(
      &thread, &attributes,
      { context in
        let body = Unmanaged<Body>.fromOpaque(context!).takeRetainedValue()
        body.run()
        return nil
      }, context)
    if status != 0 {
      Unmanaged<Body>.fromOpaque(context).release()
      return false
    }
    return true
  }
}
