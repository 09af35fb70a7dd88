public import PaginateModel

/// One laid-out page: exactly as many lines as the page is tall, none wider than the page.
public struct Page: Sendable, Hashable {
  /// The printed page number (1 for the first page).
  public var number: Int
  /// The lines of the page, each padded to nothing (no trailing spaces) and at most
  /// `columns` cells wide; there are exactly `lines` of them.
  public var lines: [String]
  /// The source lines of the blocks that appear on the page, when known.
  public var source: SourceRange?

  /// Creates a page.
  public init(number: Int, lines: [String], source: SourceRange? = nil) {
    self.number = number
    self.lines = lines
    self.source = source
  }
}
