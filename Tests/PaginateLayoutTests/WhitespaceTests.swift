import PaginateAdapters
import PaginateLayout
import PaginateModel
import PaginateTestSupport
import Testing

/// Tabs and line ends in running text read as spaces; other controls are visible but apart
/// from the words.
@Suite("Whitespace in running text")
struct WhitespaceTests {
  // Words that break only at spaces (CJK would break between characters, as it should).
  static let words = ["harbour", "tide", "gull", "Straße", "naïve", "pier", "flood", "x"]

  /// A random Markdown paragraph: words joined by spaces, tabs and line ends, code spans with
  /// tabs, links, and now and then an escape character.
  static func paragraph(_ random: inout SplitMix) -> (markdown: String, words: [String]) {
    var markdown = ""
    var words: [String] = []
    for index in 0..<random.pick(3...40) {
      let word = Self.words[random.pick(0...(Self.words.count - 1))] + String(index)
      words.append(word)
      switch random.pick(0...9) {
      case 0: markdown += "`\(word)\tcode`"; words.append("code")
      case 2: markdown += "[\(word)](https://example.org/\(index))"
      case 3: markdown += "\u{1B}\(word)"
      default: markdown += word
      }
      markdown += [" ", "\t", "\n", " \t ", "\r\n"][random.pick(0...4)]
    }
    return (markdown, words)
  }

  @Test("no ^I or ^J for tabs and line ends, and every word on the pages in order")
  func tabsAndNewlinesAreSpaces() async {
    await forAll(count: 100, columns: 12...70, lines: 6...30) { seed, columns, lines in
      var random = SplitMix(seed: seed)
      let (markdown, words) = Self.paragraph(&random)
      var options = LayoutOptions(pageSize: PageSize(columns: columns, lines: lines))
      options.links = .none
      let text = pages(Document(markdown: markdown), options).flatMap(\.textLines).joined(separator: " ")
      #expect(!text.contains("^I") && !text.contains("^J") && !text.contains("^M"), "seed \(seed): \(text)")
      // Every word, whole (not glued to an escape), in order.
      let shown = text.split(whereSeparator: { $0 == " " }).map(String.init)
      var position = shown.startIndex
      for word in words {
        guard let found = shown[position...].firstIndex(of: word) else {
          Issue.record("seed \(seed): '\(word)' missing or glued, in \(text)")
          return
        }
        position = found + 1
      }
    }
  }

  @Test("escapeInline: tabs and line ends are spaces, other controls visible and apart")
  func escapeInline() {
    #expect(VisibleControls.escapeInline("Name:\tvalue") == "Name: value")
    #expect(VisibleControls.escapeInline("one\ntwo\r\nthree\rfour") == "one two three four")
    #expect(VisibleControls.escapeInline("a\u{1B}b") == "a ^[ b")
    #expect(VisibleControls.escapeInline("a \u{1B} b") == "a ^[ b")
    #expect(VisibleControls.escapeInline("\u{202E}evil") == "\\u{202E} evil")
    #expect(VisibleControls.escapeInline("plain") == "plain")
  }
}
