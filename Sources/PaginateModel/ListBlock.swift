/// A bullet or ordered list and its items.
public struct ListBlock: Sendable, Hashable {
  /// Whether the items are marked with bullets or numbers.
  public enum Kind: Sendable, Hashable {
    /// A bullet list (`-`, `*`, `+` in Markdown).
    case bullet
    /// An ordered list whose first item has the number `start`.
    case ordered(start: Int)
  }

  /// One item of a list: the blocks it holds.
  public struct Item: Sendable, Hashable {
    /// The blocks of the item (usually a paragraph, perhaps a nested list).
    public var blocks: [Block]
    /// The input lines the item came from, when known.
    public var source: SourceRange?

    /// Creates an item.
    public init(_ blocks: [Block], source: SourceRange? = nil) {
      self.blocks = blocks
      self.source = source
    }
  }

  /// Bullets or numbers.
  public var kind: Kind
  /// A tight list has no blank lines between its items; a loose one does.
  public var isTight: Bool
  /// The items, in order.
  public var items: [Item]

  /// Creates a list.
  public init(kind: Kind, isTight: Bool = true, items: [Item]) {
    self.kind = kind
    self.isTight = isTight
    self.items = items
  }
}
