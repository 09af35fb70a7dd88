/// A place in a document by its content: a character of a top-level block.
///
/// Every document has anchors, whether or not it came with source lines, and an anchor does
/// not move when the document is laid out again at another page size, with facing pages or
/// double-sided, with other margins: the page that holds the anchored character is found
/// anew. A reader's place is the anchor at the top of the page shown.
///
///     let place = reader.currentAnchor!         // TextAnchor(block: 41, offset: 310)
///     reader.options.pageSize = PageSize(columns: 60, lines: 20)
///     reader.pageIndex(of: place) == reader.currentPage.index   // true: the same text is on the page shown
///
/// The offset counts the characters (Unicode scalars) of the block's text as it is laid out,
/// leaving out spaces and the layout's furniture (bullets and quote bars, note markers, table
/// rules): counted that way, a block's text is the same at every width. `TextAnchor(block: n)`
/// is the start of block `n`.
public struct TextAnchor: Sendable, Hashable, Comparable, Codable {
  /// The index of the top-level block in the document, from 0 (page breaks count as blocks).
  public var block: Int
  /// The number of characters of the block's text before the anchored one, leaving out spaces
  /// and furniture.
  public var offset: Int

  /// An anchor at the `offset`-th character (from 0) of block `block`.
  public init(block: Int, offset: Int = 0) {
    self.block = block
    self.offset = offset
  }

  /// Anchors in reading order.
  public static func < (lhs: TextAnchor, rhs: TextAnchor) -> Bool {
    (lhs.block, lhs.offset) < (rhs.block, rhs.offset)
  }
}

extension TextAnchor: CustomStringConvertible {
  /// `block 41, character 310`.
  public var description: String { "block \(block), character \(offset)" }
}
