import Foundation
import PaginateTestSupport
import Testing

/// Issue 26, items 3, 4 and 6: exports that never clobber what is not a regular file, hostile
/// text never sent raw to the terminal in a message, and configuration read with care.
@Suite("Reliability: exports, messages, configuration", .temporaryFolder)
struct ReliabilityTests {
  static let markdown = "# Title\n\nSome words on a page.\n"

  private func folder() throws -> URL { try Executable.temporaryDirectory() }

  private func write(_ text: String, _ name: String, in folder: URL) throws -> String {
    let path = folder.appendingPathComponent(name).path
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  /// The kind of file at `path` (the link itself, not what it names): S_IFIFO, S_IFLNK, ...
  private func fileType(_ path: String) -> mode_t {
    var status = stat()
    guard lstat(path, &status) == 0 else { return 0 }
    return status.st_mode & S_IFMT
  }

  @Test("a file name holding escape sequences is shown, never sent, in every message")
  func hostileNames() throws {
    let name = "bad\u{1B}]0;TITLE\u{07}\nname.md"
    let missing = try Executable.run([name])
    #expect(missing.status == 1)
    #expect(!missing.stderr.contains("\u{1B}") && !missing.stderr.contains("\u{07}"))
    #expect(missing.stderr == "paginate: bad^[]0;TITLE^G^Jname.md: no such file\n")
    // An argument swift-argument-parser echoes back in its own error.
    let usage = try Executable.run(["--pages", "x\u{1B}[31m", "a.md"])
    #expect(usage.status == 64)
    #expect(!usage.stderr.contains("\u{1B}"))
    #expect(usage.stderr.contains("'x^[[31m'"))
    // Help and version still go to standard output.
    let help = try Executable.run(["--help"])
    #expect(help.status == 0 && help.stdout.hasPrefix("OVERVIEW:"))
  }

  @Test("export onto a FIFO writes into it; a symlink stays a symlink; mode 0600 stays; a 254-byte name works")
  func exportsNeverClobber() throws {
    let folder = try folder()
    let input = try write(Self.markdown, "in.md", in: folder)

    // A FIFO: read by a reader, and a FIFO afterwards.
    let fifo = folder.appendingPathComponent("out.txt").path
    #expect(mkfifo(fifo, 0o644) == 0)
    let reader = Process()
    reader.executableURL = URL(fileURLWithPath: "/bin/cat")
    reader.arguments = [fifo]
    let pipe = Pipe()
    reader.standardOutput = pipe
    try reader.run()
    let exported = try Executable.run(["export", "--page-size", "30x6", "-o", fifo, input])
    let read = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    reader.waitUntilExit()
    #expect(exported.status == 0)
    #expect(read.hasPrefix("Title\n"))
    #expect(fileType(fifo) == S_IFIFO)

    // A private file keeps its mode; a symbolic link to it stays a link, its target replaced.
    let secret = try write("old", "secret.txt", in: folder)
    #expect(chmod(secret, 0o600) == 0)
    let link = folder.appendingPathComponent("link.txt").path
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "secret.txt")
    #expect(try Executable.run(["export", "-o", link, input]).status == 0)
    #expect(fileType(link) == S_IFLNK)
    #expect(try String(contentsOfFile: secret, encoding: .utf8).hasPrefix("Title"))
    let mode = try FileManager.default.attributesOfItem(atPath: secret)[.posixPermissions] as? Int
    #expect(mode == 0o600)

    // The longest name a file may have: the temporary file's name does not grow with it.
    let long = folder.appendingPathComponent(String(repeating: "a", count: 250) + ".txt").path
    let result = try Executable.run(["export", "-o", long, input])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(FileManager.default.fileExists(atPath: long))
    let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".") }
    #expect(left.isEmpty)
  }

  @Test("a configuration file with CRLF line ends is read; a FIFO or /dev/zero is refused at once")
  func configurationFiles() throws {
    let folder = try folder()
    let input = try write(Self.markdown, "in.md", in: folder)
    let config = folder.appendingPathComponent("paginate")
    try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
    let path = config.appendingPathComponent("config.toml").path
    try Data("page-size = \"30x6\"\r\nfooter = \"\"\r\n".utf8).write(to: URL(fileURLWithPath: path))
    let environment = ["XDG_CONFIG_HOME": folder.path]
    let crlf = try Executable.run([input], environment: environment)
    #expect(crlf.status == 0, "\(crlf.stderr)")
    #expect(crlf.stdout.split(separator: "\n", omittingEmptySubsequences: false).count == 7)  // 6 lines and the end
    try FileManager.default.removeItem(atPath: path)
    #expect(mkfifo(path, 0o644) == 0)
    let fifo = try Executable.run([input], environment: environment)
    #expect(fifo.status == 64)
    #expect(fifo.stderr.contains("not a regular file"))
    try FileManager.default.removeItem(atPath: path)
    try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "/dev/zero")
    let zero = try Executable.run([input], environment: environment)
    #expect(zero.status == 64)
  }

  @Test("PAGINATE_OPTIONS takes options only: a subcommand, a file or --output there is an error naming it")
  func environmentOptions() throws {
    let folder = try folder()
    let input = try write(Self.markdown, "in.md", in: folder)
    let good = try Executable.run(
      [input], environment: ["PAGINATE_OPTIONS": "--justify --wrap greedy --page-size=30x6 --no-facing --hyperlinks never"])
    #expect(good.status == 0, "\(good.stderr)")
    let output = folder.appendingPathComponent("written.txt").path
    for bad in ["export -o \(output)", "--output \(output)", input, "--page-size"] {
      let result = try Executable.run([input], environment: ["PAGINATE_OPTIONS": bad])
      #expect(result.status == 64, "\(bad)")
      #expect(result.stderr.hasPrefix("paginate: PAGINATE_OPTIONS: "), "\(bad)")
    }
    #expect(!FileManager.default.fileExists(atPath: output))
  }

  @Test("a bad option in PAGINATE_OPTIONS is quoted shortened to 80 characters")
  func longBadOption() throws {
    let long = "--" + String(repeating: "x", count: 120_000)
    let result = try Executable.run(["-"], stdin: Data("x".utf8), environment: ["PAGINATE_OPTIONS": long])
    #expect(result.status == 64)
    let line = try #require(result.stderr.split(separator: "\n").first)
    #expect(line.count < 200, "\(line.prefix(300))")
    #expect(line.contains("'--" + String(repeating: "x", count: 77) + "…'"))
    // 10,000 options took 57 s to parse (swift-argument-parser's parse is quadratic): more
    // words than any set of options needs are refused before it.
    let many = try Executable.run(
      ["-"], stdin: Data("x".utf8), environment: ["PAGINATE_OPTIONS": Array(repeating: "--widows 2", count: 5_000).joined(separator: " ")])
    #expect(many.status == 64)
    #expect(many.stderr == "paginate: PAGINATE_OPTIONS: 10000 words; at most 256 are read (options as on a command line)\n")
  }

  @Test(
    "a configuration file that is there but cannot be read is one warning line",
    .enabled(if: getuid() == 0, "needs root to run as nobody"))
  func unreadableConfig() throws {
    let folder = try folder()
    let config = folder.appendingPathComponent("paginate")
    try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
    let file = config.appendingPathComponent("config.toml")
    try "widows = 3\n".write(to: file, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
    try FileManager.default.setAttributes([.posixPermissions: 0o000, .ownerAccountID: 65534], ofItemAtPath: file.path)
    let input = try write(Self.markdown, "in.md", in: folder)
    try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: input)
    let result = try Executable.runTool(
      "setpriv",
      ["--reuid=65534", "--regid=65534", "--clear-groups", "/usr/bin/env", "XDG_CONFIG_HOME=\(folder.path)",
       Executable.url.path, "--page-size", "30x6", input])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stderr
        == "paginate: warning: \(file.path): cannot read the configuration file (Permission denied); its settings are not used\n")
  }

  @Test("a link's destination longer than 8 KB is shown, not linked: output grows with its length, not its square", arguments: ["txt", "json", "html"])
  func longDestination(format: String) throws {
    let folder = try folder()
    // 100 KB: every wrapped line of the note repeated the whole address (132 MB in print).
    let address = "https://example.org/" + String(repeating: "abcdefghij", count: 10_000)
    let input = try write("See [the page](\(address)) and [a short one](https://example.org/short).\n", "long.md", in: folder)
    let output = folder.appendingPathComponent("out.\(format)").path
    let result = try Executable.run(
      ["export", "--page-size", "80x66", "-o", output, input])
    #expect(result.status == 0, "\(result.stderr)")
    let written = try Data(contentsOf: URL(fileURLWithPath: output))
    #expect(written.count < 20 * address.utf8.count, "\(written.count) bytes")
    let text = String(decoding: written, as: UTF8.self)
    // The short link is still a link, and the long address is shown whole (wrapped).
    #expect(text.contains("https://example.org/short"))
    #expect(text.filter { $0 == "j" }.count >= 10_000)
    let printed = try Executable.run(["--hyperlinks", "always", "--color", "always", "--page-size", "80x66", input])
    #expect(printed.stdout.utf8.count < 20 * address.utf8.count)
    #expect(printed.stdout.contains("\u{1B}]8;id=paginate-"))
  }

  /// The peak resident memory, in MB, of paginate run with `arguments` (Python's getrusage of
  /// its child: RSS, so it holds under AddressSanitizer's reserved address space too).
  static func peakMemory(_ arguments: [String]) throws -> Int {
    let script =
      "import resource, subprocess, sys; subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL); "
      + "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss // 1024)"
    let result = try Executable.runTool("python3", ["-c", script, Executable.url.path] + arguments)
    return try #require(Int(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)), "\(result.stderr)")
  }

  @Test(
    "a verbatim line of 8 million tabs, or of one character, holds a few bytes a byte (a tab line took 2.2 GB)",
    arguments: [("\t", "x"), ("a", "")])
  func longVerbatimLine(character: String, end: String) throws {
    let folder = try folder()
    let path = try write("    " + String(repeating: character, count: 8_000_000) + end + "\n", "line.md", in: folder)
    let megabytes = try Self.peakMemory(["--pages", "1", path])
    // 8 MB of input: the cluster record a character and the expanded tabs took 280 bytes a byte.
    #expect(megabytes < 400 * Executable.memoryScale, "\(megabytes) MB")
    let page = try Executable.run(["--pages", "1", "--page-size", "40x10", path])
    #expect(page.status == 0)
    #expect(page.stdout.contains(character == "a" ? "aaaaaaaaaa" : "x"))
  }

  @Test("no word is lost: a 300-word note at 40x20 and 2,000 link destinations at 20x6 print in full")
  func nothingLost() throws {
    let words = (1...300).map { "w\($0)" }
    let note = "A paragraph that cites a long note.[^1] More text here.\n\n[^1]: " + words.joined(separator: " ") + "\n"
    let printed = try Executable.run(["--from", "markdown", "--page-size", "40x20", "--color", "never"], stdin: Data(note.utf8))
    #expect(printed.status == 0)
    let shown = Set(printed.stdout.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\u{0C}" }).map(String.init))
    #expect(words.filter { !shown.contains($0) }.isEmpty)
    let links = (1...2000).map { "[l\($0)](https://e.org/\($0))" }.joined(separator: " ")
    let dense = try Executable.run(["--from", "markdown", "--page-size", "20x6", "--color", "never"], stdin: Data(links.utf8))
    #expect(dense.status == 0)
    // Each destination is a note; a long one is cut at the width, so count the notes' markers.
    let markers = dense.stdout.split(separator: "\n").filter { $0.hasPrefix("[") && $0.contains("] https://e.") }
    #expect(markers.count == 2000)
  }

  @Test("an endless input read whole (JSON from /dev/zero) stops at 1 GiB with one line, in bounded time and memory")
  func endlessWholeInput() throws {
    // Bounded from outside by time, so that a regression fails rather than runs on. (Not by
    // address space: the AddressSanitizer build CI runs maps terabytes of shadow memory.)
    let result = try Executable.runTool("timeout", ["60", Executable.url.path, "--from", "json", "/dev/zero"])
    #expect(result.status == 1)
    #expect(result.stderr == "paginate: /dev/zero: more than 1 GiB to read whole; only plain text is read as it goes (is it an endless stream?)\n")
  }

  @Test("libcmark's quadratic pattern (![[]() repeated) is read in linear time, with a warning naming the paragraph")
  func quadraticMarkdown() throws {
    let folder = try Executable.temporaryDirectory()
    let path = folder.appendingPathComponent("brackets.md").path
    // 100,000 repeats took 24 s before; the time-out makes a regression fail instead of hang.
    let text = "Intro with ![an image](i.png).\n\n" + String(repeating: "![[]()", count: 100_000) + "\n\nAfter ![b](b.png).\n"
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    let result = try Executable.runTool("timeout", ["60", Executable.url.path, "--page-size", "60x20", path])
    #expect(result.status == 0)
    #expect(
      result.stderr
        == "paginate: warning: \(path): line 3: 100000 image openers ('![') in one paragraph, which libcmark reads in quadratic time; read as '!' and a link each\n"
    )
    // The paragraphs around it keep their images.
    #expect(result.stdout.contains("Intro with [image: an image]."))
    #expect(result.stdout.contains("After [image: b]."))
  }

  @Test(
    "endless plain text prints its first pages at once: yes, one endless line, /dev/zero",
    arguments: [
      ("yes", "", "y\ny\ny\ny\n"), ("yes | tr -d '\\n'", "", "yyyyyyyy"), ("cat /dev/zero", "--from text", "^@^@^@^@"),
    ])
  func endlessText(generator: String, options: String, expected: String) throws {
    // Bounded by time from outside: a regression (reading on for the paragraph's or the
    // line's end) fails instead of filling the machine's memory.
    let command = "\(generator) | timeout 120 '\(Executable.url.path)' \(options) --page-size 40x10 --pages 1-2; echo \"status $?\""
    let result = try Executable.runTool("sh", ["-c", command])
    #expect(result.stdout.hasSuffix("status 0\n"), "\(result.stdout.suffix(200)) \(result.stderr)")
    #expect(result.stdout.hasPrefix(expected))
    #expect(result.stdout.split(separator: "\n", omittingEmptySubsequences: false).count == 2 * 10 + 2)
  }

  @Test("endless Markdown (/dev/zero) stops at 1 GiB with one line and exit 1; an export of it leaves no file")
  func endlessMarkdown() throws {
    let folder = try Executable.temporaryDirectory()
    let printed = try Executable.runTool("timeout", ["60", Executable.url.path, "--from", "markdown", "/dev/zero"])
    #expect(printed.status == 1)
    #expect(printed.stderr == "paginate: /dev/zero: more than 1 GiB to read whole; only plain text is read as it goes (is it an endless stream?)\n")
    let output = folder.appendingPathComponent("book.html").path
    let exported = try Executable.runTool(
      "timeout", ["60", Executable.url.path, "export", "--from", "markdown", "-o", output, "/dev/zero"])
    #expect(exported.status == 1)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
  }

  @Test("an export streams as printing does: endless input exported to standard output gives its first pages at once", arguments: ["text", "html", "json"])
  func exportStreams(format: String) throws {
    // Collecting the pages first, the export of an endless input never wrote a byte.
    let command = "yes | timeout 120 '\(Executable.url.path)' export --format \(format) -o - | head -c 2000 | wc -c"
    let result = try Executable.runTool("sh", ["-c", command])
    #expect(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "2000")
  }

  @Test("an export killed with SIGKILL while it writes leaves nothing behind (its file has no name until it is complete)")
  func exportKilled() throws {
    let folder = try Executable.temporaryDirectory()
    let output = folder.appendingPathComponent("endless.txt").path
    // The export of an endless input is killed while it writes: not even a temporary file may stay.
    let command = "yes | '\(Executable.url.path)' export --format text -o '\(output)' & sleep 1; kill -9 $!; wait"
    _ = try Executable.runTool("sh", ["-c", command])
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [])
  }

  @Test("tab stops are 1 to 64 cells apart: a line of 100,000 tabs prints its first page at once")
  func tabWidthBound() throws {
    let folder = try Executable.temporaryDirectory()
    let path = folder.appendingPathComponent("tabs.txt").path
    try ("    " + String(repeating: "\t", count: 100_000) + "end\n").write(toFile: path, atomically: true, encoding: .utf8)
    let page = try Executable.runTool("timeout", ["120", Executable.url.path, "--tab-width", "64", "--pages", "1", path])
    #expect(page.status == 0)
    let refused = try Executable.run(["--tab-width", "1000", path])
    #expect(refused.status == 64)
    #expect(refused.stderr.contains("--tab-width must be 1...64, got 1000."))
  }

  @Test("notes that no page can show (pages of one line) are named in a warning, not dropped silently")
  func notesLeftOut() throws {
    let path = try Executable.temporaryDirectory().appendingPathComponent("notes.md").path
    try "Text with a note[^1] and another[^2].\n\n[^1]: First note.\n[^2]: Second note.\n"
      .write(toFile: path, atomically: true, encoding: .utf8)
    let oneLine = try Executable.run(["--page-size", "30x1", "--header", "", "--footer", "", path])
    #expect(oneLine.status == 0)
    #expect(oneLine.stderr == "paginate: warning: \(path): 2 notes left out: a page of 1 line has no room for notes\n")
    let twoLines = try Executable.run(["--page-size", "30x2", "--header", "", "--footer", "", path])
    #expect(twoLines.stderr.isEmpty)
    #expect(twoLines.stdout.contains("First note.") && twoLines.stdout.contains("Second note."))
  }
}
