public import PaginateModel

/// Reads plain text: paragraphs split at blank lines and reflowed, indented lines kept verbatim.
///
/// - A blank line (only spaces and tabs) ends a paragraph; the lines of a paragraph are joined
///   with single spaces, so the layout can reflow them.
/// - A line indented by a tab or four or more spaces is verbatim: runs of such lines (with the
///   blank lines between them) become a code block, kept exactly.
/// - A form feed is a page break.
/// - Text written one paragraph per line, as editors that wrap softly save it, is read so:
///   when most of the text (in the first 256 KiB) is on lines wider than 100 columns, each line
///   is a paragraph of its own, and a short line (up to 50 columns, not ending in `.`, `,`, `;`,
///   `:`, `!` or `?`) with a blank line (or the start or end of the text) before and after it
///   is a heading of level 2.
/// - CRLF and lone CR end lines as LF does; a leading byte-order mark is dropped.
/// - Memory is bounded however the text runs on (`yes`, `/dev/zero`): a paragraph ends after
///   64 KiB of text, a verbatim block after 10,000 lines, and a line longer than 1 MiB is read in
///   pieces of that size (joined by a space, at a character boundary).
/// - Invalid UTF-8 becomes U+FFFD; control characters other than tab become visible escapes
///   (`^[` for ESC), so no raw control byte reaches the model.
///
/// Plain text has no syntax errors: ``document(from:)`` never throws.
public struct PlainTextAdapter: StreamingInputAdapter {
  public let name = "text"
  public let fileExtensions = ["txt", "text"]
  public let summary = "Plain text: paragraphs reflowed, indented lines verbatim, form feeds break pages"

  /// Creates the adapter.
  public init() {}

  /// Plain text is made visible by the adapter itself.
  public var guaranteesVisibleText: Bool { true }

  public func document(from input: AdapterInput) throws(InputError) -> Document {
    var builder = PlainTextBuilder()
    _ = input.bytes.withUnsafeBufferPointer { builder.feed($0, isFinal: true) }
    return Document(blocks: builder.finish())
  }
}

extension PlainTextAdapter {
  /// Blocks read a chunk at a time: memory holds the paragraph being read, not the file.
  public func blockStream(
    reading read: @escaping @Sendable (UnsafeMutableRawBufferPointer) -> Int, name: String,
    diagnostics: ReadDiagnostics
  ) -> any BlockStream {
    PlainTextStream(read: read, diagnostics: diagnostics, inputSize: nil)
  }

  /// Resumes at a mark a plain-text reader gave.
  public func blockStream(
    resuming mark: BlockStreamMark, reading read: @escaping @Sendable (UnsafeMutableRawBufferPointer) -> Int,
    name: String, inputSize: Int?
  ) -> (any BlockStream)? {
    guard let state = mark.state as? PlainTextStream.Mark else { return nil }
    return PlainTextStream(resuming: state, read: read, inputSize: inputSize)
  }

  /// Streams, reporting progress by bytes when `inputSize` is known.
  public func blockStream(
    reading read: @escaping @Sendable (UnsafeMutableRawBufferPointer) -> Int, name: String,
    diagnostics: ReadDiagnostics, inputSize: Int?
  ) -> any BlockStream {
    PlainTextStream(read: read, diagnostics: diagnostics, inputSize: inputSize)
  }
}
