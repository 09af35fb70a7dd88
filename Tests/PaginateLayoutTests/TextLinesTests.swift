import Foundation
import PaginateLayout
import PaginateModel
import PaginateTestSupport
import Testing

/// A file of random lines: short and long, indented, blank, with tabs, split into blocks of
/// lines as a reader of a long file splits it.
private func randomLines(seed: Int) -> (lines: [String], document: Document) {
  var random = SplitMix(seed: seed)
  let words = ["a", "log", "x=1;", "2025-06-24", "{", "}", "www-data", "/usr/bin/env", "→", "日本語", "é", "--flag"]
  var lines: [String] = []
  for _ in 0..<random.pick(1...120) {
    switch random.pick(0...9) {
    case 0: lines.append("")
    case 1:
      let (first, second) = (random.pick(0...words.count - 1), random.pick(0...words.count - 1))
      lines.append("\t" + words[first] + "\t" + words[second])
    default:
      let indent = String(repeating: " ", count: random.pick(0...3) * 2)
      let longest = random.pick(0...4) == 0 ? 60 : 8
      let count = random.pick(1...longest)
      lines.append(indent + (0..<count).map { _ in words[random.pick(0...words.count - 1)] }.joined(separator: " "))
    }
  }
  var blocks: [Block] = []
  var start = 0
  while start < lines.count {
    let end = min(start + random.pick(1...40), lines.count)
    blocks.append(
      Block(.lines(lines[start..<end].joined(separator: "\n")), source: SourceRange(firstLine: start + 1, lastLine: end)))
    start = end
  }
  return (lines, Document(blocks: blocks))
}

/// `line` without the white space at its end, as the layout prints it.
private func trimmed(_ line: String) -> String {
  var result = line
  while result.last?.isWhitespace == true { result.removeLast() }
  return result
}

@Suite("Text kept line by line")
struct TextLinesTests {
  /// The input lines as the pages print them, numbered (``LayoutOptions/numbersLines``), so
  /// that a line's pieces are told from the blank lines that fill a page: each line's text with
  /// its pieces joined, and the indices of the pages its pieces are on.
  private func printedLines(_ pages: [Page], seed: Int) -> [(number: Int, text: String, pages: Set<Int>, pieces: Int)] {
    var printed: [(number: Int, text: String, pages: Set<Int>, pieces: Int)] = []
    for (pageIndex, page) in pages.enumerated() {
      for line in page.textLines where !line.isEmpty {
        let gutter = line.prefix(6)
        let rest = String(line.dropFirst(6))
        if let number = Int(gutter.trimmingCharacters(in: .whitespaces)) {
          printed.append((number, rest, [pageIndex], 1))
        } else if gutter.allSatisfy({ $0 == " " }), !printed.isEmpty,
          case let piece = rest.drop(while: { $0 == " " }), piece.hasPrefix("↪ ")
        {
          printed[printed.count - 1].text += piece.dropFirst(2)
          printed[printed.count - 1].pages.insert(pageIndex)
          printed[printed.count - 1].pieces += 1
        } else {
          Issue.record("seed \(seed): a line neither numbered nor a continuation: '\(line)'")
        }
      }
    }
    return printed
  }

  @Test("every input line starts a line of its own, in order and numbered; its pieces joined give it whole")
  func everyLineKept() async {
    await forAll(count: 120, columns: 24...90, lines: 6...40) { seed, columns, height in
      let (input, document) = randomLines(seed: seed)
      let all = pages(document, options(columns, height) { $0.numbersLines = true })
      for page in all {
        for line in page.textLines {
          #expect(DisplayWidth.of(line) <= columns, "seed \(seed) \(columns)x\(height): '\(line)' too wide")
        }
      }
      let printed = printedLines(all, seed: seed)
      #expect(printed.map(\.number) == Array(1...input.count), "seed \(seed) \(columns)x\(height)")
      let strip: (String) -> String = { $0.filter { !$0.isWhitespace } }
      #expect(printed.map { strip($0.text) } == input.map(strip), "seed \(seed) \(columns)x\(height)")
    }
  }

  @Test("a wrapped line's pieces stay on one page when they fit on one")
  func piecesTogether() async {
    await forAll(count: 120, columns: 24...60, lines: 6...30) { seed, columns, height in
      let (_, document) = randomLines(seed: seed)
      let all = pages(document, options(columns, height) { $0.numbersLines = true })
      for line in printedLines(all, seed: seed) where line.pages.count > 1 {
        // Split across pages: only a line of more pieces than a page holds.
        #expect(line.pieces > height, "seed \(seed) \(columns)x\(height): line \(line.number) of \(line.pieces) pieces split")
      }
    }
  }

  @Test("blocks of lines follow one another with no blank line; a page fills to its last line")
  func noSpacingBetweenBlocks() {
    let document = Document(blocks: [
      Block(.lines("one\ntwo"), source: SourceRange(firstLine: 1, lastLine: 2)),
      Block(.lines("three"), source: SourceRange(line: 3)),
      .paragraph("A paragraph."),
      Block(.lines("four"), source: SourceRange(line: 4)),
    ])
    let lines = pages(document, options(30, 10)).flatMap(\.textLines)
    #expect(Array(lines.prefix(6)) == ["one", "two", "three", "", "A paragraph.", ""])
    #expect(lines[6] == "four")
    // 25 lines on pages of 10 lines: no widow rule moves a line to the next page.
    let long = Document(blocks: [Block(.lines((1...25).map { "line \($0)" }.joined(separator: "\n")))])
    let filled = pages(long, options(30, 10))
    #expect(filled.count == 3)
    #expect(filled[0].textLines.last == "line 10")
    #expect(filled[1].textLines.first == "line 11")
  }

  @Test("a file's blank lines are kept at the top of a page too, as pr keeps them")
  func blankLinesAtPageTop() {
    let document = Document(blocks: [Block(.lines("one\ntwo\nthree\n\n\nfour"), source: SourceRange(firstLine: 1, lastLine: 6))])
    let all = pages(document, options(20, 3))
    #expect(all.map(\.textLines) == [["one", "two", "three"], ["", "", "four"]])
    // A code block's blank lines at a page's top are left out, as before.
    let code = Document(blocks: [Block(.codeBlock(info: "", text: "one\ntwo\nthree\n\n\nfour"))])
    #expect(pages(code, options(20, 3) { $0.marks = .styles }).last?.textLines.first == "four")
  }

  @Test("past line 99,999 the gutter grows by a figure; no line is wider than the page")
  func wideNumbers() {
    let document = Document(blocks: [
      Block(.lines("a\nb\nc\n" + String(repeating: "x", count: 40)), source: SourceRange(firstLine: 99_998, lastLine: 100_001))
    ])
    let lines = pages(document, options(30, 8) { $0.numbersLines = true }).flatMap(\.textLines).filter { !$0.isEmpty }
    #expect(Array(lines.prefix(4)) == ["99998 a", "99999 b", "100000 c", "100001 xxxxxxxxxxxxxxxxxxxxxxx"])
    #expect(lines.allSatisfy { $0.count <= 30 })
  }

  @Test("line numbers: a gutter of the input's line numbers, continuations unnumbered")
  func lineNumbers() {
    let document = Document(blocks: [
      Block(.lines("first\n\n" + String(repeating: "x", count: 30)), source: SourceRange(firstLine: 9, lastLine: 11))
    ])
    let lines = pages(document, options(26, 8) { $0.numbersLines = true }).flatMap(\.textLines)
    #expect(Array(lines.prefix(5)) == ["    9 first", "   10", "   11 xxxxxxxxxxxxxxxxxxxx", "      ↪ xxxxxxxxxx", ""])
    // The numbers are furniture, not text: a search or a copy of the text skips them.
    let page = pages(document, options(26, 8) { $0.numbersLines = true })[0]
    #expect(page.lines[0].spans.first?.style == .furniture)
    // Off, the same lines without the gutter.
    let plain = pages(document, options(26, 8)).flatMap(\.textLines)
    #expect(Array(plain.prefix(3)) == ["first", "", "xxxxxxxxxxxxxxxxxxxxxxxxxx"])
  }

  @Test("the input's styles stay on their characters wherever the lines wrap, tabs expand or numbers stand")
  func stylesFollowCharacters() async {
    await forAll(count: 120, columns: 24...70, lines: 6...30) { seed, columns, height in
      let (input, _) = randomLines(seed: seed)
      var random = SplitMix(seed: seed &+ 1)
      // Some words of each line bold: the expected bold text of each line, blanks left out.
      var expected: [String] = []
      var styles: [TextRun] = []
      var offset = 0
      for line in input {
        var bold = ""
        var start = 0
        let bytes = Array(line.utf8)
        while start < bytes.count {
          var end = start
          while end < bytes.count && bytes[end] != 0x20 && bytes[end] != 0x09 { end += 1 }
          if end > start && random.pick(0...2) == 0 {
            styles.append(TextRun(range: (offset + start)..<(offset + end), style: RunStyle(emphasis: .bold)))
            bold += String(decoding: bytes[start..<end], as: UTF8.self)
          }
          start = end + 1
        }
        expected.append(bold)
        offset += bytes.count + 1
      }
      let document = Document(blocks: [
        Block(.lines(input.joined(separator: "\n"), styles: styles), source: SourceRange(firstLine: 1, lastLine: max(input.count, 1)))
      ])
      let numbered = random.pick(0...1) == 1
      var found: [String] = []
      for page in pages(document, options(columns, height) { $0.numbersLines = numbered }) {
        for line in page.lines {
          let text = Array(line.text.utf8)
          guard !text.isEmpty else {
            if !numbered { found.append("") }
            continue
          }
          let bold = line.spans.filter { $0.style.contains(.bold) }.map { String(decoding: text[$0.range], as: UTF8.self) }
            .joined().filter { !$0.isWhitespace }
          let isContinuation = line.spans.contains {
            $0.style == .furniture && String(decoding: text[$0.range], as: UTF8.self).hasPrefix("↪")
          }
          if isContinuation, !found.isEmpty {
            found[found.count - 1] += bold
          } else {
            found.append(bold)
          }
        }
      }
      // Blank input lines and the blank lines that fill a page are alike unnumbered: compare
      // the bold text of the lines that have some.
      #expect(found.filter { !$0.isEmpty } == expected.filter { !$0.isEmpty }, "seed \(seed) \(columns)x\(height)")
    }
  }

  @Test("a style across a wrap is on both pieces; a tab before it moves it with the text")
  func styleAcrossWrapAndTab() {
    let bold = RunStyle(emphasis: .bold)
    let document = Document(blocks: [
      Block(.lines("ab\tcd\n0123456789abcdefghij", styles: [
        TextRun(range: 3..<5, style: bold), TextRun(range: (6 + 8)..<(6 + 12), style: bold),
      ]), source: SourceRange(firstLine: 1, lastLine: 2))
    ])
    let page = pages(document, options(16, 6) { $0.numbersLines = true })[0]
    #expect(Array(page.textLines.prefix(3)) == ["    1 ab      cd", "    2 0123456789", "      ↪ abcdefgh"])
    func boldText(_ line: Line) -> [String] {
      let text = Array(line.text.utf8)
      return line.spans.filter { $0.style.contains(.bold) }.map { String(decoding: text[$0.range], as: UTF8.self) }
    }
    #expect(boldText(page.lines[0]) == ["cd"])
    #expect(boldText(page.lines[1]) == ["89"])
    #expect(boldText(page.lines[2]) == ["ab"])
  }

  @Test("--chop: a wide line is cut at the page's edge with a ›, or kept whole for a pager; never wrapped")
  func chopped() {
    let wide = "0123456789abcdefghijklmnopqrstuvwxyz"
    let document = Document(blocks: [Block(.lines("short\n" + wide + "\n漢字漢字漢字漢字漢字漢字"), source: SourceRange(firstLine: 1, lastLine: 3))])
    let cut = pages(document, options(20, 6) { $0.longLines = .cut })[0]
    #expect(Array(cut.textLines.prefix(3)) == ["short", "0123456789abcdefghi›", "漢字漢字漢字漢字漢 ›"])
    #expect(cut.lines[1].spans.last?.style == .furniture)
    let numbered = pages(document, options(20, 6) { $0.longLines = .cut; $0.numbersLines = true })[0]
    #expect(numbered.textLines[1] == "    2 0123456789abc›")
    let whole = pages(document, options(20, 6) { $0.longLines = .whole })[0]
    #expect(Array(whole.textLines.prefix(3)) == ["short", wide, "漢字漢字漢字漢字漢字漢字"])
  }
}
