import Foundation
import PaginateTestSupport
import Testing

/// Drives `paginate browse` in a real terminal: tmux (which `.ci/run` installs), with
/// send-keys, capture-pane and resize-window.
@Suite("The pager in tmux", .temporaryFolder, .serialized)
struct PagerTmuxTests {
  let session = "paginate-test-\(UUID().uuidString.prefix(8))"
  /// A tmux server of the test's own (`-L`), apart from any the user runs and from the one
  /// the test before it killed: a server shared by the suite's tests could still be exiting
  /// when the next test asked it for a session, which then never came (seen under load).
  let socket = "paginate-tests-\(getpid())-\(UUID().uuidString.prefix(8))"

  /// Runs tmux through a shell that this process waits for, which waits for the client however
  /// tmux forks its server, with the output in a file (a pipe would stay open in the server).
  @discardableResult
  func tmux(_ arguments: String...) throws -> String {
    let output = FileManager.default.temporaryDirectory.appendingPathComponent("\(socket)-\(UUID().uuidString).out")
    defer { try? FileManager.default.removeItem(at: output) }
    let quoted = (["tmux", "-L", socket] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
    try runShell(quoted.joined(separator: " ") + " </dev/null >'\(output.path)' 2>/dev/null")
    // The shell creates the file before tmux runs, whatever tmux does: a file that cannot be
    // read is an error of the test's own, not an empty screen to wait on.
    return try String(contentsOf: output, encoding: .utf8)
  }

  /// Runs a shell command line and waits for it. Not through `system(3)`: that ignores SIGINT
  /// in the whole test process while the command runs, and a paginate another test starts
  /// meanwhile inherits the ignored SIGINT (the test that interrupts an adapter then fails).
  /// Like `system(3)`'s, its exit status is not looked at: tmux ends non-zero when, say, the
  /// session has already gone, which the caller sees on the screen.
  private func runShell(_ command: String) throws {
    let argv: [UnsafeMutablePointer<CChar>?] = ["/bin/sh", "-c", command].map { (word: String) in strdup(word) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, "/bin/sh", nil, nil, argv, environ)
    guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EINVAL) }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
  }

  func screen() throws -> [String] {
    try tmux("capture-pane", "-t", session, "-p").split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }

  /// Waits until the screen satisfies `condition` (up to 60 s, a hang guard); returns the screen. An error
  /// thrown by `condition` (reading the screen again, say) ends the wait and the test.
  @discardableResult
  func wait(
    _ what: String, sourceLocation: SourceLocation = #_sourceLocation, _ condition: ([String]) throws -> Bool
  ) throws -> [String] {
    let deadline = Date().addingTimeInterval(60)
    var lines: [String] = []
    while Date() < deadline {
      lines = try screen()
      if try condition(lines) { return lines }
      Thread.sleep(forTimeInterval: 0.05)
    }
    Issue.record("timed out waiting for \(what); screen:\n\(lines.joined(separator: "\n"))", sourceLocation: sourceLocation)
    return lines
  }

  /// Starts a 100x30 session running bash with the prompt `READY$ `, and waits for it.
  func startShell(sourceLocation: SourceLocation = #_sourceLocation) throws {
    try tmux("new-session", "-d", "-s", session, "-x", "100", "-y", "30", "bash --norc --noprofile")
    try tmux("send-keys", "-t", session, "PS1='READY$ '; clear", "Enter")
    try wait("the prompt", sourceLocation: sourceLocation) { $0.contains { $0.hasPrefix("READY$") } }
  }

  /// Quits the pager showing `name` and returns what it wrote to the file `errors`.
  func quit(showing name: String, errors: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
    try quit(showing: name, sourceLocation: sourceLocation)
    return try String(contentsOfFile: errors, encoding: .utf8)
  }

  /// Quits the pager showing `name` and waits for the shell's prompt.
  func quit(showing name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    try tmux("send-keys", "-t", session, "q")
    try wait("the shell prompt", sourceLocation: sourceLocation) { lines in
      lines.contains { $0.hasPrefix("READY$") } && !lines.contains { $0.contains("· \(name)") }
    }
  }

  /// Quits the pager reading standard input and waits for the shell's prompt.
  func quitStandardInput(sourceLocation: SourceLocation = #_sourceLocation) throws {
    try tmux("send-keys", "-t", session, "q")
    try wait("the shell prompt", sourceLocation: sourceLocation) { lines in
      lines.contains { $0.hasPrefix("READY$") } && !lines.contains { $0.contains("· <stdin>") }
    }
  }

  func status(_ lines: [String]) -> String {
    lines.last { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? ""
  }

  @Test("next, previous, last, first, go to page, search, facing, resize, quit", .timeLimit(.minutes(10)))
  func drive() throws {
    let folder = try Executable.temporaryDirectory()
    let file = folder.appendingPathComponent("numbers.txt")
    let text = (1...400).map { "Paragraph \($0) is here, with a few more words to make it wrap." }.joined(separator: "\n\n")
    try Data(text.utf8).write(to: file)

    defer { _ = try? tmux("kill-server") }
    try startShell()

    try tmux("send-keys", "-t", session, "'\(Executable.url.path)' browse --no-facing '\(file.path)'", "Enter")
    try wait("page 1") { status($0).hasPrefix("1 of ? · numbers.txt") }

    try tmux("send-keys", "-t", session, "Space")
    try wait("page 2") { status($0).hasPrefix("2 of") }
    try tmux("send-keys", "-t", session, "b")
    try wait("page 1 again") { status($0).hasPrefix("1 of") }
    try tmux("send-keys", "-t", session, "G")
    let last = try wait("the last page") { status($0).contains("100%") }
    #expect(last.contains { $0.contains("Paragraph 400 ") })
    try tmux("send-keys", "-t", session, "g")
    try wait("the first page") { status($0).hasPrefix("1 of") }
    try tmux("send-keys", "-t", session, "7", "g")
    try wait("page 7") { status($0).hasPrefix("7 of") }
    try tmux("send-keys", "-t", session, "/", "Paragraph 250 ", "Enter")
    let found = try wait("the search hit") { $0.contains { $0.contains("Paragraph 250 ") } }
    #expect(!status(found).hasPrefix("7 of"))

    try tmux("send-keys", "-t", session, "--", "-f")
    try wait("spreads") { status($0).contains("facing pages") }
    try tmux("send-keys", "-t", session, "--", "-f")
    try wait("single pages") { status($0).contains("single pages") }

    // The text at the top of the screen stays there through resizes, scrolled a few lines into
    // the page first.
    let unscrolled = try screen().first
    try tmux("send-keys", "-t", session, "5", "j")
    try wait("five lines down") { $0.first != unscrolled && !status($0).isEmpty }
    let top = try screen().first { $0.contains("Paragraph ") } ?? ""
    let anchor = String(top.split(separator: " ").prefix(2).joined(separator: " ")) + " "
    #expect(anchor.hasPrefix("Paragraph "))
    for (columns, rows) in [("60", "20"), ("140", "45"), ("80", "24")] {
      try tmux("resize-window", "-t", session, "-x", columns, "-y", rows)
      // First the relayout (the status line reaches the new right edge), then the anchor: the
      // old screen, cropped by tmux, holds the anchor before the pager has done anything.
      try wait("a relayout at \(columns)x\(rows)") { lines in status(lines).count == Int(columns) }
      // At the top of the screen, where it was (not further down the page).
      try wait("\(anchor) at the top after a resize to \(columns)x\(rows)") { lines in
        lines.count >= Int(rows)! - 1 && lines.prefix(2).contains { $0.contains(anchor) }
      }
    }

    try tmux("send-keys", "-t", session, "q")
    let after = try wait("the shell prompt") { lines in
      lines.contains { $0.hasPrefix("READY$") } && !lines.contains { $0.contains("· numbers.txt") }
    }
    #expect(!after.contains { $0.contains("Paragraph ") })
  }

  @Test(
    "a file read again after a resize reports its invalid UTF-8 once, counted as far as any reading went",
    .timeLimit(.minutes(10)))
  func warningsAfterResize() throws {
    let folder = try Executable.temporaryDirectory()
    let file = folder.appendingPathComponent("bad.txt")
    // One bad byte on the first page, one at the end, past what the first screen reads (the
    // input comes in 256 KiB chunks): only the reading after the resizes gets that far.
    var bytes = Array("One X byte is not UTF-8.\n\n".utf8)
    bytes[4] = 0xFF
    for index in 1...20_000 { bytes += Array("Paragraph \(index) of the file.\n\n".utf8) }
    bytes += [0x4C, 0x61, 0x73, 0x74, 0x20, 0xFF, 0x0A]
    try Data(bytes).write(to: file)
    let errors = folder.appendingPathComponent("stderr").path
    defer { _ = try? tmux("kill-server") }
    try startShell()
    try tmux("send-keys", "-t", session, "'\(Executable.url.path)' browse '\(file.path)' 2>'\(errors)'", "Enter")
    try wait("page 1") { status($0).hasPrefix("1 of ? · bad.txt") }
    for (columns, rows) in [("60", "20"), ("90", "25")] {
      try tmux("resize-window", "-t", session, "-x", columns, "-y", rows)
      // The status line reaches the new right edge once the pages are laid out again.
      try wait("a relayout at \(columns)x\(rows)") { lines in status(lines).count == Int(columns) }
    }
    try tmux("send-keys", "-t", session, "G")
    try wait("the last page") { status($0).contains("100%") }
    let stderr = try quit(showing: "bad.txt", errors: errors)
    #expect(stderr == "paginate: warning: \(file.path): replaced 2 invalid UTF-8 sequences with U+FFFD\n")
  }

  @Test("after a reload (r), the invalid UTF-8 reported is that of the file as read last", .timeLimit(.minutes(10)))
  func warningsAfterReload() throws {
    let folder = try Executable.temporaryDirectory()
    let file = folder.appendingPathComponent("changing.txt")
    try Data([0x4F, 0x6E, 0x65, 0x20, 0xFF, 0x0A] + Array("First version.\n".utf8)).write(to: file)
    let errors = folder.appendingPathComponent("stderr").path
    defer { _ = try? tmux("kill-server") }
    try startShell()
    try tmux("send-keys", "-t", session, "'\(Executable.url.path)' browse '\(file.path)' 2>'\(errors)'", "Enter")
    try wait("the first version") { $0.contains { $0.contains("First version.") } }
    try Data([0xFE, 0x20, 0xFF, 0x20, 0xC0, 0x0A] + Array("Second version.\n".utf8)).write(to: file)
    try tmux("send-keys", "-t", session, "r")
    try wait("the second version") { $0.contains { $0.contains("Second version.") } }
    let stderr = try quit(showing: "changing.txt", errors: errors)
    #expect(stderr == "paginate: warning: \(file.path): replaced 3 invalid UTF-8 sequences with U+FFFD\n")
  }

  @Test("standard input survives a resize (it is kept as read, and laid out again from there)", .timeLimit(.minutes(10)))
  func standardInput() throws {
    defer { _ = try? tmux("kill-server") }
    try startShell()
    try tmux(
      "send-keys", "-t", session,
      "for i in $(seq 200); do printf 'Line %s of the piped text.\\n\\n' $i; done | '\(Executable.url.path)' browse -", "Enter")
    try wait("page 1") { status($0).contains("· <stdin>") }
    try tmux("send-keys", "-t", session, "Space")
    try wait("page 2") { status($0).hasPrefix("2 of") }
    try tmux("resize-window", "-t", session, "-x", "60", "-y", "20")
    try wait("text after the resize") { lines in
      status(lines).count == 60 && lines.contains { $0.contains("of the piped text.") }
    }
    try quitStandardInput()
  }

  @Test("--chop: wide lines are cut at the screen's edge, and → and ← scroll sideways to their ends", .timeLimit(.minutes(10)))
  func choppedLines() throws {
    defer { _ = try? tmux("kill-server") }
    try startShell()
    try tmux(
      "send-keys", "-t", session,
      "for i in $(seq 40); do printf 'row %03d %0140d END\\n' $i 0; done | '\(Executable.url.path)' browse -S -", "Enter")
    let first = try wait("page 1") { status($0).contains("· <stdin>") }
    #expect(first.contains { $0.hasPrefix("row 001 000") })
    #expect(!first.contains { $0.contains("END") })
    // Half a screen a press: two reach the rows' ends (a third would go on to the next page).
    try tmux("send-keys", "-t", session, "Right")
    try tmux("send-keys", "-t", session, "Right")
    let moved = try wait("the ends of the rows") { lines in lines.contains { $0.contains("0 END") } }
    #expect(status(moved).contains("cols"), "\(status(moved))")
    try tmux("send-keys", "-t", session, "Left")
    try tmux("send-keys", "-t", session, "Left")
    try wait("the starts of the rows again") { lines in lines.contains { $0.hasPrefix("row 001") } }
    try quitStandardInput()
  }

  /// The resident memory of the running `paginate browse`, in MB, or `nil` when none runs.
  func pagerMemory() -> Int? {
    let found = (try? Executable.runTool("pgrep", ["-f", "\(Executable.url.path) browse"]))?.stdout ?? ""
    guard let pid = found.split(separator: "\n").first,
      let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
      let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "")
    else { return nil }
    return kilobytes / 1024
  }

  @Test("an endless pipe: the first page shows at once, pages go on in bounded memory, q quits", .timeLimit(.minutes(10)))
  func endlessPipe() throws {
    defer { _ = try? tmux("kill-server") }
    try startShell()
    // Read whole, `yes` never ended: nothing showed, q was not read, memory grew to the limit.
    try tmux("send-keys", "-t", session, "yes 'an endless line' | '\(Executable.url.path)' browse -", "Enter")
    try wait("page 1") { status($0).contains("· <stdin>") && $0.contains { $0.contains("an endless line") } }
    // 300 pages on, and back to the first (laid out again from what was kept).
    try tmux("send-keys", "-t", session, "300g")
    try wait("page 300") { status($0).hasPrefix("300 of") }
    try tmux("send-keys", "-t", session, "g")
    try wait("page 1 again") { status($0).hasPrefix("1 of") }
    let megabytes = try #require(pagerMemory())
    #expect(megabytes < 200 * Executable.memoryScale, "\(megabytes) MB")
    try quitStandardInput()
  }

  @Test("a pipe that goes quiet before the first page is complete: q is answered while the pager waits", .timeLimit(.minutes(10)))
  func quietPipe() throws {
    defer { _ = try? tmux("kill-server") }
    try startShell()
    let marker = "7\(Int.random(in: 100_000...999_999))"
    try tmux(
      "send-keys", "-t", session,
      "(echo '# Waiting'; echo; echo 'Some text.'; sleep \(marker)) | '\(Executable.url.path)' browse -; echo DONE", "Enter")
    // The Markdown adapter needs the whole input before its first page: the pager waits.
    var running = false
    for _ in 0..<600 where !running {
      running = pagerMemory() != nil
      if !running { usleep(50_000) }
    }
    #expect(running, "the pager never started")
    usleep(300_000)
    try tmux("send-keys", "-t", session, "q")
    var gone = false
    for _ in 0..<600 where !gone {
      gone = pagerMemory() == nil
      if !gone { usleep(50_000) }
    }
    #expect(gone, "q was not answered while the pager waited for its input")
    _ = try? Executable.runTool("pkill", ["-f", "sleep \(marker)"])
    try wait("the shell prompt") { lines in lines.contains { $0 == "DONE" } }
  }

  @Test("not a terminal: browse prints the pages, as less does")
  func notATerminal() throws {
    let result = try Executable.run(["browse", "--page-size", "40x5", "--color", "never", "SampleDocs/minimal.json"])
    #expect(result.status == 0)
    #expect(result.stdout.hasPrefix("Hello\n"))
  }
}
