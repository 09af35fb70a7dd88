import Foundation
import PaginateLayout
import PaginateModel
import PaginatePager
import PaginatePaging
import Testing

/// A document of numbered paragraphs, so that each page can be recognised.
func numberedDocument(_ count: Int = 120) -> Document {
  Document(
    title: "Numbers",
    blocks: [.heading(level: 1, [.text("Numbers")], source: SourceRange(line: 1))]
      + (1...count).map { .paragraph("Paragraph \($0) says hello to the reader.", source: SourceRange(line: $0 + 1)) })
}

func model(
  columns: Int = 80, rows: Int = 24, facing: PagerModel.FacingMode = .off, fixed: PageSize? = nil,
  document: Document = numberedDocument()
) throws -> PagerModel {
  var options = LayoutOptions()
  options.footer = ""
  let configuration = PagerModel.Configuration(
    options: options, fixedPageSize: fixed, facing: facing, facingOptions: FacingOptions(), fileName: "numbers.txt")
  return try PagerModel(reader: DocumentReader(document), configuration: configuration, columns: columns, rows: rows)
}

extension PagerModel {
  mutating func press(_ keys: Key...) -> Action {
    var last = Action.redraw
    for key in keys {
      last = handle(key)
      // The terminal part takes a search or jump on in steps; here it runs to its end at once.
      finishPendingWork()
    }
    return last
  }

  func pageNumber() -> Int { currentPage.number }

  func status() -> String { screen().last?.text ?? "" }
}

@Suite("Pager model: keys")
struct PagerKeyTests {
  @Test("page turns: Space f PgDn ^F ^V; b w PgUp ^B", arguments: [
    (Key.character(" "), Key.character("b")), (.character("f"), .character("w")), (.pageDown, .pageUp),
    (.control("f"), .control("b")), (.control("v"), .character("b")),
  ])
  func pageTurns(forward: Key, back: Key) throws {
    var pager = try model()
    #expect(pager.press(forward) == .redraw)
    #expect(pager.pageNumber() == 2)
    _ = pager.press(forward, back)
    #expect(pager.pageNumber() == 2)
    #expect(pager.scroll == 0)
  }

  @Test("j e ↓ Enter scroll a line, on into the next page; k y ↑ back", arguments: [
    (Key.character("j"), Key.character("k")), (.character("e"), .character("y")), (.down, .up), (.enter, .up),
    (.control("n"), .control("p")),
  ])
  func lines(down: Key, up: Key) throws {
    var pager = try model()
    let first = pager.currentPage.lines
    _ = pager.press(down)
    #expect(pager.scroll == 1)
    #expect(pager.screen()[0].text == first[1].text)
    // The line below the page's last is the next page's first.
    #expect(pager.screen()[22].text == pager.controller.page(at: 1)?.lines[0].text)
    for _ in 0..<22 { _ = pager.press(down) }
    #expect(pager.pageNumber() == 2)
    #expect(pager.scroll == 0)
    _ = pager.press(up)
    #expect(pager.pageNumber() == 1)
    #expect(pager.scroll == 22)
  }

  @Test("d and u scroll half a screen; the wheel three lines")
  func halfScreens() throws {
    var pager = try model()
    _ = pager.press(.character("d"))
    #expect(pager.scroll == 11)
    _ = pager.press(.control("d"), .character("u"))
    #expect(pager.scroll == 11)
    _ = pager.press(.control("u"))
    #expect(pager.scroll == 0)
    _ = pager.press(.wheelDown)
    #expect(pager.scroll == 3)
    _ = pager.press(.wheelUp)
    #expect(pager.scroll == 0)
  }

  @Test("first and last: g < Home, G > End")
  func ends() throws {
    var pager = try model()
    _ = pager.press(.character("G"))
    let last = pager.pageNumber()
    #expect(last > 3)
    #expect(pager.status().contains("\(last) of \(last)"))
    _ = pager.press(.character("g"))
    #expect(pager.pageNumber() == 1)
    _ = pager.press(.end)
    #expect(pager.pageNumber() == last)
    _ = pager.press(.home)
    #expect(pager.pageNumber() == 1)
    _ = pager.press(.character(">"))
    #expect(pager.pageNumber() == last)
    _ = pager.press(.character("<"))
    #expect(pager.pageNumber() == 1)
  }

  @Test("counts: N g and N G go to page N, N Space N pages, N j N lines, N% a share; a bad page says so")
  func counts() throws {
    var pager = try model(document: numberedDocument(400))
    _ = pager.press(.character("3"), .character("g"))
    #expect(pager.pageNumber() == 3)
    _ = pager.press(.character("1"))
    #expect(pager.status().hasPrefix("1"))
    _ = pager.press(.character("0"), .character("G"))
    #expect(pager.pageNumber() == 10)
    _ = pager.press(.character("2"), .character(" "))
    #expect(pager.pageNumber() == 12)
    _ = pager.press(.character("2"), .character("b"))
    #expect(pager.pageNumber() == 10)
    _ = pager.press(.character("5"), .character("j"))
    #expect(pager.scroll == 5)
    _ = pager.press(.character("9"), .character("9"), .character("9"), .character("g"))
    #expect(pager.status().contains("no page 999"))
    _ = pager.press(.character("5"), .escape)
    #expect(pager.mode == .normal)
    _ = pager.press(.character("G"))
    let last = pager.pageNumber()
    _ = pager.press(.character("5"), .character("0"), .character("%"))
    #expect(abs(pager.pageNumber() - (last + 1) / 2) <= 1)
    _ = pager.press(.character("1"), .character("0"), .character("0"), .character("p"))
    #expect(pager.pageNumber() == last)
  }

  @Test("search: a match on the screen is found; n and N repeat, 2n the second; history, ^U; matches highlighted")
  func search() throws {
    var pager = try model()
    _ = pager.press(.character("/"))
    #expect(pager.status().hasPrefix("/"))
    // Paragraph 2 is on the first page: a new search finds it without moving.
    for character in "paragraph 2 " { _ = pager.press(.character(character)) }
    _ = pager.press(.enter)
    #expect(pager.pageNumber() == 1)
    _ = pager.press(.character("/"))
    for character in "paragraph 40 " { _ = pager.press(.character(character)) }
    _ = pager.press(.backspace, .enter)
    let found = pager.pageNumber()
    #expect(found > 1)
    #expect(pager.currentPage.textLines.contains { $0.contains("Paragraph 40 ") })
    let highlighted = pager.screen().dropLast().contains { line in line.spans.contains { $0.style.contains(.highlight) } }
    #expect(highlighted)
    _ = pager.press(.character("g"), .character("n"))
    #expect(pager.pageNumber() == found)
    _ = pager.press(.character("G"), .character("N"))
    #expect(pager.pageNumber() == found)
    _ = pager.press(.character("?"), .character("z"), .character("z"), .enter)
    #expect(pager.status().contains("pattern not found: zz"))
    _ = pager.press(.character("/"), .character("x"), .control("u"))
    #expect(pager.mode == .search(forward: true, text: ""))
    _ = pager.press(.up)
    #expect(pager.mode == .search(forward: true, text: "zz"))
    _ = pager.press(.up)
    #expect(pager.mode == .search(forward: true, text: "paragraph 40"))
    _ = pager.press(.down, .down)
    #expect(pager.mode == .search(forward: true, text: ""))
    _ = pager.press(.escape)
    #expect(pager.mode == .normal)
    // A regular expression, as in less; ^R searches for the words instead; a bad one says so.
    _ = pager.press(.character("g"), .character("/"))
    for character in "paragraph 4[0-9] says" { _ = pager.press(.character(character)) }
    _ = pager.press(.enter)
    #expect(pager.currentPage.textLines.contains { $0.contains("Paragraph 40 says") })
    _ = pager.press(.character("/"))
    for character in "(unclosed" { _ = pager.press(.character(character)) }
    _ = pager.press(.enter)
    #expect(pager.status().contains("invalid pattern"))
    _ = pager.press(.character("/"), .control("r"))
    #expect(pager.status().hasPrefix("words /"))
    _ = pager.press(.control("r"), .escape)
    // "says hello" is on every page: 3n goes three pages on.
    _ = pager.press(.character("g"), .character("/"))
    for character in "says hello" { _ = pager.press(.character(character)) }
    _ = pager.press(.enter, .character("3"), .character("n"))
    #expect(pager.pageNumber() == 4)
  }

  @Test("with wrap-around on, a search goes round the end, backwards too; off, it stops there")
  func searchWraps() throws {
    var pager = try model()
    _ = pager.press(.character("G"))
    let last = pager.pageNumber()
    _ = pager.press(.character("g"), .character("2"), .character("g"), .character("?"))
    for character in "paragraph 120 " { _ = pager.press(.character(character)) }
    _ = pager.press(.enter)
    #expect(pager.status().contains("pattern not found"))
    _ = pager.press(.character("-"), .character("w"), .character("?"))
    for character in "paragraph 120 " { _ = pager.press(.character(character)) }
    _ = pager.press(.enter)
    #expect(pager.pageNumber() == last)
    #expect(pager.currentPage.textLines.contains { $0.contains("Paragraph 120 ") })
    _ = pager.press(.character("/"))
    for character in "paragraph 3 " { _ = pager.press(.character(character)) }
    _ = pager.press(.enter)
    #expect(pager.pageNumber() == 1)
  }

  @Test("a long search goes in steps that can be stopped, the reader staying where they were")
  func searchInSteps() throws {
    var pager = try model(document: numberedDocument(3000))
    _ = pager.handle(.character("/"))
    for character in "no such words" { _ = pager.handle(.character(character)) }
    _ = pager.handle(.enter)
    #expect(pager.isSearching)
    let goesOn = pager.continueSearch(pageLimit: 5)
    #expect(goesOn)
    #expect(pager.status().contains("searching"))
    _ = pager.handle(.escape)
    #expect(!pager.isSearching)
    #expect(pager.status().contains("search stopped"))
    #expect(pager.pageNumber() == 1)
  }

  @Test("G, NG and N% on a source read as it goes lay out in steps that show progress and stop on Esc or Ctrl-C")
  func jumpsInSteps() throws {
    var options = LayoutOptions()
    options.footer = ""
    let configuration = PagerModel.Configuration(
      options: options, fixedPageSize: nil, facing: .off, facingOptions: FacingOptions(), fileName: "long.txt")
    let reader = DocumentReader(title: nil) {
      ArrayBlockStream((1...3000).map { Block.paragraph("Paragraph \($0) says hello to the reader.") })
    }
    var pager = try PagerModel(reader: reader, configuration: configuration, columns: 60, rows: 20)
    for stop in [Key.escape, .control("c"), .character("q")] {
      _ = pager.handle(.character("G"))
      #expect(pager.isJumping)
      #expect(pager.status().contains("laying out"), "\(pager.status())")
      let goesOn = pager.continueJump(pageLimit: 5)
      #expect(goesOn)
      let action = pager.handle(stop)
      #expect(action == .redraw)
      #expect(!pager.isJumping)
      #expect(pager.status().contains("stopped"))
      #expect(pager.pageNumber() == 1)
    }
    for key in "150g" { _ = pager.handle(.character(key)) }
    #expect(pager.isJumping)
    pager.finishPendingWork()
    #expect(pager.pageNumber() == 150)
    _ = pager.press(.character("G"))
    let last = try #require(pager.controller.pageCount)
    #expect(pager.pageNumber() == last)
    // The count known, N% still lands N% of the way (it went to page 1).
    _ = pager.press(.character("5"), .character("0"), .character("%"))
    #expect(abs(pager.pageNumber() - last / 2) <= 2, "page \(pager.pageNumber()) of \(last)")
  }

  @Test("-f toggles facing, -d double-sided, -h hyphenation, -w wrap-around; an unknown one says so")
  func toggles() throws {
    var pager = try model(columns: 160, rows: 30, facing: .auto)
    #expect(pager.showsSpreads)
    _ = pager.press(.character("-"), .character("f"))
    #expect(!pager.showsSpreads)
    #expect(pager.status().contains("single pages"))
    _ = pager.press(.character("-"), .character("f"))
    #expect(pager.showsSpreads)
    _ = pager.press(.character("-"), .character("d"))
    #expect(pager.configuration.options.isDoubleSided)
    _ = pager.press(.character("-"), .character("h"))
    #expect(pager.configuration.options.hyphenates)
    #expect(pager.status().contains("hyphenation on"))
    _ = pager.press(.character("-"), .character("h"))
    #expect(!pager.configuration.options.hyphenates)
    _ = pager.press(.character("-"), .character("w"))
    #expect(pager.controller.isWrapping)
    _ = pager.press(.character("g"), .character("b"))
    #expect(pager.controller.currentIndex > 0)  // wrapped to the last spread
    _ = pager.press(.character("-"), .character("z"))
    #expect(pager.status().contains("no command -z"))
    // f and d alone are less's: a page and half a screen on.
    _ = pager.press(.character("g"), .character("f"))
    #expect(pager.showsSpreads)
    #expect(pager.controller.currentIndex > 0)
  }

  @Test(":n and :p ask for the other files; past the ends they say so")
  func files() throws {
    var options = LayoutOptions()
    options.footer = ""
    let configuration = PagerModel.Configuration(
      options: options, fixedPageSize: nil, facing: .off, facingOptions: FacingOptions(), fileNames: ["a.md", "b.md"])
    var pager = try PagerModel(
      reader: DocumentReader(numberedDocument()), configuration: configuration, columns: 80, rows: 24)
    #expect(pager.status().contains("a.md (1/2)"))
    #expect(pager.press(.character(":"), .character("p")) == .redraw)
    #expect(pager.status().contains("no previous file"))
    #expect(pager.press(.character(":"), .character("n")) == .open(fileIndex: 1))
    _ = pager.press(.character("5"), .character("g"))
    pager.open(DocumentReader(numberedDocument(10)), fileIndex: 1)
    #expect(pager.pageNumber() == 1)
    #expect(pager.status().contains("b.md (2/2)"))
    #expect(pager.press(.character(":"), .character("n")) == .redraw)
    #expect(pager.press(.character(":"), .character("p")) == .open(fileIndex: 0))
  }

  @Test("r and R ask for a reload, a failed one says why and keeps the page; q, Q, :q and Ctrl-C quit; Esc does not")
  func actions() throws {
    var pager = try model()
    #expect(pager.press(.character("r")) == .reload)
    #expect(pager.press(.character("R")) == .reload)
    _ = pager.press(.character("3"), .character("g"))
    pager.loadFailed("standard input cannot be read again")
    #expect(pager.pageNumber() == 3)
    #expect(pager.status().contains("standard input cannot be read again"))
    #expect(pager.press(.character("q")) == .quit)
    #expect(pager.press(.character("Q")) == .quit)
    #expect(pager.press(.character(":"), .character("q")) == .quit)
    #expect(pager.press(.control("c")) == .quit)
    #expect(pager.press(.escape) == .redraw)
  }

  @Test("h, H and F1 show the help, which scrolls; q, h and Esc go back to the document")
  func help() throws {
    var pager = try model(rows: 10)
    for key in [Key.character("h"), .character("H"), .function(1)] {
      _ = pager.press(key)
      #expect(pager.mode == .help(scroll: 0))
      #expect(pager.screen().first?.text.contains("keys") == true)
      #expect(pager.screen().count == 10)
      _ = pager.press(.character(" "))
      #expect(pager.mode == .help(scroll: 9))
      _ = pager.press(.character("k"))
      #expect(pager.mode == .help(scroll: 8))
      #expect(pager.press(.character("q")) == .redraw)
      #expect(pager.mode == .normal)
    }
    _ = pager.press(.character("h"), .escape)
    #expect(pager.mode == .normal)
  }

  @Test("F follows the file: the last page, a reload shows the new end; any key stops")
  func follow() throws {
    var pager = try model(document: numberedDocument(40))
    _ = pager.press(.character("F"))
    #expect(pager.isFollowing)
    let last = pager.pageNumber()
    pager.followed(DocumentReader(numberedDocument(200)))
    #expect(pager.pageNumber() > last)
    #expect(pager.currentPage.textLines.contains { $0.contains("Paragraph 200 ") })
    _ = pager.press(.character("x"))
    #expect(!pager.isFollowing)
  }

  @Test("+N, +G and +/pattern at start-up")
  func startCommands() throws {
    var pager = try model()
    pager.start(with: "4")
    pager.finishPendingWork()
    #expect(pager.pageNumber() == 4)
    pager.start(with: "/paragraph 60 ")
    pager.finishPendingWork()
    #expect(pager.currentPage.textLines.contains { $0.contains("Paragraph 60 ") })
    pager.start(with: "G")
    pager.finishPendingWork()
    #expect(pager.controller.pageCount == pager.pageNumber())
    pager.start(with: "x")
    #expect(pager.status().contains("unknown start command"))
  }

  @Test("the ends say so instead of moving")
  func endMessages() throws {
    var pager = try model()
    _ = pager.press(.character("b"))
    #expect(pager.status().contains("start of document"))
    _ = pager.press(.character("G"), .character(" "))
    #expect(pager.status().contains("end of document"))
    _ = pager.press(.character("j"))
    #expect(pager.status().contains("end of document"))
  }
}
