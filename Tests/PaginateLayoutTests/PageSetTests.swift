import Foundation
import PaginateLayout
import PaginateModel
import Testing

@Suite("Page sets")
struct PageSetTests {
  @Test("asking for the first page of 200,000 paragraphs lays out only a few blocks")
  func laziness() throws {
    let document = Document(
      blocks: (0..<200_000).map { .paragraph("Paragraph \($0) has a handful of words in it.", source: SourceRange(line: $0 + 1)) })
    var set = try PageSet(document: document, options: options(60, 20))
    let first = set.page(at: 0)
    #expect(first?.number == 1)
    #expect(set.laidOutCount == 1)
    #expect(set.blocksLaidOut < 20)
    #expect(set.count == nil)
    _ = set.page(at: 1)
    #expect(set.laidOutCount == 2)
    #expect(set.blocksLaidOut < 30)
  }

  @Test("a {pages} template lays out everything before the first page is given")
  func pageCountTemplate() throws {
    let document = Document(blocks: (0..<50).map { .paragraph("Paragraph \($0).") })
    var set = try PageSet(document: document, options: options(30, 10) { $0.footer = "|{page} of {pages}|" })
    let first = set.page(at: 0)
    let count = set.count ?? 0
    #expect(set.isComplete)
    #expect(first?.lines.last?.text.trimmingCharacters(in: .whitespaces) == "1 of \(count)")
  }

  @Test("numbering starts at --first-page and the side follows the number")
  func firstPage() {
    let document = Document(blocks: (0..<30).map { .paragraph("Paragraph \($0).") })
    let all = pages(document, options(30, 10) { $0.firstPageNumber = 4 })
    #expect(all.first?.number == 4)
    #expect(all.first?.side == .verso)
    #expect(all.dropFirst().first?.side == .recto)
  }

  @Test("explicit page breaks are honoured, and an empty document gives one page")
  func pageBreaks() {
    let document = Document(blocks: [.paragraph("a"), Block(.pageBreak), .paragraph("b"), Block(.pageBreak)])
    let all = pages(document, options(20, 5))
    #expect(all.map { $0.textLines.first } == ["a", "b"])
    let empty = pages(Document(blocks: []), options(20, 5))
    #expect(empty.count == 1)
    #expect(empty[0].lines.count == 5)
  }

  @Test("a stray emoji presentation selector after a space does not widen a line past the page (found by fuzz-markdown)")
  func straySelectorAfterSpace() {
    let text = "\u{FFFD}\u{FFFD} ^B \u{FE0F} next to plain ❤ and more words to wrap around"
    for columns in 8...30 {
      for page in pages(Document(blocks: [.paragraph(text)]), options(columns, 40)) {
        for line in page.lines { #expect(line.width <= columns, "\(columns) columns: \(line.text.debugDescription)") }
      }
    }
  }

  @Test("a note marker wider than the page is cut like a word, not set past the edge (found by fuzz-layout)")
  func noteMarkerWiderThanPage() {
    let notes = (1...12).map { Inline.note([.paragraph("n\($0)")]) }
    let document = Document(blocks: [.paragraph([.text("a")] + notes)])
    for columns in 2...4 {  // text needs 2 columns at least (a wide character)
      for page in pages(document, options(columns, 12)) {
        for line in page.lines { #expect(line.width <= columns, "\(columns) columns: \(line.text.debugDescription)") }
      }
    }
  }

  @Test("double-sided: a preamble shorter than half a page stays with the first chapter; a longer one has its page")
  func preambleBeforeFirstChapter() {
    func chapterPage(preamble lines: Int) -> Int? {
      let preamble = (1...lines).map { Block.paragraph("Badge \($0)") }
      let document = Document(blocks: preamble + [.heading(level: 1, [.text("Start")]), .paragraph("Text.")])
      let all = pages(document, options(30, 20) { $0.isDoubleSided = true })
      return all.first { $0.textLines.contains("Start") }?.number
    }
    // A body of 20 lines: a preamble of fewer than 10 lines of text (the spaces between its
    // blocks not counted) is short.
    #expect(chapterPage(preamble: 1) == 1)
    #expect(chapterPage(preamble: 4) == 1)
    #expect(chapterPage(preamble: 10) == 3, "a preamble of half a page or more keeps its page, and a blank verso follows")
  }

  @Test("a code block keeps its lines, blank and trailing ones too, with tabs expanded and wide lines cut")
  func codeBlockLines() {
    let code = "a\n\n\tb  \n12345678901234é6\n\u{3000}\tc\n"
    let document = Document(blocks: [Block(.codeBlock(info: "", text: code)), .paragraph("end")])
    let lines = pages(document, options(12, 12) { $0.tabWidth = 4 })[0].textLines
    // No boundary in the long line: it is cut at the width, and its continuation marked.
    #expect(lines.prefix(9) == ["a", "", "    b", "123456789012", "↪ 34é6", "\u{3000}  c", "", "", "end"])
  }

  @Test("tabs between runs of text, plain and with combining marks and wide characters, reach the next stop by cells")
  func tabsBetweenText() {
    let code = "ab\tc\u{301}d\te\n\t\tx\nabcd\t|\n漢\t|\n"
    let document = Document(blocks: [Block(.codeBlock(info: "", text: code))])
    let lines = pages(document, options(16, 12) { $0.tabWidth = 4 })[0].textLines
    #expect(lines.prefix(4) == ["ab  c\u{301}d  e", "        x", "abcd    |", "漢  |"])
  }

  @Test("a long code line breaks at its last boundary past half the line, its continuation indented as it is")
  func codeLineBoundaries() {
    let code = "    let x = call(first, second, third).more\n    // a comment with words to wrap here\n"
    let document = Document(blocks: [Block(.codeBlock(info: "", text: code))])
    let lines = pages(document, options(24, 12))[0].textLines
    #expect(
      lines.prefix(6) == [
        "    let x = call(first,", "    ↪ second, third).", "    ↪ more", "    // a comment with", "    ↪ words to wrap here", "",
      ])
  }

  @Test("a table crossing a page repeats its header")
  func tableHeaderRepeats() {
    let rows = (1...30).map { TableBlock.Row([[.text("r\($0)")], [.text("\($0 * 2)")]]) }
    let table = TableBlock(alignments: [.left, .right], header: .init([[.text("Row")], [.text("Value")]]), rows: rows)
    let all = pages(Document(blocks: [Block(.table(table))]), options(30, 10))
    #expect(all.count > 2)
    for page in all {
      #expect(page.lines[0].text.hasPrefix("Row"))
      #expect(page.lines[1].text.hasPrefix("────"))
    }
  }

  @Test("rows that wrap are ruled apart; columns too narrow for their longest words are stacked instead of cut")
  func tableRowsAndStacking() throws {
    let wide = try markdownDocument(
      """
      | Station | Notes |
      |---|---|
      | pier-east | painted post, read at low water |
      | harbour | none |
      """)
    let ruled = pages(wide, options(30, 12))[0].textLines
    // The first row takes two lines; a dashed rule, crossed where the columns meet, ends it.
    // No rule after the last row.
    #expect(
      Array(ruled.prefix(7)) == [
        "Station  │ Notes",
        "─────────┼────────────────────",
        "pier-    │ painted post, read",
        "east     │ at low water",
        "┄┄┄┄┄┄┄┄┄┼┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄",
        "harbour  │ none",
        "",
      ])
    let narrow = try markdownDocument(
      """
      | Protocol | Client<br>(Sends requests) | Repository |
      |---|---|---|
      | WebSocket | yes | swift-server/async-http-client |
      """)
    let stacked = pages(narrow, options(30, 12))[0].textLines
    #expect(stacked.prefix(2) == ["Protocol: WebSocket", "Client (Sends requests): yes"])
    #expect(stacked[2] + stacked[3] == "Repository: swift-server/async-http-client")
    #expect(!stacked.joined().contains("│"))
    // Bold labels where styles show; plain ones, the colon their mark, in plain text.
    #expect(pages(narrow, options(30, 12))[0].lines[0].spans.first?.style.contains(.bold) == true)
    #expect(pages(narrow, options(30, 12) { $0.marks = .text })[0].textLines[0] == "Protocol: WebSocket")
  }

  @Test("a link's note is at the foot of the page that cites it")
  func footnotes() {
    let document = Document(blocks: [
      .paragraph([.text("See "), .link(destination: "https://example.org/a", title: "", content: [.text("this")])]),
      Block(.pageBreak),
      .paragraph([.link(destination: "https://example.org/b", title: "", content: [.text("that")])]),
    ])
    let all = pages(document, options(30, 8))
    #expect(all[0].textLines[0] == "See this[1]")
    #expect(all[0].textLines.suffix(2) == ["────────────", "[1] https://example.org/a"])
    #expect(all[1].textLines.last == "[2] https://example.org/b")
    let inline = pages(document, options(40, 8) { $0.links = .inline })
    #expect(inline[0].textLines[0] == "See this <https://example.org/a>")
  }

  @Test("an autolink (its text is its URL, or its address after mailto: or http://, as GitHub's www. autolinks) gets no note; a link cited twice keeps its number")
  func autolinksAndRepeatedLinks() {
    let document = Document(blocks: [
      .paragraph([
        .link(destination: "https://e.org/x", title: "", content: [.text("https://e.org/x")]), .text(" "),
        .link(destination: "mailto:me@e.org", title: "", content: [.text("me@e.org")]), .text(" "),
        .link(destination: "https://e.org/y", title: "", content: [.emphasis([.text("https://e.org/y")])]), .text(" "),
        .link(destination: "mailto:me@e.org", title: "", content: [.text("mail")]), .text(" "),
        .link(destination: "https://e.org/x", title: "", content: [.text("x")]), .text(" "),
        .link(destination: "mailto:x", title: "", content: [.text("mailto:x")]), .text(" "),
        .link(destination: "mailto:", title: "", content: [.text("")]), .text(" "),
        .link(destination: "https://e.org/x", title: "", content: [.text("again")]), .text(" "),
        .link(destination: "http://www.e.org", title: "", content: [.text("www.e.org")]), .text(" "),
        .link(destination: "http://e.org", title: "", content: [.text("https://e.org")]),
      ])
    ])
    let lines = pages(document, options(80, 12)).flatMap(\.textLines).filter { !$0.isEmpty }
    #expect(lines == [
      "https://e.org/x me@e.org https://e.org/y mail[1] x[2] mailto:x again[2]",
      "www.e.org https://e.org[3]",
      "────────────", "[1] mailto:me@e.org", "[2] https://e.org/x", "[3] http://e.org",
    ])
  }

  @Test("a page set that keeps no pages drops those behind the last one asked for (nil, not a trap)")
  func keepsNoPagesBehind() throws {
    let blocks = (0..<300).map { Block.paragraph("Paragraph \($0) of a long stream.") }
    var pages = try PageSet(reader: DocumentReader(Document(blocks: blocks)), options: options(30, 6), keepsPages: false)
    #expect(pages.page(at: 40) != nil)
    #expect(pages.page(at: 40) != nil)  // the last one asked for, again
    #expect(pages.page(at: 0) == nil)  // dropped
    #expect(pages.page(at: 41) != nil)
    // Kept pages can be asked for again, in any order.
    var kept = try PageSet(document: Document(blocks: (0..<300).map { Block.paragraph("Paragraph \($0).") }), options: options(30, 6))
    let later = kept.page(at: 40)
    #expect(later != nil)
    #expect(kept.page(at: 0)?.textLines.first == "Paragraph 0.")
    #expect(kept.page(at: 40) == later)
  }

  @Test(
    "a page set that keeps no pages composes the same pages as one that keeps them, and gives a page again when asked twice",
    arguments: ["|{page}|", "{pages}||{page}"])
  func keepsNoPagesSamePages(footer: String) throws {
    // Margins on both sides, a header and a footer, double-sided (mirrored indents), and code
    // lines with trailing spaces: everything composing changes on a body's lines in place.
    var blocks: [Block] = []
    for index in 0..<40 {
      blocks.append(.paragraph("Paragraph \(index) with enough words to wrap onto a second line here."))
      if index % 7 == 0 { blocks.append(Block(.codeBlock(info: "", text: "let x = \(index)   \n  indented  "))) }
    }
    let document = Document(blocks: blocks)
    let layout = options(36, 12) {
      $0.isDoubleSided = true
      $0.margins = Margins(top: 1, bottom: 1, inner: 3, outer: 1)
      $0.header = "{page}||x"
      $0.footer = footer
    }
    let expected = pages(document, layout)
    var streamed = try PageSet(reader: DocumentReader(document), options: layout, keepsPages: false)
    var index = 0
    while let page = streamed.page(at: index) {
      #expect(page == expected[index], "page \(index)")
      #expect(streamed.page(at: index) == page, "page \(index) asked again")
      #expect(page.lines.allSatisfy { $0.text.last != " " })
      // The inner margin is on the left of a recto, the outer one on the left of a verso.
      let indent = String(repeating: " ", count: page.side == .recto ? 3 : 1)
      #expect(page.lines.allSatisfy { $0.isEmpty || $0.text.hasPrefix(indent) }, "page \(index)")
      index += 1
    }
    #expect(index == expected.count && index > 3)
  }

  @Test("a page that starts with a paragraph's first line is anchored at the paragraph's first source line")
  func anchorAtParagraphStart() {
    // Page 1: the first paragraph's three lines and the blank line after it; page 2 starts
    // with the second paragraph, which stands for source lines 5 to 14. The blank line before
    // it must not count as one of its lines when its lines are spread over its source lines.
    let blocks: [Block] = [
      .paragraph("one two three four five six seven eight nine ten eleven", source: SourceRange(firstLine: 1, lastLine: 3)),
      .paragraph(
        "alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi",
        source: SourceRange(firstLine: 5, lastLine: 14)),
    ]
    let all = pages(Document(blocks: blocks), options(20, 4))
    #expect(all.count == 2)
    #expect(all[1].textLines.first?.hasPrefix("alpha") == true)
    #expect(all[1].anchorLine == 5)
  }

  @Test("a page set that keeps no pages gives the right pages when some are skipped", arguments: ["", "|{page} of {pages}|"])
  func keepsNoPagesSkipping(footer: String) throws {
    // Far more pages than the set holds before it drops the ones passed in bulk.
    let blocks = (0..<400).map { Block.paragraph("Paragraph \($0) of a long stream, long enough to wrap.") }
    let layout = options(30, 6) { $0.footer = footer }
    let expected = pages(Document(blocks: blocks), layout)
    var streamed = try PageSet(reader: DocumentReader(Document(blocks: blocks)), options: layout, keepsPages: false)
    for index in [0, 5, 5, 9, 10, 80, 81, 150, expected.count - 1] {
      #expect(streamed.page(at: index) == expected[index], "page \(index)")
    }
    #expect(streamed.page(at: expected.count) == nil)
    #expect(streamed.allPages() == [expected[expected.count - 1]])
  }

  @Test("every word of a long document comes out once and in order, pages kept or dropped", arguments: [true, false])
  func longDocument(keepsPages: Bool) throws {
    // 3,000 paragraphs of one to four lines: far more lines than the flow source holds before
    // it drops the ones consumed.
    let paragraphs = (0..<3_000).map { index in
      (0...(index % 4)).map { "p\(index)w\($0) and some words to fill the line" }.joined(separator: " ")
    }
    var set = try PageSet(
      reader: DocumentReader(Document(blocks: paragraphs.map { Block.paragraph($0) })), options: options(30, 10),
      keepsPages: keepsPages)
    var words: [Substring] = []
    var index = 0
    while let page = set.page(at: index) {
      #expect(page.lines.count == 10)
      for line in page.textLines { words += line.split(separator: " ") }
      index += 1
    }
    #expect(index > 1_000)
    #expect(words == paragraphs.flatMap { $0.split(separator: " ") })
  }

  @Test("links and notes are numbered in reading order when blocks are laid out ahead on both cores")
  func numberingAcrossCores() {
    // 400 paragraphs: later batches are large enough to be laid out on both cores. Paragraph
    // i links to its own page and back to the first one, and cites a note of its own.
    let blocks = (0..<400).map { index -> Block in
      .paragraph([
        .text("P\(index) "), .link(destination: "https://example.org/\(index)", title: "", content: [.text("own")]),
        .text(" "), .link(destination: "https://example.org/0", title: "", content: [.text("first")]),
        .note([.paragraph("note of P\(index)")]),
      ])
    }
    let all = pages(Document(blocks: blocks), options(60, 12))
    var expected = 1
    var checked = 0
    for page in all {
      for line in page.textLines {
        guard line.hasPrefix("P"), let space = line.firstIndex(of: " "), let index = Int(line.dropFirst().prefix(upTo: space)) else {
          continue
        }
        // Numbers are given on first use: P0 takes 1 (its link, which is also "first") and
        // 2 (its note); every later paragraph takes the next two.
        let own = index == 0 ? 1 : expected
        let note = own + 1
        #expect(line == "P\(index) own[\(own)] first[1][\(note)]", "page \(page.number)")
        #expect(page.textLines.contains("[\(note)] note of P\(index)"), "page \(page.number): note \(note)")
        expected = note + 1
        checked += 1
      }
    }
    #expect(checked == 400)
  }

  @Test("a note inside a table inside a note is set in parentheses, like any note inside a note")
  func noteInTableInNote() {
    let cell: [Inline] = [.text("cell"), .note([.paragraph("aside")])]
    let table = TableBlock(alignments: [.left], header: .init([[.text("Head")]]), rows: [.init([cell])])
    let document = Document(blocks: [.paragraph([.text("Body"), .note([Block(.table(table))])])])
    let text = pages(document, options(30, 12)).flatMap(\.textLines)
    // The cell's column is as narrow as its longest word: read the note's lines as one.
    let words = text.joined().filter { $0 != " " }
    #expect(words.contains("[1]Head────cell(aside)"), "\(text)")
    #expect(!words.contains("cell["), "\(text)")
  }

  @Test("options that leave no room for text are refused")
  func validation() {
    var tooShort = options(20, 6) { $0.header = "x"; $0.footer = "y"; $0.margins = Margins(top: 1, bottom: 1) }
    #expect(throws: LayoutError("page 20x6 is too small: margins, header and footer take 6 of its 6 lines")) {
      try tooShort.validate()
    }
    tooShort.margins = .zero
    #expect(throws: Never.self) { try tooShort.validate() }
    let tooNarrow = options(10, 6) { $0.margins = Margins(inner: 6, outer: 4) }
    #expect(throws: LayoutError("page 10x6 is too small: the inner and outer margins take 10 of its 10 columns, and text needs at least 2")) {
      try tooNarrow.validate()
    }
    let noTabs = options(20, 6) { $0.tabWidth = 0 }
    #expect(throws: LayoutError("tab width must be 1...64, got 0")) { try noTabs.validate() }
    let noWidows = options(20, 6) { $0.widowLines = 0; $0.orphanLines = 2 }
    #expect(throws: LayoutError("widow and orphan lines must be at least 1, got 0 and 2")) { try noWidows.validate() }
    let noOrphans = options(20, 6) { $0.widowLines = 2; $0.orphanLines = 0 }
    #expect(throws: LayoutError("widow and orphan lines must be at least 1, got 2 and 0")) { try noOrphans.validate() }
  }

  @Test("a width of 2 cells with wide characters loses nothing; 1 cell is refused")
  func tinyWidths() {
    #expect(throws: LayoutError("page 1x8 is too narrow: text needs at least 2 columns, since a wide character takes 2")) {
      try options(1, 8).validate()
    }
    let document = Document(blocks: [.paragraph("漢字 ab 👩‍💻")])
    for columns in [2, 3, 4] {
      let all = pages(document, options(columns, 8))
      let text = all.flatMap(\.textLines).joined()
      #expect(text == "漢字ab👩‍💻")
      #expect(all.allSatisfy { $0.lines.count == 8 })
    }
  }

  @Test("a header's parts are furniture where they stand; gaps and a part's trailing spaces are not kept")
  func headerParts() throws {
    let document = Document(blocks: [.paragraph("Body.")])
    // Centre 1 cell at column 9, right 2 cells at column 18 of 20; "R " loses its space.
    let three = try #require(pages(document, options(20, 6) { $0.header = "L |C|R " }).first?.lines.first)
    #expect(three.text == "L " + String(repeating: " ", count: 7) + "C" + String(repeating: " ", count: 8) + "R")
    #expect(three.spans == [0..<2, 9..<10, 18..<19].map { StyleSpan(range: $0, style: .furniture) })
    // An inner margin moves the parts and their spans.
    let indented = try #require(
      pages(document, options(22, 6) { $0.header = "L |C|R "; $0.margins = Margins(top: 0, bottom: 0, inner: 2, outer: 0) })
        .first?.lines.first)
    #expect(indented.text == "  " + three.text)
    #expect(indented.spans == [2..<4, 11..<12, 20..<21].map { StyleSpan(range: $0, style: .furniture) })
    // Without a right part nothing follows the centre; left and right that touch are one span.
    let centred = try #require(pages(document, options(20, 6) { $0.header = "|mid|" }).first?.lines.first)
    #expect(centred.text == String(repeating: " ", count: 8) + "mid")
    #expect(centred.spans == [StyleSpan(range: 8..<11, style: .furniture)])
    let touching = try #require(pages(document, options(4, 6) { $0.header = "ab|cd" }).first?.lines.first)
    #expect(touching.text == "abcd")
    #expect(touching.spans == [StyleSpan(range: 0..<4, style: .furniture)])
    // Versos swap left and right.
    let versos = pages(Document(blocks: [.paragraph("a"), Block(.pageBreak), .paragraph("b")]), options(10, 6) {
      $0.header = "{page}||x"
      $0.isDoubleSided = true
    })
    #expect(versos.map { $0.lines[0].text } == ["1        x", "x        2"])
  }

  @Test("styles inside list items and quotes stay on their words after the prefixes, however deep")
  func stylesAfterPrefixes() throws {
    let document = try markdownDocument("- a **bold** word\n  - and *it* too\n\n> > a `code` and **more** words here\n")
    let lines = pages(document, options(20, 12)).flatMap(\.lines).filter { !$0.isEmpty }
    /// The UTF-8 range of `word` in `line`'s text.
    func range(of word: String, in line: Line) throws -> Range<Int> {
      let bytes = Array(line.text.utf8)
      let target = Array(word.utf8)
      let start = try #require(bytes.indices.first { bytes[$0...].starts(with: target) }, "'\(word)' in '\(line.text)'")
      return start..<(start + target.count)
    }
    #expect(lines.map(\.text) == ["• a bold word", "  • and it too", "│ │ a code and more", "│ │ words here"])
    #expect(lines[0].spans == [StyleSpan(range: try range(of: "bold", in: lines[0]), style: .bold)])
    #expect(lines[1].spans == [StyleSpan(range: try range(of: "it", in: lines[1]), style: .italic)])
    #expect(
      lines[2].spans == [
        StyleSpan(range: try range(of: "│ │ ", in: lines[2]), style: .furniture),
        StyleSpan(range: try range(of: "code", in: lines[2]), style: .code),
        StyleSpan(range: try range(of: "more", in: lines[2]), style: .bold),
      ])
    #expect(lines[3].spans == [StyleSpan(range: try range(of: "│ │ ", in: lines[3]), style: .furniture)])
  }

  @Test("rules are as wide as asked, beyond the run they are copied from")
  func longRules() throws {
    for columns in [2, 12, 256, 257, 300] {
      let document = Document(blocks: [.paragraph("a"), Block(.thematicBreak), .paragraph("b")])
      let lines = pages(document, options(columns, 8)).first?.textLines ?? []
      #expect(lines.contains(String(repeating: "─", count: columns)), "\(columns) columns")
    }
    let heading = try markdownDocument("# \(String(repeating: "x", count: 280))")
    let lines = pages(heading, options(300, 8)).first?.textLines ?? []
    #expect(lines.contains(String(repeating: "═", count: 280)))
    let table = try markdownDocument("| h | i |\n|---|---|\n| \(String(repeating: "y", count: 270)) | z |\n")
    let rule = String(repeating: "─", count: 270) + "─┼─" + "─"
    let tableLines = pages(table, options(300, 8)).first?.textLines ?? []
    #expect(tableLines.contains(rule))
  }
}
