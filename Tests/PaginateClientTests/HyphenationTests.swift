import Paginate
import Testing

/// Hyphenation as an app turns it on: options, the document's language, search and the
/// reader's place across a hyphenated word.
@Suite("Hyphenation in a reader")
struct HyphenationTests {
  static let german = Document(
    language: "de",
    blocks: (1...40).map { index in
      .paragraph(
        "Absatz \(index): Die Silbentrennung ist die Trennung von Wörtern am Zeilenende, damit Schaufenster voller Messingzifferblätter nicht zu lückenhaft gesetzt werden."
      )
    })

  static var narrow: LayoutOptions {
    var options = LayoutOptions(pageSize: PageSize(columns: 22, lines: 14))
    options.hyphenates = true
    return options
  }

  @Test("the document's language picks the patterns; a word hyphenated across lines is found by search")
  func searchAcrossHyphen() throws {
    let reader = try PagingController(document: Self.german, options: Self.narrow)
    let lines = reader.currentPage.lines
    let broken = try #require(lines.firstIndex { $0.endsWithInsertedHyphen }, "nothing hyphenated on page 1")
    // The whole word: the half before the hyphen and the first word of the next line.
    let half = try #require(lines[broken].text.dropLast().split(separator: " ").last)
    let rest = try #require(lines[broken + 1].text.split(separator: " ").first)
    let word = String((half + rest).filter(\.isLetter))
    let matches = reader.matches(of: word, onPageAt: 0)
    #expect(matches.contains { match in match.pieces.map { $0.line } == [broken, broken + 1] }, "'\(word)' not found at line \(broken)")
  }

  @Test("turning hyphenation on and off keeps the reader's place")
  func placeKept() throws {
    var reader = try PagingController(document: Self.german, options: Self.narrow)
    reader.go(toPageNumber: 12)
    let place = try #require(reader.currentAnchor)
    let first = reader.currentPage.textLines.first { !$0.isEmpty } ?? ""
    var options = Self.narrow
    options.hyphenates = false
    reader.options = options
    #expect(reader.currentAnchor == place)
    let prefix = String(first.prefix { $0 != ":" })
    #expect(reader.currentPage.textLines.joined(separator: " ").contains(prefix), "'\(prefix)' lost")
    reader.options = Self.narrow
    #expect(reader.currentPage.number == 12)
  }

  @Test("a hyphenator on its own: syllables of a word, and the error for a language with no patterns")
  func hyphenator() throws {
    let english = try Hyphenator(language: "en")
    #expect(english.syllables(of: "documentation").count > 2)
    #expect(english.syllables(of: "documentation").joined() == "documentation")
    #expect(throws: LayoutError.self) { try Hyphenator(language: "zz") }
  }
}
