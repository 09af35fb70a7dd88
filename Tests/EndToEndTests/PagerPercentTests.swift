import Foundation
import Testing

/// `N%` in the pager, as a less user types it, before and after the end is laid out.
extension PagerTmuxTests {
  /// The page number and the percentage of a status line (`20 of 30 · … · 51% · h help`).
  private func place(_ status: String) -> (page: Int, percent: Int)? {
    let parts = status.split(separator: " ")
    guard let page = parts.first.flatMap({ Int($0) }),
      let percent = parts.last(where: { $0.hasSuffix("%") }).flatMap({ Int($0.drop { $0 == "~" }.dropLast()) })
    else { return nil }
    return (page, percent)
  }

  @Test("N% lands where the status then says, before and after G; typing that percentage comes back to the page", .timeLimit(.minutes(10)))
  func percentJumps() throws {
    defer { _ = try? tmux("kill-server") }
    let readme = Executable.packageRoot.appendingPathComponent("Tests/Fixtures/READMEs/swift-nio.md").path
    try startShell()
    try tmux("send-keys", "-t", session, "'\(Executable.url.path)' browse '\(readme)'", "Enter")
    try wait("the first page") { status($0).contains("· swift-nio.md") }
    for round in ["before G", "after G"] {
      if round == "after G" {
        try tmux("send-keys", "-t", session, "G")
        try wait("the last page") { place(status($0))?.percent == 100 }
        try tmux("send-keys", "-t", session, "g")
        try wait("the first page") { place(status($0))?.page == 1 }
      }
      for asked in [50, 75, 25] {
        try tmux("send-keys", "-t", session, "\(asked)%")
        let lines = try wait("\(asked)% \(round)") { lines in (place(status(lines))?.percent ?? -1) >= asked }
        let shown = try #require(place(status(lines)), "\(status(lines))")
        #expect(shown.page > 1 && shown.percent - asked < 15, "\(asked)% \(round): \(status(lines))")
        try tmux("send-keys", "-t", session, "g")
        try wait("the first page") { place(status($0))?.page == 1 }
        try tmux("send-keys", "-t", session, "\(shown.percent)%")
        try wait("\(shown.percent)% \(round), back on page \(shown.page)") { place(status($0))?.page == shown.page }
      }
    }
    try tmux("send-keys", "-t", session, "q")
    try wait("the shell prompt") { lines in lines.last { !$0.isEmpty }?.hasPrefix("READY$") == true }
  }
}
