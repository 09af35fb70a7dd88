import Foundation
import PaginateLayout
import PaginateModel
import Testing

@Suite("Fuzzing regressions")
struct FuzzRegressionTests {
  /// Scripts/fuzz.sh layout, crash-025f426c: a table of emoji and kana on a 1x1 page gave
  /// lines 2 cells wide. A page needs at least 2 columns now; at 2 every line fits.
  @Test("wide characters on the narrowest pages")
  func wideCharactersOnNarrowPages() throws {
    let document = try markdownDocument(
      "| 港 | 🧊❌ |\n|---|---|\n| Saint-Malo | サン・マロ |\n\n## Long unbreakable strings\n\nhttps://t.example/🌊🐚⚓\n")
    #expect(throws: LayoutError("page 1x1 is too narrow: text needs at least 2 columns, since a wide character takes 2")) {
      try options(1, 1).validate()
    }
    for (columns, lines) in [(2, 1), (2, 3), (3, 1)] {
      let all = pages(document, options(columns, lines) { $0.widowLines = 1; $0.orphanLines = 1 })
      #expect(all.count > 5, "\(columns)x\(lines)")
      for page in all {
        #expect(page.lines.count == lines)
        #expect(page.lines.allSatisfy { $0.width <= columns }, "\(columns)x\(lines): \(page.textLines)")
      }
    }
  }
}

@Suite("Header and footer room")
struct HeaderRoomTests {
  @Test(
    "a header or footer takes two lines unless its template is nothing but its two separators",
    arguments: [("", 0), ("|", 0), ("||", 0), ("|||", 2), (" ", 2), ("|{page}|", 2), ("{title}", 2), ("a||", 2), ("||b", 2)])
  func room(template: String, taken: Int) throws {
    var options = LayoutOptions(pageSize: PageSize(columns: 30, lines: 10))
    options.footer = ""
    options.header = template
    #expect(options.bodyHeight == 10 - taken)
    // The page set agrees: the text starts below the header, if there is one.
    var pages = try PageSet(document: Document(blocks: [.paragraph("Text.")]), options: options)
    let first = pages.page(at: 0)
    let page = try #require(first)
    #expect(page.bodyLines == taken..<10)
    #expect(page.textLines[taken] == "Text.")
  }
}
