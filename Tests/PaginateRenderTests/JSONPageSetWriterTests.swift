import Foundation
import PaginateLayout
import PaginateModel
import PaginateRender
import Testing

/// The JSON page set (Docs/PageSetJSON.md, Docs/pageset.schema.json).
@Suite("JSON page set writer")
struct JSONPageSetWriterTests {
  func object(_ json: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
    let value = try JSONSerialization.jsonObject(with: Data(json.utf8))
    return try #require(value as? [String: Any], "not an object: \(json.prefix(200))", sourceLocation: sourceLocation)
  }

  static let document = Document(
    title: "Harbour \"Notes\"\t\u{1}",
    blocks: [
      .heading(level: 1, [.text("Harbour Notes")], source: SourceRange(line: 1)),
      .paragraph(
        [.text("Café "), .strong([.text("naïve")]), .text(" 漢字 "), .link(destination: "https://e.org/t", title: "", content: [.text("tides")])],
        source: SourceRange(firstLine: 3, lastLine: 4)),
      Block(.pageBreak),
      .paragraph("Second page.", source: SourceRange(line: 6)),
    ])

  @Test("valid JSON with the documented keys: version, pageSize, title, pageCount, pages; each page's keys")
  func keys() throws {
    let all = try pages(Self.document, options(30, 8))
    let writer = JSONPageSetWriter(
      pageSize: PageSize(columns: 30, lines: 8), documentPageCount: all.count, title: Self.document.title)
    let root = try object(writer.json(for: all))
    #expect(Set(root.keys) == ["version", "pageSize", "title", "pageCount", "pages"])
    #expect(root["version"] as? Int == 1)
    #expect(root["pageSize"] as? [String: Int] == ["columns": 30, "lines": 8])
    #expect(root["title"] as? String == "Harbour \"Notes\"\t\u{1}")
    #expect(root["pageCount"] as? Int == 2)
    let pageObjects = try #require(root["pages"] as? [[String: Any]])
    #expect(pageObjects.count == 2)
    for (page, object) in zip(all, pageObjects) {
      let keys: Set<String> = ["number", "side", "blank", "source", "anchorLine", "runningHead", "lines", "spans"]
      #expect(Set(object.keys) == (page.headings.isEmpty ? keys : keys.union(["headings"])))
      #expect(object["number"] as? Int == page.number)
      #expect(object["side"] as? String == page.side.rawValue)
      #expect(object["blank"] as? Bool == false)
      #expect(object["lines"] as? [String] == page.textLines)
      #expect((object["lines"] as? [String])?.count == 8)
      #expect(object["runningHead"] as? String == page.runningHead)
      let source = try #require(object["source"] as? [String: Int])
      #expect(source == ["firstLine": page.source?.firstLine, "lastLine": page.source?.lastLine])
      #expect(object["anchorLine"] as? Int == page.anchorLine)
      for span in try #require(object["spans"] as? [[String: Any]]) {
        // A link's span carries its destination; no other span has the key.
        let styles = try #require(span["styles"] as? [String])
        #expect(Set(span.keys) == (styles.contains("link") ? ["line", "start", "end", "styles", "link"] : ["line", "start", "end", "styles"]))
      }
    }
    #expect((pageObjects[0]["source"] as? [String: Int]) == ["firstLine": 1, "lastLine": 4])
    #expect((pageObjects[1]["source"] as? [String: Int]) == ["firstLine": 6, "lastLine": 6])
  }

  @Test("span offsets count Unicode scalars, so line[start:end] is the styled text")
  func spanOffsets() throws {
    let all = try pages(Self.document, options(30, 8))
    let root = try object(JSONPageSetWriter(pageSize: PageSize(columns: 30, lines: 8)).json(for: all))
    let first = try #require((root["pages"] as? [[String: Any]])?.first)
    let lines = try #require(first["lines"] as? [String])
    var styled: [String: [String]] = [:]
    for span in try #require(first["spans"] as? [[String: Any]]) {
      let line = Array(lines[try #require(span["line"] as? Int)].unicodeScalars)
      let start = try #require(span["start"] as? Int)
      let end = try #require(span["end"] as? Int)
      var text = String.UnicodeScalarView()
      text.append(contentsOf: line[start..<end])
      styled[String(text), default: []] += try #require(span["styles"] as? [String])
    }
    // A span covers a whole heading, emphasis or link on its line, spaces included.
    #expect(styled["Harbour Notes"] == ["bold", "heading"])
    #expect(styled["═════════════"] == ["furniture"])
    #expect(styled["naïve"] == ["bold"])
    #expect(styled["tides"] == ["link"])
    let link = try #require((first["spans"] as? [[String: Any]])?.first { $0["link"] != nil })
    #expect(link["link"] as? String == "https://e.org/t")
  }

  @Test("without a title or a page count those keys are left out; facing adds the spreads")
  func optionalKeys() throws {
    let all = try pages(Self.document, options(30, 8))
    let plain = try object(JSONPageSetWriter(pageSize: PageSize(columns: 30, lines: 8)).json(for: all))
    #expect(Set(plain.keys) == ["version", "pageSize", "pages"])
    let facing = try object(JSONPageSetWriter(pageSize: PageSize(columns: 30, lines: 8), facing: FacingOptions()).json(for: all))
    #expect(Set(facing.keys) == ["version", "pageSize", "pages", "spreads"])
    let spreads = try #require(facing["spreads"] as? [[String: Any]])
    #expect(spreads.map { $0["left"] as? Int } == [nil, 2])
    #expect(spreads.map { $0["right"] as? Int } == [1, nil])
    #expect(spreads.allSatisfy { Set($0.keys) == ["left", "right"] })
  }

  @Test("a blank page has null source and anchor line and only empty lines")
  func blankPage() throws {
    // Two chapters: the second starts on a recto after a blank verso. (A short preamble before
    // the first chapter would stay with it: no blank page.)
    let document = Document(blocks: [
      .heading(level: 1, [.text("One")]), .paragraph("One."), .heading(level: 1, [.text("Two")]), .paragraph("Two."),
    ])
    let all = try pages(document, options(20, 6) { $0.isDoubleSided = true; $0.chapterBreak = .recto })
    let blank = try #require(all.first { $0.isBlank })
    let root = try object(JSONPageSetWriter(pageSize: PageSize(columns: 20, lines: 6)).json(for: [blank]))
    let page = try #require((root["pages"] as? [[String: Any]])?.first)
    #expect(page["blank"] as? Bool == true)
    #expect(page["source"] is NSNull)
    #expect(page["anchorLine"] is NSNull)
    #expect(page["lines"] as? [String] == Array(repeating: "", count: 6))
  }

  @Test("written in parts (beginning, each page, ending) it is the same text")
  func parts() throws {
    let all = try pages(Self.document, options(30, 8))
    let writer = JSONPageSetWriter(
      pageSize: PageSize(columns: 30, lines: 8), facing: FacingOptions(), documentPageCount: 2, title: "T")
    var parts = writer
    var text = parts.beginning()
    for (offset, page) in all.enumerated() { text += parts.page(page, isFirst: offset == 0) }
    text += parts.ending(spreads: FacingOptions().spreads(of: all).map { ($0.left?.number, $0.right?.number) })
    #expect(text == writer.json(for: all))
  }
}
