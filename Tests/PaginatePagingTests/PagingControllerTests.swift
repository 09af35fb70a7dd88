import Foundation
import PaginateAdapters
import PaginateLayout
import PaginateModel
import PaginatePaging
import Synchronization
import Testing

/// Sample documents read through the built-in adapters.
let samples: [Document] = {
  let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("SampleDocs")
  return ["guide.md", "languages.md", "novel.txt", "report.json"].map { name in
    let bytes = (try? Data(contentsOf: root.appendingPathComponent(name))).map(Array.init) ?? []
    return (try? AdapterRegistry.builtIn.load(InputSource(bytes: bytes, name: name)).document) ?? Document(blocks: [])
  }
}()

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
    for document in samples {
      for wrapping in [false, true] {
        let controller = try PagingController(document: document, options: modes[mode].options, isWrapping: wrapping)
        var page = controller.currentPage
        var seen = 1
        while let next = controller.page(after: page), next.index != 0 {
          let check1 = controller.page(before: next) == page
          #expect(check1, "\(modes[mode].name): page \(next.number)")
          page = next
          seen += 1
        }
        #expect(seen == controller.pageCount)
      }
    }
  }

  @Test("nil at both ends without wrapping; with wrapping the ends meet", arguments: 0..<modes.count)
  func ends(mode: Int) throws {
    for document in samples {
      var controller = try PagingController(document: document, options: modes[mode].options)
      let first = controller.currentPage
      let check2 = controller.page(before: first) == nil
      #expect(check2)
      controller.goToLast()
      let last = controller.currentPage
      let check3 = controller.page(after: last) == nil
      #expect(check3)
      guard last.index > 0 else { continue }
      controller.isWrapping = true
      let check4 = controller.page(after: last) == first
      #expect(check4)
      let check5 = controller.page(before: first) == last
      #expect(check5)
    }
  }

  @Test("spreads step a whole spread; the lone first page is a spread", arguments: [FacingOptions.Start.right, .left])
  func spreads(start: FacingOptions.Start) throws {
    for document in samples {
      let facing = FacingOptions(start: start)
      var controller = try PagingController(document: document, options: layout(40, 16, doubleSided: true), facing: facing)
      let value6 = controller.currentSpread
      var spread = try #require(value6)
      if start == .right {
        #expect(spread.left == nil)
        #expect(spread.right?.number == 1)
      } else {
        #expect(spread.left?.number == 1)
      }
      var pagesSeen = spread.pages.map(\.index)
      let check7 = controller.spread(before: spread) == nil
      #expect(check7)
      while let next = controller.spread(after: spread) {
        let check8 = controller.spread(before: next) == spread
        #expect(check8)
        #expect(next.index == spread.index + 1)
        pagesSeen += next.pages.map(\.index)
        spread = next
      }
      #expect(pagesSeen == Array(0..<(controller.pageCount ?? 0)))
      controller.isWrapping = true
      let value9 = controller.spread(after: spread)
      let first = try #require(value9)
      #expect(first.index == 0)
      let check10 = controller.spread(before: first) == spread
      #expect(check10)
    }
  }

  @Test("goForward and goBack move by spreads in facing mode and report the ends")
  func moving() throws {
    var controller = try PagingController(document: samples[0], options: layout(40, 16, doubleSided: true), facing: FacingOptions())
    let check11 = controller.goBack() == false
    #expect(check11)
    let check12 = controller.goForward()
    #expect(check12)
    let check13 = controller.currentSpread?.pages.map(\.number) == [2, 3]
    #expect(check13)
    let check14 = controller.goForward()
    #expect(check14)
    let check15 = controller.currentSpread?.pages.map(\.number) == [4, 5]
    #expect(check15)
    let check16 = controller.goBack()
    #expect(check16)
    let check17 = controller.currentSpread?.pages.map(\.number) == [2, 3]
    #expect(check17)
    controller.goToLast()
    let check18 = controller.goForward() == false
    #expect(check18)
    controller.isWrapping = true
    let check19 = controller.goForward()
    #expect(check19)
    #expect(controller.currentIndex == 0)
  }

  @Test("jumps by page number, source line and search hit")
  func jumps() throws {
    var controller = try PagingController(document: samples[0], options: layout(50, 20))
    let check20 = controller.go(toPageNumber: 3)
    #expect(check20)
    let check21 = controller.currentPage.number == 3
    #expect(check21)
    let check22 = controller.go(toPageNumber: 999) == false
    #expect(check22)
    let check23 = controller.currentPage.number == 3
    #expect(check23)

    // The page that holds a source line shows the block of that line.
    for line in [1, 40, 120, 250] {
      let check24 = controller.go(toSourceLine: line) || controller.currentPage.source?.contains(line: line) == true
      #expect(check24)
      let page = controller.currentPage
      let source = try #require(page.source)
      #expect(source.firstLine <= line, "line \(line) on page \(page.number) covering \(source)")
    }

    // The n-th match: count the matches page by page independently.
    let query = "tide"
    var expectedPage: Int?
    var count = 0
    var all = try PageSet(document: samples[0], options: layout(50, 20))
    for page in all.allPages() {
      for line in page.textLines {
        count += line.lowercased().components(separatedBy: query).count - 1
      }
      if count >= 5 && expectedPage == nil { expectedPage = page.number }
    }
    let check25 = controller.go(toMatch: 5, of: "TIDE") || controller.currentPage.number == expectedPage
    #expect(check25)
    let check26 = controller.currentPage.number == expectedPage
    #expect(check26)
    let check27 = controller.go(toMatch: 100_000, of: query) == false
    #expect(check27)
    controller.goToFirst()
    let check28 = controller.goToNextMatch(of: "glossary") != nil
    #expect(check28)
    let check29 = controller.currentPage.textLines.joined().lowercased().contains("glossary")
    #expect(check29)
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
    let check30 = controller.position.description == "1 of ?"
    #expect(check30)
    let check31 = controller.position.fraction < 0.001
    #expect(check31)
  }

  @Test("relayout keeps the anchor's source line on the page shown", arguments: 0..<4)
  func relayout(sample: Int) throws {
    let document = samples[sample]
    var controller = try PagingController(document: document, options: layout(80, 24))
    controller.goToLast()
    let middle = max((controller.pageCount ?? 1) / 2, 0)
    controller.goToFirst()
    let check32 = controller.go(toPageNumber: middle + 1) || middle == 0
    #expect(check32)
    let value33 = controller.currentPage.anchorLine
    let anchor = try #require(value33)
    let steps: [(LayoutOptions, FacingOptions?)] = [
      (layout(120, 40), nil), (layout(40, 20), nil), (layout(40, 20), FacingOptions()), (layout(40, 20), nil),
      (layout(60, 30, doubleSided: true), FacingOptions(start: .left)),
    ]
    for (options, facing) in steps {
      try controller.relayout(options: options, facing: facing)
      let page = controller.currentPage
      let source = try #require(page.source)
      #expect(
        source.contains(line: anchor) || (page.anchorLine ?? 0) <= anchor,
        "anchor \(anchor) not on page \(page.number) (\(source)) at \(options.pageSize)")
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
    let check34 = controller.go(toSourceLine: 150)
    #expect(check34)
    #expect(controller.currentPage.textLines.contains("Line 150 of the text."))
    var changed = document
    changed.blocks.insert(.paragraph("A new line at the end of page one.", source: SourceRange(line: 2)), at: 2)
    controller.reload(changed)
    let check35 = controller.currentPage.source?.contains(line: 150) == true
    #expect(check35)
    // The text at the anchor is still on the page shown, though the pages moved.
    let check36 = controller.currentPage.textLines.contains("Line 150 of the text.")
    #expect(check36)
    // A shorter document: the place is clamped to the new end.
    controller.reload(Document(blocks: [.paragraph("Only line.", source: SourceRange(line: 1))]))
    #expect(controller.currentIndex == 0)
  }

  @Test("observers hear will and did for each turn, didJump for a jump, and nothing for a move to the current page")
  func observers() throws {
    let events = Mutex<[PagingEvent]>([])
    var controller = try PagingController(document: samples[0], options: layout(50, 20))
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
    #expect(will.previousPages.map(\.number) == [1] && will.pendingPages.map(\.number) == [2])
    #expect((jump.from, jump.to, jump.direction) == (1, 0, .backward))
    controller.removeObserver(token)
    controller.goForward()
    #expect(events.withLock { $0.count } == 3)
  }

  @Test("position: page of count, side and fraction")
  func position() throws {
    var controller = try PagingController(document: samples[2], options: layout(50, 20, doubleSided: true))
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
