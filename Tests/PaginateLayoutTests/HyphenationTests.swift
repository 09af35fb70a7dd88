import Foundation
import PaginateAdapters
import PaginateLayout
import PaginateModel
import PaginateTestSupport
import Testing

/// Hyphenation through libhyphen's patterns (Debian's hyphen-en-us and hyphen-de, which
/// `.ci/run` installs): where words break, that only prose breaks, and that a hyphenated page
/// keeps every character, in order, within the width.
@Suite("Hyphenation")
struct HyphenationTests {
  static let english = try! Hyphenator(language: "en-US")
  static let german = try! Hyphenator(language: "de")

  @Test("English words break where the patterns say, punctuation staying with its piece")
  func englishSyllables() {
    #expect(Self.english.syllables(of: "hyphenation") == ["hy", "phen", "ation"])
    #expect(Self.english.syllables(of: "Typesetting,").joined() == "Typesetting,")
    #expect(Self.english.syllables(of: "Typesetting,").count > 1)
    #expect(Self.english.syllables(of: "(extraordinary),").first?.first == "(")
    #expect(Self.english.syllables(of: "(extraordinary),").last?.hasSuffix("),") == true)
  }

  @Test("short words, capitals inside, digits, apostrophes and URLs stay whole", arguments: [
    "cat", "word", "README", "PageSet", "iPhone", "x86-64", "don't", "e.g.", "https://example.com/documentation",
    "version2release", "",
  ])
  func wholeWords(word: String) {
    #expect(Self.english.syllables(of: word) == [Substring(word)])
  }

  @Test("German patterns (ISO 8859-1 on Debian) break words with umlauts")
  func germanSyllables() {
    #expect(Self.german.syllables(of: "Silbentrennung") == ["Sil", "ben", "tren", "nung"])
    #expect(Self.german.syllables(of: "Wörtern") == ["Wör", "tern"])
    // A letter outside ISO 8859-1: the word cannot be asked about, and stays whole.
    #expect(Self.german.syllables(of: "Łódźstraße") == ["Łódźstraße"])
  }

  @Test("a language with no patterns, or not a language tag, is an error that says what to install")
  func missingPatterns() {
    #expect(throws: LayoutError.self) { try Hyphenator(language: "xx") }
    do {
      _ = try Hyphenator(language: "xx")
    } catch {
      #expect(error.description.contains("hyphen-xx"))
    }
    #expect(throws: LayoutError.self) { try Hyphenator(language: "../../etc/passwd") }
    var options = LayoutOptions()
    options.hyphenates = true
    options.language = "xx"
    #expect(throws: LayoutError.self) { try options.validate() }
    options.hyphenates = false
    #expect(throws: Never.self) { try options.validate() }
  }

  static let prose = """
    Typesetting is the composition of text by means of arranging physical type or the digital \
    equivalents. Stored letters and other symbols are retrieved and ordered according to a \
    language's orthography for visual display. Extraordinarily unconventional considerations \
    demonstrate `unconventionalCodeIdentifier` behaviour, see https://example.com/documentation/international.
    """

  @Test("a hyphenated paragraph keeps every character in order, fits its width, and hyphenates no code or URL")
  func paragraph() throws {
    let document = try markdownDocument(Self.prose)
    var inserted = 0
    for columns in [16, 24, 30, 40] {
      let plain = pages(document, options(columns, 200)).flatMap(\.lines)
      let hyphenated = pages(document, options(columns, 200) { $0.hyphenates = true }).flatMap(\.lines)
      inserted += hyphenated.filter { $0.endsWithInsertedHyphen }.count
      #expect(hyphenated.allSatisfy { $0.width <= columns })
      // The text without the inserted hyphens is the unhyphenated text.
      #expect(Self.joined(hyphenated) == Self.joined(plain))
      for line in hyphenated where line.endsWithInsertedHyphen {
        let text = line.text
        #expect(!text.contains("`") && !text.contains("://"), "\(text) hyphenates code or a URL")
      }
    }
    // At 16 columns the optimal breaker finds no hyphen worth its cost; at the others it does.
    #expect(inserted >= 4)
  }

  @Test("German text is hyphenated by the document's language, an option's language overriding it")
  func documentLanguage() throws {
    let text = "Die Silbentrennung ist die Trennung von Wörtern am Zeilenende, Rechtschreibreform inbegriffen."
    let document = Document(language: "de-DE", blocks: [.paragraph(text)])
    let byDocument = pages(document, options(20, 40) { $0.hyphenates = true }).flatMap(\.textLines)
    let byEnglish = pages(document, options(20, 40) { $0.hyphenates = true; $0.language = "en-US" }).flatMap(\.textLines)
    #expect(byDocument != byEnglish)
    #expect(byDocument.contains { $0.hasSuffix("Recht-") })
    // A document in a language with no patterns installed is set without hyphens.
    let unknown = Document(language: "tlh", blocks: [.paragraph(text)])
    let plain = pages(unknown, options(20, 40) { $0.hyphenates = true }).flatMap(\.lines)
    #expect(!plain.contains { $0.endsWithInsertedHyphen })
  }

  @Test("the optimal breaker avoids hyphenated lines in a row; greedy takes a hyphen wherever it fills a line")
  func consecutiveHyphens() throws {
    let document = try markdownDocument(
      String(repeating: "Considerable international organisations administering extraordinarily complicated regulations. ", count: 12))
    let optimal = pages(document, options(24, 400) { $0.hyphenates = true }).flatMap(\.lines)
    let greedy = pages(document, options(24, 400) { $0.hyphenates = true; $0.lineBreaking = .greedy }).flatMap(\.lines)
    func inARow(_ lines: [Line]) -> Int {
      zip(lines, lines.dropFirst()).filter { $0.endsWithInsertedHyphen && $1.endsWithInsertedHyphen }.count
    }
    #expect(inARow(optimal) < inARow(greedy))
    #expect(greedy.allSatisfy { $0.width <= 24 } && optimal.allSatisfy { $0.width <= 24 })
    #expect(Self.joined(optimal) == Self.joined(greedy))
  }

  @Test("the sample novel's paragraphs are less ragged hyphenated, at 40 and 66 columns")
  func raggedness() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let novel = try String(contentsOf: root.appendingPathComponent("SampleDocs/novel.txt"), encoding: .utf8)
    let paragraphs = novel.components(separatedBy: "\n\n").map { $0.replacingOccurrences(of: "\n", with: " ") }
      .filter { $0.count > 200 }
    try #require(paragraphs.count >= 10)
    for width in [40, 66] {
      let plain = paragraphs.reduce(0) { $0 + Raggedness.of($1, width: width, strategy: .optimal) }
      let hyphenated = paragraphs.reduce(0) {
        $0 + Raggedness.of($1, width: width, strategy: .optimal, hyphenator: Self.english)
      }
      #expect(hyphenated < plain, "at \(width): \(hyphenated) hyphenated, \(plain) not")
    }
  }

  @Test("justified hyphenated lines fill the width with the hyphen counted")
  func justified() throws {
    let document = try markdownDocument(Self.prose)
    let lines = pages(document, options(30, 200) { $0.hyphenates = true; $0.justifies = true }).flatMap(\.lines)
    let full = lines.filter { $0.endsWithInsertedHyphen }
    #expect(!full.isEmpty)
    #expect(full.allSatisfy { $0.width == 30 })
  }

  @Test("random prose: every line fits, every character is kept in order, anchors count the same")
  func randomProse() async {
    let words = [
      "hyphenation", "international", "organisation", "considerable", "typesetting", "documentation", "a", "of",
      "the", "paragraphs", "extraordinary", "README", "https://example.org/path/to/page", "naïveté", "coöperation",
      "régime", "encyclopaedia", "x", "unbelievably", "communication", "(parenthetical)", "quotation,", "end.",
    ]
    await forAll(count: 200, columns: 8...70, lines: 40...40) { seed, columns, _ in
      var random = SplitMix(seed: seed)
      let text = (0..<random.pick(1...80)).map { _ in words[random.pick(0...(words.count - 1))] }.joined(separator: " ")
      let document = Document(blocks: [.paragraph(text)])
      for strategy in LineBreakStrategy.allCases {
        let plain = pages(document, options(columns, 400) { $0.lineBreaking = strategy }).flatMap(\.lines)
        let hyphenated = pages(document, options(columns, 400) { $0.lineBreaking = strategy; $0.hyphenates = true })
          .flatMap(\.lines)
        #expect(hyphenated.allSatisfy { $0.width <= columns }, "seed \(seed) at \(columns): a line is too wide")
        #expect(Self.joined(hyphenated) == Self.joined(plain), "seed \(seed) at \(columns) (\(strategy)): text changed")
      }
    }
  }

  /// The characters of `lines` in order, spaces and inserted hyphens left out (a word wider
  /// than the line is cut with no hyphen: only the characters are compared).
  static func joined(_ lines: [Line]) -> String {
    var text = ""
    for line in lines {
      var piece = line.text
      if line.endsWithInsertedHyphen { piece.removeLast() }
      text += piece.filter { $0 != " " }
    }
    return text
  }
}
