import PaginateLayout
import PaginateModel
import PaginatePaging
import Testing

/// Numbered messages, one a block, for ever in one direction.
struct Messages: BlockStream {
  var next: Int
  let step: Int

  mutating func nextBlock() -> Block? {
    defer { next += step }
    let words = String(repeating: " and then some", count: abs(next) % 4)
    return .paragraph("Message \(next)\(words).")
  }
}

/// The number of the first message on a page.
func firstMessage(on page: Page) -> Int? {
  for line in page.textLines where line.hasPrefix("Message ") {
    let digits = line.dropFirst("Message ".count).prefix { $0 == "-" || $0.isNumber }
    if let number = Int(digits) { return number }
  }
  return nil
}

@Suite("Endless sources, both ways")
struct EndlessTests {
  static func chatLog() -> DocumentReader {
    DocumentReader(
      title: "Chat", isEndless: true, makeBlocks: { Messages(next: 0, step: 1) },
      makeEarlierBlocks: { Messages(next: -1, step: -1) })
  }

  @Test("10,000 pages forward, 20,000 back through the earlier messages, and forward again, in order", .timeLimit(.minutes(5)))
  func backAndForth() throws {
    var reader = try PagingController(reader: Self.chatLog(), options: LayoutOptions(pageSize: PageSize(columns: 30, lines: 6)))
    var last = try #require(firstMessage(on: reader.currentPage))
    #expect(last == 0)
    for _ in 0..<10_000 {
      let moved = reader.goForward()
      #expect(moved)
      let first = try #require(firstMessage(on: reader.currentPage))
      #expect(first > last)
      last = first
    }
    #expect(reader.currentIndex == 10_000)
    for _ in 0..<20_000 {
      let moved = reader.goBack()
      #expect(moved)
      let first = try #require(firstMessage(on: reader.currentPage))
      #expect(first < last)
      last = first
    }
    #expect(reader.currentIndex == -10_000)
    #expect(last < -1_000)
    // The anchors of earlier messages are below 0 and keep their order.
    let anchor = try #require(reader.currentAnchor)
    #expect(anchor.block < 0)
    let before = try #require(reader.page(before: reader.currentPage)?.anchor)
    #expect(before < anchor)
    // A relayout of earlier content lands on the page that holds the anchor.
    reader.options.pageSize = PageSize(columns: 40, lines: 9)
    let page = reader.currentPage
    #expect(reader.currentIndex < 0)
    #expect((page.anchor ?? anchor) <= anchor)
    if let next = reader.page(after: page)?.anchor { #expect(anchor < next) }
  }

  @Test("the last page, the page count, wrapping and a slider answer at once on an endless source", .timeLimit(.minutes(10)))
  func noEnd() throws {
    var reader = try PagingController(reader: Self.chatLog(), options: LayoutOptions(pageSize: PageSize(columns: 30, lines: 6)))
    let toLast = reader.goToLast()
    #expect(!toLast)
    #expect(reader.currentIndex == 0)
    #expect(reader.pageCount == nil)
    reader.isWrapping = true
    let back = reader.goBack()  // into the earlier messages, not round to a last page
    #expect(back && reader.currentIndex == -1)
    let slider = reader.go(toFraction: 0.5)
    #expect(!slider)
    #expect(reader.goToNextMatch(of: "no such message") == nil)  // gives up after a bound
    #expect(reader.estimatedPageCount > reader.laidOutPageCount - 1)
  }

  @Test("a source with a short history: back to its first message, then nothing before it")
  func shortHistory() throws {
    let source = DocumentReader(
      title: nil, isEndless: false,
      makeBlocks: { ArrayBlockStream((0..<50).map { .paragraph("Message \($0).") }) },
      makeEarlierBlocks: { ArrayBlockStream((1...30).map { .paragraph("Message -\($0).") }) })
    var reader = try PagingController(reader: source, options: LayoutOptions(pageSize: PageSize(columns: 30, lines: 8)))
    var earliest = 0
    while reader.goBack() { earliest = firstMessage(on: reader.currentPage) ?? earliest }
    #expect(earliest == -30)
    #expect(reader.currentIndex < 0)
    let toLast = reader.goToLast()
    #expect(toLast)
    #expect(firstMessage(on: reader.currentPage).map { $0 > 40 } == true)
  }
}
