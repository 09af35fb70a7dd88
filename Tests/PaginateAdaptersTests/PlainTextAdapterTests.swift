import PaginateAdapters
import PaginateModel
import Testing

func plainText(_ bytes: [UInt8]) throws -> Document {
  try PlainTextAdapter().document(from: AdapterInput(bytes: bytes, name: "test.txt"))
}

func plainText(_ text: String) throws -> Document { try plainText(Array(text.utf8)) }

@Suite("Plain-text adapter")
struct PlainTextAdapterTests {
  @Test("paragraphs split at blank lines and are joined for reflow")
  func paragraphs() throws {
    let document = try plainText("One line\n  and another.\n\n \t\nSecond.\n")
    #expect(document.blocks == [
      .paragraph("One line and another.", source: SourceRange(firstLine: 1, lastLine: 2)),
      .paragraph("Second.", source: SourceRange(line: 5)),
    ])
  }

  @Test("lines indented by a tab or four spaces are kept verbatim, blank lines inside included")
  func verbatim() throws {
    let document = try plainText("Text:\n    x = 1\n\n\ty\tz\nAfter.\n")
    #expect(document.blocks == [
      .paragraph("Text:", source: SourceRange(line: 1)),
      Block(.codeBlock(info: "", text: "    x = 1\n\n\ty\tz"), source: SourceRange(firstLine: 2, lastLine: 4)),
      .paragraph("After.", source: SourceRange(line: 5)),
    ])
  }

  @Test("a form feed is a page break, on its own line or inside one")
  func formFeeds() throws {
    let document = try plainText("a\n\u{0C}\nb\u{0C}c\n")
    #expect(document.blocks.map(\.content) == [
      .paragraph([.text("a")]), .pageBreak, .paragraph([.text("b")]), .pageBreak, .paragraph([.text("c")]),
    ])
    #expect(document.blocks[2].source == SourceRange(line: 3))
    #expect(document.blocks[4].source == SourceRange(line: 3))
  }

  @Test("CRLF and lone CR end lines like LF")
  func lineEndings() throws {
    let crlf = try plainText("a\r\nb\r\n\r\nc")
    let cr = try plainText("a\rb\r\rc")
    let lf = try plainText("a\nb\n\nc")
    #expect(crlf == lf)
    #expect(cr == lf)
    #expect(lf.blocks.last?.source == SourceRange(line: 4))
  }

  @Test("invalid UTF-8 becomes U+FFFD and is counted once per sequence")
  func invalidUTF8() throws {
    let bytes: [UInt8] = Array("ok ".utf8) + [0xC0, 0xAF] + Array(" x ".utf8) + [0xED, 0xA0, 0x80] + [0xE2, 0x82]
    let document = try plainText(bytes)
    guard case .paragraph(let inlines) = document.blocks.first?.content else {
      Issue.record("expected a paragraph")
      return
    }
    let text = inlines.plainText
    #expect(text.hasPrefix("ok \u{FFFD}"))
    #expect(!text.contains("\u{C0}"))
    #expect(AdapterInput(bytes: bytes, name: "x").invalidUTF8Count == text.filter { $0 == "\u{FFFD}" }.count)
    #expect(AdapterInput(text: "clean ä", name: "x").invalidUTF8Count == 0)
  }

  @Test("control characters never reach the model as raw bytes")
  func controls() throws {
    let document = try plainText("a\u{1B}]0;title\u{07}b\u{9B}c\u{7F}\n    \u{1B}[2J\tkeep\n")
    #expect(document.blocks.map(\.content) == [
      .paragraph([.text("a^[]0;title^Gb\\u{9B}c^?")]),
      .codeBlock(info: "", text: "    ^[[2J\tkeep"),
    ])
  }

  @Test("a control far into a later line, after UTF-8, is still escaped; tabs after UTF-8 become spaces")
  func controlsFarIntoParagraph() throws {
    let first = "Première ligne, assez longue pour dépasser seize octets."
    let second = "Ещё одна строка с текстом, затем\u{202E}и ещё\tконец."
    let document = try plainText(first + "\n" + second + "\n")
    #expect(document.blocks.map(\.content) == [
      .paragraph([.text(first + " Ещё одна строка с текстом, затем\\u{202E}и ещё конец.")])
    ])
  }

  @Test("a byte-order mark is dropped; tabs inside a paragraph become spaces")
  func bomAndTabs() throws {
    #expect(try plainText([0xEF, 0xBB, 0xBF] + Array("a\tb".utf8)).blocks == [.paragraph("a b", source: SourceRange(line: 1))])
  }

  @Test("empty and blank input give no blocks")
  func empty() throws {
    #expect(try plainText("").blocks.isEmpty)
    #expect(try plainText("\n \n\t\n").blocks.isEmpty)
  }
}

@Suite("Counting invalid UTF-8")
struct InvalidUTF8CountTests {
  @Test("the count matches the replacement characters Swift's decoder produces")
  func matchesDecoder() {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next() -> UInt8 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return UInt8(truncatingIfNeeded: state >> 56)
    }
    for length in 0..<400 {
      // Mostly ASCII with bursts of arbitrary high bytes, as real damaged text looks.
      let bytes = (0..<length).map { _ -> UInt8 in
        let byte = next()
        return byte < 160 ? byte & 0x7F : byte
      }
      // (With this seed no encoded U+FFFD occurs in the bytes: every one decoded is a replacement.)
      let expected = String(decoding: bytes, as: UTF8.self).unicodeScalars.count { $0 == "\u{FFFD}" }
      #expect(AdapterInput(bytes: bytes, name: "x").invalidUTF8Count == expected, "\(bytes)")
    }
  }

  @Test("text written a paragraph per line: each long line a paragraph, a short line alone between blank lines a heading")
  func paragraphPerLine() throws {
    let long1 = String(repeating: "The tide came in over the sand and went out again. ", count: 3) + "End."
    let long2 = String(repeating: "A second paragraph, on one line of its own as well. ", count: 3) + "End."
    let document = try plainText("Harbour Notes\n\n\(long1)\n\(long2)\nNot a heading:\n\(long1)\n\nLow Water\n")
    #expect(
      document.blocks.map(\.content) == [
        .heading(level: 2, [.text("Harbour Notes")]),
        .paragraph([.text(long1)]),
        .paragraph([.text(long2)]),
        .paragraph([.text("Not a heading:")]),
        .paragraph([.text(long1)]),
        .heading(level: 2, [.text("Low Water")]),
      ])
    #expect(document.blocks.map(\.source) == [1, 3, 4, 5, 6, 8].map { SourceRange(line: $0) })
  }

  @Test("text wrapped by hand (most lines short) is read as before: lines joined into paragraphs, no headings")
  func hardWrappedUnchanged() throws {
    let document = try plainText("Title\n\nA paragraph wrapped\nby hand at a narrow width\nover three lines.\n\nEnd\n")
    #expect(
      document.blocks.map(\.content) == [
        .paragraph([.text("Title")]),
        .paragraph([.text("A paragraph wrapped by hand at a narrow width over three lines.")]),
        .paragraph([.text("End")]),
      ])
  }
}

@Suite("Plain text: bounded paragraphs, lines and verbatim blocks")
struct PlainTextBoundsTests {
  func read(_ text: String) throws -> [Block] {
    try PlainTextAdapter().document(from: AdapterInput(bytes: Array(text.utf8), name: "test.txt")).blocks
  }

  @Test("a paragraph ends after 64 KiB of text and the next goes on: every word kept, in order")
  func longParagraph() throws {
    let words = (0..<20_000).map { "wörd\($0)" }
    let blocks = try read(words.joined(separator: "\n") + "\n")
    #expect(blocks.count > 1)
    let texts = blocks.compactMap { block -> String? in
      if case .paragraph(let inlines) = block.content, case .text(let text)? = inlines.first { return text }
      return nil
    }
    #expect(texts.count == blocks.count)
    #expect(texts.allSatisfy { $0.utf8.count <= (1 << 16) + 16 })
    #expect(texts.joined(separator: " ").split(separator: " ").elementsEqual(words) { $0 == $1 })
  }

  @Test("a line longer than 1 MiB is read in pieces at character boundaries: no character split or lost")
  func longLine() throws {
    let line = String(repeating: "é", count: 700_000)  // 1.4 MB without a space
    let blocks = try read(line)
    let text = blocks.compactMap { block -> String? in
      if case .paragraph(let inlines) = block.content, case .text(let text)? = inlines.first { return text }
      return nil
    }.joined()
    #expect(text.replacing(" ", with: "") == line)
    #expect(!text.contains("\u{FFFD}"))
    #expect(blocks.allSatisfy { $0.source == SourceRange(line: 1) })
  }

  @Test("a verbatim block ends after 10,000 lines; its lines are all kept")
  func longVerbatim() throws {
    let lines = (0..<25_000).map { "    code \($0)" }
    let blocks = try read(lines.joined(separator: "\n") + "\n")
    #expect(blocks.count == 3)
    let kept = blocks.flatMap { block -> [Substring] in
      if case .codeBlock(_, let text) = block.content { return text.split(separator: "\n") }
      return []
    }
    #expect(kept.count == lines.count)
    #expect(kept.elementsEqual(lines) { $0 == $1 })
    #expect(blocks.last?.source == SourceRange(firstLine: 20_001, lastLine: 25_000))
  }
}
