public import PaginateModel

// Names of the first round, kept so that code written against them still builds (with a
// warning that names the new one).

extension PageSet {
  /// The old name of ``reader``.
  @available(*, deprecated, renamed: "reader")
  public var source: DocumentReader { reader }

  /// The old spelling of ``init(reader:options:keepsPages:pagesKept:)``.
  @available(*, deprecated, renamed: "init(reader:options:keepsPages:pagesKept:)")
  public init(
    source: DocumentReader, options: LayoutOptions, keepsPages: Bool = true, pagesKept: Int = PageSet.defaultPagesKept
  ) throws(LayoutError) {
    try self.init(reader: source, options: options, keepsPages: keepsPages, pagesKept: pagesKept)
  }
}
