/// A document as the layout engine sees it: a title and a sequence of blocks.
///
/// Input adapters produce documents; the layout engine turns them into pages. A document is a
/// plain value: it holds no file handles or C pointers, so it can be passed between tasks.
///
///     let document = Document(title: "Notes", blocks: [
///       .heading(level: 1, [.text("Notes")]),
///       .paragraph("First paragraph."),
///     ])
public struct Document: Sendable, Hashable {
  /// The title, for running heads (`{title}`); `nil` when the input names none.
  public var title: String?
  /// The language of the text, a BCP 47 tag (`en`, `de-CH`), for hyphenation; `nil` when the
  /// input names none.
  public var language: String?
  /// The blocks, in reading order.
  public var blocks: [Block]

  /// Creates a document.
  public init(title: String? = nil, language: String? = nil, blocks: [Block]) {
    self.title = title
    self.language = language
    self.blocks = blocks
  }

  /// The version of the JSON form this library writes and the newest it reads.
  public static let jsonVersion = 1
}
