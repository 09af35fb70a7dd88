import Glibc

/// The controlling terminal in raw mode on the alternate screen, always restored: on return,
/// on SIGINT, SIGTERM and SIGHUP, on a crash (SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT), and
/// around a suspension (SIGTSTP, then SIGCONT enters raw mode again and asks for a redraw).
///
/// Safety: the state is `nonisolated(unsafe)` statics because signal handlers read it. The
/// pager's one thread writes it in ``begin(mouse:)`` before any handler is installed, and the
/// handlers read only what is initialised by then (``begin(mouse:)`` touches ``leaveBytes``
/// first: a lazy initialisation, `swift_once`, is not async-signal-safe). They call only
/// async-signal-safe functions (`write`, `tcsetattr`, `signal`, `raise`), and write only the
/// `sig_atomic_t` flags and the self-pipe.
package enum Terminal {
  /// The terminal's file descriptor (`/dev/tty`), or -1.
  nonisolated(unsafe) private(set) static var descriptor: Int32 = -1
  /// The settings to restore. Heap-allocated: Swift's `termios` is 57 bytes without its tail
  /// padding, but `tcgetattr` writes C's 60 (AddressSanitizer caught the overflow of a global).
  nonisolated(unsafe) private static let saved = UnsafeMutablePointer<termios>.allocate(capacity: 1)
  nonisolated(unsafe) private static let raw = UnsafeMutablePointer<termios>.allocate(capacity: 1)
  nonisolated(unsafe) private static var active = false
  /// The self-pipe that wakes the input loop when a signal arrives.
  nonisolated(unsafe) private static var wakeRead: Int32 = -1
  nonisolated(unsafe) private static var wakeWrite: Int32 = -1
  /// Set by SIGWINCH and SIGCONT: the screen must be measured and drawn again.
  nonisolated(unsafe) package static var needsResize: Int32 = 0  // sig_atomic_t

  /// Set while the pager runs: SIGINT (Ctrl-C) then sets ``interrupted`` and wakes
  /// ``read(timeout:)`` instead of ending the process.
  nonisolated(unsafe) package static var catchesInterrupt: Int32 = 0  // sig_atomic_t
  nonisolated(unsafe) package static var interrupted: Int32 = 0  // sig_atomic_t
  /// Whether the mouse is captured (``begin(mouse:)``).
  nonisolated(unsafe) private static var mouse = false

  package static let enterSequence = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[H\u{1B}[2J"
  package static let mouseOnSequence = "\u{1B}[?1000h\u{1B}[?1006h"
  package static let leaveSequence = "\u{1B}[?1000l\u{1B}[?1006l\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"
  nonisolated(unsafe) private static var leaveBytes: UnsafeMutablePointer<CChar>? = strdup(leaveSequence)

  /// Opens `/dev/tty`, saves its settings, and enters raw mode and the alternate screen.
  ///
  /// - Returns: `false` when there is no terminal to use.
  /// Already begun (and not restored since): does nothing and returns `true`.
  package static func begin(mouse: Bool = false) -> Bool {
    if active { return true }
    if descriptor >= 0 {
      // Begun before and restored (a message was written meanwhile): in again.
      enter()
      return true
    }
    self.mouse = mouse
    descriptor = open("/dev/tty", O_RDWR | O_CLOEXEC)
    guard descriptor >= 0, tcgetattr(descriptor, saved) == 0 else { return false }
    var pipeEnds: [Int32] = [0, 0]
    guard pipe(&pipeEnds) == 0 else { return false }
    wakeRead = pipeEnds[0]
    wakeWrite = pipeEnds[1]
    _ = fcntl(wakeRead, F_SETFL, O_NONBLOCK)
    _ = fcntl(wakeWrite, F_SETFL, O_NONBLOCK)
    // The handlers read these: initialise them now, not lazily inside a handler (swift_once
    // is not async-signal-safe).
    _ = leaveBytes
    installHandlers()
    atexit { Terminal.restore() }
    enter()
    return true
  }

  /// Leaves raw mode and the alternate screen (safe to call more than once, and from a
  /// signal handler).
  package static func restore() {
    guard active else { return }
    active = false
    if let leaveBytes { _ = Glibc.write(descriptor, leaveBytes, strlen(leaveBytes)) }
    tcsetattr(descriptor, TCSAFLUSH, saved)
  }

  private static func enter() {
    raw.update(from: saved, count: 1)
    raw.pointee.c_iflag &= ~tcflag_t(IXON | ICRNL | BRKINT | INPCK | ISTRIP)
    raw.pointee.c_oflag &= ~tcflag_t(OPOST)
    raw.pointee.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN)  // ISIG stays: Ctrl-C and Ctrl-Z are signals
    raw.pointee.c_cflag |= tcflag_t(CS8)
    tcsetattr(descriptor, TCSAFLUSH, raw)
    active = true
    write(mouse ? enterSequence + mouseOnSequence : enterSequence)
  }

  /// Writes text to the terminal.
  package static func write(_ text: String) {
    var bytes = Array(text.utf8)
    write(&bytes)
  }

  /// Writes bytes to the terminal, all of them.
  package static func write(_ bytes: inout [UInt8]) {
    // A terminal that went away (hung up) takes nothing more: the pager ends on SIGHUP.
    try? FileDescriptor(rawValue: descriptor).writeAll(bytes)
  }

  /// The terminal's size in columns and rows.
  package static func size() -> (columns: Int, rows: Int) {
    var window = winsize()
    if ioctl(descriptor, UInt(TIOCGWINSZ), &window) == 0 && window.ws_col > 0 && window.ws_row > 0 {
      return (Int(window.ws_col), Int(window.ws_row))
    }
    return (80, 24)
  }

  /// Keys typed while the pager was busy (``quitIsTyped()`` read them), handed out first.
  nonisolated(unsafe) private static var typedAhead: [UInt8] = []

  /// Whether the reader has typed `q` (or `Q`) since the pager last read keys, before any `/`,
  /// `?` or `:` (which start a line of their own, where a q is text): looked at while the
  /// pager waits for its input, without losing what was typed (``read(timeout:)`` hands it out
  /// next). Call it from the pager's thread.
  package static func quitIsTyped() -> Bool {
    guard descriptor >= 0 else { return false }
    let terminal = FileDescriptor(rawValue: descriptor)
    if let ready = try? Poll.wait([(terminal, .readable)], milliseconds: 0), ready[0] {
      var buffer = [UInt8](repeating: 0, count: 4096)
      let count = (try? terminal.read(into: &buffer)) ?? 0
      typedAhead += buffer[0..<count]
    }
    for byte in typedAhead {
      if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: ":") { return false }
      if byte == UInt8(ascii: "q") || byte == UInt8(ascii: "Q") { return true }
    }
    return false
  }

  /// Waits up to `timeout` milliseconds (-1: forever) for input or a signal; returns the
  /// bytes read from the terminal (empty after a signal or a time-out).
  package static func read(timeout: Int32) -> [UInt8] {
    if !typedAhead.isEmpty {
      defer { typedAhead = [] }
      return typedAhead
    }
    let terminal = FileDescriptor(rawValue: descriptor)
    let wake = FileDescriptor(rawValue: wakeRead)
    guard let ready = try? Poll.wait([(terminal, .readable), (wake, .readable)], milliseconds: timeout) else {
      return []
    }
    if ready[1] {
      var drain = [UInt8](repeating: 0, count: 64)
      _ = try? wake.read(into: &drain)
    }
    guard ready[0] else { return [] }
    var buffer = [UInt8](repeating: 0, count: 4096)
    let count = (try? terminal.read(into: &buffer)) ?? 0
    return Array(buffer[0..<count])
  }

  private static func wake() {
    var byte: UInt8 = 1
    _ = Glibc.write(wakeWrite, &byte, 1)
  }

  private static func installHandlers() {
    signal(SIGINT) { number in
      if Terminal.catchesInterrupt != 0 {
        Terminal.interrupted = 1
        Terminal.wake()
        return
      }
      Terminal.restore()
      signal(number, SIG_DFL)
      raise(number)
    }
    for number in [SIGTERM, SIGHUP] {
      signal(number) { number in
        Terminal.restore()
        signal(number, SIG_DFL)
        raise(number)
      }
    }
    for number in [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT] {
      signal(number) { number in
        Terminal.restore()
        signal(number, SIG_DFL)
        raise(number)
      }
    }
    signal(SIGWINCH) { _ in
      Terminal.needsResize = 1
      Terminal.wake()
    }
    signal(SIGTSTP) { _ in
      Terminal.restore()
      signal(SIGTSTP, SIG_DFL)
      raise(SIGTSTP)
      // Continued: take the terminal back and redraw.
    }
    signal(SIGCONT) { _ in
      Terminal.installSuspendHandler()
      Terminal.enter()
      Terminal.needsResize = 1
      Terminal.wake()
    }
  }

  private static func installSuspendHandler() {
    signal(SIGTSTP) { _ in
      Terminal.restore()
      signal(SIGTSTP, SIG_DFL)
      raise(SIGTSTP)
    }
  }
}
