import PaginateModel

/// A line on its way to a page, with what the page breaker needs to know about it.
struct FlowLine {
  /// The text of the line, as wide as the text area at most.
  var line: Line
  /// The source lines of the block the line belongs to.
  var source: SourceRange?
  /// The source line this line stands for: exact for one-line blocks, interpolated across a
  /// block's lines otherwise (a reflowed paragraph has no exact mapping).
  var sourceLine: Int?
  /// The cost of a page break just before this line (see ``Penalty``).
  var penalty: Int = Penalty.free
  /// A blank line between blocks: dropped at the top of a page.
  var isSpacing = false
  /// A thematic break's rule, or the dashed rule between a table's tall rows: dropped where it
  /// meets a page break, at the top or the foot of a page, as TeX drops glue (the page break
  /// separates already).
  var isDiscardable = false
  /// Whether the line is a line of text kept line by line (``BlockLayout/textLines(_:width:source:)``):
  /// kept at the top of a page even when blank, as `pr` keeps every line.
  var isKept = false
  /// Footnotes cited on this line.
  var notes: [Int] = []
  /// The table whose header is repeated when this line starts a page.
  var tableHeader: Int?
  /// A heading begins on this line: its level and text (for running heads).
  var heading: (level: Int, text: String)?
  /// A page break is forced before this line.
  var forcedBreak: ChapterBreak?
  /// The first character of the line's text, when the layout tracks anchors (a page set that
  /// keeps its pages) and the line shows text of its block.
  var anchor: TextAnchor?

  static func spacing(source: SourceRange?) -> FlowLine {
    FlowLine(line: Line(), source: source, isSpacing: true)
  }
}

extension Array where Element == FlowLine {
  /// Appends `lines`, taking their array as it is when this one is empty: `+=` would copy
  /// each line into a new buffer (retaining its text and arrays) and then release the old one.
  mutating func append(moving lines: consuming [FlowLine]) {
    if isEmpty { self = lines } else { self += lines }
  }

  /// The lines with their source set, and their penalty raised to at least `penalty`.
  consuming func withSource(_ source: SourceRange?, penalty: Int = Penalty.free) -> [FlowLine] {
    for index in indices {
      self[index].source = source
      if penalty > self[index].penalty { self[index].penalty = penalty }
    }
    return self
  }
}

/// Costs of a page break at a given line. A break is taken where the sum of its penalty and
/// the cost of the space it leaves empty is least.
enum Penalty {
  /// Between blocks, or inside a long paragraph.
  static let free = 0
  /// Leaving fewer than the widow or orphan minimum of a paragraph on a page.
  static let widow = 1_000
  /// Separating a heading from the first lines of what follows it: worse than a short page.
  static let keepWithHeading = 8_000
  /// Splitting a short code block, a table row or a heading.
  static let unsplittable = 3_000
  /// Splitting a table of three rows or fewer, or a list item no longer than the widow and
  /// orphan minimums together: worse than a short page, as separating a heading is.
  static let keepTogether = 8_000
  /// A page left short by more than a third of its body costs this much plus the space.
  static let shortPage = 5_000
}
