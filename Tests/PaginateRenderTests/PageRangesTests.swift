import PaginateRender
import Testing

/// `--pages`: the selection is parsed in the library (PaginateRender), so it is tested here,
/// in-process; the command line only wraps its error in a usage error.
@Suite("Page ranges (--pages)")
struct PageRangesTests {
  @Test(
    "valid forms: N, N-M, N-, odd, even and comma lists, spaces around items allowed",
    arguments: [
      ("3", [PageRanges.Part.range(first: 3, last: 3)], 3 as Int?),
      ("3-7", [.range(first: 3, last: 7)], 7),
      ("5-5", [.range(first: 5, last: 5)], 5),
      ("15-", [.range(first: 15, last: nil)], nil),
      ("odd", [.odd], nil),
      ("EVEN", [.even], nil),
      ("1-3,7,10-", [.range(first: 1, last: 3), .range(first: 7, last: 7), .range(first: 10, last: nil)], nil),
      (" 1-3 , 7 ", [.range(first: 1, last: 3), .range(first: 7, last: 7)], 7),
      ("2,odd", [.range(first: 2, last: 2), .odd], nil),
    ])
  func valid(text: String, parts: [PageRanges.Part], upperBound: Int?) throws {
    let ranges = try PageRanges(text)
    #expect(ranges.parts == parts)
    #expect(ranges.upperBound == upperBound)
    #expect(ranges.description == text)
  }

  @Test("contains: ranges inclusive, open ends, odd and even")
  func contains() throws {
    let ranges = try PageRanges("1-3,7,10-")
    #expect((1...12).filter(ranges.contains) == [1, 2, 3, 7, 10, 11, 12])
    #expect(ranges.contains(1_000_000))
    #expect((1...6).filter(try PageRanges("odd").contains) == [1, 3, 5])
    #expect((1...6).filter(try PageRanges("even").contains) == [2, 4, 6])
    #expect((1...6).filter(PageRanges.all.contains) == [1, 2, 3, 4, 5, 6])
    #expect(PageRanges.all.upperBound == nil)
    #expect(PageRanges.all.description == "1-")
  }

  @Test(
    "every error names the item and what was expected",
    arguments: [
      ("", "empty item in page ranges ''; expected N, N-M, N-, odd or even"),
      ("1,,3", "empty item in page ranges '1,,3'; expected N, N-M, N-, odd or even"),
      ("2,", "empty item in page ranges '2,'; expected N, N-M, N-, odd or even"),
      (" , 2", "empty item in page ranges ' , 2'; expected N, N-M, N-, odd or even"),
      ("0", "invalid page range '0'; expected N, N-M, N-, odd or even with N >= 1"),
      ("-3", "invalid page range '-3'; expected N, N-M, N-, odd or even with N >= 1"),
      ("x", "invalid page range 'x'; expected N, N-M, N-, odd or even with N >= 1"),
      ("1-2-3", "invalid page range '1-2-3'; expected N, N-M, N-, odd or even with N >= 1"),
      ("3-x", "invalid page range '3-x'; expected N, N-M, N-, odd or even with N >= 1"),
      ("3-0", "invalid page range '3-0'; expected N, N-M, N-, odd or even with N >= 1"),
      ("1, 4 -6", "invalid page range '4 -6'; expected N, N-M, N-, odd or even with N >= 1"),
      ("9-3", "invalid page range '9-3': it ends before it starts"),
    ])
  func invalid(text: String, message: String) {
    let error = #expect(throws: PageRangesError.self) { try PageRanges(text) }
    #expect(error?.description == message)
  }
}
