/// A horizontal rule's line: light (`─`: thematic breaks, level-2 headings, table headers,
/// the rule above a page's notes), double (`═`: level-1 headings) or dashed (`┄`: between the
/// rows of a table whose rows take more than one line).
///
/// A rule is copied from a long run of its character made once. Built from bytes, the string
/// would be checked as UTF-8 again, and for these three-byte characters that check costs
/// about ten times the copy.
enum Rule: Sendable {
  case light, double, dashed

  /// The rule `count` cells long (empty for a count of zero or less).
  func string(count: Int) -> String {
    String(substring(count: count))
  }

  /// The same, as a slice of the long run, to append to a string without a copy of its own.
  func substring(count: Int) -> Substring {
    guard count > 0 else { return "" }
    let run: String
    switch self {
    case .light: run = Self.lightRun
    case .double: run = Self.doubleRun
    case .dashed: run = Self.dashedRun
    }
    guard count <= Self.runLength else { return Substring(String.repeated(String(run.first!), count: count)) }
    return run[..<run.utf8.index(run.startIndex, offsetBy: count * 3)]
  }

  private static let runLength = 256
  private static let lightRun = String(repeating: "─", count: runLength)
  private static let doubleRun = String(repeating: "═", count: runLength)
  private static let dashedRun = String(repeating: "┄", count: runLength)
}
