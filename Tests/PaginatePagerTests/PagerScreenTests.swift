import Foundation
import PaginateLayout
import PaginateModel
import PaginatePager
import PaginatePaging
import Testing

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
