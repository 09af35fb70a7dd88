import Foundation
import PaginateLayout
import PaginateTestSupport
import Testing

/// Compares `actual` with the golden file `Golden/<name>.txt` beside this test file (see
/// ``/PaginateTestSupport/assertGolden(_:named:in:sourceLocation:)``).
func assertGolden(_ actual: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
  let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")
  assertGolden(Data(actual.utf8), named: "\(name).txt", in: folder, sourceLocation: sourceLocation)
}

/// Pages drawn for a golden file: a title line per page, every line framed by `|` and padded
/// to the page width so that margins and trailing space are visible.
func framed(_ pages: [Page], columns: Int) -> String {
  var out = ""
  for page in pages {
    out += "--- page \(page.number) \(page.side.rawValue)\(page.isBlank ? " blank" : "")"
    out += page.runningHead.isEmpty ? "\n" : " ({chapter} = \(page.runningHead))\n"
    for line in page.lines {
      out += "|" + line.text + String(repeating: " ", count: max(columns - line.width, 0)) + "|\n"
    }
  }
  return out
}

/// Spreads drawn for a golden file.
func framed(_ spreads: [Spread], pageSize: PageSize, gutter: Int) -> String {
  var out = ""
  let width = pageSize.columns * 2 + gutter
  for spread in spreads {
    let numbers = [spread.left, spread.right].map { $0.map { "\($0.number)" } ?? "-" }
    out += "--- spread \(spread.index): [\(numbers[0]) | \(numbers[1])]\n"
    for line in spread.lines(pageSize: pageSize, gutter: gutter) {
      out += "|" + line.text + String(repeating: " ", count: max(width - line.width, 0)) + "|\n"
    }
  }
  return out
}
