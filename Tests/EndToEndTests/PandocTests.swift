import Foundation
import PaginateTestSupport
import Testing

/// pandoc's JSON, written by the real pandoc (Debian's, installed by .ci/run), read back with
/// `--from pandoc-json`.
@Suite("pandoc JSON through the executable", .temporaryFolder)
struct PandocTests {
  /// pandoc's JSON for `source` read as `format`.
  func pandocJSON(_ source: String, from format: String) throws -> Data {
    let result = try Executable.runTool("pandoc", ["--preserve-tabs", "-f", format, "-t", "json", source])
    #expect(result.status == 0, "pandoc: \(result.stderr)")
    return Data(result.stdout.utf8)
  }

  /// The words of printed pages in NFC, sorted (pandoc writes NFC; the source has decomposed
  /// accents).
  func words(_ output: String) -> [String] {
    output.split(whereSeparator: { $0.isWhitespace }).map { String($0).precomposedStringWithCanonicalMapping }
      .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
  }

  @Test(
    "SampleDocs through pandoc paginate with no word lost against the same file read as Markdown",
    arguments: ["SampleDocs/guide.md", "SampleDocs/languages.md", "SampleDocs/README.md"])
  func noWordLost(path: String) throws {
    let json = try pandocJSON(path, from: "commonmark+pipe_tables")
    let options = ["--page-size", "72x40", "--footer", ""]
    let fromPandoc = try Executable.run(options + ["--from", "pandoc-json", "-"], stdin: json)
    let fromMarkdown = try Executable.run(options + [path])
    #expect(fromPandoc.status == 0, "\(fromPandoc.stderr)")
    #expect(fromPandoc.stderr.isEmpty)
    let (a, b) = (words(fromPandoc.stdout), words(fromMarkdown.stdout))
    #expect(a.count == b.count)
    #expect(a == b, "only via pandoc: \(Set(a).subtracting(b).sorted().prefix(10)); only via Markdown: \(Set(b).subtracting(a).sorted().prefix(10))")
    // Sniffed, without --from, from a pipe and from a file named .json.
    let sniffed = try Executable.run(options, stdin: json)
    #expect(sniffed.stdout == fromPandoc.stdout)
    let folder = try Executable.temporaryDirectory()
    let file = folder.appendingPathComponent("doc.json")
    try json.write(to: file)
    #expect(try Executable.run(options + [file.path]).stdout == fromPandoc.stdout)
  }

  static let rst = """
    ===========
    Tide Tables
    ===========

    The gauge [#gauge]_ is read every morning, and the readings go into the log.

    .. [#gauge] Fixed to the east pier in 1911, read at every high water.

    Chart datum
       The level that depths are measured from.

    Residual
       Observed height minus predicted height.

       Positive when the wind holds the water up.

    +-----------+------------+
    | Station   | High (m)   |
    +===========+============+
    | pier-east | 3.86       |
    +-----------+------------+
    | pier-west | 3.91       |
    +-----------+------------+
    """

  @Test("reStructuredText: the title, a footnote on the citing page, a definition list and a grid table")
  func restructuredText() throws {
    let folder = try Executable.temporaryDirectory()
    let source = folder.appendingPathComponent("tides.rst")
    try Self.rst.write(to: source, atomically: true, encoding: .utf8)
    let json = try pandocJSON(source.path, from: "rst")
    let result = try Executable.run(["--page-size", "50x30", "--from", "pandoc-json"], stdin: json)
    #expect(result.status == 0, "\(result.stderr)")
    let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    #expect(lines.count == 30)
    #expect(lines.first == "Tide Tables")
    #expect(lines.contains { $0.hasPrefix("The gauge[1] is read every morning") })
    #expect(lines.contains("[1] Fixed to the east pier in 1911, read at every"))
    #expect(lines.contains("Chart datum"))
    #expect(lines.contains("    The level that depths are measured from."))
    #expect(lines.contains("    Positive when the wind holds the water up."))
    #expect(lines.contains { $0.hasPrefix("pier-east") && $0.contains("3.86") })
    // The note sits at the foot: below the table, after its rule.
    let rule = try #require(lines.lastIndex { $0.hasPrefix("────────────") && $0.count == 12 })
    #expect(lines[rule + 1].hasPrefix("[1] Fixed"))
    #expect(lines.firstIndex { $0.hasPrefix("pier-west") }! < rule)
  }

  @Test("a Word document written by pandoc is paginated through pandoc's JSON")
  func word() throws {
    let folder = try Executable.temporaryDirectory()
    let docx = folder.appendingPathComponent("guide.docx")
    let written = try Executable.runTool("pandoc", ["-f", "commonmark+pipe_tables", "SampleDocs/guide.md", "-o", docx.path])
    #expect(written.status == 0, "\(written.stderr)")
    let json = try pandocJSON(docx.path, from: "docx")
    let result = try Executable.run(["--page-size", "72x40", "--from", "pandoc-json"], stdin: json)
    #expect(result.status == 0, "\(result.stderr)")
    let markdown = try Executable.run(["--page-size", "72x40", "SampleDocs/guide.md"])
    // Word has no raw HTML, so pandoc drops it when writing docx; every other word survives.
    let fromWord = Set(words(result.stdout))
    let missing = Set(words(markdown.stdout)).subtracting(fromWord).filter { !$0.contains("<") && !$0.contains(">") }
    #expect(missing.count < 12, "missing: \(missing.sorted())")
  }
}
