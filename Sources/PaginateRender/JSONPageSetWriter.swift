public import PaginateLayout
import PaginateModel

/// Writes pages as the JSON page set described in `Docs/PageSetJSON.md` and
/// `Docs/pageset.schema.json`:
///
///     {"version": 1, "pageSize": {"columns": 80, "lines": 66}, "pages": [
///       {"number": 1, "side": "recto", "blank": false, "source": {"firstLine": 1, "lastLine": 20},
///        "anchorLine": 1, "runningHead": "Intro",
///        "headings": [{"line": 0, "level": 1, "id": "intro", "text": "Intro"}], "lines": ["…", …],
///        "spans": [{"line": 0, "start": 0, "end": 5, "styles": ["bold", "heading"]},
///                  {"line": 3, "start": 4, "end": 9, "styles": ["link"], "link": "https://…"},
///                  {"line": 7, "start": 0, "end": 6, "styles": ["keyword"]},
///                  {"line": 9, "start": 0, "end": 3, "styles": ["bold"], "color": 1}]}],
///      "spreads": [{"left": null, "right": 1}, {"left": 2, "right": 3}]}
///
/// `lines` has exactly `pageSize.lines` strings of plain text; span offsets count Unicode scalars
/// within a line. `spreads` is present only in facing mode.
public struct JSONPageSetWriter: Sendable {
  /// The size of every page.
  public var pageSize: PageSize
  /// How pages pair into spreads, in facing mode.
  public var facing: FacingOptions?
  /// The number of pages in the whole document (the exported pages may be a selection).
  public var documentPageCount: Int?
  /// The document's title, if any.
  public var title: String?

  /// Creates a writer.
  public init(pageSize: PageSize, facing: FacingOptions? = nil, documentPageCount: Int? = nil, title: String? = nil) {
    self.pageSize = pageSize
    self.facing = facing
    self.documentPageCount = documentPageCount
    self.title = title
  }

  /// The JSON text for `pages`.
  ///
  /// To write a long document without holding its pages, write ``beginning()``, then
  /// ``page(_:isFirst:)`` for each page, then ``ending(spreads:)`` with the spreads the pages
  /// formed (``/PaginateLayout/FacingOptions/spreads(of:)`` of each spread's pages): the same text.
  public func json(for pages: [Page]) -> String {
    var writer = self
    var out = beginning()
    for (offset, page) in pages.enumerated() { out += writer.page(page, isFirst: offset == 0) }
    return out + ending(spreads: facing.map { $0.spreads(of: pages).map { ($0.left?.number, $0.right?.number) } } ?? [])
  }

  /// The text up to the first page.
  public func beginning() -> String {
    var out = "{\n  \"version\": 1,\n"
    out += "  \"pageSize\": {\"columns\": \(pageSize.columns), \"lines\": \(pageSize.lines)},\n"
    if let title {
      out += "  \"title\": "
      Escaping.json(title, into: &out)
      out += ",\n"
    }
    return out + "  \"pages\": ["
  }

  /// The ids of the headings written so far, as in-document links (`#usage`) name them.
  private var headingIDs = PageReferences()
  /// The pages written through ``write(spread:)``, and their spreads as page numbers.
  private var pagesWritten = 0
  private var spreadsWritten: [(left: Int?, right: Int?)] = []

  /// One page, after the others (pages come in order: each heading gets the id in-document
  /// links name it by).
  public mutating func page(_ page: Page, isFirst: Bool) -> String {
    var out = isFirst ? "\n" : ",\n"
    write(page, into: &out)
    return out
  }

  /// The text after the last page: the document's page count (``documentPageCount``, known by
  /// then) and, in facing mode, the spreads as the numbers of their left and right pages.
  public func ending(spreads: [(left: Int?, right: Int?)]) -> String {
    var out = "\n  ]"
    if let documentPageCount { out += ",\n  \"pageCount\": \(documentPageCount)" }
    if facing != nil {
      out += ",\n  \"spreads\": ["
      for (offset, spread) in spreads.enumerated() {
        out += offset == 0 ? "\n    " : ",\n    "
        out += "{\"left\": \(spread.left.map(String.init) ?? "null"), \"right\": \(spread.right.map(String.init) ?? "null")}"
      }
      out += "\n  ]"
    }
    return out + "\n}\n"
  }

  private mutating func write(_ page: Page, into out: inout String) {
    out += "    {\"number\": \(page.number), \"side\": \"\(page.side.rawValue)\", \"blank\": \(page.isBlank),\n"
    if let source = page.source {
      out += "     \"source\": {\"firstLine\": \(source.firstLine), \"lastLine\": \(source.lastLine)},"
    } else {
      out += "     \"source\": null,"
    }
    out += " \"anchorLine\": \(page.anchorLine.map(String.init) ?? "null"), \"runningHead\": "
    Escaping.json(page.runningHead, into: &out)
    out += ","
    if !page.headings.isEmpty {
      out += "\n     \"headings\": ["
      for (heading, id) in zip(page.headings, headingIDs.add(page)) {
        out += "{\"line\": \(heading.line), \"level\": \(heading.level), \"id\": "
        Escaping.json(id, into: &out)
        out += ", \"text\": "
        Escaping.json(heading.text, into: &out)
        out += "}, "
      }
      out.removeLast(2)
      out += "],"
    }
    out += "\n     \"lines\": ["
    for (index, line) in page.lines.enumerated() {
      out += index == 0 ? "\n       " : ",\n       "
      Escaping.json(line.text, into: &out)
    }
    out += "\n     ],\n     \"spans\": ["
    var first = true
    for (index, line) in page.lines.enumerated() {
      for span in line.spans {
        let (start, end) = Self.scalarOffsets(of: span, in: line)
        out += first ? "" : ", "
        first = false
        out += "{\"line\": \(index), \"start\": \(start), \"end\": \(end), \"styles\": ["
        out += span.style.names.map { "\"\($0)\"" }.joined(separator: ", ")
        out += "]"
        if let foreground = span.style.foreground { out += ", \"color\": \(foreground)" }
        if let background = span.style.background { out += ", \"background\": \(background)" }
        if span.style.linkID != 0, let destination = page.linkDestinations.destination(ofLink: span.style.linkID) {
          out += ", \"link\": "
          Escaping.json(destination, into: &out)
        }
        out += "}"
      }
    }
    out += "]}"
  }

  /// The scalar offsets of a span given in UTF-8 offsets.
  static func scalarOffsets(of span: StyleSpan, in line: Line) -> (Int, Int) {
    line.withUTF8 { utf8 in
      func scalars(upTo offset: Int) -> Int {
        var count = 0
        for index in 0..<min(offset, utf8.count) where utf8[index] & 0xC0 != 0x80 { count += 1 }
        return count
      }
      return (scalars(upTo: span.range.lowerBound), scalars(upTo: span.range.upperBound))
    }
  }
}

extension JSONPageSetWriter: PageWriter {
  /// ``beginning()``, with `title` (when given) as the document's title.
  public mutating func begin(title: String?, language: String?) -> [UInt8] {
    if let title { self.title = title }
    return Array(beginning().utf8)
  }

  /// The spread's pages; in facing mode, the spread is listed at the end.
  public mutating func write(spread pages: [Page]) -> [UInt8] {
    var out = ""
    for page in pages {
      out += self.page(page, isFirst: pagesWritten == 0)
      pagesWritten += 1
    }
    if let facing { spreadsWritten += facing.spreads(of: pages).map { ($0.left?.number, $0.right?.number) } }
    return Array(out.utf8)
  }

  /// ``ending(spreads:)``, with `pageCount` as the document's page count.
  public mutating func end(pageCount: Int?) -> [UInt8] {
    documentPageCount = pageCount
    return Array(ending(spreads: spreadsWritten).utf8)
  }
}
