/// A table: a header row, body rows, and the alignment of each column.
///
/// Each cell holds inlines. Rows may have fewer cells than there are columns; the missing
/// cells are empty.
public struct TableBlock: Sendable, Hashable {
  /// How the text of a column is aligned.
  public enum Alignment: String, Sendable, Hashable, CaseIterable {
    /// No alignment given: left, as text reads. Spelled `none` in JSON.
    case unspecified = "none"
    /// Aligned to the left edge.
    case left
    /// Centred.
    case center
    /// Aligned to the right edge (numbers).
    case right
  }

  /// A row of cells.
  public struct Row: Sendable, Hashable {
    /// The cells, left to right.
    public var cells: [[Inline]]
    /// The input line of the row, when known.
    public var source: SourceRange?

    /// Creates a row.
    public init(_ cells: [[Inline]], source: SourceRange? = nil) {
      self.cells = cells
      self.source = source
    }
  }

  /// The alignment of each column; its count is the number of columns.
  public var alignments: [Alignment]
  /// The header row, repeated at the top of each page the table crosses.
  public var header: Row
  /// The body rows.
  public var rows: [Row]

  /// Creates a table.
  public init(alignments: [Alignment], header: Row, rows: [Row]) {
    self.alignments = alignments
    self.header = header
    self.rows = rows
  }

  /// The number of columns.
  public var columnCount: Int { alignments.count }
}
