import PaginateModel
import Testing

@Suite("Long paragraphs split for the layout")
struct LongParagraphTests {
  /// The words of blocks' text, in order.
  func words(_ blocks: [Block]) -> [Substring] {
    blocks.flatMap { $0.plainText.split(separator: " ") }
  }

  @Test("a paragraph of words splits at spaces into parts of at most the limit, every word kept in order")
  func words() {
    let text = (0..<5_000).map { "wörd\($0)" }.joined(separator: " ")
    let paragraph = Block.paragraph([.text(text)], source: SourceRange(line: 3))
    let parts = paragraph.splittingLongParagraph(limit: 1_000)
    #expect(parts.count > 40)
    #expect(parts.allSatisfy { $0.plainText.utf8.count <= 1_000 && $0.source == SourceRange(line: 3) })
    #expect(words(parts).elementsEqual(text.split(separator: " ")))
  }

  @Test("styled runs are not split inside; short paragraphs and other blocks are left as they are")
  func styled() {
    let inlines: [Inline] = (0..<300).flatMap { index -> [Inline] in
      [.text("plain \(index) "), .emphasis([.text("emphasised words \(index)")]), .softBreak]
    }
    let parts = Block.paragraph(inlines).splittingLongParagraph(limit: 500)
    #expect(parts.count > 10)
    let rejoined = parts.flatMap { part -> [Inline] in
      if case .paragraph(let inlines) = part.content { return inlines }
      return []
    }
    #expect(rejoined.filter { if case .emphasis = $0 { true } else { false } }.count == 300)
    #expect(words(parts) == words([Block.paragraph(inlines)]))
    #expect(Block.paragraph("short").splittingLongParagraph(limit: 500) == [Block.paragraph("short")])
    let code = Block(.codeBlock(info: "", text: String(repeating: "x", count: 5_000)))
    #expect(code.splittingLongParagraph(limit: 500) == [code])
  }

  @Test("text without a space splits at character boundaries; one character past the limit is a part of its own")
  func noSpaces() {
    let text = String(repeating: "é👍🏽", count: 2_000)
    let parts = Block.paragraph([.text(text)]).splittingLongParagraph(limit: 1_000)
    #expect(parts.map(\.plainText).joined() == text)
    #expect(parts.allSatisfy { $0.plainText.utf8.count <= 1_000 })
    let huge = "e" + String(repeating: "\u{301}", count: 1_000)  // one character of 2,001 bytes
    let split = Block.paragraph([.text("a " + huge + " b")]).splittingLongParagraph(limit: 100)
    #expect(split.map(\.plainText).joined(separator: " ") == "a " + huge + " b")
  }

  @Test("a document splits only its long top-level paragraphs")
  func document() {
    let long = Block.paragraph([.text(String(repeating: "word ", count: 30_000))])
    let document = Document(blocks: [.heading(level: 1, [.text("Title")]), long, .paragraph("after")])
    let split = document.splittingLongParagraphs()
    #expect(split.blocks.count == 2 + long.splittingLongParagraph().count)
    #expect(split.blocks.first == document.blocks.first && split.blocks.last == document.blocks.last)
    #expect(Document(blocks: [.paragraph("x")]).splittingLongParagraphs() == Document(blocks: [.paragraph("x")]))
  }
}
