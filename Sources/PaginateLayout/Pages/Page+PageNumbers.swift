extension Page {
  /// Whether every in-document link on the page leads to a heading of `references`: its page
  /// number is known.
  public func citesOnlyHeadings(of references: PageReferences) -> Bool {
    linkDestinations.allSatisfy { !PageReferences.isInDocument($0.destination) || references.target(of: $0.destination) != nil }
  }

  /// The in-document destinations on the page that lead to no heading of `references`.
  public func unknownCitations(in references: PageReferences) -> [String] {
    linkDestinations.lazy.map(\.destination).filter {
      PageReferences.isInDocument($0) && references.target(of: $0) == nil
    }
  }
}

/// Writes the page numbers of in-document links into the pages of a layout made before they
/// were known, page after page: one layout where LaTeX's `\pageref` takes two.
///
/// The layout printed every number in the same cells (``PageReferences/provisional(digits:)``),
/// and a layout depends on how wide the numbers are, not on their values: so the pages it
/// made, with the figures written in, are those a layout with the numbers known would make.
/// Each number's text (`p.`, a no-break space and ``PageReferences/digits`` characters, see
/// ``PageReferences/text(forPage:)``) has a style of its own, every one of its characters a
/// cell wide, so it is found wherever line breaking put it: whole after its link's text, or,
/// when it ends a word longer than the line, cut over lines and even pages (hence a filler
/// takes the pages in order).
public struct PageNumberFiller: Sendable {
  /// The characters (UTF-8 each) of the number being written, and how many are written: a
  /// number cut over two pages goes on at the top of the next.
  private var current: [[UInt8]] = []
  private var written = 0
  /// The numbers too wide for their cells so far, printed `?` (the document has more pages
  /// than the layout's guess).
  public private(set) var tooWide = 0

  /// A filler for the first page of a layout.
  public init() {}

  /// `page`, the next page of the layout, with the numbers of `references` written in and its
  /// links' ``Page/Link/target`` set: `references` are the headings found, printed in the
  /// layout's ``PageReferences/digits`` (``PageReferences/printed(inDigits:)``); a link to
  /// none of them prints `?`.
  public mutating func fill(_ page: Page, with references: PageReferences) -> Page {
    guard page.citesDocument else {
      current = []
      written = 0
      return page
    }
    var page = page
    for index in page.lines.indices where page.lines[index].spans.contains(where: { $0.style.contains(.pageNumber) }) {
      page.lines[index] = fill(page.lines[index], links: page.linkDestinations, references: references)
    }
    for index in page.linkDestinations.indices where PageReferences.isInDocument(page.linkDestinations[index].destination) {
      page.linkDestinations[index].target = references.target(of: page.linkDestinations[index].destination)
    }
    return page
  }

  /// The characters of the number printed after an in-document link to `destination`.
  private mutating func characters(for destination: String, in references: PageReferences) -> [[UInt8]] {
    var text = references.text(forPage: references.pageNumber(for: destination))
    if text.count > references.digits + 3 {
      tooWide += 1
      text = references.text(forPage: nil)
    }
    return text.map { Array($0.utf8) }
  }

  private mutating func fill(_ line: Line, links: [Page.Link], references: PageReferences) -> Line {
    var text: [UInt8] = []
    text.reserveCapacity(line.utf8Count + 8)
    var spans = line.spans
    line.withUTF8 { bytes in
      var copied = 0
      for (position, span) in line.spans.enumerated() {
        text.append(contentsOf: bytes[copied..<span.range.lowerBound])
        let start = text.count
        if span.style.contains(.pageNumber) {
          var offset = span.range.lowerBound
          while offset < span.range.upperBound {
            if written == current.count {
              current = characters(for: links.destination(ofLink: span.style.linkID) ?? "#", in: references)
              written = 0
            }
            text.append(contentsOf: current[written])
            written += 1
            offset += Self.characterLength(bytes[offset])
          }
        } else {
          text.append(contentsOf: bytes[span.range])
        }
        spans[position].range = start..<text.count
        copied = span.range.upperBound
      }
      text.append(contentsOf: bytes[copied...])
    }
    return Line(text: String(decoding: text, as: UTF8.self), spans: spans)
  }

  /// The length of the UTF-8 sequence that starts with `byte`.
  private static func characterLength(_ byte: UInt8) -> Int {
    byte < 0xC0 ? 1 : byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4
  }
}
