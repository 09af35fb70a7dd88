import Foundation
import Testing

/// Real files of lines (a log, a shell script, a Swift file, `/etc/passwd`, a CSV, a Makefile,
/// a one-line `fstab`), printed with no `--from`: chosen by their names and contents. The
/// script and the Swift file are the project's own.
@Suite("Files of lines, end to end")
struct FilesOfLinesTests {
  static let fixtures = Executable.packageRoot.appendingPathComponent("Tests/EndToEndTests/Fixtures/Lines")
  static let files = [
    "Tests/EndToEndTests/Fixtures/Lines/dpkg.log", "Scripts/check-platform-layer.sh", "Sources/PaginateLayout/Blocks/Rule.swift",
    "Tests/EndToEndTests/Fixtures/Lines/passwd", "Tests/EndToEndTests/Fixtures/Lines/tides.csv",
    "Tests/EndToEndTests/Fixtures/Lines/Makefile", "Tests/EndToEndTests/Fixtures/Lines/fstab",
  ]

  /// The path of one of ``files`` (relative to the package).
  private static func path(_ file: String) -> String { Executable.packageRoot.appendingPathComponent(file).path }

  /// `text` with tabs expanded to stops of eight, as the pages show it.
  private func expandingTabs(_ text: Substring) -> String {
    var result = ""
    for character in text {
      if character == "\t" {
        result += String(repeating: " ", count: 8 - result.count % 8)
      } else {
        result.append(character)
      }
    }
    return result
  }

  @Test(
    "every input line starts a line of its own, numbered, in order; no line is wider than the page",
    arguments: files, ["80x66", "40x20", "100x12"])
  func everyLine(file: String, size: String) throws {
    let path = Self.path(file)
    let input = try String(contentsOfFile: path, encoding: .utf8)
    var expected = input.split(separator: "\n", omittingEmptySubsequences: false)
    if expected.last == "" { expected.removeLast() }
    let result = try Executable.run(["-n", "--page-size", size, "--footer", "|{page}|", path])
    #expect(result.status == 0, "\(result.stderr)")
    let columns = Int(size.split(separator: "x")[0])!
    let height = Int(size.split(separator: "x")[1])!
    var printed: [(number: Int, text: String)] = []
    for (index, page) in result.pages.enumerated() {
      #expect(page.count == height, "\(file) \(size): a page of \(page.count) lines")
      for line in page.dropLast(2) where !line.isEmpty {
        #expect(line.count <= columns, "\(file) \(size): '\(line)' is wider than the page")
        if let number = Int(line.prefix(6).trimmingCharacters(in: .whitespaces)) {
          printed.append((number, String(line.dropFirst(6))))
        } else if let piece = line.dropFirst(6).drop(while: { $0 == " " }).split(separator: " ", maxSplits: 1).last,
          line.contains("↪"), !printed.isEmpty
        {
          printed[printed.count - 1].text += piece
        } else {
          Issue.record("\(file) \(size): '\(line)' is neither a numbered line nor a continuation")
        }
      }
      // The footer: the page number, on every page.
      #expect(page.last?.trimmingCharacters(in: .whitespaces) == String(index + 1))
    }
    #expect(printed.map(\.number) == Array(1...expected.count), "\(file) \(size)")
    let strip: (String) -> String = { $0.filter { !$0.isWhitespace } }
    #expect(printed.map { strip($0.text) } == expected.map { strip(expandingTabs($0)) }, "\(file) \(size)")
    // At 80 columns and more, a line that fits is printed as it is, tabs expanded.
    if columns >= 80 {
      for (line, original) in zip(printed, expected) where expandingTabs(original).count <= columns - 6 {
        var want = expandingTabs(original)
        while want.hasSuffix(" ") { want.removeLast() }
        #expect(line.text == want, "\(file) \(size)")
      }
    }
  }

  @Test(
    "every header shape tried keeps the page number on every page, however narrow the page",
    arguments: [
      ("{title}||{page}", "40x20"), ("Page {page} of {pages}", "50x12"), ("listing", "40x20"), ("listing", "100x30"),
      ("{file}|{title}|{page}", "30x10"),
    ])
  func headersKeepNumbers(header: String, size: String) throws {
    let path = Self.fixtures.appendingPathComponent("tides.csv").path
    let result = try Executable.run(["--header", header, "--footer", "", "--page-size", size, path])
    #expect(result.status == 0, "\(result.stderr)")
    let columns = Int(size.split(separator: "x")[0])!
    let count = result.pages.count
    #expect(count > 2)
    for (index, page) in result.pages.enumerated() {
      let top = page.first ?? ""
      #expect(top.count <= columns, "\(header) \(size): '\(top)'")
      let number = header.contains("pages") || header == "listing" ? "\(index + 1) of \(count)" : "\(index + 1)"
      #expect(top.hasSuffix(number), "\(header) \(size): page \(index + 1)'s header is '\(top)'")
    }
    if header == "listing" && columns >= 100 {
      // The file's date and name, as pr heads a listing.
      #expect(result.pages[0][0].hasPrefix("20"))
      #expect(result.pages[0][0].contains(path) || result.pages[0][0].contains("tides.csv"))
    }
  }

  @Test("a man page as man hands it to a pager (overstrike: MANPAGER=paginate) prints as a terminal shows it")
  func manPage() throws {
    // tidewatch.1.out: `GROFF_NO_SGR=1 groff -man -Tutf8 -rLL=78n tidewatch.1`, the fixture's own page.
    let struck = try String(contentsOfFile: Self.fixtures.appendingPathComponent("tidewatch.1.out").path, encoding: .utf8)
    #expect(struck.contains("N\u{8}NA\u{8}A"))
    // What a terminal shows: each backspace takes back the character before it.
    var shown = ""
    for character in struck {
      if character == "\u{8}" { _ = shown.popLast() } else { shown.append(character) }
    }
    var expected = shown.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      var line = String(line)
      while line.hasSuffix(" ") { line.removeLast() }
      return line
    }
    while expected.last == "" { expected.removeLast() }
    let result = try Executable.run(["--page-size", "80x60", "--footer", "", "-"], stdin: Data(struck.utf8))
    #expect(result.status == 0, "\(result.stderr)")
    var printed = result.pages.flatMap { $0 }
    while printed.last == "" { printed.removeLast() }
    #expect(printed == expected.map { Substring($0) })
    #expect(!result.stdout.contains("^H") && !result.stdout.contains("\u{8}"))
  }

  @Test("the files are read as lines, and --from text still reflows them")
  func chosenAsLines() throws {
    let paths = Self.files.map(Self.path)
    let named = try Executable.run(["adapters"] + paths)
    #expect(named.status == 0, "\(named.stderr)")
    #expect(named.stdout.split(separator: "\n").map { $0.split(separator: " ").last.map(String.init) ?? "" } == Array(repeating: "lines", count: paths.count))
    let log = Self.fixtures.appendingPathComponent("dpkg.log").path
    let reflowed = try Executable.run(["--from", "text", "--page-size", "80x66", log])
    // Reflowed, one entry runs on after another on a line.
    #expect(reflowed.pages[0].contains { $0.dropFirst().contains("2025-06-24 ") })
    let kept = try Executable.run(["--page-size", "80x66", log])
    #expect(kept.pages[0].prefix(64).allSatisfy { $0.isEmpty || $0.hasPrefix("2025-") || $0.contains("↪") })
    #expect(!kept.pages[0].contains { $0.dropFirst().contains("2025-06-24 ") })
  }

  @Test("a pipe of lines is read as lines, and its first page comes before its end")
  func pipedLines() throws {
    let log = try String(contentsOfFile: Self.fixtures.appendingPathComponent("dpkg.log").path, encoding: .utf8)
    let result = try Executable.run(["--page-size", "60x20", "--footer", "", "-"], stdin: Data(log.utf8))
    #expect(result.status == 0)
    let first = result.pages[0]
    #expect(first[0] == "2025-06-24 14:36:25 startup archives unpack")
    #expect(first.count == 20)
  }

  @Test("--keep-lines and -L read any text as lines; --keep-lines with another --from is refused")
  func keepLinesFlag() throws {
    let prose = """
      A paragraph of prose, written on two lines as a text editor
      fills them, up to some sixty columns or so.

      Another paragraph, also of two lines filled to the width
      that the editor was set to, in words and commas.

      """
    let reflowed = try Executable.run(["--page-size", "120x10", "--footer", "", "-"], stdin: Data(prose.utf8))
    #expect(reflowed.pages[0].first == "A paragraph of prose, written on two lines as a text editor fills them, up to some sixty columns or so.")
    for flag in ["-L", "--keep-lines"] {
      let kept = try Executable.run([flag, "--page-size", "120x10", "--footer", "", "-"], stdin: Data(prose.utf8))
      #expect(Array(kept.pages[0].prefix(3)) == [
        "A paragraph of prose, written on two lines as a text editor", "fills them, up to some sixty columns or so.", "",
      ])
    }
    let refused = try Executable.run(["-L", "--from", "markdown", "-"], stdin: Data(prose.utf8))
    #expect(refused.status == 64)
    #expect(refused.stderr.contains("--keep-lines"))
  }

  @Test("-S/--chop cuts each wide line at the page's edge with a ›: every line once, none wrapped or wider")
  func chop() throws {
    let path = Self.fixtures.appendingPathComponent("dpkg.log").path
    var input = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
    if input.last == "" { input.removeLast() }
    for flag in ["-S", "--chop"] {
      let result = try Executable.run([flag, "--page-size", "40x20", "--footer", "", path])
      #expect(result.status == 0, "\(result.stderr)")
      var printed = result.pages.flatMap { $0 }
      while printed.last == "" { printed.removeLast() }
      let rows = printed.filter { !$0.isEmpty }
      #expect(rows.count == input.filter { !$0.isEmpty }.count)
      #expect(!result.stdout.contains("↪"))
      for (row, line) in zip(rows, input.filter { !$0.isEmpty }) {
        #expect(row.count <= 40)
        if line.count > 40 {
          #expect(row == line.prefix(39) + "›")
        } else {
          #expect(row == line)
        }
      }
    }
  }
}
