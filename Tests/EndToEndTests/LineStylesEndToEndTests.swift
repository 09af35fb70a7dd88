import Foundation
import PaginateTestSupport
import Testing

/// The styles files of lines bring: a man page's bold and underline, a terminal's colours
/// (`git log --color`, read with `-R`), a program's syntax (GNU source-highlight), on a
/// terminal, in HTML and in the JSON page set.
@Suite("Files of lines: their styles, end to end", .temporaryFolder)
struct LineStylesEndToEndTests {
  static let fixtures = Executable.packageRoot.appendingPathComponent("Tests/EndToEndTests/Fixtures/Lines")

  /// `text` without its SGR sequences.
  private func withoutSGR(_ text: String) -> String {
    text.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
  }

  @Test("git log --color through -R: every line in order, in its colours on a terminal, plain in a pipe")
  func gitLogColours() throws {
    let coloured = try Data(contentsOf: Self.fixtures.appendingPathComponent("git-log.color"))
    let input = String(decoding: coloured, as: UTF8.self)
    var expected = withoutSGR(input).split(separator: "\n", omittingEmptySubsequences: false).map { line in
      var line = String(line)
      while line.hasSuffix(" ") { line.removeLast() }
      return line
    }
    while expected.last == "" { expected.removeLast() }

    // Into a pipe: the text, no escape and no ^[ (the colours were read, not shown).
    let plain = try Executable.run(["-R", "--page-size", "120x30", "--footer", "", "-"], stdin: coloured)
    #expect(plain.status == 0, "\(plain.stderr)")
    // Each input line once, in order: a long one's pieces (after ↪) joined, blanks aside.
    var printed: [String] = []
    for row in plain.pages.flatMap({ $0 }) where !row.isEmpty {
      if row.hasPrefix("↪ "), !printed.isEmpty {
        printed[printed.count - 1] += row.dropFirst(2)
      } else {
        printed.append(String(row))
      }
    }
    let squeezed: (String) -> String = { $0.filter { $0 != " " } }
    #expect(printed.map(squeezed) == expected.filter { !$0.isEmpty }.map(squeezed))
    #expect(!plain.stdout.contains("\u{1B}") && !plain.stdout.contains("^["))

    // On a terminal (--color always): the commit ids yellow, the authors bold blue, the
    // graph red, the text the same.
    let styled = try Executable.run(["-R", "--color", "always", "--page-size", "120x30", "--footer", "", "-"], stdin: coloured)
    #expect(styled.stdout.contains("\u{1B}[33mdd06f38\u{1B}[0m"))
    #expect(styled.stdout.contains("\u{1B}[1;34mSeed 91699afe maintainers\u{1B}[0m"))
    #expect(styled.stdout.contains("\u{1B}[31m|\u{1B}[0m"))
    // The same text, without the form feeds plain text has for a printer.
    #expect(withoutSGR(styled.stdout) == plain.stdout.filter { $0 != "\u{0C}" })

    // Without -R the sequences are shown, not obeyed: no escape reaches the terminal.
    let shown = try Executable.run(["--color", "always", "-L", "--page-size", "120x30", "--footer", "", "-"], stdin: coloured)
    #expect(shown.stdout.contains("^[[33mdd06f38^[[m"))
    #expect(!withoutSGR(shown.stdout).contains("\u{1B}"))
  }

  @Test("a man page's overstrike prints bold and underlined on a terminal, as less shows it")
  func manPageStyles() throws {
    let struck = try Data(contentsOf: Self.fixtures.appendingPathComponent("tidewatch.1.out"))
    let result = try Executable.run(["--color", "always", "--page-size", "80x60", "--footer", "", "-"], stdin: struck)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("\u{1B}[1mNAME\u{1B}[0m"))
    #expect(result.stdout.contains("\u{1B}[4m"))
    #expect(!result.stdout.contains("\u{8}"))
  }

  @Test("programs are highlighted on a terminal, in HTML and in the JSON page set; --highlight none and pipes are plain")
  func highlighting() throws {
    let source = "#include <stdio.h>\n/* greeting */\nint main(void) {\n\tprintf(\"%d\\n\", 42);\n\treturn 0;\n}\n"
    let folder = try TemporaryFolder.make()
    let file = folder.appendingPathComponent("hello.c")
    try Data(source.utf8).write(to: file)

    let terminal = try Executable.run(["--color", "always", "--page-size", "60x12", file.path])
    #expect(terminal.status == 0, "\(terminal.stderr)")
    #expect(terminal.stdout.contains("\u{1B}[1;34mreturn\u{1B}[0m"), "\(terminal.stdout)")
    #expect(terminal.stdout.contains("\u{1B}[3;90m/* greeting */\u{1B}[0m"))
    #expect(terminal.stdout.contains("\u{1B}[35m42\u{1B}[0m"))

    let none = try Executable.run(["--color", "always", "--highlight", "none", "--page-size", "60x12", file.path])
    #expect(!none.stdout.contains("\u{1B}[1;34m"))
    let piped = try Executable.run(["--page-size", "60x12", file.path])
    #expect(!piped.stdout.contains("\u{1B}"))
    #expect(withoutSGR(terminal.stdout) == piped.stdout)

    // --language chooses, whatever the name says.
    let named = folder.appendingPathComponent("hello.txt")
    try Data("def f():\n    return 1\n".utf8).write(to: named)
    let python = try Executable.run(["--color", "always", "-L", "--language", "python", "--page-size", "60x12", named.path])
    #expect(python.stdout.contains("\u{1B}[1;34mdef\u{1B}[0m"), "\(python.stdout)")

    let html = folder.appendingPathComponent("hello.html")
    let exported = try Executable.run(["export", "-o", html.path, file.path])
    #expect(exported.status == 0, "\(exported.stderr)")
    let page = try String(contentsOf: html, encoding: .utf8)
    #expect(page.contains("<span class=\"s-keyword\">return</span>"))
    #expect(page.contains("<span class=\"s-comment\">/* greeting */</span>"))

    let json = try Executable.run(["export", "--format", "json", "-o", "-", file.path])
    #expect(json.stdout.contains("\"styles\": [\"keyword\"]"))
    #expect(json.stdout.contains("\"styles\": [\"type\"]"))
  }

  @Test("an unknown --language is refused with the languages to choose from")
  func unknownLanguage() throws {
    let result = try Executable.run(["--language", "klingon", "-"], stdin: Data("x\n".utf8))
    #expect(result.status == 64)
    #expect(result.stderr.contains("Unknown language 'klingon' for --language"))
    let languages = try Executable.run(["adapters", "--languages"])
    #expect(languages.status == 0)
    #expect(languages.stdout.split(separator: "\n").contains("python"))
  }

  @Test("the highlighter's library is opened only when a program is highlighted, not at every start (strace)")
  func libraryOpenedOnUse() throws {
    func opensHighlighter(_ arguments: [String]) throws -> Bool {
      let traced = try Executable.runTool("strace", ["-f", "-e", "trace=openat", Executable.url.path] + arguments)
      return traced.stderr.contains("libPaginateHighlight.so")
    }
    #expect(try !opensHighlighter(["--color", "always", "SampleDocs/guide.md"]))
    #expect(try !opensHighlighter(["Scripts/check-platform-layer.sh"]))
    #expect(try opensHighlighter(["--color", "always", "Scripts/check-platform-layer.sh"]))
  }
}
