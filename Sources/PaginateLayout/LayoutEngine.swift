public import PaginateModel

/// Options that shape the pages.
public struct LayoutOptions: Sendable, Hashable {
  /// The size of every page.
  public var pageSize: PageSize
  /// Tab stops in code blocks are every `tabWidth` cells.
  public var tabWidth: Int

  /// Creates options.
  public init(pageSize: PageSize = .default, tabWidth: Int = 8) {
    self.pageSize = pageSize
    self.tabWidth = max(tabWidth, 1)
  }
}

/// Lays a document out into pages.
///
/// This first engine sets each block as plain lines (greedy word wrap, headings underlined,
/// lists with hanging indents, quotes with a bar, code verbatim with visible continuation marks)
/// and cuts the lines into pages of exactly `lines` lines, starting a new page at each page
/// break.
///
///     let pages = LayoutEngine(options: LayoutOptions(pageSize: PageSize(columns: 40, lines: 20)))
///       .pages(for: document)
public struct LayoutEngine: Sendable {
  /// The options every page is laid out with.
  public var options: LayoutOptions

  /// Creates an engine.
  public init(options: LayoutOptions = LayoutOptions()) {
    self.options = options
  }

  /// Lays out the whole document.
  ///
  /// - Returns: At least one page; an empty document gives one blank page.
  /// - Complexity: O(n) in the size of the document.
  public func pages(for document: Document) -> [Page] {
    var setter = BlockSetter(tabWidth: options.tabWidth)
    setter.set(document.blocks, width: options.pageSize.columns)
    var flow = PageFlow(pageSize: options.pageSize)
    for line in setter.lines {
      flow.add(line)
    }
    return flow.finish()
  }
}

/// One line of set text, or a forced page break, with the source line it came from.
enum SetLine: Equatable {
  case text(String, source: SourceRange?)
  case pageBreak
}
