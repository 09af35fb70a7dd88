/// A bullet or ordered list and its items.
public struct ListBlock: Sendable, Hashable {
  /// Whether the items are marked with bullets or numbers.
  public enum Kind: Sendable, Hashable {
    /// A bullet list (`-`, `*`, `+` in Markdown).
    case bullet
    /// An ordered list whose first item has the number `start`.
    case ordered(start: Int)
  }

  /// What follows an ordered list's numbers: `1.` or `1)`.
  public enum Delimiter: String, Sendable, Hashable, CaseIterable {
    /// `1.`
    case period
    /// `1)`
    case parenthesis
  }

  /// The box of a task list's item (`- [ ]` and `- [x]` in GitHub Markdown).
  public enum Checkbox: Sendable, Hashable {
    /// Not done: `☐`.
    case unchecked
    /// Done: `☑`.
    case checked
  }

  /// One item of a list: the blocks it holds.
  public struct Item: Sendable, Hashable {
    /// The blocks of the item (usually a paragraph, perhaps a nested list).
    public var blocks: [Block]
    /// The input lines the item came from, when known.
    public var source: SourceRange?
    /// The item's box when it is a task, shown in place of its bullet or number; `nil` for
    /// an ordinary item.
    public var checkbox: Checkbox?

    /// Creates an item.
    public init(_ blocks: [Block], source: SourceRange? = nil, checkbox: Checkbox? = nil) {
      self.blocks = blocks
      self.source = source
      self.checkbox = checkbox
    }
  }

  /// Bullets or numbers.
  public var kind: Kind
  /// A tight list has no blank lines between its items; a loose one does.
  public var isTight: Bool
  /// The items, in order.
  public var items: [Item]
  /// What follows the numbers of an ordered list, as the source wrote it.
  public var delimiter: Delimiter

  /// Creates a list.
  public init(kind: Kind, isTight: Bool = true, items: [Item], delimiter: Delimiter = .period) {
    self.kind = kind
    self.isTight = isTight
    self.items = items
    self.delimiter = delimiter
  }
}
