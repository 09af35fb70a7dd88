import Foundation
import Testing

/// The pager's first screen on a wide terminal, and its folio.
extension PagerTmuxTests {
  /// Starts a `columns` by `rows` session running bash with the prompt `READY$ `.
  private func startShell(columns: Int, rows: Int) throws {
    try tmux("new-session", "-d", "-s", session, "-x", String(columns), "-y", String(rows), "bash --norc --noprofile")
    try tmux("send-keys", "-t", session, "PS1='READY$ '; clear", "Enter")
    try wait("the prompt") { $0.contains { $0.hasPrefix("READY$") } }
  }

  @Test("a wide terminal's first screen is full: pages 1 and 2 side by side; --facing-start right keeps the book's lone page 1", .timeLimit(.minutes(10)))
  func fullFirstScreen() throws {
    defer { _ = try? tmux("kill-server") }
    let guide = Executable.packageRoot.appendingPathComponent("SampleDocs/guide.md").path
    try startShell(columns: 200, rows: 50)
    try tmux("send-keys", "-t", session, "'\(Executable.url.path)' browse '\(guide)'", "Enter")
    let screen = try wait("the first spread") { status($0).contains("· guide.md") }
    #expect(status(screen).hasPrefix("1–2 of"), "\(status(screen))")
    #expect(screen.first?.contains("Tidewatch User Guide") == true && screen.first?.contains("│") == true)
    try tmux("send-keys", "-t", session, "q")
    try wait("the prompt again") { lines in lines.last { !$0.isEmpty }?.hasPrefix("READY$") == true }
    try tmux("send-keys", "-t", session, "clear; '\(Executable.url.path)' browse --facing-start right '\(guide)'", "Enter")
    let book = try wait("page 1 alone") { status($0).contains("· guide.md") }
    #expect(status(book).hasPrefix("1 of"), "\(status(book))")
    try tmux("send-keys", "-t", session, "q")
  }

  @Test("pages sized to the terminal leave out the folio, which the status line has; --page-size keeps it", .timeLimit(.minutes(10)))
  func folio() throws {
    defer { _ = try? tmux("kill-server") }
    let novel = Executable.packageRoot.appendingPathComponent("SampleDocs/novel.txt").path
    try startShell(columns: 60, rows: 24)
    try tmux("send-keys", "-t", session, "'\(Executable.url.path)' browse '\(novel)'", "Enter")
    let sized = try wait("page 1") { status($0).hasPrefix("1 of") }
    // The screen above the status line.
    let body = sized.prefix { !$0.contains(" of ") || !$0.contains("novel.txt") }
    #expect(!body.contains { $0.trimmingCharacters(in: .whitespaces) == "1" }, "a folio on the screen:\n\(sized.joined(separator: "\n"))")
    try tmux("send-keys", "-t", session, "q")
    try wait("the prompt again") { lines in lines.last { !$0.isEmpty }?.hasPrefix("READY$") == true }
    try tmux("send-keys", "-t", session, "clear; '\(Executable.url.path)' browse --page-size 60x20 '\(novel)'", "Enter")
    let fixed = try wait("page 1 at a fixed size") { status($0).hasPrefix("1 of") }
    #expect(fixed.contains { $0.trimmingCharacters(in: .whitespaces) == "1" }, "no folio:\n\(fixed.joined(separator: "\n"))")
    try tmux("send-keys", "-t", session, "q")
  }
}
