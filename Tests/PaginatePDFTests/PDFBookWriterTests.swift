import PaginateLayout
import PaginateModel
@testable import PaginatePDF
import PaginateRender
import Testing

@Suite("PDF book writer")
struct PDFBookWriterTests {
  /// The pages of `document` at `columns` by `lines`.
  func pages(_ document: Document, _ columns: Int, _ lines: Int) throws -> [Page] {
    var set = try PageSet(document: document, options: LayoutOptions(pageSize: PageSize(columns: columns, lines: lines)))
    return set.allPages()
  }

  @Test("a booklet's sides: outer pairs first, front then back, blanks where the count runs out")
  func booklet() {
    #expect(Imposition.booklet.sides(pageCount: 8) == [[7, 0], [1, 6], [5, 2], [3, 4]])
    #expect(Imposition.booklet.sides(pageCount: 4) == [[3, 0], [1, 2]])
    #expect(Imposition.booklet.sides(pageCount: 10) == [[nil, 0], [1, nil], [9, 2], [3, 8], [7, 4], [5, 6]])
    #expect(Imposition.booklet.sides(pageCount: 1) == [[nil, 0], [nil, nil]])
    #expect(Imposition.booklet.sides(pageCount: 0).isEmpty)
    // Every page once, whatever the count; the sides a multiple of four pages.
    for count in 1...40 {
      let sides = Imposition.booklet.sides(pageCount: count)
      #expect(sides.flatMap { $0 }.compactMap { $0 }.sorted() == Array(0..<count))
      #expect(sides.count * 2 % 4 == 0)
      // Folded, the sheets read in order: side by side, a sheet's front holds n-1-2k and 2k.
      for (index, side) in sides.enumerated() where index % 2 == 0 {
        if let left = side[0], let right = side[1] { #expect(left + right == sides.count * 2 - 1) }
      }
    }
    #expect(Imposition.twoUp.sides(pageCount: 5) == [[0, 1], [2, 3], [4, nil]])
    #expect(Imposition.none.sides(pageCount: 2) == [[0], [1]])
  }

  @Test("papers by name, in any case; turned on their side")
  func papers() {
    #expect(Paper(named: "A4") == .a4)
    #expect(Paper(named: "letter")?.width == 612)
    #expect(Paper(named: "b7") == nil)
    #expect(Paper.a4.landscape.width == Paper.a4.height)
    #expect(abs(Paper.a4.widthInMillimetres - 210) < 0.01)
  }

  @Test("a link's address is escaped for cairo: quotes and backslashes escaped, other bytes percent-encoded")
  func linkAttributes() {
    #expect(PDFBookWriter.linkAttributes("https://e.org/a'b\\c d?é") == "uri='https://e.org/a\\'b\\\\c%20d?%C3%A9'")
    #expect(PDFBookWriter.linkAttributes("javascript:alert(1)") == nil)
    #expect(PDFBookWriter.linkAttributes("docs/guide.md") == nil)
    #expect(PDFBookWriter.linkAttributes("MAILTO:a@b.org") == "uri='MAILTO:a@b.org'")
  }

  @Test("pages made in code become a PDF in memory, a piece at a time; an empty one has a page")
  func library() throws {
    let document = Document(blocks: [
      .heading(level: 1, [.text("Tides")]),
      .paragraph([.text("Low water at "), .link(destination: "https://example.org/tides", title: "", content: [.text("the port")]), .text(".")]),
    ])
    let writer = try PDFBookWriter(options: .init(pageSize: PageSize(columns: 40, lines: 30), title: "Tides"))
    var bytes: [UInt8] = []
    for page in try pages(document, 40, 30) { bytes += writer.add(page) }
    bytes += try writer.finish()
    #expect(bytes.starts(with: Array("%PDF-1.5".utf8)))
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(text.hasSuffix("%%EOF\n"))
    #expect(text.contains("/URI (https://example.org/tides)"))
    #expect(text.contains("/Title (Tides)"))
    // Finishing twice gives nothing more.
    #expect(try writer.finish().isEmpty)

    let empty = try PDFBookWriter(options: .init(pageSize: PageSize(columns: 40, lines: 30)))
    let emptyText = String(decoding: try empty.finish(), as: UTF8.self)
    #expect(emptyText.contains("/Count 1"))
  }
}
