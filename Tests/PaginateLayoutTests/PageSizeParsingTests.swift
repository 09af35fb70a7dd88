import PaginateLayout
import Testing

/// `--page-size` as the layout reads it: `COLUMNSxLINES` or a paper name, and one sentence for
/// anything else.
@Suite("Page size parsing")
struct PageSizeParsingTests {
  @Test("COLUMNSxLINES, in either case of x", arguments: [("80x66", 80, 66), ("40X20", 40, 20), ("1x1", 1, 1), ("10000x10000", 10_000, 10_000)])
  func cells(text: String, columns: Int, lines: Int) throws {
    #expect(try PageSize(parsing: text) == PageSize(columns: columns, lines: lines))
  }

  @Test("every paper name, in any case, is its size")
  func papers() throws {
    #expect(PageSize.papers.map(\.name) == ["a4", "a5", "a6", "b5", "letter", "legal", "half-letter"])
    for paper in PageSize.papers {
      #expect(try PageSize(parsing: paper.name) == paper.size)
      #expect(try PageSize(parsing: paper.name.uppercased()) == paper.size)
    }
    #expect(try PageSize(parsing: "a4") == PageSize(columns: 82, lines: 70))
    #expect(try PageSize(parsing: "letter") == PageSize(columns: 85, lines: 66))
  }

  @Test("not a size: the text and what was expected", arguments: ["80", "80x", "x66", "80x66x2", "a3", "", "eightyx66", "80 x 66"])
  func malformed(text: String) {
    let error = #expect(throws: PageSize.ParseError.self) { try PageSize(parsing: text) }
    #expect(
      error?.description
        == "Invalid page size '\(text)': expected COLUMNSxLINES, such as 80x66, or one of a4, a5, a6, b5, letter, legal, half-letter.")
  }

  @Test("out of range: 1...10000 each", arguments: ["0x10", "10x0", "10001x10", "-5x10"])
  func outOfRange(text: String) {
    let error = #expect(throws: PageSize.ParseError.self) { try PageSize(parsing: text) }
    #expect(error?.description == "Invalid page size '\(text)': columns and lines must each be 1...10000.")
  }
}
