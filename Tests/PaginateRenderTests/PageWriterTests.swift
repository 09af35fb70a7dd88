import PaginateLayout
import PaginateModel
import PaginateRender
import Testing

/// The one way out for pages: ``SpreadGatherer`` groups pages into spreads and every format's
/// ``PageWriter`` writes them; written a spread at a time, each format gives the bytes its
/// whole-document form gives.
@Suite("Page writers and spreads")
struct PageWriterTests {
  static let document = Document(
    blocks: (1...30).map { .paragraph("Paragraph \($0) of the harbour book, long enough to wrap onto a second line.") })

  /// The spreads `pages` make, as printed page numbers.
  private func spreads(_ pages: [Page], facing: FacingOptions?) -> [[Int]] {
    var gatherer = SpreadGatherer(facing: facing)
    var result = pages.compactMap { gatherer.add($0)?.map(\.number) }
    if let last = gatherer.finish() { result.append(last.map(\.number)) }
    return result
  }

  /// The whole output of `writer` for `pages`, written a spread at a time.
  private func written<W: PageWriter>(_ pages: [Page], with writer: W, facing: FacingOptions?, title: String? = nil)
    throws(W.Failure) -> String
  {
    var writer = writer
    var gatherer = SpreadGatherer(facing: facing)
    var out = try writer.begin(title: title, language: nil)
    for page in pages {
      if let spread = gatherer.add(page) { out += try writer.write(spread: spread) }
    }
    if let spread = gatherer.finish() { out += try writer.write(spread: spread) }
    out += try writer.end(pageCount: pages.count)
    return String(decoding: out, as: UTF8.self)
  }

  @Test("pages gather into spreads: page 1 alone on the right, then pairs; a selection leaves sides empty")
  func gathering() throws {
    let all = try pages(Self.document, options(30, 10))
    #expect(all.count >= 6)
    #expect(spreads(Array(all.prefix(5)), facing: nil) == [[1], [2], [3], [4], [5]])
    #expect(spreads(Array(all.prefix(5)), facing: FacingOptions()) == [[1], [2, 3], [4, 5]])
    let selected = all.filter { [2, 5, 6].contains($0.number) }
    // Page 2 has no page 3 beside it, page 5 no page 4, page 6 starts the next spread.
    #expect(spreads(selected, facing: FacingOptions()) == [[2], [5], [6]])
    #expect(spreads([], facing: FacingOptions()) == [])
  }

  @Test("JSON and HTML written a spread at a time are the whole-document texts", arguments: [false, true])
  func sameAsWhole(facing: Bool) throws {
    let facingOptions = facing ? FacingOptions() : nil
    let all = try pages(Self.document, options(30, 10))
    let size = PageSize(columns: 30, lines: 10)
    let json = JSONPageSetWriter(pageSize: size, facing: facingOptions, documentPageCount: all.count, title: "Harbour")
    #expect(written(all, with: json, facing: facingOptions, title: "Harbour") == json.json(for: all))
    var html = HTMLBookWriter(pageSize: size, facing: facingOptions, title: "Harbour")
    html.nonce = "0123456789abcdef0123456789abcdef"
    #expect(written(all, with: html, facing: facingOptions, title: "Harbour") == html.html(for: all, nonce: html.nonce))
  }

  @Test("text: a form feed between pages (or spreads), every page its height in lines")
  func text() throws {
    let all = try pages(Self.document, options(30, 10))
    let writer = TextPageWriter(renderer: TextRenderer(usesANSI: false), pageSize: PageSize(columns: 30, lines: 10))
    let single = written(all, with: writer, facing: nil).split(separator: "\u{0C}", omittingEmptySubsequences: false)
    #expect(single.count == all.count)
    #expect(single.allSatisfy { $0.split(separator: "\n", omittingEmptySubsequences: false).count == 11 })
    var facing = writer
    facing.facing = FacingOptions()
    let spreads = written(all, with: facing, facing: FacingOptions()).split(separator: "\u{0C}", omittingEmptySubsequences: false)
    #expect(spreads.count == all.count / 2 + 1)
  }

  @Test("a fresh nonce for each HTML writer: 32 hexadecimal digits")
  func nonces() {
    let first = HTMLBookWriter.freshNonce()
    #expect(first.count == 32 && first.allSatisfy(\.isHexDigit))
    #expect(first != HTMLBookWriter.freshNonce())
  }
}
