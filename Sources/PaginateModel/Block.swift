/// A block of a document: a heading, a paragraph, a list, a table, and so on.
///
/// A block is its ``content`` plus the ``source`` lines it came from. Containers (block quotes,
/// list items, definitions) hold further blocks; leaf blocks hold inlines or verbatim text.
///
///     let heading = Block(.heading(level: 1, [.text("Introduction")]), source: SourceRange(line: 1))
public struct Block: Sendable, Hashable {
  /// What the block is and what it holds.
  public var content: Content
  /// The input lines the block came from, when the adapter knows them.
  public var source: SourceRange?

  /// Creates a block.
  public init(_ content: Content, source: SourceRange? = nil) {
    self.content = content
    self.source = source
  }

  /// The kinds of block, each with its payload.
  public enum Content: Sendable, Hashable {
    /// A heading of level 1 (a chapter, by default) to 6.
    case heading(level: Int, [Inline])
    /// A paragraph of text that the layout reflows.
    case paragraph([Inline])
    /// A block quote holding further blocks.
    case blockQuote([Block])
    /// A bullet or ordered list.
    case list(ListBlock)
    /// A code block, kept verbatim. `info` is the info string of a fenced block (`swift`, say),
    /// empty when there is none; `text` ends without a trailing newline.
    case codeBlock(info: String, text: String)
    /// Text kept line by line, as logs, configuration files, programs and man pages are
    /// written: every line of `text` starts a line on the page, a line wider than the page
    /// wraps with a continuation mark, tabs expand to the layout's tab stops, and a page may
    /// break between any two lines. `text` ends without a trailing newline. Blocks of lines
    /// that follow one another are one run, with no space between them: a reader cuts a long
    /// file into such blocks. `styles` are the input's own styles (a man page's bold and
    /// underline, a terminal's colours, a program's syntax), in order and not overlapping.
    case lines(String, styles: [TextRun] = [])
    /// A thematic break (a horizontal rule).
    case thematicBreak
    /// A block of raw HTML from the input, shown as text and never interpreted.
    case htmlBlock(String)
    /// A table.
    case table(TableBlock)
    /// A definition list: terms, each followed by its definitions.
    case definitionList([DefinitionItem])
    /// Blocks whose lines are centred (HTML's `<p align="center">` or `<center>`, where
    /// READMEs put their title, badges and logo).
    case centered([Block])
    /// A labelled, ruled box around blocks: GitHub's alerts (`> [!NOTE]`), pandoc's
    /// admonitions. `label` is what the box is titled (`Note`, `Warning`).
    case callout(label: String, [Block])
    /// An explicit page break: the next block starts a new page.
    case pageBreak
  }
}

extension Block {
  /// A heading block.
  public static func heading(level: Int, _ content: [Inline], source: SourceRange? = nil) -> Block {
    Block(.heading(level: level, content), source: source)
  }

  /// A paragraph block.
  public static func paragraph(_ content: [Inline], source: SourceRange? = nil) -> Block {
    Block(.paragraph(content), source: source)
  }

  /// A paragraph of plain text.
  public static func paragraph(_ text: String, source: SourceRange? = nil) -> Block {
    Block(.paragraph([.text(text)]), source: source)
  }
}
