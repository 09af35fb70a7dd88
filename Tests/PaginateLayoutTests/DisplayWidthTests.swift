import PaginateLayout
import Testing

@Suite("Display width in terminal cells")
struct DisplayWidthTests {
  @Test(
    "per grapheme cluster, as terminals draw it",
    arguments: [
      ("hello", 5),
      ("", 0),
      ("naïve", 5),  // precomposed
      ("nai\u{0308}ve", 5),  // combining diaeresis: 0
      ("e\u{0301}\u{0301}", 1),  // stacked combining marks
      ("漢字", 4),
      ("ｶﾀｶﾅ", 4),  // halfwidth katakana
      ("ＡＢ", 4),  // fullwidth Latin
      ("한국어", 6),
      ("👍", 2),
      ("👍🏽", 2),  // skin tone modifier joins the cluster
      (" \u{FE0F}", 1),  // a presentation selector after a space selects nothing (found by fuzz-markdown)
      ("a \u{FE0F}b", 3),
      ("👩‍💻", 2),  // ZWJ sequence
      ("👨‍👩‍👧", 2),
      ("🇩🇪", 2),  // flag: two regional indicators
      ("❤️", 2),  // emoji presentation selector
      ("☺️", 2),
      ("a\u{200D}b", 2),  // a joiner alone takes no cell
      ("Привет", 6),
    ])
  func width(text: String, expected: Int) {
    #expect(DisplayWidth.of(text) == expected)
  }

  @Test("the fast path for the common scripts agrees with utf8proc on every scalar it takes")
  func fastPath() {
    #expect(DisplayWidth.fastPathMismatches().map { String($0, radix: 16) } == [])
  }

  @Test("clusters of mixed scripts with combining marks are measured as utf8proc measures them", arguments: [
    ("Привет мир", 10), ("e\u{301}te\u{301}", 3), ("日本語テキスト", 14), ("한국어 텍스트", 13), ("ᄀ\u{1161}\u{11A8}", 2),
    ("Ελληνικά", 8), ("שָׁלוֹם", 4), ("العربية", 7), ("a\u{200D}b", 2), ("👍🏽", 2), ("🇩🇪", 2), ("か\u{3099}", 2),
    ("\u{0600}1", 0),  // a prepended mark joins the digit after it, and takes its (no) width
  ])
  func mixedScripts(text: String, width: Int) {
    #expect(DisplayWidth.of(text) == width, "\(text.debugDescription)")
  }

  @Test("control characters take no cells")
  func controls() {
    #expect(DisplayWidth.of("a\u{1B}b") == 2)
    #expect(DisplayWidth.of("\u{85}") == 0)
  }

  @Test("clusters are reported with their byte ranges")
  func clusters() {
    var clusters: [(Range<Int>, Int)] = []
    DisplayWidth.forEachCluster(in: "ae\u{0301}漢👍🏽") { clusters.append(($0, $1)) }
    #expect(clusters.map(\.0) == [0..<1, 1..<4, 4..<7, 7..<15])
    #expect(clusters.map(\.1) == [1, 1, 2, 2])
  }

  @Test("the prefix that fits is cut between clusters, never inside a wide character")
  func prefixes() {
    let text = "ae\u{0301}漢👍🏽x"
    #expect(DisplayWidth.prefix(of: text, fitting: 0) == "")
    #expect(DisplayWidth.prefix(of: text, fitting: 2) == "ae\u{0301}")
    #expect(DisplayWidth.prefix(of: text, fitting: 3) == "ae\u{0301}")
    #expect(DisplayWidth.prefix(of: text, fitting: 4) == "ae\u{0301}漢")
    #expect(DisplayWidth.prefix(of: text, fitting: 5) == "ae\u{0301}漢")
    #expect(DisplayWidth.prefix(of: text, fitting: 6) == "ae\u{0301}漢👍🏽")
    #expect(DisplayWidth.prefix(of: text, fitting: 7) == text)
    #expect(DisplayWidth.prefix(of: text, fitting: 100) == text)
    #expect(DisplayWidth.prefix(of: "a\tb", fitting: 2) == "a\t")
  }
}
