import Foundation
import PaginateLayout
import Testing

/// Compares `actual` with the golden file `Golden/<name>.txt` beside this test file.
///
/// A missing golden file is recorded (and the test fails, so a recording run is never green);
/// `RECORD_GOLDEN=1` re-records every golden file. On a mismatch the first differing lines are
/// shown.
func assertGolden(_ actual: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
  let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")
  let file = folder.appendingPathComponent("\(name).txt")
  let record = ProcessInfo.processInfo.environment["RECORD_GOLDEN"] == "1"
  if record || !FileManager.default.fileExists(atPath: file.path) {
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try actual.write(to: file, atomically: true, encoding: .utf8)
      Issue.record("Recorded golden file \(name).txt; check it and run the tests again.", sourceLocation: sourceLocation)
    } catch {
      Issue.record("Could not record golden file \(name).txt: \(error)", sourceLocation: sourceLocation)
    }
    return
  }
  // A golden file that is there but cannot be read fails the test; it is never re-recorded.
  let expected: String
  do {
    expected = try String(contentsOf: file, encoding: .utf8)
  } catch {
    Issue.record("Could not read golden file \(name).txt: \(error)", sourceLocation: sourceLocation)
    return
  }
  guard actual != expected else { return }
  let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
  let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
  var diff: [String] = []
  for index in 0..<max(actualLines.count, expectedLines.count) where diff.count < 12 {
    let a = index < actualLines.count ? String(actualLines[index]) : "<none>"
    let e = index < expectedLines.count ? String(expectedLines[index]) : "<none>"
    if a != e { diff.append("line \(index + 1):\n  expected: " + e + "\n  actual:   " + a) }
  }
  Issue.record(
    Comment(rawValue: "\(name).txt differs (RECORD_GOLDEN=1 re-records):\n\(diff.joined(separator: "\n"))"),
    sourceLocation: sourceLocation)
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
