import PaginateAdapters
import PaginateModel
import Synchronization
import Testing

private func read(_ text: String, _ adapter: LinesAdapter = LinesAdapter(), name: String = "x.log") throws -> [Block.Content] {
  try adapter.document(from: AdapterInput(text: text, name: name)).blocks.map(\.content)
}

/// The text of each run of a block of lines, with its style.
private func styled(_ content: Block.Content) -> [(String, RunStyle)] {
  guard case .lines(let text, let styles) = content else { return [] }
  let bytes = Array(text.utf8)
  return styles.map { (String(decoding: bytes[$0.range], as: UTF8.self), $0.style) }
}

@Suite("Text kept line by line: the input's own styles (colours, overstrike, syntax)")
struct LineStylesTests {
  @Test("--ansi: SGR sequences become styles and leave the text; the style carries to the next line")
  func terminalColours() throws {
    let text = "\u{1B}[1;31mred\u{1B}[0m plain \u{1B}[38;5;208mamber\n still amber\u{1B}[m \u{1B}[4;44mu\u{1B}[24mv\u{1B}[49m"
    let got = try read(text, LinesAdapter(readsColours: true))
    guard case .lines(let plain, _) = got.first else { Issue.record("\(got)"); return }
    #expect(plain == "red plain amber\n still amber uv")
    let runs = styled(got[0])
    #expect(runs.map(\.0) == ["red", "amber", " still amber", "u", "v"])
    #expect(runs.map(\.1) == [
      RunStyle(emphasis: .bold, foreground: 1), RunStyle(foreground: 208), RunStyle(foreground: 208),
      RunStyle(emphasis: .underline, background: 4), RunStyle(background: 4),
    ])
  }

  @Test("--ansi: true colour to the nearest palette colour, bright colours, 38:5 with colons")
  func extendedColours() throws {
    let got = try read("\u{1B}[38;2;255;0;0mA\u{1B}[92mB\u{1B}[38:5:33mC\u{1B}[0;7mD", LinesAdapter(readsColours: true))
    #expect(styled(got[0]).map(\.1) == [
      RunStyle(foreground: 196), RunStyle(foreground: 10), RunStyle(foreground: 33), RunStyle(emphasis: .inverse),
    ])
  }

  @Test("--ansi: any other escape stays visible, and the styles move with the text it lengthens")
  func otherEscapesVisible() throws {
    let got = try read("\u{1B}[31ma\u{1B}[2Jb\u{1B}]8;;x\u{7}c", LinesAdapter(readsColours: true))
    guard case .lines(let text, _) = got.first else { Issue.record("\(got)"); return }
    #expect(text == "a^[[2Jb^[]8;;x^Gc")
    #expect(styled(got[0]).map(\.0) == ["a^[[2Jb^[]8;;x^Gc"])
    // grep --color's erase in line after each colour clears nothing on a page: it goes.
    let grep = try read("\u{1B}[32m\u{1B}[K18\u{1B}[m\u{1B}[K:x", LinesAdapter(readsColours: true))
    #expect(grep == [.lines("18:x", styles: [TextRun(range: 0..<2, style: RunStyle(foreground: 2))])])
    // Without --ansi nothing is read as a style: every escape shows.
    #expect(try read("\u{1B}[31mred", LinesAdapter()) == [.lines("^[[31mred")])
  }

  @Test("highlighting by language: keywords, types, strings, comments, numbers, and a comment over lines")
  func highlightingByLanguage() throws {
    if let reason = SyntaxHighlighting.unavailableReason { Issue.record("\(reason)"); return }
    let source = "#include <stdio.h>\n/* one\n   two */\nint main(void) { return 42; } // end"
    let got = try read(source, LinesAdapter(highlighting: .language("c")), name: "-")
    let runs = styled(got[0])
    func classes(of text: String) -> [SyntaxClass?] { runs.filter { $0.0 == text }.map(\.1.syntax) }
    #expect(classes(of: "#include") == [.preprocessor])
    #expect(classes(of: "int") == [.type])
    #expect(classes(of: "return") == [.keyword])
    #expect(classes(of: "42") == [.number])
    #expect(classes(of: "// end") == [.comment])
    // The comment's second line is a comment too: the state carries from line to line.
    #expect(classes(of: "   two */") == [.comment])
  }

  @Test("highlighting by the file's name, by a #! line, and none for text of no known language")
  func highlightingChosen() throws {
    if let reason = SyntaxHighlighting.unavailableReason { Issue.record("\(reason)"); return }
    let automatic = LinesAdapter(highlighting: .automatic)
    let python = try read("def f():\n    return 'x'", automatic, name: "tool.py")
    #expect(styled(python[0]).contains { $0.0 == "def" && $0.1.syntax == .keyword })
    let script = try read("#!/usr/bin/env python3\ndef f(): pass", automatic, name: "tool")
    #expect(styled(script[0]).contains { $0.0 == "def" && $0.1.syntax == .keyword })
    let log = try read("2025-06-24 start import def", automatic, name: "notes")
    #expect(styled(log[0]).isEmpty)
    // Off: nothing.
    #expect(styled(try read("def f(): pass", LinesAdapter(highlighting: .off), name: "tool.py")[0]).isEmpty)
  }

  @Test("the languages the highlighter knows")
  func languages() {
    if let reason = SyntaxHighlighting.unavailableReason { Issue.record("\(reason)"); return }
    #expect(SyntaxHighlighting.knows(language: "python"))
    #expect(SyntaxHighlighting.knows(language: "c"))
    #expect(!SyntaxHighlighting.knows(language: "no-such-language"))
    #expect(SyntaxHighlighting.languages.contains("java"))
  }

  @Test("a reader resumed at a mark inside a comment highlights as the first reader did")
  func resumedHighlighting() throws {
    if let reason = SyntaxHighlighting.unavailableReason { Issue.record("\(reason)"); return }
    // Three hundred lines: more than one block, the comment open across the cut.
    let lines = ["/* open"] + (1...298).map { "   comment line \($0)" } + ["*/ int x;"]
    let bytes = Array(lines.joined(separator: "\n").utf8)
    let adapter = LinesAdapter(highlighting: .language("c"))
    func reader(from offset: Int) -> @Sendable (UnsafeMutableRawBufferPointer) -> Int {
      let position = Mutex(offset)
      return { buffer in
        position.withLock { at in
          let count = min(buffer.count, bytes.count - at)
          buffer.copyBytes(from: bytes[at..<(at + count)])
          at += count
          return count
        }
      }
    }
    var first = adapter.blockStream(reading: reader(from: 0), name: "x.c", diagnostics: ReadDiagnostics())
    var blocks: [Block] = []
    var marks: [BlockStreamMark] = []
    while true {
      if let mark = first.mark { marks.append(mark) }
      guard let block = first.nextBlock() else { break }
      blocks.append(block)
    }
    #expect(blocks.count > 1)
    // The mark taken before the last block.
    let last = marks[blocks.count - 1]
    var resumed = try #require(
      adapter.blockStream(resuming: last, reading: reader(from: last.inputOffset ?? 0), name: "x.c", inputSize: bytes.count))
    #expect(resumed.nextBlock()?.content == blocks.last?.content)
  }
}
