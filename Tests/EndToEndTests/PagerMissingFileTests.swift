import Foundation
import Testing

/// A file the pager cannot read among several, as print and less take it.
extension PagerTmuxTests {
  @Test("browse nosuch.md guide.md: the missing file is said and passed over, the next shown; the exit status is 1", .timeLimit(.minutes(10)))
  func missingFirstFile() throws {
    defer { _ = try? tmux("kill-server") }
    let folder = try Executable.temporaryDirectory()
    let errors = folder.appendingPathComponent("stderr").path
    let guide = Executable.packageRoot.appendingPathComponent("SampleDocs/guide.md").path
    try startShell()
    try tmux(
      "send-keys", "-t", session,
      "cd '\(folder.path)' && '\(Executable.url.path)' browse nosuch.md '\(guide)' 2>'\(errors)'; echo \"status $?\"", "Enter")
    let screen = try wait("the second file") { status($0).contains("· guide.md") }
    #expect(status(screen).contains("nosuch.md: no such file"), "\(status(screen))")
    #expect(screen.contains { $0.contains("Tidewatch User Guide") })
    try tmux("send-keys", "-t", session, "q")
    let after = try wait("the exit status") { $0.contains { $0.hasPrefix("status ") } }
    #expect(after.contains("status 1"))
    let stderr = try String(contentsOfFile: errors, encoding: .utf8)
    #expect(stderr == "paginate: nosuch.md: no such file\n")
  }
}
