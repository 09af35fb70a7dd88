import Foundation
import PaginateTestSupport
import Testing

/// The pager as a less user drives it: tall and wide pages, counts and start-up commands,
/// several files, searches on and off the screen, a search stopped, colours, reloads.
extension PagerTmuxTests {
  /// Writes `text` to `name` in `folder` and returns its path.
  private func write(_ text: String, to name: String, in folder: URL) throws -> String {
    let file = folder.appendingPathComponent(name)
    try Data(text.utf8).write(to: file)
    return file.path
  }

  private func browse(_ arguments: String, environment: String = "") throws {
    try tmux("send-keys", "-t", session, "\(environment) '\(Executable.url.path)' browse \(arguments)", "Enter")
  }

  /// Quits the pager showing `name` and waits for the shell.
  private func leave(showing name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let left = { (lines: [String]) in lines.contains { $0.hasPrefix("READY$") } && !lines.contains { $0.contains("· \(name)") } }
    try tmux("send-keys", "-t", session, "q")
    // Under a loaded machine (the whole suite on two cores) a `q` typed while the pager is
    // still busy with its first screen has been seen to go unread: once more, before failing.
    let deadline = Date().addingTimeInterval(5)
    while Date() < deadline {
      if left(try screen()) { return }
      Thread.sleep(forTimeInterval: 0.05)
    }
    try tmux("send-keys", "-t", session, "q")
    try wait("the shell prompt", sourceLocation: sourceLocation, left)
  }

  /// The runs of text the screen shows in reverse video (search matches), the status line left
  /// out, read from tmux's copy of the screen with its escape sequences.
  private func highlightedRuns() throws -> [String] {
    let lines = try tmux("capture-pane", "-t", session, "-p", "-e").split(separator: "\n").dropLast()
    var runs: [String] = []
    for line in lines {
      var reverse = false
      var run = ""
      var scalars = Substring(line).unicodeScalars[...]
      while let scalar = scalars.popFirst() {
        if scalar == "\u{1B}", scalars.first == "[" {
          scalars.removeFirst()
          var parameters = ""
          while let next = scalars.popFirst(), next != "m" { parameters.unicodeScalars.append(next) }
          for code in parameters.split(separator: ";", omittingEmptySubsequences: false) {
            if code == "0" || code.isEmpty || code == "27" { reverse = false } else if code == "7" { reverse = true }
          }
          if !reverse && !run.isEmpty {
            runs.append(run)
            run = ""
          }
        } else if reverse {
          run.unicodeScalars.append(scalar)
        }
      }
      if !run.isEmpty { runs.append(run) }
    }
    return runs
  }

  private func paragraphs(_ count: Int) -> String {
    (1...count).map { "Paragraph \($0) is here, with a few more words to make it wrap round." }.joined(separator: "\n\n")
  }

  @Test("a4 in an 80x24 terminal: Space reaches every line of the page, → its last columns", .timeLimit(.minutes(10)))
  func fixedPageLargerThanTerminal() throws {
    let folder = try Executable.temporaryDirectory()
    let file = try write(paragraphs(300), to: "tall.txt", in: folder)
    let printed = try Executable.run(["--page-size", "a4", "--pages", "1", "--color", "never", file])
    let pageLines = printed.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(pageLines.count >= 70)
    defer { _ = try? tmux("kill-server") }
    try startShell()
    try tmux("resize-window", "-t", session, "-x", "80", "-y", "24")
    try browse("--page-size a4 '\(file)'")
    var seen: [String] = []
    var screen = try wait("page 1") { status($0).hasPrefix("1 of") && status($0).contains("lines 1-23 of 70") }
    for shown in 1...3 {
      seen += screen.dropLast()
      try tmux("send-keys", "-t", session, "Space")
      let first = 1 + shown * 23
      screen = try wait("lines from \(min(first, 48))") { status($0).contains("lines \(min(first, 48))-") }
    }
    seen += screen.dropLast()
    for line in pageLines where !line.trimmingCharacters(in: .whitespaces).isEmpty {
      let shown = String(line.prefix(80)).replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
      #expect(seen.contains { $0.hasSuffix(shown.trimmingCharacters(in: .whitespaces)) }, "never shown: \(line)")
    }
    #expect(status(screen).contains("cols 1-80 of 82"))
    try tmux("send-keys", "-t", session, "Right")
    try wait("the right of the page") { status($0).contains("cols 3-82 of 82") }
    try tmux("send-keys", "-t", session, "Space")
    try wait("page 2 at its top") { status($0).hasPrefix("2 of") && status($0).contains("lines 1-23 of 70") }
    try leave(showing: "tall.txt")
  }

  @Test("counts, +N and +/pattern; q leaves the help, which scrolls", .timeLimit(.minutes(10)))
  func countsAndStartCommands() throws {
    let folder = try Executable.temporaryDirectory()
    let file = try write(paragraphs(400), to: "numbers.txt", in: folder)
    defer { _ = try? tmux("kill-server") }
    try startShell()
    try browse("+5 '\(file)'")
    try wait("page 5") { status($0).hasPrefix("5 of") }
    try tmux("send-keys", "-t", session, "3", "Space")
    try wait("page 8") { status($0).hasPrefix("8 of") }
    try tmux("send-keys", "-t", session, "1", "2", "g")
    try wait("page 12") { status($0).hasPrefix("12 of") }
    try tmux("send-keys", "-t", session, "h")
    try wait("the help") { $0.first?.contains("keys") == true }
    try tmux("send-keys", "-t", session, "Space")
    try wait("the help scrolled") { status($0).hasPrefix("help ") && !status($0).hasPrefix("help 1-") }
    try tmux("send-keys", "-t", session, "q")
    try wait("page 12 again") { status($0).hasPrefix("12 of") }
    try leave(showing: "numbers.txt")
    try browse("'+/Paragraph 250 ' '\(file)'")
    try wait("the first match") { $0.contains { $0.contains("Paragraph 250 ") } }
    try leave(showing: "numbers.txt")
  }

  @Test(":n and :p move between two files, the second a .gz", .timeLimit(.minutes(10)))
  func twoFiles() throws {
    let folder = try Executable.temporaryDirectory()
    let first = try write("The first file.\n", to: "first.txt", in: folder)
    // The second is gzip-compressed Markdown, read as less reads it.
    let second = CompressedInputTests.fixtures.appendingPathComponent("notes.md.gz").path
    defer { _ = try? tmux("kill-server") }
    try startShell()
    try browse("'\(first)' '\(second)'")
    try wait("the first file") { status($0).contains("first.txt (1/2)") && $0.contains { $0.contains("The first file.") } }
    try tmux("send-keys", "-t", session, ":", "n")
    try wait("the second file") { status($0).contains("notes.md.gz (2/2)") && $0.contains { $0.contains("The second member.") } }
    try tmux("send-keys", "-t", session, ":", "n")
    try wait("no next file") { status($0).contains("no next file") }
    try tmux("send-keys", "-t", session, ":", "p")
    try wait("the first file again") { status($0).contains("first.txt (1/2)") }
    try leave(showing: "first.txt")
  }

  @Test("search: a word on the screen, a phrase across a line end and across a note marker", .timeLimit(.minutes(10)))
  func searchOnScreen() throws {
    let folder = try Executable.temporaryDirectory()
    let words = (1...60).map { "word\($0)" }.joined(separator: " ")
    let markdown = "# Notes\n\nDepends on [swift-nio-ssl](https://github.com/apple/swift-nio-ssl) and more.\n\n\(words)\n"
    let file = try write(markdown, to: "notes.md", in: folder)
    defer { _ = try? tmux("kill-server") }
    try startShell()
    try browse("'\(file)'")
    let screen = try wait("the page") { $0.contains { $0.contains("word1 ") } }
    // The word on the screen is found where it is (less searches from the top of the screen).
    try tmux("send-keys", "-t", session, "/", "word3 ", "Enter")
    try wait("word3 found on page 1") { lines in
      try status(lines).hasPrefix("1 of") && highlightedRuns().contains { $0.hasPrefix("word3") }
    }
    // Two words either side of a line end.
    let index = try #require(screen.firstIndex { $0.contains("word1 ") })
    let end = String(try #require(screen[index].split(separator: " ").last))
    let start = String(try #require(screen[index + 1].split(separator: " ").first))
    try tmux("send-keys", "-t", session, "/", "\(end) \(start)", "Enter")
    try wait("the phrase across the line end") { lines in
      let runs = try highlightedRuns()
      return runs.contains { $0.hasSuffix(end) } && runs.contains { $0.hasPrefix(start) }
    }
    try tmux("send-keys", "-t", session, "/", "swift-nio-ssl and", "Enter")
    try wait("the phrase across the note marker") { lines in
      let runs = try highlightedRuns()
      return runs.contains { $0.hasPrefix("swift-nio-ssl") && $0.hasSuffix(" and") }
    }
    try tmux("send-keys", "-t", session, "/", "nowhere at all", "Enter")
    try wait("a phrase that is not there") { status($0).contains("pattern not found") }
    try leave(showing: "notes.md")
  }

  @Test("a search through 200 MB shows its progress, and Esc stops it where the reader was", .timeLimit(.minutes(10)))
  func stoppedSearch() throws {
    let folder = try Executable.temporaryDirectory()
    let file = folder.appendingPathComponent("huge.txt").path
    let line = "A paragraph of a very large file, read a page at a time as the reader goes.\n\n"
    guard FileManager.default.createFile(atPath: file, contents: nil), let handle = FileHandle(forWritingAtPath: file) else {
      Issue.record("cannot write \(file)")
      return
    }
    let block = Data(String(repeating: line, count: 14_000).utf8)
    for _ in 0..<(200_000_000 / block.count) { handle.write(block) }
    try handle.close()
    defer { _ = try? tmux("kill-server") }
    try startShell()
    try browse("'\(file)'")
    try wait("page 1") { status($0).hasPrefix("1 of") }
    try tmux("send-keys", "-t", session, "/", "not in the file", "Enter")
    try wait("the search's progress") { status($0).contains("searching") }
    try tmux("send-keys", "-t", session, "Escape")
    try wait("the search stopped") { status($0).contains("search stopped") && status($0).hasPrefix("1 of") }
    // Ctrl-C stops a search too, and leaves the pager running.
    try tmux("send-keys", "-t", session, "n")
    try wait("the search's progress again") { status($0).contains("searching") }
    try tmux("send-keys", "-t", session, "C-c")
    try wait("the search stopped again") { status($0).contains("search stopped") }
    try leave(showing: "huge.txt")
  }

  @Test("G on a large Markdown file shows its progress; Esc and Ctrl-C stop it; Ctrl-C then ends only the pager", .timeLimit(.minutes(10)))
  func stoppedJump() throws {
    let folder = try Executable.temporaryDirectory()
    let file = folder.appendingPathComponent("big.md").path
    let section = (1...40).map { "Paragraph \($0) of a README, with a [reference link][site] and `code` in it.\n\n" }.joined()
    var text = ""
    for chapter in 1...2_500 { text += "## Chapter \(chapter)\n\n" + section }
    text += "[site]: https://example.org\n"
    try text.write(toFile: file, atomically: true, encoding: .utf8)
    defer { _ = try? tmux("kill-server") }
    try startShell()
    try tmux("send-keys", "-t", session, "'\(Executable.url.path)' browse '\(file)'; echo AFTER-THE-PAGER", "Enter")
    try wait("page 1") { status($0).hasPrefix("1 of") }
    for stop in ["Escape", "C-c"] {
      try tmux("send-keys", "-t", session, "G")
      try wait("the jump's progress") { status($0).contains("laying out") }
      try tmux("send-keys", "-t", session, stop)
      try wait("the jump stopped by \(stop)") { status($0).contains("stopped") && status($0).hasPrefix("1 of") }
    }
    // Idle, Ctrl-C leaves the pager as q does: the shell goes on with its command line.
    try tmux("send-keys", "-t", session, "C-c")
    try wait("the rest of the command line") { $0.contains { $0.hasPrefix("AFTER-THE-PAGER") } }
  }

  @Test("NO_COLOR and --color never: no colour in the pager, matches still marked", .timeLimit(.minutes(10)))
  func noColour() throws {
    let folder = try Executable.temporaryDirectory()
    let file = try write("# Code\n\nRun `make all` to build.\n", to: "code.md", in: folder)
    defer { _ = try? tmux("kill-server") }
    try startShell()
    // The first run clears NO_COLOR, which the test runner's own environment may hold.
    for (environment, options) in [("env -u NO_COLOR", ""), ("NO_COLOR=1", ""), ("env -u NO_COLOR", "--color never")] {
      try browse("\(options) '\(file)'", environment: environment)
      try wait("the page") { $0.contains { $0.contains("make all") } }
      try tmux("send-keys", "-t", session, "/", "build", "Enter")
      try wait("the match") { _ in try highlightedRuns().contains("build") }
      let styled = try tmux("capture-pane", "-t", session, "-p", "-e")
      let cyan = styled.contains("\u{1B}[36m") || styled.contains(";36m")
      #expect(cyan == (environment.hasPrefix("env") && options.isEmpty), "colour with \(environment) \(options)")
      #expect(styled.contains("\u{1B}[7m"), "the match and status line in reverse video")
      try leave(showing: "code.md")
    }
  }

  @Test("r on standard input keeps the document and says why; r on a deleted file says so", .timeLimit(.minutes(10)))
  func reloadThatCannot() throws {
    let folder = try Executable.temporaryDirectory()
    let file = try write(paragraphs(100), to: "gone.txt", in: folder)
    defer { _ = try? tmux("kill-server") }
    try startShell()
    try tmux(
      "send-keys", "-t", session,
      "for i in $(seq 300); do printf 'Line %s of the piped text.\\n\\n' $i; done | '\(Executable.url.path)' browse", "Enter")
    try wait("page 1") { status($0).contains("· <stdin>") }
    try tmux("send-keys", "-t", session, "3", "g")
    try wait("page 3") { status($0).hasPrefix("3 of") }
    try tmux("send-keys", "-t", session, "r")
    try wait("the reason") { lines in
      status(lines).contains("cannot be read again") && status(lines).hasPrefix("3 of")
        && lines.contains { $0.contains("of the piped text.") }
    }
    try leave(showing: "<stdin>")
    try browse("'\(file)'")
    try wait("page 1") { status($0).hasPrefix("1 of") }
    try FileManager.default.removeItem(atPath: file)
    try tmux("send-keys", "-t", session, "r")
    try wait("the reason") { lines in
      status(lines).contains("cannot read") && lines.contains { $0.contains("Paragraph 1 ") }
    }
    try leave(showing: "gone.txt")
  }

  @Test("OSC 8 links in the pager with --hyperlinks always (the default), none with never", .timeLimit(.minutes(10)))
  func hyperlinks() throws {
    let folder = try Executable.temporaryDirectory()
    let file = try write("# Links\n\nSee [the guide](https://example.org/guide) and [that](file:///etc/passwd).\n", to: "links.md", in: folder)
    defer { _ = try? tmux("kill-server") }
    try startShell()
    // tmux 3.3 keeps no hyperlinks on its screen: script(1) records what the pager writes.
    for (option, linked) in [("--hyperlinks always", true), ("", true), ("--hyperlinks never", false)] {
      let typescript = folder.appendingPathComponent("typescript-\(linked)-\(option.isEmpty)").path
      let command = "'\(Executable.url.path)' browse \(option) '\(file)'"
      // -f: written as it comes; then clear, so that the prompt after it is the only one.
      try tmux("send-keys", "-t", session, "script -qf -c \"\(command)\" '\(typescript)'; clear", "Enter")
      try wait("the page") { $0.contains { $0.contains("See the guide") } }
      try tmux("send-keys", "-t", session, "q")
      try wait("script's end and the screen cleared") { lines in
        lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty } == ["READY$"]
      }
      let written = try String(decoding: Data(contentsOf: URL(fileURLWithPath: typescript)), as: UTF8.self)
      #expect(written.contains("\u{1B}]8;id=paginate-1;https://example.org/guide\u{1B}\\") == linked, "\(option)")
      #expect(!written.contains("file:///etc/passwd\u{1B}\\"))
    }
  }

  @Test("browse with no file and a terminal for input says so and exits 1, as less does", .timeLimit(.minutes(10)))
  func noFileOnATerminal() throws {
    defer { _ = try? tmux("kill-server") }
    try startShell()
    try tmux("send-keys", "-t", session, "'\(Executable.url.path)' browse; echo \"status $?\"", "Enter")
    let screen = try wait("the error") { $0.contains { $0.hasPrefix("status ") } }
    #expect(screen.contains { $0.hasPrefix("paginate: missing file name") })
    #expect(screen.contains("status 1"))
  }
}
