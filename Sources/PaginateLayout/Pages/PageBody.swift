import PaginateModel

/// The text area of a page before margins, header and footer are added.
struct PageBody: Sendable {
  var number: Int
  var isBlank: Bool
  /// Exactly `bodyHeight` lines.
  var lines: [Line]
  var source: SourceRange?
  /// The source line of the first line of content (not a repeated table header).
  var anchorLine: Int? = nil
  var runningHead: String
  /// The headings that begin in the area, with their lines in it.
  var headings: [Page.Heading] = []
  /// The lines at the foot of the area that hold notes (the rule above them included).
  var noteLineCount = 0
  /// The anchor of each line's first character, when the layout tracks anchors: as many as
  /// `lines`, `nil` for a line with no text of the document (padding, notes, a repeated table
  /// header); empty when anchors are not tracked.
  var anchors: [TextAnchor?] = []
}
