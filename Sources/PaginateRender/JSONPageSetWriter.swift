public import PaginateLayout
import PaginateModel

/// Writes pages as the JSON page set described in `Docs/PageSetJSON.md` and
/// `Docs/pageset.schema.json`:
///
///     {"version": 1, "pageSize": {"columns": 80, "lines": 66}, "pages": [
///       {"number": 1, "side": "recto", "blank": false, "source": {"firstLine": 1, "lastLine": 20},
///        "anchorLine": 1, "runningHead": "Intro", "lines": ["…", …],
///        "spans": [{"line": 0, "start": 0, "end": 5, "styles": ["bold", "heading"]}]}],
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
  public func json(for pages: [Page]) -> String {
    var out = "{\n  \"version\": 1,\n"
    out += "  \"pageSize\": {\"columns\": \(pageSize.columns), \"lines\": \(pageSize.lines)},\n"
    if let title {
      out += "  \"title\": "
      Escaping.json(title, into: &out)
      out += ",\n"
    }
    if let documentPageCount { out += "  \"pageCount\": \(documentPageCount),\n" }
    out += "  \"pages\": ["
    for (offset, page) in pages.enumerated() {
      out += offset == 0 ? "\n" : ",\n"
      write(page, into: &out)
    }
    out += "\n  ]"
    if let facing {
      out += ",\n  \"spreads\": ["
      for (offset, spread) in facing.spreads(of: pages).enumerated() {
        out += offset == 0 ? "\n    " : ",\n    "
        let left = spread.left.map { String($0.number) } ?? "null"
        let right = spread.right.map { String($0.number) } ?? "null"
        out += "{\"left\": \(left), \"right\": \(right)}"
      }
      out += "\n  ]"
    }
    out += "\n}\n"
    return out
  }

  private func write(_ page: Page, into out: inout String) {
    out += "    {\"number\": \(page.number), \"side\": \"\(page.side.rawValue)\", \"blank\": \(page.isBlank),\n"
    if let source = page.source {
      out += "     \"source\": {\"firstLine\": \(source.firstLine), \"lastLine\": \(source.lastLine)},"
    } else {
      out += "     \"source\": null,"
    }
    out += " \"anchorLine\": \(page.anchorLine.map(String.init) ?? "null"), \"runningHead\": "
    Escaping.json(page.runningHead, into: &out)
    out += ",\n     \"lines\": ["
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
        out += "]}"
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
