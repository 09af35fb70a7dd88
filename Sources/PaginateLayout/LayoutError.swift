/// Options that cannot give a page: the size leaves no room for text, or the hyphenation
/// patterns asked for are not installed.
public struct LayoutError: Error, Sendable, Hashable, CustomStringConvertible {
  /// A sentence saying what is wrong and what would work.
  public var description: String

  /// Creates an error.
  public init(_ description: String) {
    self.description = description
  }
}

extension LayoutOptions {
  /// The height of the text area: the page less its margins, header and footer (each with a
  /// blank line between it and the text).
  /// (Any numbers give a number: the arithmetic stops at `Int.min` and `Int.max`.)
  public var bodyHeight: Int {
    let furniture = [margins.top, margins.bottom, HeaderTemplate.isEmpty(header) ? 0 : 2, HeaderTemplate.isEmpty(footer) ? 0 : 2]
    return furniture.reduce(pageSize.lines) { $0.clampedMinus($1) }
  }

  /// The width of the text area: the page less its inner and outer margins.
  public var bodyWidth: Int {
    pageSize.columns.clampedMinus(margins.inner).clampedMinus(margins.outer)
  }

  /// The largest page, in columns and in lines (as `--page-size` takes them).
  public static let largestPage = 10_000

  /// The page numbers a layout may start at.
  public static let firstPageNumbers = -1_000_000_000...1_000_000_000

  /// Checks that the options leave room for text.
  ///
  /// - Throws: ``LayoutError`` naming the page size and what takes the room, such as
  ///   `page 20x6 is too small: margins, header and footer take 6 of its 6 lines`.
  public func validate() throws(LayoutError) {
    let sizes = 1...Self.largestPage
    guard sizes.contains(pageSize.columns), sizes.contains(pageSize.lines) else {
      throw LayoutError("page \(pageSize): columns and lines must each be 1...\(Self.largestPage)")
    }
    for (name, margin) in [("top", margins.top), ("bottom", margins.bottom), ("inner", margins.inner), ("outer", margins.outer)] {
      guard (0...Self.largestPage).contains(margin) else {
        throw LayoutError("the \(name) margin must be 0...\(Self.largestPage), got \(margin)")
      }
    }
    guard (1...64).contains(tabWidth) else { throw LayoutError("tab width must be 1...64, got \(tabWidth)") }
    guard Self.firstPageNumbers.contains(firstPageNumber) else {
      throw LayoutError(
        "the first page number must be \(Self.firstPageNumbers.lowerBound)...\(Self.firstPageNumbers.upperBound), got \(firstPageNumber)")
    }
    if bodyWidth < 2 && margins.inner + margins.outer == 0 {
      throw LayoutError(
        "page \(pageSize) is too narrow: text needs at least 2 columns, since a wide character takes 2")
    }
    if bodyWidth < 2 {
      throw LayoutError(
        "page \(pageSize) is too small: the inner and outer margins take \(margins.inner + margins.outer) of its \(pageSize.columns) columns, and text needs at least 2")
    }
    if bodyHeight < 1 {
      throw LayoutError(
        "page \(pageSize) is too small: margins, header and footer take \(pageSize.lines - bodyHeight) of its \(pageSize.lines) lines")
    }
    if widowLines < 1 || orphanLines < 1 {
      throw LayoutError("widow and orphan lines must be at least 1, got \(widowLines) and \(orphanLines)")
    }
    if hyphenates, let language { _ = try Hyphenator(language: language) }
  }
}

extension Int {
  /// `self - other`, stopping at `Int.min` and `Int.max` rather than overflowing.
  fileprivate func clampedMinus(_ other: Int) -> Int {
    let (difference, overflowed) = subtractingReportingOverflow(other)
    return overflowed ? (other > 0 ? .min : .max) : difference
  }
}
