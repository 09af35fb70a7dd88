import Paginate
import Testing

/// A document built in code: no source lines at all.
let builtInCode = Document(
  blocks: (1...300).map { index in
    .paragraph("Paragraph \(index) says something about the sea and the tide, at some length, so that it wraps.")
  })

@Suite("Keeping the reader's place")
struct PlaceTests {
  @Test("a document built in code keeps its place through relayouts, and reports how far through it is")
  func builtInCodeKeepsItsPlace() throws {
    var reader = try PagingController(document: builtInCode, options: small)
    reader.go(toPageNumber: 20)
    let place = try #require(reader.currentAnchor)
    let top = reader.currentPage.textLines.first ?? ""
    #expect(reader.position.fraction > 0.05)
    reader.options.pageSize = PageSize(columns: 60, lines: 20)
    #expect(reader.currentPage.number > 1)
    #expect(reader.currentAnchor == place)  // the place is kept, not re-read from the new page
    let shown = reader.currentPage.textLines.joined(separator: " ")
    let words = top.split(separator: " ").prefix(2).joined(separator: " ")
    #expect(shown.contains(words), "'\(words)' should be on page \(reader.currentPage.number)")
    // Going back to the first size lands on page 20 again.
    reader.options = small
    #expect(reader.currentPage.number == 20)
  }

  @Test("how far through: by characters for a document in memory, rising page by page to 1")
  func fractionByCharacters() throws {
    var reader = try PagingController(document: builtInCode, options: small)
    var fractions: [Double] = [reader.position.fraction]
    while reader.goForward() { fractions.append(reader.position.fraction) }
    #expect(fractions.first == 0)
    #expect(fractions.last == 1)
    #expect(zip(fractions, fractions.dropFirst()).allSatisfy { $0 < $1 })
    // Halfway through the pages is about halfway through the characters.
    #expect(abs(fractions[fractions.count / 2] - 0.5) < 0.05)
  }

  @Test("a slider: go(toFraction:) lands where the position says it is")
  func slider() throws {
    var reader = try PagingController(document: builtInCode, options: small)
    for target in [0.0, 0.1, 0.37, 0.5, 0.9, 1.0] {
      let moved = reader.go(toFraction: target)
      #expect(moved)
      let fraction = reader.position.fraction
      #expect(abs(fraction - target) < 0.03, "asked for \(target), at \(fraction) on page \(reader.currentPage.number)")
    }
    let lastPage = reader.pageCount
    #expect(reader.currentPage.number == lastPage)
    // A streamed source: by what has been read.
    var streamed = try PagingController(reader: DocumentReader(markdown: story), options: small)
    let middle = streamed.go(toFraction: 0.5)
    #expect(middle)
    let count = try #require(streamed.pageCount ?? { var copy = streamed; copy.goToLast(); return copy.pageCount }())
    #expect(abs(streamed.currentIndex - count / 2) <= 2, "page \(streamed.currentIndex + 1) of \(count)")
    // The end laid out, the slider lands at the same places (it went to the first page).
    streamed.goToFirst()
    for target in [0.25, 0.5, 0.75] {
      let moved = streamed.go(toFraction: target)
      #expect(moved)
      let expected = Int((Double(count) * target).rounded())
      #expect(abs(streamed.currentIndex - expected) <= 2, "\(target): page \(streamed.currentIndex + 1) of \(count)")
    }
  }

  @Test("a streamed source, its end laid out or not: the fraction shown is where go(toFraction:) lands, and leads back to the page")
  func streamedFractionRoundTrip() throws {
    for endKnown in [false, true] {
      var streamed = try PagingController(reader: DocumentReader(markdown: story), options: small)
      if endKnown {
        streamed.goToLast()
        #expect(streamed.position.fraction == 1)
        streamed.goToFirst()
      }
      for target in [0.1, 0.25, 0.5, 0.75, 0.9] {
        let moved = streamed.go(toFraction: target)
        #expect(moved)
        let page = streamed.currentIndex
        let shown = streamed.position.fraction
        #expect(shown >= target && shown - target < 0.1, "end known: \(endKnown); asked for \(target), shows \(shown)")
        // As a pager's status shows it, in whole percent, and typed back.
        let back = streamed.go(toFraction: (shown * 100).rounded(.down) / 100)
        #expect(back)
        #expect(streamed.currentIndex == page, "end known: \(endKnown); \(target) then \(shown): page \(streamed.currentIndex), not \(page)")
      }
    }
  }

  @Test("go(to:) an anchor; anchor(of:) a page; a relayout keeps that very character on the page shown")
  func goToAnchor() throws {
    var reader = try PagingController(document: builtInCode, options: small)
    let page7 = try #require(reader.page(number: 7))
    let anchor = try #require(reader.anchor(of: page7))
    #expect(anchor == page7.anchor)
    // Somewhere in the middle of page 7: further down than its first line.
    let inside = try #require(page7.lineAnchors.compactMap { $0 }.dropFirst(3).first)
    let moved = reader.go(to: inside)
    #expect(moved && reader.currentPage.number == 7)
    #expect(reader.currentAnchor == inside)
    for size in [PageSize(columns: 25, lines: 9), PageSize(columns: 70, lines: 30), PageSize(columns: 40, lines: 12)] {
      reader.options.pageSize = size
      let page = reader.currentPage
      let first = try #require(page.anchor)
      #expect(first <= inside)
      if let next = reader.page(after: page)?.anchor { #expect(inside < next) }
    }
  }

  @Test("a paragraph across a page end: a relayout lands on the page that holds the top line, not one later")
  func neverOneLate() throws {
    let long = (1...40).map { "word\($0)" }.joined(separator: " ")
    let document = Document(blocks: (1...30).map { _ in .paragraph(long) })
    var reader = try PagingController(document: document, options: LayoutOptions(pageSize: PageSize(columns: 30, lines: 10)))
    for page in 1...12 {
      reader.go(toPageNumber: page)
      let firstLine = try #require(reader.currentPage.textLines.first { !$0.isEmpty })
      var copy = reader
      copy.options.pageSize = PageSize(columns: 45, lines: 13)
      let lines = copy.currentPage.textLines.joined(separator: " ")
      let first = try #require(firstLine.split(separator: " ").first)
      #expect(lines.contains(first), "page \(page): '\(first)' not on page \(copy.currentPage.number)")
    }
  }
}
