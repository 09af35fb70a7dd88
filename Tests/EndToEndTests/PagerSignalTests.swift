import Foundation
import Testing

/// The terminal given back by the one signal handler (`signals.c`): around a suspension, and
/// when a signal ends the pager. tmux says what the pane is in: its alternate screen, a hidden
/// cursor, a captured mouse.
extension PagerTmuxTests {
  /// The pane's `#{format}` values, such as `alternate_on`, `cursor_flag`, `mouse_any_flag`.
  func pane(_ formats: String...) throws -> [String] {
    try tmux("display-message", "-p", "-t", session, formats.map { "#{\($0)}" }.joined(separator: " "))
      .trimmingCharacters(in: .whitespacesAndNewlines).split(separator: " ").map(String.init)
  }

  /// Starts the pager on a text of numbered paragraphs in `folder`, and waits for its first page.
  private func startPager(in folder: URL, options: String = "") throws -> URL {
    let file = folder.appendingPathComponent("signals.txt")
    try Data((1...300).map { "Paragraph \($0) of the text the signals interrupt." }.joined(separator: "\n\n").utf8).write(to: file)
    try startShell()
    try tmux("send-keys", "-t", session, "'\(Executable.url.path)' browse \(options) '\(file.path)'", "Enter")
    try wait("the first page") { status($0).contains("· signals.txt") }
    return file
  }

  @Test("Ctrl-Z gives the terminal back to the shell; fg takes it back, redrawn, keys working", .timeLimit(.minutes(10)))
  func suspendAndContinue() throws {
    defer { _ = try? tmux("kill-server") }
    _ = try startPager(in: try Executable.temporaryDirectory(), options: "--mouse")
    #expect(try pane("alternate_on", "cursor_flag", "mouse_any_flag") == ["1", "0", "1"])
    try tmux("send-keys", "-t", session, "C-z")
    try wait("the shell, the pager stopped") { lines in
      lines.contains { $0.contains("Stopped") } && lines.last { !$0.isEmpty }?.hasPrefix("READY$") == true
    }
    #expect(try pane("alternate_on", "cursor_flag", "mouse_any_flag") == ["0", "1", "0"], "the terminal was not given back")
    try tmux("send-keys", "-t", session, "fg", "Enter")
    try wait("the pager again") { status($0).contains("· signals.txt") && $0.contains { $0.contains("Paragraph 1 ") } }
    #expect(try pane("alternate_on", "cursor_flag", "mouse_any_flag") == ["1", "0", "1"])
    try tmux("send-keys", "-t", session, "Space")
    try wait("page 2, read in raw mode") { status($0).hasPrefix("2 of") }
    try quit(showing: "signals.txt")
  }

  @Test(
    "SIGTERM or SIGHUP ends the pager with the terminal given back: its screen left, the cursor shown, the mouse released",
    .timeLimit(.minutes(10)), arguments: [SIGTERM, SIGHUP])
  func endedBySignal(signal: Int32) throws {
    defer { _ = try? tmux("kill-server") }
    let file = try startPager(in: try Executable.temporaryDirectory(), options: "--mouse")
    #expect(try pane("alternate_on", "mouse_any_flag") == ["1", "1"])
    let found = try Executable.runTool("pgrep", ["-f", file.path])
    let pids = found.stdout.split(separator: "\n").compactMap { Int32($0) }
    try #require(pids.count == 1, "pgrep found \(found.stdout)")
    kill(pids[0], signal)
    try wait("the shell") { lines in lines.last { !$0.isEmpty }?.hasPrefix("READY$") == true }
    #expect(try pane("alternate_on", "cursor_flag", "mouse_any_flag") == ["0", "1", "0"], "the terminal was not given back")
  }
}
