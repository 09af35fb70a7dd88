public import PaginateLayout
public import PaginateModel

// Names of the first round, kept so that code written against them still builds (with a
// warning that names the new one).

extension PagingController {
  /// The old name of ``reader``.
  @available(*, deprecated, renamed: "reader")
  public var source: DocumentReader { reader }

  /// The old spelling of ``init(reader:options:facing:isWrapping:)``.
  @available(*, deprecated, renamed: "init(reader:options:facing:isWrapping:)")
  public init(
    source: DocumentReader, options: LayoutOptions = LayoutOptions(), facing: FacingOptions? = nil,
    isWrapping: Bool = false
  ) throws(LayoutError) {
    try self.init(reader: source, options: options, facing: facing, isWrapping: isWrapping)
  }
}
