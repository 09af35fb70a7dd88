/// One entry of a definition list: a term and the definitions that explain it.
///
/// Definition lists come from formats such as reStructuredText, LaTeX and pandoc's Markdown
/// (through the pandoc JSON adapter); CommonMark has none.
///
///     DefinitionItem(term: [.text("gutter")], definitions: [[.paragraph("The inner margin.")]])
public struct DefinitionItem: Sendable, Hashable {
  /// The term being defined.
  public var term: [Inline]
  /// The definitions, each a list of blocks (usually one paragraph).
  public var definitions: [[Block]]
  /// The input lines the entry came from, when known.
  public var source: SourceRange?

  /// Creates an entry.
  public init(term: [Inline], definitions: [[Block]], source: SourceRange? = nil) {
    self.term = term
    self.definitions = definitions
    self.source = source
  }
}
