import Foundation
import PaginateTestSupport
import Testing

/// The PDF export, read back with poppler's tools (pdfinfo, pdffonts, pdftotext, pdftohtml,
/// pdftoppm; Debian's poppler-utils, which `.ci/run` installs).
@Suite("PDF export", .temporaryFolder)
struct PDFExportTests {
  static let fixtures = Executable.packageRoot.appendingPathComponent("Tests/EndToEndTests/Fixtures")
  static let mixed = """
    # 混合テキスト Mixed

    日本語の文章と English words が混ざっています。**太字 bold** と _斜体 italic_、`code` も。

    | 名前 | 値 |
    |---|---|
    | 漢字 | 二 |
    | abc | 三つ |

    Ελληνικά, кириллица and [a link](https://example.org/a/b?c=d&e=f) to follow.

    ## Second heading

    See [the first](#混合テキスト-mixed) again.
    """

  /// ``mixed`` written to `folder`, as `mixed.md`.
  func mixedInput(in folder: URL) throws -> URL {
    let input = folder.appendingPathComponent("mixed.md")
    try Data(Self.mixed.utf8).write(to: input)
    return input
  }

  /// Exports `file` with `options` to a PDF in `folder`; returns its path.
  func export(_ file: String, to folder: URL, _ options: [String], name: String = "out.pdf") throws -> String {
    let pdf = folder.appendingPathComponent(name).path
    let result = try Executable.run(["export", "-o", pdf] + options + [file])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.isEmpty, "\(result.stderr)")
    return pdf
  }

  func tool(_ name: String, _ arguments: [String]) throws -> String {
    let result = try Executable.runTool(name, arguments)
    #expect(result.status == 0, "\(name): \(result.stderr)")
    return result.stdout
  }

  /// The value of `key` in pdfinfo's output.
  func info(_ pdf: String, _ key: String) throws -> String {
    let line = try tool("pdfinfo", [pdf]).split(separator: "\n").first { $0.hasPrefix(key + ":") } ?? ""
    return line.dropFirst(key.count + 1).trimmingCharacters(in: .whitespaces)
  }

  @Test("paginate is not linked to pango or cairo: a start loads neither")
  func notLinked() throws {
    // The dynamic loader lists what it loads, and runs nothing (what ldd does).
    let listed = try Executable.run(["--version"], environment: ["LD_TRACE_LOADED_OBJECTS": "1"])
    #expect(listed.stdout.contains("libc.so"), "\(listed.stdout)")
    #expect(!listed.stdout.contains("pango") && !listed.stdout.contains("cairo"), "\(listed.stdout)")
  }

  @Test("pango and cairo are opened for a PDF only: without them printing works, and the export says what to install")
  func withoutPangoCairo() throws {
    let folder = try Executable.temporaryDirectory()
    // A library of that name that is no library: dlopen refuses it, as it would a missing one.
    let libraries = folder.appendingPathComponent("lib")
    try FileManager.default.createDirectory(at: libraries, withIntermediateDirectories: true)
    try Data().write(to: libraries.appendingPathComponent("libpangocairo-1.0.so.0"))
    let environment = ["LD_LIBRARY_PATH": libraries.path]
    let printed = try Executable.run(["--page-size", "40x10", "SampleDocs/guide.md"], environment: environment)
    #expect(printed.status == 0 && printed.stdout.hasPrefix("Tidewatch User Guide"), "\(printed.stderr)")
    let output = folder.appendingPathComponent("guide.pdf")
    let exported = try Executable.run(["export", "-o", output.path, "SampleDocs/guide.md"], environment: environment)
    #expect(exported.status == 1)
    #expect(exported.stderr.hasPrefix("paginate: cannot make a PDF: "), "\(exported.stderr)")
    #expect(exported.stderr.hasSuffix("(the PDF export needs pango and cairo; on Debian: apt-get install libpangocairo-1.0-0)\n"))
    #expect(exported.stderr.split(separator: "\n").count == 1)
    #expect(!FileManager.default.fileExists(atPath: output.path))
  }

  @Test("one sheet a page, on the paper asked for, turned for a wide page; title and author in the metadata")
  func pagesAndPaper() throws {
    let folder = try Executable.temporaryDirectory()
    let input = try mixedInput(in: folder)
    let json = try Executable.run(["export", "--format", "json", "-o", "-", "--page-size", "50x20", input.path])
    let pageCount = ((try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])?["pages"] as? [Any])?.count
    // 50 cells wide and 20 lines is wider than tall: landscape.
    for (paper, size) in [("a4", "841.89 x 595.276 pts (A4)"), ("letter", "792 x 612 pts (letter)"), ("a5", "595.276 x 419.528 pts")] {
      let pdf = try export(input.path, to: folder, ["--page-size", "50x20", "--paper", paper, "--author", "Ada"])
      #expect(try Int(info(pdf, "Pages")) == pageCount)
      #expect(try info(pdf, "Page size") == size)
      #expect(try info(pdf, "Title") == "混合テキスト Mixed")
      #expect(try info(pdf, "Author") == "Ada")
    }
    let tall = try export(input.path, to: folder, ["--page-size", "50x40"])
    #expect(try info(tall, "Page size") == "595.276 x 841.89 pts (A4)")
  }

  @Test("every font is embedded and subset: DejaVu Sans Mono, and Noto Sans CJK for the wide characters")
  func fonts() throws {
    let folder = try Executable.temporaryDirectory()
    let input = try mixedInput(in: folder)
    let pdf = try export(input.path, to: folder, ["--page-size", "50x30"])
    let rows = try tool("pdffonts", [pdf]).split(separator: "\n").dropFirst(2)
    #expect(rows.count >= 4)
    for row in rows {
      let columns = row.split(separator: " ", omittingEmptySubsequences: true)
      // name … emb sub uni object ID: "yes yes" before the last three columns.
      #expect(columns.count >= 7 && columns[columns.count - 5] == "yes" && columns[columns.count - 4] == "yes", "\(row)")
    }
    let names = rows.map { $0.split(separator: " ").first.map(String.init) ?? "" }
    #expect(names.contains { $0.contains("DejaVuSansMono-Bold") })
    #expect(names.contains { $0.contains("DejaVuSansMono-Oblique") })
    #expect(names.contains { $0.contains("NotoSansMonoCJK") || $0.contains("NotoSansCJK") })
  }

  @Test("Han characters take the forms of the text's language: --lang, else the document's own")
  func cjkFaceByLanguage() throws {
    let folder = try Executable.temporaryDirectory()
    let markdown = folder.appendingPathComponent("han.md")
    try Data("# 直線と骨\n\n戸籍の誤り。\n".utf8).write(to: markdown)
    let korean = folder.appendingPathComponent("han.json")
    try Data(#"{"version": 1, "lang": "ko", "blocks": [{"type": "paragraph", "text": "直線と骨"}]}"#.utf8).write(to: korean)
    func faces(_ pdf: String) throws -> [String] {
      try tool("pdffonts", [pdf]).split(separator: "\n").dropFirst(2).compactMap { $0.split(separator: " ").first.map(String.init) }
    }
    let japanese = try faces(export(markdown.path, to: folder, ["--lang", "ja"], name: "ja.pdf"))
    #expect(japanese.contains { $0.hasSuffix("NotoSansMonoCJKjp-Regular") }, "\(japanese)")
    let unknown = try faces(export(markdown.path, to: folder, [], name: "sc.pdf"))
    #expect(unknown.contains { $0.hasSuffix("NotoSansMonoCJKsc-Regular") }, "\(unknown)")
    let own = try faces(export(korean.path, to: folder, [], name: "ko.pdf"))
    #expect(own.contains { $0.hasSuffix("NotoSansMonoCJKkr-Regular") }, "\(own)")
  }

  /// The lines of a page with every space removed (pdftotext lays text out by position: it
  /// may add or drop a space where the grid has two, or between a wide character and the
  /// next), and the bidirectional controls it adds around right-to-left text.
  func squeezed(_ text: some StringProtocol) -> [String] {
    text.split(separator: "\n", omittingEmptySubsequences: true)
      .map { $0.unicodeScalars.filter { !$0.properties.isWhitespace && !(0x202A...0x202E).contains($0.value) } }
      .map { String(String.UnicodeScalarView($0)) }
      .filter { !$0.isEmpty }
  }

  @Test(
    "pdftotext reads each page as the text export shows it: the words in order, CJK included",
    arguments: ["mixed", "vapor.md", "swift-nio.md"])
  func text(source: String) throws {
    let folder = try Executable.temporaryDirectory()
    let input = source == "mixed" ? try mixedInput(in: folder) : URL(fileURLWithPath: Executable.readme(source))
    let options = ["--page-size", "72x50"]
    let pdf = try export(input.path, to: folder, options)
    // The text export with styles shown by style alone, as the PDF shows them.
    let text = try Executable.run(["export", "--format", "text", "--marks", "styles", "-o", "-"] + options + [input.path])
    let pages = text.stdout.split(separator: "\u{0C}", omittingEmptySubsequences: false)
    #expect(try Int(info(pdf, "Pages")) == pages.count)
    for (index, page) in pages.enumerated() {
      let extracted = try tool("pdftotext", ["-layout", "-f", "\(index + 1)", "-l", "\(index + 1)", pdf, "-"])
      #expect(squeezed(extracted) == squeezed(page), "\(source), page \(index + 1)")
    }
  }

  @Test("links can be clicked: each address the whole destination, in-document links to their heading's page")
  func links() throws {
    let folder = try Executable.temporaryDirectory()
    let input = try mixedInput(in: folder)
    let pdf = try export(input.path, to: folder, ["--page-size", "50x16"])
    let xml = try tool("pdftohtml", ["-xml", "-stdout", "-i", "-q", pdf])
    let hrefs = Set(xml.matches(of: #/<a href="([^"]*)">/#).map { String($0.output.1) })
    #expect(hrefs.contains("https://example.org/a/b?c=d&amp;e=f"), "\(hrefs)")
    // pdftohtml names an internal link by the page it leads to: the first heading's, page 1.
    #expect(hrefs.contains { $0.hasSuffix(".html#1") }, "\(hrefs)")
    #expect(hrefs.allSatisfy { $0.hasPrefix("https://example.org/a/b") || $0.contains(".html#") }, "\(hrefs)")
  }

  /// The outline of `pdf` as pdftohtml reads it: each entry's depth, side and title.
  func outlineEntries(_ pdf: String) throws -> [String] {
    let xml = try tool("pdftohtml", ["-xml", "-stdout", "-q", pdf])
    func unescaped(_ text: Substring) -> String {
      String(text).replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&lt;", with: "<")
        .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
    }
    var depth = 0
    var entries: [String] = []
    for match in xml.matches(of: #/<outline>|</outline>|<item page="([0-9]+)">([^<]*)</item>/#) {
      switch match.output.0 {
      case "<outline>": depth += 1
      case "</outline>": depth -= 1
      default: entries.append("\(depth) \(match.output.1 ?? "") \(unescaped(match.output.2 ?? ""))")
      }
    }
    return entries
  }

  /// The headings of a JSON export, as outline entries should show them: nested under the last
  /// one of a lower level, on the side `side(pageNumber)`.
  func expectedOutline(_ input: String, _ options: [String], side: (Int) -> Int) throws -> [String] {
    let json = try Executable.run(["export", "--format", "json", "-o", "-"] + options + [input])
    let pages = (try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])?["pages"] as? [[String: Any]] ?? []
    var open: [Int] = []
    var entries: [String] = []
    for page in pages {
      for heading in page["headings"] as? [[String: Any]] ?? [] {
        let level = heading["level"] as? Int ?? 1
        while let last = open.last, last >= level { open.removeLast() }
        entries.append("\(open.count + 1) \(side(page["number"] as? Int ?? 0)) \(heading["text"] ?? "")")
        open.append(level)
      }
    }
    return entries
  }

  @Test("the outline lists the headings in order, nested by level, each leading to its page (to its sheet, imposed)")
  func outline() throws {
    let folder = try Executable.temporaryDirectory()
    let input = Executable.readme("openapikit.md")
    let options = ["--page-size", "80x66"]
    let pdf = try export(input, to: folder, options)
    let expected = try expectedOutline(input, options) { $0 }
    #expect(expected.count > 10)
    #expect(expected.contains { $0.hasPrefix("3 ") }, "headings three deep")
    #expect(try outlineEntries(pdf) == expected)
    // A booklet's sheets come in folding order; its outline still comes in page order, each
    // entry leading to the side its page is on.
    let booklet = try export(input, to: folder, options + ["--imposition", "booklet"], name: "booklet.pdf")
    let count = try Int(info(pdf, "Pages")) ?? 0
    let padded = (count + 3) / 4 * 4
    var sideOf: [Int: Int] = [:]
    for sheet in 0..<(padded / 4) {
      for (offset, number) in [padded - 2 * sheet, 2 * sheet + 1, 2 * sheet + 2, padded - 2 * sheet - 1].enumerated() {
        sideOf[number] = 2 * sheet + (offset < 2 ? 1 : 2)
      }
    }
    #expect(try outlineEntries(booklet) == expectedOutline(input, options) { sideOf[$0] ?? 0 })
  }

  /// The numbers printed on each side of paper of `pdf`, left to right (each page's footer).
  func numbersOnSides(_ pdf: String) throws -> [[Int]] {
    let count = try Int(info(pdf, "Pages")) ?? 0
    return try (1...count).map { side in
      let text = try tool("pdftotext", ["-layout", "-f", "\(side)", "-l", "\(side)", pdf, "-"])
      return text.matches(of: #/Page ([0-9]+) of/#).map { Int($0.output.1) ?? 0 }
    }
  }

  @Test("a booklet of 8 pages, and of 10 (padded to 12), folds into page order; 2up is in order")
  func imposition() throws {
    let folder = try Executable.temporaryDirectory()
    for count in [8, 10] {
      let input = folder.appendingPathComponent("pages\(count).md")
      let text = (1...count).map { "Page \($0) of the book." }.joined(separator: "\n\n<!-- pagebreak -->\n\n")
      try Data(text.utf8).write(to: input)
      let booklet = try export(input.path, to: folder, ["--page-size", "40x30", "--imposition", "booklet"], name: "b\(count).pdf")
      let padded = (count + 3) / 4 * 4
      #expect(try info(booklet, "Pages") == "\(padded / 2)")
      #expect(try info(booklet, "Page size").hasPrefix("841.89 x 595.276"))
      // Sheet by sheet, front then back: the outer pair, then the next pair in; a blank where
      // the count runs out.
      var expected: [[Int]] = []
      for sheet in 0..<(padded / 4) {
        expected.append([padded - 2 * sheet, 2 * sheet + 1].filter { $0 <= count })
        expected.append([2 * sheet + 2, padded - 2 * sheet - 1].filter { $0 <= count })
      }
      #expect(try numbersOnSides(booklet) == expected, "\(count) pages")
      let twoUp = try export(input.path, to: folder, ["--page-size", "40x30", "--imposition", "2up"], name: "t\(count).pdf")
      #expect(try numbersOnSides(twoUp) == stride(from: 1, through: count, by: 2).map { [$0, $0 + 1].filter { $0 <= count } })
    }
  }

  /// cairo 1.16 places a link's rectangle and a destination's position as given, not moved
  /// with the drawing: on the right-hand page of a sheet they must be given moved.
  @Test("on a sheet of two pages, the right-hand page's link covers its text and its heading is a place to go to")
  func linksOnSheets() throws {
    let folder = try Executable.temporaryDirectory()
    let input = folder.appendingPathComponent("sheet.md")
    let text = "No link on the first page, but one to [the second](#second).\n\n<!-- pagebreak -->\n\n# Second\n\n"
      + "A [link on the right](https://example.org/right) page.\n"
    try Data(text.utf8).write(to: input)
    let pdf = try export(input.path, to: folder, ["--page-size", "40x30", "--imposition", "2up"], name: "sheet.pdf")
    let xml = try tool("pdftohtml", ["-xml", "-stdout", "-i", "-q", "-zoom", "1", pdf])
    // pdftohtml puts a link on the text its rectangle covers.
    let linked = xml.matches(of: #/<text top="\d+" left="(\d+)"[^>]*><a href="https://example.org/right">([^<]*)</a>/#)
    // The link's text, its note's marker and the note itself (the address, a link too).
    #expect(linked.map { String($0.output.2) }.contains("link on the right"), "\(xml)")
    #expect(linked.allSatisfy { (Int($0.output.1) ?? 0) > 421 }, "on the right half of an A4 sheet, 842 points wide")
    // The heading's place: a destination on the right half.
    let expanded = folder.appendingPathComponent("expanded.pdf").path
    _ = try tool("qpdf", ["--qdf", "--object-streams=disable", pdf, expanded])
    let objects = try String(decoding: Data(contentsOf: URL(fileURLWithPath: expanded)), as: UTF8.self)
    let places = objects.matches(of: #//XYZ\s+([\d.]+)/#).compactMap { Double($0.output.1) }
    #expect(places.contains { $0 > 421 }, "destinations at x \(places)")
  }

  @Test("a page drawn as a picture (kept as .build/test-artifacts/pdf-page.png) has ink in its grid")
  func picture() throws {
    let folder = try Executable.temporaryDirectory()
    let input = try mixedInput(in: folder)
    let pdf = try export(input.path, to: folder, ["--page-size", "50x40"])
    // pdftoppm adds the extension to the name it is given.
    let prefix = try Executable.artifact("pdf-page.png").deletingPathExtension().path
    _ = try tool("pdftoppm", ["-png", "-r", "60", "-f", "1", "-l", "1", "-singlefile", pdf, prefix])
    let picture = try Data(contentsOf: URL(fileURLWithPath: prefix + ".png"))
    #expect(picture.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    // A blank A4 page at 60 dpi compresses to about a kilobyte; text makes it several.
    #expect(picture.count > 8_000, "\(picture.count) bytes")
  }

  /// qpdf's check of the file's structure: its cross-reference table, objects and streams.
  func checkStructure(_ pdf: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let check = try Executable.runTool("qpdf", ["--check", pdf])
    #expect(check.status == 0, "\(check.stdout)\(check.stderr)", sourceLocation: sourceLocation)
    #expect(check.stdout.contains("No syntax or stream encoding errors"), sourceLocation: sourceLocation)
    #expect(!check.stderr.contains("WARNING"), "\(check.stderr.prefix(400))", sourceLocation: sourceLocation)
  }

  @Test("qpdf finds the structure sound, links and imposition included; with --facing a viewer shows spreads")
  func structure() throws {
    let folder = try Executable.temporaryDirectory()
    let input = Executable.readme("grdb.md")
    for (name, options) in [
      ("plain", ["--page-size", "80x66"]), ("booklet", ["--page-size", "a5", "--imposition", "booklet"]),
      ("facing", ["--page-size", "80x66", "--facing"]), ("left", ["--facing", "--facing-start", "left"]),
    ] {
      let pdf = try export(input, to: folder, options, name: "\(name).pdf")
      try checkStructure(pdf)
      // The catalog, as the file's last trailer names it.
      let trailer = try tool("qpdf", ["--show-object=trailer", pdf])
      let root = try #require(trailer.firstMatch(of: #/\/Root ([0-9]+) 0 R/#)).output.1
      let catalog = try tool("qpdf", ["--show-object=\(root)", pdf])
      #expect(catalog.contains("/Outlines"), "\(name): \(catalog)")
      switch name {
      case "facing": #expect(catalog.contains("/PageLayout /TwoPageRight"), "\(catalog)")
      case "left": #expect(catalog.contains("/PageLayout /TwoPageLeft"), "\(catalog)")
      default: #expect(!catalog.contains("/PageLayout"), "\(name): \(catalog)")
      }
    }
  }

  @Test("double-sided, the inner margin is on a recto's left and a verso's right")
  func mirroredMargins() throws {
    let folder = try Executable.temporaryDirectory()
    let input = Executable.readme("vapor.md")
    let pdf = try export(input, to: folder, ["--double-sided", "--margin-inner", "8", "--page-size", "60x30"])
    /// The left edge of the leftmost word of a page, in points.
    func left(_ page: Int) throws -> Double {
      let boxes = try tool("pdftotext", ["-f", "\(page)", "-l", "\(page)", "-bbox", pdf, "-"])
      return boxes.matches(of: #/xMin="([0-9.]+)"/#).compactMap { Double($0.output.1) }.min() ?? 0
    }
    let recto = try left(1)
    let verso = try left(2)
    // Eight cells (8 × 0.6 em at the size the grid takes on A4) further right on the recto.
    #expect(recto - verso > 40, "recto \(recto), verso \(verso)")
  }

  @Test("--page-size and --paper read one table of papers: a3 and a6 for both")
  func onePaperTable() throws {
    let folder = try Executable.temporaryDirectory()
    let text = try Executable.run(["--page-size", "a3", "--footer", "", "-"], stdin: Data("x".utf8))
    #expect(text.status == 0, "\(text.stderr)")
    #expect(text.stdout.split(separator: "\n", omittingEmptySubsequences: false).count >= 99)
    let pdf = try export("SampleDocs/guide.md", to: folder, ["--paper", "a6", "--page-size", "a6"])
    // A6 is 105 × 148 mm: 297.638 × 419.528 pt.
    let size = try info(pdf, "Page size")
    #expect(size.hasPrefix("297.638 x 419.528 pts"), "\(size)")
  }

  @Test("an unknown paper is a usage error naming the papers; PDF options leave other formats be")
  func badOptions() throws {
    let folder = try Executable.temporaryDirectory()
    let unknown = try Executable.run(
      ["export", "-o", folder.appendingPathComponent("x.pdf").path, "--paper", "b7", "-"], stdin: Data("x".utf8))
    #expect(unknown.status == 64)
    #expect(unknown.stderr.contains("Unknown paper 'b7'"))
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("x.pdf").path))
    // PDF options (say, from config.toml) leave a text export be.
    let text = try Executable.run(["export", "-o", "-", "--paper", "a4", "--imposition", "booklet", "-"], stdin: Data("x".utf8))
    #expect(text.status == 0)
    #expect(text.stdout.hasPrefix("x\n"))
  }
}
