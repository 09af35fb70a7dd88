import Paginate
import Testing

@Suite("Search over the flowed text")
struct SearchTests {
  @Test("a phrase broken across a line end is found, with a piece on each line")
  func acrossLineEnd() throws {
    // One paragraph whose words fall on several lines of a narrow page.
    let paragraph = try PagingController(
      document: Document(markdown: "The quick brown fox jumps over the lazy dog near the old harbour wall."),
      options: LayoutOptions(pageSize: PageSize(columns: 16, lines: 12)))
    let lines = paragraph.currentPage.textLines
    let index = try #require(lines.indices.dropLast().first { !lines[$0].isEmpty && !lines[$0 + 1].isEmpty })
    let last = try #require(lines[index].split(separator: " ").last)
    let first = try #require(lines[index + 1].split(separator: " ").first)
    let matches = paragraph.matches(of: "\(last) \(first)", onPageAt: 0)
    #expect(matches.count == 1)
    let match = try #require(matches.first)
    #expect(match.pieces.map(\.line) == [index, index + 1])
    let piece = match.pieces[0]
    #expect(String(decoding: Array(lines[index].utf8)[piece.utf8Range], as: UTF8.self) == String(last))
    #expect(match.pieces[1].utf8Range == 0..<first.utf8.count)
  }

  @Test("case-insensitive by default; case-sensitive and diacritic-insensitive on request")
  func options() throws {
    let reader = try PagingController(document: Document(markdown: "Café au lait, CAFÉ noir, and a cafe crème."), options: small)
    #expect(reader.matches(of: "café", onPageAt: 0).count == 2)
    #expect(reader.matches(of: "café", onPageAt: 0, options: SearchOptions(ignoresCase: false)).count == 0)
    #expect(reader.matches(of: "Café", onPageAt: 0, options: SearchOptions(ignoresCase: false)).count == 1)
    #expect(reader.matches(of: "cafe", onPageAt: 0, options: SearchOptions(ignoresDiacritics: true)).count == 3)
    // A decomposed query matches precomposed text.
    #expect(reader.matches(of: "cafe\u{301}", onPageAt: 0).count == 2)
  }

  @Test("regular expressions: case ignored, across line ends, a bad one named and matching nothing; scanning in steps")
  func regularExpressions() throws {
    let regex = SearchOptions(isRegularExpression: true)
    let reader = try PagingController(
      document: Document(markdown: "Colour and color, COLOR too. Chapter 12 opens the harbour wall of the old town."),
      options: LayoutOptions(pageSize: PageSize(columns: 16, lines: 12)))
    #expect(reader.matches(of: "colou?r", onPageAt: 0, options: regex).count == 3)
    #expect(reader.matches(of: "colou?r", onPageAt: 0).count == 0)  // words: the ? is a character
    let chapter = reader.matches(of: "chapter [0-9]+ opens", onPageAt: 0, options: regex)
    #expect(chapter.count == 1)
    #expect(chapter.first.map { $0.pieces.count >= 1 } == true)
    // Across a line end: "harbour wall" is set on a 16-column page, where lines break.
    #expect(reader.matches(of: "the\\s+old\\s+town", onPageAt: 0, options: regex).count == 1)
    #expect(regex.problem(with: "(unclosed") != nil)
    #expect(regex.problem(with: "ok|fine") == nil)
    #expect(SearchOptions().problem(with: "(unclosed") == nil)
    #expect(reader.matches(of: "(unclosed", onPageAt: 0, options: regex).isEmpty)
    // A search in steps: a page at a time, each step telling where to go on from.
    var pages = ""
    for index in 1...60 { pages += "Paragraph \(index) fills its line.\n\n" }
    let long = try PagingController(document: Document(markdown: pages + "The needle."), options: small)
    var next = 0
    var steps = 0
    scanning: while true {
      steps += 1
      switch long.scanForMatch(of: "need(le|s)", fromPageAt: next, pageLimit: 1, options: regex) {
      case .incomplete(let page): next = page
      case .found(let match):
        #expect(match.pageIndex == long.pageCount.map { $0 - 1 } ?? -1)
        break scanning
      case .notFound:
        Issue.record("the needle was not found")
        break scanning
      }
    }
    #expect(steps > 2)
    #expect(long.scanForMatch(of: "haystack", fromPageAt: 0, pageLimit: 1000) == .notFound)
  }

  @Test("a regular expression of letters and digits alone finds what the engine finds (found as text, faster)")
  func literalRegularExpressions() throws {
    var text = ""
    for index in 1...30 {
      text += "Harbour \(index), HARBOUR-wall harbour_\(index) cafe\u{301} café CAFE naïve nai\u{308}ve harbours.\n\n"
    }
    let reader = try PagingController(
      document: Document(markdown: text), options: LayoutOptions(pageSize: PageSize(columns: 24, lines: 8)))
    var pages = 0
    while reader.page(at: pages) != nil { pages += 1 }
    #expect(pages > 5)
    for options in [
      SearchOptions(isRegularExpression: true), SearchOptions(ignoresCase: false, isRegularExpression: true),
      SearchOptions(ignoresDiacritics: true, isRegularExpression: true),
    ] {
      for query in ["harbour", "HARBOUR-wall", "harbour_1", "cafe", "CAFE", "nai", "naive", "12"] {
        // The same expression in a group is not a literal: the engine matches it.
        for index in 0..<pages {
          let fast = reader.matches(of: query, startingOnPageAt: index, options: options)
          let engine = reader.matches(of: "(?:\(query))", startingOnPageAt: index, options: options)
          #expect(fast == engine, "\(query) on page \(index + 1), \(options)")
        }
      }
    }
    #expect(reader.matches(of: "harbour", onPageAt: 0, options: SearchOptions(isRegularExpression: true)).count > 0)
  }

  @Test("a phrase across a page end is found once, starting on the first page and ending on the next")
  func acrossPageEnd() throws {
    var text = ""
    for index in 1...40 { text += "word\(index) " }
    let reader = try PagingController(
      document: Document(markdown: text), options: LayoutOptions(pageSize: PageSize(columns: 20, lines: 5)))
    let first = reader.page(at: 0)!.textLines.filter { !$0.isEmpty && !$0.allSatisfy { $0 == " " } }
    let last = try #require(first.dropLast().last?.split(separator: " ").last)  // the last line is the footer
    let next = try #require(reader.page(at: 1)!.textLines.first?.split(separator: " ").first)
    let phrase = "\(last) \(next)"
    let match = try #require(reader.firstMatch(of: phrase, fromPageAt: 0))
    #expect(match.pageIndices == 0...1)
    #expect(reader.matches(of: phrase, startingOnPageAt: 1).isEmpty)
    #expect(reader.matches(of: phrase, onPageAt: 1).count == 1)  // it shows on page 2 as well
  }

  @Test("going to matches: a new search finds one on the screen, repeating moves on, none leaves the place")
  func goingToMatches() throws {
    var reader = try PagingController(document: Document(markdown: story), options: small)
    #expect(reader.goToNextMatch(of: "short paragraphs", includingCurrent: true)?.pageIndex == 0)
    #expect(reader.currentIndex == 0)
    #expect(reader.goToNextMatch(of: "short paragraphs") == nil)  // only on the page shown
    let match57 = reader.goToNextMatch(of: "Chapter 2")
    let chapter2 = try #require(match57)
    #expect(reader.currentIndex == chapter2.pageIndex)
    #expect(reader.currentPage.textLines.contains("Chapter 2"))
    let before = reader.currentIndex
    #expect(reader.goToNextMatch(of: "no such words anywhere") == nil)
    #expect(reader.currentIndex == before)
    let arrived63 = reader.go(toMatch: 3, of: "chapter")
    #expect(arrived63)
  }
}
