import Foundation
import PaginateAdapters
import PaginateLayout
import PaginateModel
import PaginatePaging
import Synchronization
import Testing

/// The sample documents the navigation properties are checked on, in `SampleDocs/`.
let sampleNames = ["guide.md", "languages.md", "novel.txt", "report.json"]

/// A sample document read through the built-in adapters. A file that cannot be read or
/// parsed fails the test with the error (it is never replaced by an empty document, on which
/// every navigation property holds).
func sample(_ name: String) throws -> Document {
  let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("SampleDocs")
  let bytes = try Data(contentsOf: root.appendingPathComponent(name))
  return try AdapterRegistry.builtIn.load(AdapterInput(bytes: Array(bytes), name: name)).document
}

/// Every sample document, in the order of ``sampleNames``.
func samples() throws -> [Document] {
  try sampleNames.map(sample)
}

func layout(_ columns: Int, _ lines: Int, doubleSided: Bool = false) -> LayoutOptions {
  var options = LayoutOptions(pageSize: PageSize(columns: columns, lines: lines))
  options.isDoubleSided = doubleSided
  return options
}

/// The modes every navigation property is checked in.
let modes: [(name: String, options: LayoutOptions, facing: FacingOptions?)] = [
  ("single", layout(50, 20), nil),
  ("double-sided", layout(40, 16, doubleSided: true), nil),
  ("facing, page 1 on the right", layout(40, 16, doubleSided: true), FacingOptions()),
  ("facing, 1 with 2", layout(40, 16), FacingOptions(start: .left)),
  ("facing, right to left", layout(30, 12, doubleSided: true), FacingOptions(progression: .rtl)),
]

@Suite("Paging controller")
struct PagingControllerTests {
  @Test("before(after(p)) == p for every page of every sample, in every mode", arguments: 0..<modes.count)
  func beforeAfter(mode: Int) throws {
    for document in try samples() {
      for wrapping in [false, true] {
        let controller = try PagingController(document: document, options: modes[mode].options, isWrapping: wrapping)
        var page = controller.currentPage
        var seen = 1
        while let next = controller.page(after: page), next.index != 0 {
          #expect(controller.page(before: next) == page, "\(modes[mode].name): page \(next.number)")
          page = next
          seen += 1
        }
        #expect(seen == controller.pageCount)
      }
    }
  }

  @Test("nil at both ends without wrapping; with wrapping the ends meet", arguments: 0..<modes.count)
  func ends(mode: Int) throws {
    for document in try samples() {
      var controller = try PagingController(document: document, options: modes[mode].options)
      let first = controller.currentPage
      #expect(controller.page(before: first) == nil)
      controller.goToLast()
      let last = controller.currentPage
      #expect(controller.page(after: last) == nil)
      guard last.index > 0 else { continue }
      controller.isWrapping = true
      #expect(controller.page(after: last) == first)
      #expect(controller.page(before: first) == last)
    }
  }

  @Test("spreads step a whole spread; the lone first page is a spread", arguments: [FacingOptions.Start.right, .left])
  func spreads(start: FacingOptions.Start) throws {
    for document in try samples() {
      let facing = FacingOptions(start: start)
      var controller = try PagingController(document: document, options: layout(40, 16, doubleSided: true), facing: facing)
      var spread = try #require(controller.currentSpread)
      if start == .right {
        #expect(spread.left == nil)
        #expect(spread.right?.number == 1)
      } else {
        #expect(spread.left?.number == 1)
      }
      var pagesSeen = spread.pages.map(\.index)
      #expect(controller.spread(before: spread) == nil)
      while let next = controller.spread(after: spread) {
        #expect(controller.spread(before: next) == spread)
        #expect(next.index == spread.index + 1)
        pagesSeen += next.pages.map(\.index)
        spread = next
      }
      #expect(pagesSeen == Array(0..<(controller.pageCount ?? 0)))
      controller.isWrapping = true
      let first = try #require(controller.spread(after: spread))
      #expect(first.index == 0)
      #expect(controller.spread(before: first) == spread)
    }
  }

  @Test("goForward and goBack move by spreads in facing mode and report the ends")
  func moving() throws {
    var controller = try PagingController(
      document: sample("guide.md"), options: layout(40, 16, doubleSided: true), facing: FacingOptions())
    #expect(controller.goBack() == false)
    #expect(controller.goForward() == true)
    #expect(controller.currentSpread?.pages.map(\.number) == [2, 3])
    #expect(controller.goForward() == true)
    #expect(controller.currentSpread?.pages.map(\.number) == [4, 5])
    #expect(controller.goBack() == true)
    #expect(controller.currentSpread?.pages.map(\.number) == [2, 3])
    controller.goToLast()
    #expect(controller.goForward() == false)
    controller.isWrapping = true
    #expect(controller.goForward() == true)
    #expect(controller.currentIndex == 0)
  }

  @Test("jumps by page number, source line and search hit")
  func jumps() throws {
    let guide = try sample("guide.md")
    var controller = try PagingController(document: guide, options: layout(50, 20))
    #expect(controller.go(toPageNumber: 3) == true)
    #expect(controller.currentPage.number == 3)
    #expect(controller.go(toPageNumber: 999) == false)
    #expect(controller.currentPage.number == 3)

    // The page that holds a source line shows the block of that line. (The guide's pages carry
    // source lines, so the jump always succeeds.)
    for line in [1, 40, 120, 250] {
      #expect(controller.go(toSourceLine: line) == true, "line \(line)")
      let page = controller.currentPage
      let source = try #require(page.source)
      #expect(source.firstLine <= line, "line \(line) on page \(page.number) covering \(source)")
    }

    // The n-th match: count the matches page by page independently.
    let query = "tide"
    var expectedPage: Int?
    var count = 0
    var all = try PageSet(document: guide, options: layout(50, 20))
    for page in all.allPages() {
      for line in page.textLines {
        count += line.lowercased().components(separatedBy: query).count - 1
      }
      if count >= 5 && expectedPage == nil { expectedPage = page.number }
    }
    // The guide has far more than 5 matches, so the jump succeeds.
    let fifthMatchPage = try #require(expectedPage)
    #expect(controller.go(toMatch: 5, of: "TIDE") == true)
    #expect(controller.currentPage.number == fifthMatchPage)
    #expect(controller.go(toMatch: 100_000, of: query) == false)
    controller.goToFirst()
    #expect(controller.goToNextMatch(of: "glossary") != nil)
    let text = controller.currentPage.textLines.joined().lowercased()
    #expect(text.contains("glossary"), "page \(controller.currentPage.number): \(text)")
  }

  @Test("laziness: page(after: page 1) of 200,000 paragraphs lays out a page or two")
  func laziness() throws {
    let document = Document(
      blocks: (0..<200_000).map { .paragraph("Paragraph \($0) of a very long document.", source: SourceRange(line: $0 + 1)) })
    let controller = try PagingController(document: document, options: layout(80, 24))
    let first = controller.currentPage
    let second = controller.page(after: first)
    #expect(second?.number == 2)
    #expect(controller.laidOutPageCount <= 3)
    #expect(controller.position.description == "1 of ?")
    #expect(controller.position.fraction < 0.001)
  }

  @Test("relayout keeps the anchor's source line on the page shown", arguments: sampleNames)
  func relayout(sampleName: String) throws {
    let document = try sample(sampleName)
    var controller = try PagingController(document: document, options: layout(80, 24))
    controller.goToLast()
    let middle = max((controller.pageCount ?? 1) / 2, 0)
    controller.goToFirst()
    // Page `middle + 1` exists (page 1 when there is only one): the jump always succeeds.
    #expect(controller.go(toPageNumber: middle + 1) == true)
    let anchor = try #require(controller.currentPage.anchorLine)
    let steps: [(LayoutOptions, FacingOptions?)] = [
      (layout(120, 40), nil), (layout(40, 20), nil), (layout(40, 20), FacingOptions()), (layout(40, 20), nil),
      (layout(60, 30, doubleSided: true), FacingOptions(start: .left)),
    ]
    for (options, facing) in steps {
      try controller.relayout(options: options, facing: facing)
      let page = controller.currentPage
      let source = try #require(page.source)
      // The page shown holds the anchor's character: its blocks cover the anchor's line, and
      // its top is at or before it.
      #expect(source.contains(line: anchor), "anchor \(anchor) not on page \(page.number) (\(source)) at \(options.pageSize)")
      let top = try #require(page.anchorLine, "page \(page.number) at \(options.pageSize) has no anchor line")
      #expect(top <= anchor, "page \(page.number) at \(options.pageSize) starts after the anchor")
      #expect(source.firstLine <= anchor)
      if let next = controller.page(after: page), let nextAnchor = next.anchorLine {
        #expect(nextAnchor > anchor, "a later page starts at or before the anchor")
      }
    }
  }

  @Test("reloading a changed document keeps the place")
  func reload() throws {
    let document = Document(blocks: (1...300).map { .paragraph("Line \($0) of the text.", source: SourceRange(line: $0)) })
    var controller = try PagingController(document: document, options: layout(40, 20))
    #expect(controller.go(toSourceLine: 150) == true)
    #expect(controller.currentPage.textLines.contains("Line 150 of the text."))
    var changed = document
    changed.blocks.insert(.paragraph("A new line at the end of page one.", source: SourceRange(line: 2)), at: 2)
    controller.reload(changed)
    #expect(controller.currentPage.source?.contains(line: 150) == true)
    // The text at the anchor is still on the page shown, though the pages moved.
    #expect(controller.currentPage.textLines.contains("Line 150 of the text."))
    // A shorter document: the place is clamped to the new end.
    controller.reload(Document(blocks: [.paragraph("Only line.", source: SourceRange(line: 1))]))
    #expect(controller.currentIndex == 0)
  }

  @Test("observers hear will and did for each turn, didJump for a jump, and nothing for a move to the current page")
  func observers() throws {
    let events = Mutex<[PagingEvent]>([])
    var controller = try PagingController(document: sample("guide.md"), options: layout(50, 20))
    let token = controller.addObserver { event in events.withLock { $0.append(event) } }
    controller.goForward()
    let there = controller.go(toPageNumber: 2)
    #expect(there)  // already there: true, and no event
    controller.goToFirst()
    let seen = events.withLock { $0 }
    #expect(seen.count == 3)
    guard seen.count == 3 else { return }
    guard case .willTransition(let will) = seen[0], case .didTransition(let did, completed: true) = seen[1],
      case .didJump(let jump) = seen[2]
    else {
      Issue.record("unexpected events \(seen)")
      return
    }
    #expect((will.from, will.to, will.direction) == (0, 1, .forward))
    #expect(will == did)
    #expect(will.previousPages.map(\.number) == [1])
    #expect(will.pendingPages.map(\.number) == [2])
    #expect((jump.from, jump.to, jump.direction) == (1, 0, .backward))
    controller.removeObserver(token)
    controller.goForward()
    #expect(events.withLock { $0.count } == 3)
  }

  @Test("position: page of count, side and fraction")
  func position() throws {
    var controller = try PagingController(document: sample("novel.txt"), options: layout(50, 20, doubleSided: true))
    controller.goForward()
    var position = controller.position
    #expect(position.pageNumber == 2)
    #expect(position.side == .verso)
    #expect(position.description == "2 of ?")
    controller.goToLast()
    position = controller.position
    #expect(position.pageCount == position.pageNumber)
    #expect(position.fraction == 1)
    #expect(position.description == "\(position.pageNumber) of \(position.pageNumber)")
  }
}
