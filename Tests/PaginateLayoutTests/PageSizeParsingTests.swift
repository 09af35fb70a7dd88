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
    #expect(Paper.all.map(\.name) == ["a3", "a4", "a5", "a6", "b5", "letter", "legal", "half-letter"])
    for paper in Paper.all {
      #expect(try PageSize(parsing: paper.name) == paper.cells)
      #expect(try PageSize(parsing: paper.name.uppercased()) == paper.cells)
    }
    // 10 columns and 6 lines to the inch, cut to whole cells.
    let cells = Paper.all.map { "\($0.name) \($0.cells) \($0.dimensions)" }
    #expect(
      cells == [
        "a3 116x99 297 × 420 mm", "a4 82x70 210 × 297 mm", "a5 58x49 148 × 210 mm", "a6 41x34 105 × 148 mm",
        "b5 69x59 176 × 250 mm", "letter 85x66 8.5 × 11 in", "legal 85x84 8.5 × 14 in", "half-letter 55x51 5.5 × 8.5 in",
      ])
  }

  @Test("not a size: the text and what was expected", arguments: ["80", "80x", "x66", "80x66x2", "a2", "", "eightyx66", "80 x 66"])
  func malformed(text: String) {
    let error = #expect(throws: PageSize.ParseError.self) { try PageSize(parsing: text) }
    #expect(
      error?.description
        == "Invalid page size '\(text)': expected COLUMNSxLINES, such as 80x66, or one of a3, a4, a5, a6, b5, letter, legal, half-letter.")
  }

  @Test("out of range: 1...10000 each", arguments: ["0x10", "10x0", "10001x10", "-5x10"])
  func outOfRange(text: String) {
    let error = #expect(throws: PageSize.ParseError.self) { try PageSize(parsing: text) }
    #expect(error?.description == "Invalid page size '\(text)': columns and lines must each be 1...10000.")
  }
}
