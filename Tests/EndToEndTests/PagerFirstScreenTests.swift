import Foundation
import Testing

/// The pager's first screen on a wide terminal.
extension PagerTmuxTests {
  @Test("a wide terminal's first screen is full: pages 1 and 2 side by side; --facing-start right keeps the book's lone page 1", .timeLimit(.minutes(10)))
  func fullFirstScreen() throws {
    defer { _ = try? tmux("kill-server") }
    let guide = Executable.packageRoot.appendingPathComponent("SampleDocs/guide.md").path
    try tmux("new-session", "-d", "-s", session, "-x", "200", "-y", "50", "bash --norc --noprofile")
    try tmux("send-keys", "-t", session, "PS1='READY$ '; clear", "Enter")
    try wait("the prompt") { $0.contains { $0.hasPrefix("READY$") } }
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
}
