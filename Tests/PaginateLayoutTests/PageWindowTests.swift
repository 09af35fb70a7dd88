import Foundation
import PaginateAdapters
import PaginateLayout
import PaginateModel
import PaginateTestSupport
import Testing

/// A page set that keeps only a window of pages lays any other out again from a checkpoint,
/// the same to the byte as the first time.
@Suite("Page windows", .temporaryFolder)
struct PageWindowTests {
  /// Every page of `source`, laid out in order by a page set that keeps them all (a window
  /// as large as the document), with the anchors of their lines.
  static func reference(_ source: DocumentReader, _ options: LayoutOptions) throws -> [Page] {
    var pages = try PageSet(reader: source, options: options, pagesKept: .max)
    return pages.allPages()
  }

  static func same(_ a: Page, _ b: Page) -> Bool { a == b && a.lineAnchors == b.lineAnchors }

  @Test("random documents: pages asked for in any order from a window of three are those laid out first")
  func rebuiltPagesAreIdentical() async {
    await forAll(count: 30, columns: 12...70, lines: 5...30) { seed, columns, lines in
      var random = RandomDocument(seed: seed)
      let document = random.document(blocks: 10...60)
      var options = LayoutOptions(pageSize: PageSize(columns: columns, lines: lines))
      options.isDoubleSided = seed % 3 == 0
      if seed % 4 == 0 { options.header = "{chapter}||{page}" }
      // Every size drawn leaves room for text: a layout error is a failure, not a case to skip.
      let expected: [Page]
      var windowed: PageSet
      do {
        expected = try Self.reference(DocumentReader(document), options)
        windowed = try PageSet(reader: DocumentReader(document), options: options, pagesKept: 3)
      } catch {
        Issue.record("seed \(seed), \(columns)x\(lines): \(error)")
        return
      }
      // First in order (so the window releases), then backwards, then at random.
      var order = Array(expected.indices) + expected.indices.reversed()
      for _ in 0..<expected.count { order.append(random.int(0...(expected.count - 1))) }
      for index in order {
        guard let page = windowed.page(at: index) else {
          Issue.record("seed \(seed): no page \(index) of \(expected.count)")
          return
        }
        #expect(Self.same(page, expected[index]), "seed \(seed), \(columns)x\(lines): page \(index + 1) differs")
      }
      #expect(windowed.page(at: expected.count) == nil)
      #expect(windowed.count == expected.count)
    }
  }

  @Test("notes continued from page to page are laid out again the same from a checkpoint")
  func continuedNotes() throws {
    var blocks: [Block] = []
    for index in 0..<40 {
      let note = (0..<(index % 7 * 30 + 5)).map { "n\(index)w\($0)" }.joined(separator: " ")
      blocks.append(.paragraph([.text("Paragraph \(index) cites a note"), .note([.paragraph(note)]), .text(" and goes on.")]))
    }
    let document = Document(blocks: blocks)
    let options = LayoutOptions(pageSize: PageSize(columns: 30, lines: 12))
    let expected = try Self.reference(DocumentReader(document), options)
    var windowed = try PageSet(reader: DocumentReader(document), options: options, pagesKept: 3)
    #expect(expected.count > 40)  // notes go on over pages of their own
    for index in Array(expected.indices) + expected.indices.reversed() {
      let page = windowed.page(at: index)
      #expect(page.map { Self.same($0, expected[index]) } == true, "page \(index + 1) differs")
    }
  }

  @Test("plain text read as it goes is laid out again from marks in the text, the same to the byte")
  func plainTextStreams() throws {
    var text = ""
    for paragraph in 1...400 {
      text += "Paragraph \(paragraph): " + String(repeating: "the tide comes in and goes out again ", count: paragraph % 7 + 1)
      text += paragraph % 9 == 0 ? "\n    an indented line kept as it is\n    and another\n\n" : "\n\n"
    }
    var options = LayoutOptions(pageSize: PageSize(columns: 50, lines: 12))
    options.footer = "|{page}|"
    let expected = try Self.reference(DocumentReader(text: text), options)
    #expect(expected.count > 100)
    var windowed = try PageSet(reader: DocumentReader(text: text), options: options, pagesKept: 5)
    for index in Array(expected.indices) + expected.indices.reversed() + [50, 3, 99, 17, 100] {
      let page = windowed.page(at: index)
      #expect(page.map { Self.same($0, expected[index]) } == true, "page \(index + 1)")
    }
    // The same read from a file, which is opened again at each mark's offset.
    let url = try TemporaryFolder.make().appendingPathComponent("window.txt")
    try text.write(to: url, atomically: true, encoding: .utf8)
    let loaded = try AdapterRegistry.builtIn.loadInput(contentsOfFile: url.path)
    var fromFile = try PageSet(reader: loaded.reader, options: options, pagesKept: 5)
    for index in Array(expected.indices) + expected.indices.reversed() {
      let page = fromFile.page(at: index)
      #expect(page.map { Self.same($0, expected[index]) } == true, "file, page \(index + 1)")
    }
  }

  @Test("a source that cannot be read again from a mark keeps every page")
  func markdownKeepsAll() throws {
    let markdown = (1...200).map { "Paragraph \($0) with [a link](https://example.org/\($0)) that wraps." }.joined(separator: "\n\n")
    var options = LayoutOptions(pageSize: PageSize(columns: 40, lines: 10))
    options.footer = ""
    let expected = try Self.reference(DocumentReader(markdown: markdown), options)
    var windowed = try PageSet(reader: DocumentReader(markdown: markdown), options: options, pagesKept: 2)
    for index in Array(expected.indices) + expected.indices.reversed() {
      #expect(windowed.page(at: index).map { Self.same($0, expected[index]) } == true, "page \(index + 1)")
    }
  }

  @Test("finding a page by anchor needs no page laid out again")
  func anchorsWithoutRebuilding() throws {
    let document = Document(blocks: (1...500).map { .paragraph("Paragraph \($0) of a long document, wrapping onto lines.") })
    let options = LayoutOptions(pageSize: PageSize(columns: 30, lines: 8))
    let expected = try Self.reference(DocumentReader(document), options)
    var windowed = try PageSet(reader: DocumentReader(document), options: options, pagesKept: 4)
    _ = windowed.allPages()
    for index in stride(from: 0, to: expected.count, by: 7) {
      let anchor = try #require(expected[index].anchor)
      #expect(windowed.anchor(ofPageAt: index) == anchor)
      #expect(windowed.pageIndex(containing: anchor) == index)
      if let inside = expected[index].lineAnchors.compactMap({ $0 }).last {
        #expect(windowed.pageIndex(containing: inside) == index)
      }
    }
  }
}
