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

@Suite("Pager keys: one table for the keys, the help and the README")
struct PagerKeyTableTests {
  @Test("every key in the table runs its command, and no key is bound twice")
  func noClashes() {
    var seen: [String: PagerCommand] = [:]
    for row in PagerKeys.table {
      for key in row.keys {
        let name = "\(row.prefix.map(String.init) ?? "")\(key)"
        #expect(seen[name] == nil, "\(name) bound twice, the second time to \(row.command)")
        seen[name] = row.command
        #expect(PagerKeys.command(for: key, after: row.prefix) == row.command)
      }
    }
    #expect(Set(PagerKeys.table.map(\.command)) == Set(PagerCommand.allCases))
  }

  @Test("the help lists every row of the table, with its keys and summary")
  func helpFromTable() {
    let help = PagerKeys.helpLines
    for row in PagerKeys.shownRows {
      #expect(help.contains { $0.contains(row.label) && $0.contains(row.summary) }, "\(row.label) missing from the help")
    }
  }

  @Test("the README's key table is the table's")
  func readme() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
    #expect(readme.contains(PagerKeys.markdownTable), "README.md's key table differs: paste PagerKeys.markdownTable")
  }
}

@Suite("Pager model: screen and resize")
struct PagerScreenTests {
  @Test("the screen is exactly the terminal's rows, no line wider than its columns", arguments: [(80, 24), (40, 10), (200, 50), (20, 5)])
  func geometry(columns: Int, rows: Int) throws {
    var pager = try model(columns: columns, rows: rows, facing: .auto)
    for _ in 0..<3 {
      let screen = pager.screen()
      #expect(screen.count == rows)
      #expect(screen.allSatisfy { $0.width <= columns })
      #expect(screen.last?.text.contains("numbers") == true)
      _ = pager.press(.character(" "))
    }
  }

  @Test("pages fill the screen above the status line; wide terminals show spreads")
  func pageSizeFollowsTerminal() throws {
    let narrow = try model(columns: 80, rows: 24, facing: .auto)
    #expect(narrow.controller.options.pageSize == PageSize(columns: 80, lines: 23))
    #expect(!narrow.showsSpreads)
    let wide = try model(columns: 130, rows: 24, facing: .auto)
    #expect(wide.showsSpreads)
    #expect(wide.controller.options.pageSize == PageSize(columns: 63, lines: 23))
  }

  @Test("a resize relayouts and keeps the same text at the top of the page")
  func resizeKeepsAnchor() throws {
    var pager = try model(columns: 80, rows: 24)
    _ = pager.press(.character("5"), .character("g"))
    let anchor = pager.currentPage.anchorLine ?? 0
    for (columns, rows) in [(120, 40), (40, 20), (160, 50), (60, 15)] {
      pager.resize(columns: columns, rows: rows)
      let page = pager.currentPage
      #expect(page.source?.contains(line: anchor) == true, "anchor \(anchor) lost at \(columns)x\(rows)")
      #expect(pager.screen().count == rows)
    }
  }

  @Test("a fixed page size keeps page numbers; a small terminal scrolls within the page")
  func fixedPageSize() throws {
    var pager = try model(columns: 80, rows: 10, fixed: PageSize(columns: 60, lines: 30))
    _ = pager.press(.character("2"), .character("g"))
    let printed = pager.currentPage
    #expect(printed.lines.count == 30)
    #expect(pager.status().contains("lines 1-9 of 30"))
    _ = pager.press(.down, .down)
    #expect(pager.scroll == 2)
    #expect(pager.status().contains("lines 3-11 of 30"))
    #expect(pager.screen().first?.text.trimmingCharacters(in: .whitespaces) == printed.lines[2].text)
    pager.resize(columns: 100, rows: 40)
    #expect(pager.pageNumber() == 2)
    #expect(pager.scroll == 0)
    #expect(!pager.status().contains("lines"))
  }
}

@Suite("Pager model: pages larger than the screen, status line")
struct PagerLargePageTests {
  @Test("a4 in 80x24: Space shows every line of every page and → every column; nothing is cut")
  func everyLineReachable() throws {
    var pager = try model(columns: 80, rows: 24, fixed: PageSize(columns: 82, lines: 70))
    for _ in 0..<2 {
      let page = pager.currentPage
      var seen = Set<Int>()
      var turns = 0
      while pager.currentPage.index == page.index && turns < 10 {
        for row in 0..<23 { seen.insert(pager.scroll + row) }
        _ = pager.press(.character(" "))
        turns += 1
      }
      #expect(seen.isSuperset(of: 0..<70), "lines never shown: \(Set(0..<70).subtracting(seen).sorted())")
    }
    // The page is 82 columns: → shows the right of it, ← the left again.
    #expect(pager.status().contains("cols 1-80 of 82"))
    let wide = pager.currentPage.lines.firstIndex { $0.width > 80 }
    _ = pager.press(.right)
    #expect(pager.pageNumber() == 3)
    #expect(pager.status().contains("cols 3-82 of 82"))
    if let wide {
      let line = pager.currentPage.lines[wide]
      #expect(pager.screen()[wide - pager.scroll].text == line.cells(2..<82).text)
    }
    _ = pager.press(.left)
    #expect(pager.status().contains("cols 1-80 of 82"))
    _ = pager.press(.left)
    #expect(pager.pageNumber() == 2)
  }

  @Test("a resize keeps the line at the top of the screen at the top", arguments: [(100, 30), (60, 40), (120, 20)])
  func resizeKeepsTopLine(columns: Int, rows: Int) throws {
    let paragraphs = (1...200).map { "Paragraph \($0) opens with its number and runs on for a while so that it wraps onto several lines." }
    let document = Document(blocks: paragraphs.map { .paragraph($0) })
    var pager = try model(columns: 80, rows: 24, document: document)
    _ = pager.press(.character("5"), .character("g"), .character("7"), .character("j"))
    // 5g shows page 5; 7j scrolls 7 lines into it (a page as tall as the screen scrolls by line).
    #expect(pager.pageNumber() == 5)
    #expect(pager.scroll == 7)
    let top = pager.screen()[0].text.trimmingCharacters(in: .whitespaces)
    // The first character at or below the top of the screen.
    let oldAnchors = pager.currentPage.lineAnchors
    let anchor = try #require(oldAnchors[pager.scroll...].compactMap { $0 }.first)
    pager.resize(columns: columns, rows: rows)
    let newTop = pager.screen()[0].text
    // The first words at the top were on the old top line (the line is wrapped anew).
    let firstWord = top.split(separator: " ").first.map(String.init) ?? ""
    #expect(newTop.contains(firstWord), "\(top) → \(newTop)")
    // The screen's top line is the line that holds that character: it starts at or before it,
    // and the next line with text starts after it (the text is at the top, not lower).
    let page = pager.currentPage
    let anchors = page.lineAnchors
    try #require(pager.scroll < anchors.count, "scrolled \(pager.scroll) into a page of \(anchors.count) lines")
    let topAnchor = try #require(anchors[pager.scroll], "no text on the top line, page \(page.number) line \(pager.scroll)")
    #expect(topAnchor <= anchor)
    let nextAnchor = try #require(
      anchors[(pager.scroll + 1)...].compactMap { $0 }.first ?? pager.controller.page(after: page)?.anchor)
    #expect(nextAnchor > anchor)
  }

  @Test("the status line: the position first, no recto or verso when single-sided, no 0% when the count is unknown")
  func statusLine() throws {
    var pager = try model(columns: 80, rows: 10)
    #expect(pager.status().hasPrefix("1 of "))
    #expect(!pager.status().contains("recto"))
    _ = pager.press(.character("-"), .character("d"))
    #expect(pager.status().contains("recto"))
    #expect(pager.screen().last.map { $0.width == 80 } == true)
  }

  @Test("a terminal wider than a page's measure centres a page of at most 80 columns")
  func measureCapped() throws {
    let pager = try model(columns: 110, rows: 30, facing: .off)
    #expect(pager.controller.options.pageSize.columns == 80)
    let indents = pager.screen().dropLast().filter { !$0.isEmpty }.map { $0.text.prefix { $0 == " " }.count }
    #expect(indents.min() == 15)
  }
}

@Suite("Pager model: reload")
struct PagerReloadTests {
  @Test("r on a file changed above the page shown keeps the reader on their text (found again by its words)")
  func reloadFollowsEdits() throws {
    let paragraphs = (1...150).map { "Paragraph \($0) says hello to the reader, at enough length to wrap." }
    var options = LayoutOptions()
    options.footer = ""
    let configuration = PagerModel.Configuration(
      options: options, fixedPageSize: nil, facing: .off, facingOptions: FacingOptions(), fileName: "file.txt")
    // A source read as it goes, as a file is: no document to match blocks in.
    func source(_ paragraphs: [String]) -> DocumentReader {
      let text = paragraphs.joined(separator: "\n\n")
      return DocumentReader(title: nil) {
        ArrayBlockStream(text.split(separator: "\n\n").map { Block.paragraph(String($0)) })
      }
    }
    var pager = try PagerModel(reader: source(paragraphs), configuration: configuration, columns: 50, rows: 15)
    _ = pager.press(.character("9"), .character("g"))
    let top = try #require(pager.currentPage.textLines.first { !$0.isEmpty })
    var edited = paragraphs
    edited.insert(contentsOf: (1...12).map { "A new paragraph \($0) inserted near the start, long enough to wrap." }, at: 2)
    edited.remove(at: 20)
    pager.reload(source(edited))
    #expect(pager.currentPage.textLines.contains(top))
    #expect(pager.currentPage.number > 9)
  }
}

@Suite("Key decoding")
struct KeyDecoderTests {
  @Test(
    "escape sequences and bytes become keys",
    arguments: [
      ("\u{1B}[A", Key.up), ("\u{1B}[B", .down), ("\u{1B}[C", .right), ("\u{1B}[D", .left),
      ("\u{1B}[5~", .pageUp), ("\u{1B}[6~", .pageDown), ("\u{1B}[H", .home), ("\u{1B}[F", .end),
      ("\u{1B}[1~", .home), ("\u{1B}[4~", .end), ("\u{1B}OP", .function(1)), ("\u{1B}[11~", .function(1)),
      ("\u{1B}[<64;10;5M", .wheelUp), ("\u{1B}[<65;10;5M", .wheelDown), ("\r", .enter), ("\u{7F}", .backspace),
      ("\u{03}", .control("c")), ("q", .character("q")), ("é", .character("é")),
    ])
  func decode(input: String, key: Key) {
    var decoder = KeyDecoder()
    #expect(decoder.feed(Array(input.utf8)) == [key])
  }

  @Test("a sequence split across reads waits; a lone ESC is Escape")
  func partial() throws {
    var decoder = KeyDecoder()
    #expect(decoder.feed([0x1B, 0x5B]).isEmpty)
    #expect(decoder.feed([0x41]) == [.up])
    #expect(decoder.feed([0x1B]).isEmpty)
    #expect(decoder.flush() == [.escape])
    #expect(decoder.feed(Array("jk".utf8)) == [.character("j"), .character("k")])
  }
}
