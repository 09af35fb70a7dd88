import PaginateModel
import Testing

@Suite("Visible escapes for control characters")
struct VisibleControlsTests {
  @Test(
    "controls become visible escapes",
    arguments: [
      ("a\u{1B}[31mred", "a^[[31mred"),
      ("nul\u{0}", "nul^@"),
      ("del\u{7F}", "del^?"),
      ("c1\u{9B}2J", "c1\\u{9B}2J"),
      ("osc\u{1B}]52;c;aGk=\u{7}", "osc^[]52;c;aGk=^G"),
      ("bidi\u{202E}txt", "bidi\\u{202E}txt"),
      ("isolate\u{2066}x\u{2069}", "isolate\\u{2066}x\\u{2069}"),
      ("tab\there", "tab^Ihere"),
      ("plain ä 中文 😀", "plain ä 中文 😀"),
      ("\u{2028}ok", "\u{2028}ok"),
    ])
  func escapes(input: String, expected: String) {
    #expect(VisibleControls.escape(input) == expected)
    #expect(VisibleControls.needsEscaping(input) == (input != expected))
  }

  @Test("verbatim text keeps tabs and newlines")
  func keepsTabs() {
    #expect(VisibleControls.escape("a\tb\nc\u{1B}", keepingTabsAndNewlines: true) == "a\tb\nc^[")
  }

  @Test("a document is cleaned everywhere")
  func document() {
    let dirty = Document(
      title: "t\u{1B}",
      blocks: [
        .paragraph([.text("x\u{1B}"), .link(destination: "u\u{9B}", title: "", content: [.code("\u{7}")])]),
        Block(.codeBlock(info: "", text: "\tkeep\n\u{1B}")),
      ])
    let clean = dirty.withVisibleControls()
    #expect(clean.title == "t^[")
    #expect(clean.blocks[0] == .paragraph([.text("x^["), .link(destination: "u\\u{9B}", title: "", content: [.code("^G")])]))
    #expect(clean.blocks[1] == Block(.codeBlock(info: "", text: "\tkeep\n^[")))
  }
}
