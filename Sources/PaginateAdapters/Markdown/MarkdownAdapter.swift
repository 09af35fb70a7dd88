internal import CCmarkGFM
public import PaginateModel

/// Reads GitHub Flavored Markdown through the system libcmark-gfm (GitHub's fork of libcmark,
/// the parser its READMEs are rendered with), with source positions on.
///
/// Every CommonMark construct maps to the model, and so do GitHub's extensions: strikethrough
/// (`~~x~~`), task lists (`- [ ]`, `- [x]`: ☐ and ☑), autolinks (bare `https://`, `www.` and
/// e-mail addresses are links), footnotes (`[^1]`, set at the foot of
/// the citing page like any note), alerts (a block quote opening with `[!NOTE]`, `[!TIP]`,
/// `[!IMPORTANT]`, `[!WARNING]` or `[!CAUTION]`: a labelled box) and pipe tables. A pipe
/// table is a paragraph whose lines are rows (a header, then a delimiter row such as
/// `|---|:--:|`): its rows are split at unescaped bars here and its cells'
/// inlines parsed by libcmark-gfm, with the document's link reference definitions, so
/// reference links, code, emphasis and `<br>` work in them. (libcmark-gfm's own table
/// extension was measured much slower: see Benchmarks/README.md.) `<!-- pagebreak -->` on its own (an HTML block) is a page break.
///
/// The title of the document is the text of its first level-1 heading.
///
/// Block quotes and lists nested deeper than ``maximumNesting`` levels, and inline spans nested
/// deeper than ``maximumInlineNesting``, are flattened into their parent: the text is kept, so
/// that a hostile input cannot make later recursive processing exhaust the stack.
///
/// Markdown has no syntax errors: ``document(from:)`` never throws.
public struct MarkdownAdapter: InputAdapter {
  public let name = "markdown"
  public let fileExtensions = ["md", "markdown", "mdown", "mkd", "mkdn"]
  public let summary = "GitHub Markdown (libcmark-gfm): tables, task lists, footnotes, alerts; <!-- pagebreak -->"

  /// The size of the parts a large text is parsed in when read as a stream (see
  /// ``MarkdownChunks``): smaller in tests, to cut the samples in many places.
  var partSize = MarkdownChunks.partSize
  /// The size from which an input that can be read twice is looked over first and read again
  /// a part at a time rather than held whole (``MarkdownLookOver``): 0 in tests.
  var readsTwiceFrom = 4 << 20

  /// Turns straight quotes into curly ones, `--` into en dashes and `...` into ellipses
  /// (libcmark's `CMARK_OPT_SMART`).
  public var smartPunctuation: Bool
  /// What raw HTML becomes: the document's own blocks and inlines (the default), its text, or
  /// its source. Comments are never shown.
  public var html: HTMLHandling

  /// The deepest nesting of block quotes and lists kept as such.
  public static let maximumNesting = 64
  /// The deepest nesting of emphasis, strong and link spans kept as such.
  public static let maximumInlineNesting = 32
  /// The deepest nesting of footnotes cited inside footnotes kept as notes; a citation deeper
  /// down is its number.
  public static let maximumNoteNesting = 8

  /// Creates the adapter.
  public init(smartPunctuation: Bool = false, html: HTMLHandling = .render) {
    self.smartPunctuation = smartPunctuation
    self.html = html
  }

  /// Chooses Markdown by its signs in the first bytes: a heading on the first line (unless it
  /// opens a block of `#` comments), an HTML block such as READMEs open with, or two kinds of
  /// headings, fences, setext underlines, link definitions, links, images and code spans.
  public func sniff(_ head: ArraySlice<UInt8>) -> Bool {
    MarkdownSniffer.looksLikeMarkdown(head)
  }

  /// The adapter makes control characters visible itself.
  public var guaranteesVisibleText: Bool { true }

  /// libcmark's options: source positions, invalid UTF-8 replaced, footnotes, and smart
  /// punctuation when asked for.
  private var cmarkOptions: Int32 {
    CMARK_OPT_SOURCEPOS | CMARK_OPT_VALIDATE_UTF8 | CMARK_OPT_FOOTNOTES | (smartPunctuation ? CMARK_OPT_SMART : 0)
  }

  public func document(from input: AdapterInput) throws(InputError) -> Document {
    let bytes = ByteText.droppingByteOrderMark(input.bytes[...])
    let blocks = bytes.withUnsafeBufferPointer { buffer in
      var converter = CmarkTreeConverter(source: buffer, options: cmarkOptions, html: html)
      return converter.convert()
    }
    let document = Document(title: blocks.firstChapterTitle, blocks: blocks).splittingLongParagraphs()
    return document
  }
}

extension MarkdownAdapter {
  /// The page-break comment's bytes, without spaces, in lower case.
  private static let pageBreakComment = Array("<!--pagebreak-->".utf8)

  /// Whether raw HTML is the page-break comment `<!-- pagebreak -->` (any case and spacing).
  static func isPageBreakComment(_ html: String) -> Bool {
    // ASCII (every comment seen in practice) is compared byte by byte; other text goes by
    // characters, where Unicode white space is skipped and case folded as well.
    let target = pageBreakComment
    var matched = 0
    for byte in html.utf8 {
      if byte >= 0x80 { return html.lowercased().filter { !$0.isWhitespace } == "<!--pagebreak-->" }
      if byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) { continue }
      let lowered = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
      guard matched < target.count && lowered == target[matched] else { return false }
      matched += 1
    }
    return matched == target.count
  }
}

// MARK: Incremental reading

extension MarkdownAdapter: StreamingInputAdapter {
  /// Blocks converted on a thread of their own while the layout takes them: the input is read
  /// whole, then parsed and converted a part of about a megabyte at a time, each part after
  /// the definitions it cites (`MarkdownChunks`, `MarkdownDefinitions`), alongside the
  /// layout of the blocks before it; the first page needs only its own part.
  public func blockStream(
    reading read: @escaping @Sendable (UnsafeMutableRawBufferPointer) -> Int, name: String,
    diagnostics: ReadDiagnostics
  ) -> any BlockStream {
    let input = InputBytes(reading: read)
    let stream = MarkdownBlockStream(
      source: .whole(input), options: cmarkOptions, html: html, diagnostics: diagnostics, partSize: partSize)
    // Counted here while the converter thread parses.
    let invalid = input.cutShort != nil ? 0 : input.withBytes { UTF8Validation.invalidSequenceCount($0) }
    if invalid > 0 { diagnostics.addInvalidUTF8(invalid) }
    return stream
  }

  /// A large input (4 MB or more) is read twice: looked over first, a buffer at a time,
  /// for definitions (which apply to the whole text), its lines and its invalid UTF-8; then,
  /// without definitions, read again and converted a part at a time, so that memory holds a
  /// part and not the text, or else read again whole.
  public func blockStream(
    reading read: @escaping @Sendable (UnsafeMutableRawBufferPointer) -> Int, name: String,
    diagnostics: ReadDiagnostics, inputSize: Int?,
    readingAgain: @escaping @Sendable () -> (@Sendable (UnsafeMutableRawBufferPointer) -> Int)?
  ) -> any BlockStream {
    guard let inputSize, inputSize >= readsTwiceFrom else {
      return blockStream(reading: read, name: name, diagnostics: diagnostics)
    }
    return MarkdownBlockStream(
      source: .twice(first: read, again: readingAgain), options: cmarkOptions, html: html, diagnostics: diagnostics,
      partSize: partSize)
  }
}
