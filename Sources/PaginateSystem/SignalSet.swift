import Glibc

/// A set of signals (`sigset_t`) and the calling thread's mask of blocked signals.
struct SignalSet {
  private(set) var raw = sigset_t()

  /// The set of `signals`.
  init(_ signals: [Int32] = []) {
    sigemptyset(&raw)
    for signal in signals { sigaddset(&raw, signal) }
  }

  func contains(_ signal: Int32) -> Bool {
    withUnsafePointer(to: raw) { sigismember($0, signal) == 1 }
  }

  /// Blocks these signals on the calling thread; returns the mask before.
  func block() -> SignalSet {
    var before = SignalSet()
    var set = raw
    pthread_sigmask(SIG_BLOCK, &set, &before.raw)
    return before
  }

  /// Unblocks these signals on the calling thread.
  func unblock() {
    var set = raw
    pthread_sigmask(SIG_UNBLOCK, &set, nil)
  }

  /// Makes this set the calling thread's mask.
  func setAsMask() {
    var set = raw
    pthread_sigmask(SIG_SETMASK, &set, nil)
  }

  /// The signals pending for the calling thread or the process.
  static var pending: SignalSet {
    var set = SignalSet()
    sigpending(&set.raw)
    return set
  }

  /// Takes a pending signal of this set without delivering it; does not wait.
  func discardPending() {
    var set = raw
    var zero = timespec()
    _ = sigtimedwait(&set, nil, &zero)
  }
}
