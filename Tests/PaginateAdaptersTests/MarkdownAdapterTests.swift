@testable import PaginateAdapters
import PaginateModel
import Testing

/// Reads Markdown with the built-in adapter.
func markdown(_ text: String, smart: Bool = false, html: HTMLHandling = .render) throws -> Document {
  try MarkdownAdapter(smartPunctuation: smart, html: html).document(from: AdapterInput(text: text, name: "test.md"))
}

/// The table a document starts with, if it starts with one.
func leadingTable(_ document: Document) -> TableBlock? {
  guard case .table(let table) = document.blocks.first?.content else { return nil }
  return table
}

/// The blocks of a document without their source lines, for comparing structure.
func withoutSources(_ blocks: [Block]) -> [Block] {
  blocks.map { block in
    var copy = block
    copy.source = nil
    switch block.content {
    case .blockQuote(let children): copy.content = .blockQuote(withoutSources(children))
    case .callout(let label, let children): copy.content = .callout(label: label, withoutSources(children))
    case .list(var list):
      list.items = list.items.map { ListBlock.Item(withoutSources($0.blocks), checkbox: $0.checkbox) }
      copy.content = .list(list)
    case .table(var table):
      table.header.source = nil
      table.rows = table.rows.map { TableBlock.Row($0.cells) }
      copy.content = .table(table)
    default: break
    }
    return copy
  }
}

@Suite("Markdown adapter")
struct MarkdownAdapterTests {
  @Test("ATX and setext headings keep their level and source line")
  func headings() throws {
    let document = try markdown("# One\n\nTwo\n---\n\n###### Six\n")
    #expect(document.blocks == [
      .heading(level: 1, [.text("One")], source: SourceRange(line: 1)),
      .heading(level: 2, [.text("Two")], source: SourceRange(firstLine: 3, lastLine: 4)),
      .heading(level: 6, [.text("Six")], source: SourceRange(line: 6)),
    ])
    #expect(document.title == "One")
  }

  @Test("paragraph inlines: text, emphasis, strong, code, soft and hard breaks, raw HTML")
  func inlines() throws {
    // Rendered, inline tags go (their text stays); shown, they are raw HTML inlines.
    #expect(withoutSources(try markdown("a *b* `d`\nf <span>g</span>\n").blocks) == [
      .paragraph([.text("a "), .emphasis([.text("b")]), .text(" "), .code("d"), .text(" f g")])
    ])
    let document = try markdown("a *b* **c** `d`\ne  \nf <span>g</span>\n", html: .show)
    #expect(withoutSources(document.blocks) == [
      .paragraph([
        .text("a "), .emphasis([.text("b")]), .text(" "), .strong([.text("c")]), .text(" "), .code("d"),
        .softBreak, .text("e"), .hardBreak, .text("f "), .html("<span>"), .text("g"), .html("</span>"),
      ])
    ])
  }

  @Test("links keep destination and title; images become alt text")
  func linksAndImages() throws {
    let document = try markdown("[x *y*](http://a.b \"T\") ![a *cat*](cat.png)\n\n[ref]\n\n[ref]: /r\n")
    #expect(withoutSources(document.blocks) == [
      .paragraph([
        .link(destination: "http://a.b", title: "T", content: [.text("x "), .emphasis([.text("y")])]), .text(" "),
        .image(source: "cat.png", title: "", alt: "a cat"),
      ]),
      .paragraph([.link(destination: "/r", title: "", content: [.text("ref")])]),
    ])
  }

  @Test("block quotes nest")
  func quotes() throws {
    let document = try markdown("> a\n>\n> > b\n")
    #expect(withoutSources(document.blocks) == [
      Block(.blockQuote([.paragraph("a"), Block(.blockQuote([.paragraph("b")]))]))
    ])
    #expect(document.blocks[0].source == SourceRange(firstLine: 1, lastLine: 3))
  }

  @Test("bullet and ordered lists: start number, tight and loose, nesting")
  func lists() throws {
    let tight = try markdown("3. a\n4. b\n   - c\n")
    #expect(withoutSources(tight.blocks) == [
      Block(
        .list(
          ListBlock(
            kind: .ordered(start: 3), isTight: true,
            items: [
              .init([.paragraph("a")]),
              .init([.paragraph("b"), Block(.list(ListBlock(kind: .bullet, isTight: true, items: [.init([.paragraph("c")])])))]),
            ])))
    ])
    let loose = try markdown("- a\n\n- b\n")
    guard case .list(let list) = loose.blocks[0].content else {
      Issue.record("expected a list")
      return
    }
    #expect(!list.isTight)
    #expect(list.kind == .bullet)
    #expect(list.items[1].source == SourceRange(line: 3))
  }

  @Test("fenced and indented code blocks keep their text and info string")
  func code() throws {
    let document = try markdown("```swift\nlet x = 1\n\tindented\n```\n\n    plain\n    code\n")
    #expect(withoutSources(document.blocks) == [
      Block(.codeBlock(info: "swift", text: "let x = 1\n\tindented")),
      Block(.codeBlock(info: "", text: "plain\ncode")),
    ])
    #expect(document.blocks[0].source == SourceRange(firstLine: 1, lastLine: 4))
  }

  @Test("thematic breaks, HTML blocks (rendered, stripped or shown), and <!-- pagebreak --> as a page break")
  func breaksAndHTML() throws {
    let source = "a\n\n***\n\n<div>\nhi\n</div>\n\n<!-- pagebreak -->\n\n<!--PageBreak-->\n\n<!-- a comment -->\n"
    #expect(withoutSources(try markdown(source).blocks) == [
      .paragraph("a"), Block(.thematicBreak), .paragraph("hi"), Block(.pageBreak), Block(.pageBreak),
    ])
    #expect(withoutSources(try markdown(source, html: .strip).blocks)[2] == .paragraph("hi"))
    // Shown, the source stays; comments never show.
    #expect(withoutSources(try markdown(source, html: .show).blocks) == [
      .paragraph("a"), Block(.thematicBreak), Block(.htmlBlock("<div>\nhi\n</div>")), Block(.pageBreak),
      Block(.pageBreak),
    ])
  }

  @Test("an HTML <table> closes a paragraph left open before it, as in a no-quirks HTML5 document")
  func htmlTableClosesParagraph() throws {
    // gumbo reads the document's quirks mode at <table>; a fragment parse never sets it, so
    // the adapter hands gumbo zeroed memory (no quirks). In quirks mode the table would be
    // inside the paragraph and the paragraph's text would run into the table's.
    let blocks = withoutSources(try markdown("<p>before\n<table><tr><td>cell</td></tr></table>\n").blocks)
    #expect(blocks.count == 2)
    #expect(blocks.first == .paragraph("before"))
    guard case .table = blocks.last?.content else {
      Issue.record("expected a table after the paragraph, got \(blocks)")
      return
    }
  }

  @Test("a page-break comment may be spaced and cased any way, and nothing else is one")
  func pageBreakComments() throws {
    let pageBreaks = [
      "<!--pagebreak-->", "<!--  Page\tBreak  -->", "<!--PAGE BREAK-->", "<!--\u{A0}pagebreak\u{2003}-->",
      "<!--pagebrea\u{212A}-->",  // a Kelvin sign, whose lower case is k
    ]
    for comment in pageBreaks {
      #expect(try markdown("a\n\n\(comment)\n").blocks.last?.content == .pageBreak, "\(comment.debugDescription)")
    }
    for comment in ["<!-- pagebreak -->x", "<!-- pagebreak --><b>", "<!-- page-break -->", "<!-- pagebreak ->"] {
      for html in HTMLHandling.allCases {
        let blocks = try markdown("a\n\n\(comment)\n", html: html).blocks
        #expect(!blocks.contains { $0.content == .pageBreak }, "\(comment.debugDescription), \(html)")
      }
    }
  }

  @Test("a pipe table becomes a table with alignments, inline cells and escaped bars")
  func pipeTable() throws {
    let document = try markdown("| a | *b* | c |\n|:--|:-:|--:|\n| 1 | x \\| y | `z` |\n| 2 |\n")
    #expect(withoutSources(document.blocks) == [
      Block(
        .table(
          TableBlock(
            alignments: [.left, .center, .right],
            header: .init([[.text("a")], [.emphasis([.text("b")])], [.text("c")]]),
            rows: [
              .init([[.text("1")], [.text("x | y")], [.code("z")]]),
              .init([[.text("2")], [], []]),
            ])))
    ])
    let table = try #require(leadingTable(document))
    #expect(table.rows[1].source == SourceRange(line: 4))
  }

  @Test(
    "line feeds, CR LF, lone carriage returns and no final line end give the same tables and source lines",
    arguments: ["\n", "\r\n", "\r"])
  func lineEnds(_ end: String) throws {
    // A setext heading whose blank line libcmark counts as its own (trimmed off), a table,
    // and a list; the last line has no line end.
    let lines = ["Two", "---", "", "| a | b |", "|---|---|", "| 1 | 2 |", "", "- x", "- y"]
    let document = try markdown(lines.joined(separator: end))
    #expect(document.blocks.map(\.source) == [
      SourceRange(firstLine: 1, lastLine: 2), SourceRange(firstLine: 4, lastLine: 6),
      SourceRange(firstLine: 8, lastLine: 9),
    ])
    let table = try #require(leadingTable(Document(blocks: Array(document.blocks.dropFirst()))))
    #expect(table.header == TableBlock.Row([[.text("a")], [.text("b")]], source: SourceRange(line: 4)))
    #expect(table.rows == [TableBlock.Row([[.text("1")], [.text("2")]], source: SourceRange(line: 6))])
  }

  @Test("body rows with fewer cells than the header are padded, with more are cut")
  func raggedRows() throws {
    let document = try markdown("| a | b |\n|---|---|\n| 1 |\n| 2 | 3 | 4 | 5 |\n|\n")
    let table = try #require(leadingTable(document))
    #expect(table.rows.map(\.cells) == [[[.text("1")], []], [[.text("2")], [.text("3")]], [[], []]])
  }

  @Test("escaped bars at the edges of cells and rows, and tabs around cells")
  func pipeTableEdges() throws {
    let document = try markdown("| h1 | h2 |\n|---|---|\n|\t\\|a\t| b \\||\n| x \\|\n")
    let table = try #require(leadingTable(document))
    #expect(table.rows.map(\.cells) == [[[.text("|a")], [.text("b |")]], [[.text("x |")], []]])
  }

  @Test("a cell that would start a block keeps its marker as text, with markup after it or not (ordered list numbers too)")
  func pipeTableBlockMarkers() throws {
    let document = try markdown("| h | i |\n|---|---|\n| # *x* | # x |\n| > *q* | - *i* |\n| 1. *x* | 2) *y* |\n")
    let table = try #require(leadingTable(document))
    #expect(table.rows.map(\.cells) == [
      [[.text("# "), .emphasis([.text("x")])], [.text("# x")]],
      [[.text("> "), .emphasis([.text("q")])], [.text("- "), .emphasis([.text("i")])]],
      [[.text("1. "), .emphasis([.text("x")])], [.text("2) "), .emphasis([.text("y")])]],
    ])
  }

  @Test(
    "a table cell reads as the same inlines as a paragraph of its text, with and without smart punctuation",
    arguments: [false, true])
  func cellsReadLikeParagraphs(smart: Bool) throws {
    // Plain cells skip libcmark; every character that means something inline must not.
    let texts = [
      "3.51", "High (m)", "a -- b", "\"quoted\" 'single'", "wait...", "x & y", "&amp; &#65;", "a\\*b",
      "*em* and **strong**", "`code`", "[link](http://e.org)", "![alt](i.png)", "<http://e.org>", "<b>raw</b>",
      "snake_case_name", "a\ttab", "naïve café", "100%", "a ~ b ^ c $ d # e + f = g",
    ]
    for text in texts {
      let table = try markdown("| h |\n|---|\n| \(text.replacing("|", with: "\\|")) |\n", smart: smart)
      guard let parsed = leadingTable(table) else {
        Issue.record("no table for \(text)")
        continue
      }
      let paragraph = try markdown(text, smart: smart)
      guard case .paragraph(let expected) = paragraph.blocks.first?.content else {
        Issue.record("not a paragraph: \(text)")
        continue
      }
      #expect(parsed.rows.first?.cells.first == expected, "cell \(text)")
    }
  }

  @Test("a table inside a block quote is recognised")
  func tableInQuote() throws {
    let document = try markdown("> | a | b |\n> |---|---|\n> | 1 | 2 |\n")
    guard case .blockQuote(let children) = document.blocks[0].content,
      case .table(let table) = children.first?.content
    else {
      Issue.record("expected a table in a quote, got \(document.blocks)")
      return
    }
    #expect(table.rows == [TableBlock.Row([[.text("1")], [.text("2")]], source: SourceRange(line: 3))])
  }

  @Test("a paragraph with bars but no delimiter row stays a paragraph")
  func notATable() throws {
    let document = try markdown("a | b\nc | d\n")
    #expect(withoutSources(document.blocks) == [.paragraph([.text("a | b"), .softBreak, .text("c | d")])])
  }

  @Test("smart punctuation is optional")
  func smart() throws {
    #expect(withoutSources(try markdown("\"a\" -- b...", smart: true).blocks) == [.paragraph("“a” – b…")])
    #expect(withoutSources(try markdown("\"a\" -- b...").blocks) == [.paragraph("\"a\" -- b...")])
  }

  @Test("entities are decoded and control characters made visible")
  func entitiesAndControls() throws {
    let document = try markdown("&amp; &copy; \u{1B}[31mred\n")
    #expect(withoutSources(document.blocks) == [.paragraph([.text("& © ^[ [31mred")])])
  }

  @Test("quotes nested beyond the limit are flattened, keeping the text")
  func deepNesting() throws {
    let depth = 10_000
    let document = try markdown(String(repeating: ">", count: depth) + " deep\n")
    var level = 0
    var blocks = document.blocks
    while case .blockQuote(let children) = blocks.first?.content {
      level += 1
      blocks = children
    }
    #expect(level == MarkdownAdapter.maximumNesting)
    #expect(blocks == [.paragraph("deep", source: SourceRange(line: 1))])
    let lists = try markdown(String(repeating: "- ", count: 10_000) + "item\n")
    #expect(lists.blocks.count == 1)
    let inlines = try markdown(String(repeating: "*a ", count: 5_000) + "x" + String(repeating: " a*", count: 5_000))
    #expect(withoutSources(inlines.blocks).count == 1)
  }

  @Test("empty input gives an empty document")
  func empty() throws {
    #expect(try markdown("").blocks.isEmpty)
  }
}

/// libcmark's memory comes from an arena per thread (see `CmarkArena`): blocks far larger
/// than its chunks, buffers that grow in place and by copying, freed blocks taken again, and
/// parses on several threads at once must all read as one parse alone does.
@Suite("Markdown adapter memory")
struct MarkdownArenaTests {
  /// A code block and a paragraph larger than the arena's chunks, a table whose cells are
  /// parsed inside the document's parse, and many small blocks around them.
  static let text: String = {
    var text = "# Title\n\n"
    for index in 0..<300 { text += "Paragraph \(index) with *emphasis*, `code` and [a link](https://e.org/\(index)).\n\n" }
    text += "```\n" + (0..<40_000).map { "code line \($0)" }.joined(separator: "\n") + "\n```\n\n"
    text += (0..<30_000).map { "word\($0)" }.joined(separator: " ") + "\n\n"
    text += "| a | *b* |\n|---|---|\n| `x` | [y](z) |\n\n- item\n- > quoted **item**\n"
    return text
  }()

  @Test("large and small blocks, and parses on four threads at once, read as one parse alone")
  func largeBlocksAndThreads() async throws {
    let alone = try markdown(Self.text)
    // The title, 300 paragraphs, the code (in four parts of 10,000 lines), the words (in five
    // paragraphs of at most 64 KiB), table, list.
    #expect(alone.blocks.count == 312)
    let code = alone.blocks[301...304].compactMap { block -> String? in
      if case .codeBlock(_, let text) = block.content { return text }
      return nil
    }
    let lines: [String] = (0..<40_000).map { "code line \($0)" }
    #expect(code.count == 4)
    #expect(code.joined(separator: "\n") == lines.joined(separator: "\n"))
    let words = alone.blocks[305...309].map(\.plainText)
    #expect(words.allSatisfy { $0.utf8.count <= Block.longParagraphLimit })
    #expect(words.joined(separator: " ") == (0..<30_000).map { "word\($0)" }.joined(separator: " "))
    let documents = try await withThrowingTaskGroup(of: Document.self) { group in
      for _ in 0..<4 { group.addTask { try markdown(Self.text) } }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    for document in documents { #expect(document == alone) }
  }
}

@Suite("Markdown: the image-opener budget")
struct ImageOpenerBudgetTests {
  func overBudget(_ text: String) -> [ImageOpenerBudget.Degraded] {
    Array(text.utf8).withUnsafeBufferPointer { ImageOpenerBudget.paragraphsOverBudget(in: $0) }
  }

  @Test("only a paragraph whose open images would be walked past the budget is marked, with its line")
  func marks() {
    let pathological = String(repeating: "![[]()", count: 12_000)
    let legitimate = String(repeating: "![x](y) [a](b) ", count: 12_000)
    let found = overBudget("Title\n\n\(legitimate)\n\n\(pathological)\n \n\(legitimate)\n")
    #expect(found.count == 1)
    #expect(found.first?.line == 5)
    #expect(found.first?.imageOpeners == 12_000)
    #expect(overBudget(legitimate).isEmpty)
    #expect(overBudget(String(repeating: "![[]()", count: 9_000)).isEmpty)  // under the budget
    // Escaped openers open nothing.
    #expect(overBudget(String(repeating: "\\![[]()", count: 12_000)).isEmpty)
  }

  @Test("escaping adds a backslash before each image opener of the marked paragraph only: lines keep their numbers")
  func escapes() {
    let text = "![a](b)\n\n" + String(repeating: "![[]()", count: 12_000) + "\n\n![c](d)\n"
    let bytes = Array(text.utf8)
    let escaped = bytes.withUnsafeBufferPointer { buffer in
      ImageOpenerBudget.escaping(ImageOpenerBudget.paragraphsOverBudget(in: buffer), in: buffer)
    }
    let expected = "![a](b)\n\n" + String(repeating: "\\![[]()", count: 12_000) + "\n\n![c](d)\n"
    #expect(escaped == Array(expected.utf8))
  }
}

@Suite("Markdown: long code blocks")
struct LongCodeBlockTests {
  @Test("a code block longer than 10,000 lines is read in parts of 10,000: every line kept, sources in order")
  func parts() throws {
    let lines = (1...25_000).map { "line \($0)" }
    let markdown = "Intro.\n\n```swift\n" + lines.joined(separator: "\n") + "\n```\n"
    let blocks = try MarkdownAdapter().document(from: AdapterInput(bytes: Array(markdown.utf8), name: "long.md")).blocks
    #expect(blocks.count == 4)
    var kept: [Substring] = []
    var sources: [SourceRange?] = []
    for block in blocks.dropFirst() {
      guard case .codeBlock(let info, let text) = block.content else {
        Issue.record("expected a code block, got \(block.content)")
        continue
      }
      #expect(info == "swift")
      kept += text.split(separator: "\n", omittingEmptySubsequences: false)
      sources.append(block.source)
    }
    #expect(kept.count == lines.count)
    #expect(kept.elementsEqual(lines) { $0 == $1 })
    #expect(
      sources == [
        SourceRange(firstLine: 4, lastLine: 10_003), SourceRange(firstLine: 10_004, lastLine: 20_003),
        SourceRange(firstLine: 20_004, lastLine: 25_003),
      ])
  }

  @Test("a note whose table cites the note again is read to a bounded depth, not recursed into until the stack is gone (found by fuzz-layout)")
  func noteTableCitingItself() throws {
    let markdown = "A[^post]\n\n[^post]: Text | A |\n| --- | --- |\n| *x*[^post] | y |\n"
    let document = try MarkdownAdapter().document(from: AdapterInput(text: markdown, name: "loop.md"))
    guard case .paragraph(let inlines) = document.blocks.first?.content, case .note(let note)? = inlines.last else {
      Issue.record("expected a paragraph citing a note: \(document.blocks)")
      return
    }
    #expect(note.contains { if case .table = $0.content { true } else { false } }, "\(note)")
  }

}
