import CPaginateSystem
import Glibc

/// The controlling terminal in raw mode, always restored: on return, at exit, on SIGINT,
/// SIGTERM and SIGHUP, on a crash, and around a suspension (Ctrl-Z, then `fg` takes it back and
/// asks for a redraw). What it shows when taken and given back (the pager's screen) is the
/// caller's: ``begin(enter:leave:)``.
///
/// The state a signal handler reads (the saved settings, the sequences, the flags) lives in C,
/// with the one handler that owns paginate's signals (`signals.c`): it restores the terminal
/// first, then removes an export's temporary file, then kills the children's groups.
package enum Terminal {
  /// The terminal's file descriptor (`/dev/tty`), or -1. Written once, by the pager's thread.
  nonisolated(unsafe) private(set) static var descriptor: Int32 = -1
  /// The self-pipe a signal writes to, to wake ``read(timeout:)``.
  nonisolated(unsafe) private static var wakeRead: Int32 = -1
  /// Keys typed while the pager was busy (``quitIsTyped()`` read them), handed out first.
  nonisolated(unsafe) private static var typedAhead: [UInt8] = []

  /// Opens `/dev/tty`, saves its settings, enters raw mode and writes `enter`; `leave` is
  /// written when the terminal is given back (each at most 255 bytes).
  ///
  /// - Returns: `false` when there is no terminal to use.
  /// Begun before: enters raw mode again if it was restored, and returns `true`.
  package static func begin(enter: String, leave: String) -> Bool {
    if descriptor >= 0 {
      paginate_terminal_enter()
      return true
    }
    let terminal = open("/dev/tty", O_RDWR | O_CLOEXEC)
    guard terminal >= 0 else { return false }
    var ends: [Int32] = [-1, -1]
    guard paginate_open_pipe(&ends) == 0 else {
      close(terminal)
      return false
    }
    _ = fcntl(ends[0], F_SETFL, O_NONBLOCK)
    _ = fcntl(ends[1], F_SETFL, O_NONBLOCK)
    guard paginate_terminal_begin(terminal, ends[1], enter, leave) == 0 else {
      close(terminal)
      close(ends[0])
      close(ends[1])
      return false
    }
    descriptor = terminal
    wakeRead = ends[0]
    atexit { paginate_terminal_restore() }
    return true
  }

  /// Leaves raw mode and writes the `leave` bytes, if in raw mode (safe to call more than once).
  package static func restore() {
    paginate_terminal_restore()
  }

  /// Whether SIGWINCH or SIGCONT asked for a redraw since the last call.
  package static func takeResize() -> Bool {
    paginate_terminal_take_resize() != 0
  }

  /// Whether SIGINT (Ctrl-C) is a key (``takeInterrupt()``) rather than the end of the program.
  package static func catchInterrupt(_ catches: Bool) {
    paginate_terminal_catch_interrupt(catches ? 1 : 0)
  }

  /// Whether Ctrl-C was pressed since the last call, while ``catchInterrupt(_:)`` was on.
  package static func takeInterrupt() -> Bool {
    paginate_terminal_take_interrupt() != 0
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
}
