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
  return try PagerModel(source: DocumentSource(document), configuration: configuration, columns: columns, rows: rows)
}

extension PagerModel {
  mutating func press(_ keys: Key...) -> Action {
    var last = Action.redraw
    for key in keys { last = handle(key) }
    return last
  }

  func pageNumber() -> Int { currentPage.number }

  func status() -> String { screen().last?.text ?? "" }
}

@Suite("Pager model: keys")
struct PagerKeyTests {
  @Test("next page keys", arguments: [Key.character(" "), .pageDown, .right, .character("l"), .character("j"), .enter, .wheelDown])
  func next(key: Key) throws {
    var pager = try model()
    #expect(pager.press(key) == .redraw)
    #expect(pager.pageNumber() == 2)
  }

  @Test("previous page keys", arguments: [Key.character("b"), .pageUp, .left, .character("h"), .character("k"), .wheelUp])
  func previous(key: Key) throws {
    var pager = try model()
    _ = pager.press(.character(" "), .character(" "))
    _ = pager.press(key)
    #expect(pager.pageNumber() == 2)
  }

  @Test("first and last: g Home, G End")
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
  }

  @Test("a number then g or Enter goes to that page; a bad one says so")
  func goToPage() throws {
    var pager = try model()
    _ = pager.press(.character("3"), .character("g"))
    #expect(pager.pageNumber() == 3)
    _ = pager.press(.character("1"))
    #expect(pager.status().hasPrefix("page: 1"))
    _ = pager.press(.character("0"), .enter)
    #expect(pager.pageNumber() == 10 || pager.status().contains("no page 10"))
    _ = pager.press(.character("9"), .character("9"), .character("9"), .character("g"))
    #expect(pager.status().contains("no page 999"))
    _ = pager.press(.character("5"), .escape)
    #expect(pager.mode == .normal)
  }

  @Test("search forward and back, n and N repeat, matches highlighted")
  func search() throws {
    var pager = try model()
    _ = pager.press(.character("/"))
    #expect(pager.status().hasPrefix("/"))
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
    _ = pager.press(.character("/"), .character("x"), .escape)
    #expect(pager.mode == .normal)
  }

  @Test("f toggles facing, d double-sided, w wrap-around")
  func toggles() throws {
    var pager = try model(columns: 160, rows: 30, facing: .auto)
    #expect(pager.showsSpreads)
    _ = pager.press(.character("f"))
    #expect(!pager.showsSpreads)
    #expect(pager.status().contains("single pages"))
    _ = pager.press(.character("f"))
    #expect(pager.showsSpreads)
    _ = pager.press(.character("d"))
    #expect(pager.configuration.options.isDoubleSided)
    _ = pager.press(.character("w"))
    #expect(pager.controller.isWrapping)
    _ = pager.press(.character("g"), .character("k"))
    #expect(pager.controller.currentIndex > 0)  // wrapped to the last spread
  }

  @Test("r asks for a reload; q, Esc and Ctrl-C quit; H and F1 show help, any key leaves it")
  func actions() throws {
    var pager = try model()
    #expect(pager.press(.character("r")) == .reload)
    #expect(pager.press(.character("q")) == .quit)
    #expect(pager.press(.escape) == .quit)
    #expect(pager.press(.control("c")) == .quit)
    _ = pager.press(.character("H"))
    #expect(pager.mode == .help)
    #expect(pager.screen().first?.text.contains("keys") == true)
    #expect(pager.press(.character("x")) == .redraw)
    #expect(pager.mode == .normal)
    _ = pager.press(.function(1))
    #expect(pager.mode == .help)
  }

  @Test("the ends say so instead of moving")
  func endMessages() throws {
    var pager = try model()
    _ = pager.press(.character("b"))
    #expect(pager.status().contains("start of document"))
    _ = pager.press(.character("G"), .character(" "))
    #expect(pager.status().contains("end of document"))
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
      #expect(screen.last?.text.hasPrefix("numbers") == true)
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
    #expect(pager.status().contains("↕ 1-9 of 30"))
    _ = pager.press(.down, .down)
    #expect(pager.scroll == 2)
    #expect(pager.status().contains("↕ 3-11 of 30"))
    #expect(pager.screen().first?.text.trimmingCharacters(in: .whitespaces) == printed.lines[2].text)
    pager.resize(columns: 100, rows: 40)
    #expect(pager.pageNumber() == 2)
    #expect(pager.scroll == 0)
    #expect(!pager.status().contains("↕"))
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
    func source(_ paragraphs: [String]) -> DocumentSource {
      let text = paragraphs.joined(separator: "\n\n")
      return DocumentSource(title: nil) {
        ArrayBlockSource(text.split(separator: "\n\n").map { Block.paragraph(String($0)) })
      }
    }
    var pager = try PagerModel(source: source(paragraphs), configuration: configuration, columns: 50, rows: 15)
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
