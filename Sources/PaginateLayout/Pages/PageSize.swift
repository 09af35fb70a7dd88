/// The size of a page in character cells: `columns` cells wide, `lines` lines tall.
public struct PageSize: Sendable, Hashable {
  /// Cells per line.
  public var columns: Int
  /// Lines per page.
  public var lines: Int

  /// Creates a page size.
  ///
  /// Any numbers are accepted here; ``LayoutOptions/validate()`` (and every initialiser that
  /// lays out) refuses a size that leaves no room for text, with a ``LayoutError`` that says
  /// why.
  public init(columns: Int, lines: Int) {
    self.columns = columns
    self.lines = lines
  }

  /// 80 columns by 66 lines, the page of a line printer and of `pr`.
  public static let `default` = PageSize(columns: 80, lines: 66)
}

extension PageSize: CustomStringConvertible {
  /// `80x66`.
  public var description: String { "\(columns)x\(lines)" }
}
