import Glibc

/// Signal set-up at start-up.
package enum Signals {
  /// Unblocks SIGINT, SIGTERM and SIGHUP, which a parent (a test runner, a thread pool) may have
  /// left blocked in the inherited signal mask, so that an interrupted export can clean up.
  /// Signals the parent chose to *ignore* stay ignored, as `nohup` expects.
  package static func unblockTermination() {
    SignalSet([SIGINT, SIGTERM, SIGHUP]).unblock()
  }

  /// Ignores SIGPIPE, so that a write to a closed pipe fails with ``Errno/brokenPipe`` instead
  /// of ending the program: the writer decides (`paginate big.md | head` stops quietly).
  package static func ignoreBrokenPipe() {
    signal(SIGPIPE, SIG_IGN)
  }
}
