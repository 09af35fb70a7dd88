#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Signal set-up at start-up.
enum Signals {
  /// Unblocks SIGINT, SIGTERM and SIGHUP, which a parent (a test runner, a thread pool) may have
  /// left blocked in the inherited signal mask, so that an interrupted export can clean up.
  /// Signals the parent chose to *ignore* stay ignored, as `nohup` expects.
  static func unblockTermination() {
    var set = sigset_t()
    sigemptyset(&set)
    sigaddset(&set, SIGINT)
    sigaddset(&set, SIGTERM)
    sigaddset(&set, SIGHUP)
    sigprocmask(SIG_UNBLOCK, &set, nil)
  }
}
