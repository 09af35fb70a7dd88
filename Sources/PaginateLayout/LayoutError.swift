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
  public var bodyHeight: Int {
    pageSize.lines - margins.top - margins.bottom - (HeaderTemplate.isEmpty(header) ? 0 : 2)
      - (HeaderTemplate.isEmpty(footer) ? 0 : 2)
  }

  /// The width of the text area: the page less its inner and outer margins.
  public var bodyWidth: Int {
    pageSize.columns - margins.inner - margins.outer
  }

  /// Checks that the options leave room for text.
  ///
  /// - Throws: ``LayoutError`` naming the page size and what takes the room, such as
  ///   `page 20x6 is too small: margins, header and footer take 6 of its 6 lines`.
  public func validate() throws(LayoutError) {
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
    if tabWidth < 1 { throw LayoutError("tab width must be at least 1, got \(tabWidth)") }
    if widowLines < 1 || orphanLines < 1 {
      throw LayoutError("widow and orphan lines must be at least 1, got \(widowLines) and \(orphanLines)")
    }
    if hyphenates, let language { _ = try Hyphenator(language: language) }
  }
}
