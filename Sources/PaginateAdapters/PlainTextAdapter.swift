public import PaginateModel

/// Reads plain text: paragraphs split at blank lines and reflowed, indented lines kept verbatim.
///
/// - A blank line (only spaces and tabs) ends a paragraph; the lines of a paragraph are joined
///   with single spaces, so the layout can reflow them.
/// - A line indented by a tab or four or more spaces is verbatim: runs of such lines (with the
///   blank lines between them) become a code block, kept exactly.
/// - A form feed is a page break.
/// - CRLF and lone CR end lines as LF does; a leading byte-order mark is dropped.
/// - Invalid UTF-8 becomes U+FFFD; control characters other than tab become visible escapes
///   (`^[` for ESC), so no raw control byte reaches the model.
///
/// Plain text has no syntax errors: ``document(from:)`` never throws.
public struct PlainTextAdapter: InputAdapter {
  public let name = "text"
  public let fileExtensions = ["txt", "text"]
  public let summary = "Plain text: paragraphs reflowed, indented lines verbatim, form feeds break pages"

  /// Creates the adapter.
  public init() {}

  /// Plain text is made visible by the adapter itself.
  public var guaranteesVisibleText: Bool { true }

  public func document(from input: InputSource) throws(InputError) -> Document {
    var builder = PlainTextBuilder()
    input.bytes.withUnsafeBufferPointer { builder.read($0) }
    return Document(blocks: builder.finish())
  }
}

/// Splits bytes into lines and groups them into blocks, copying each paragraph's bytes once.
private struct PlainTextBuilder {
  private var blocks: [Block] = []
  /// The bytes of the paragraph being gathered: its lines, trimmed, joined by single spaces.
  private var paragraph: [UInt8] = []
  private var paragraphLines = 0
  /// Whether the paragraph has a byte that may need a visible escape (a control, DEL, or a
  /// non-ASCII byte that could start a C1 or bidirectional control).
  private var paragraphNeedsCheck = false
  private var paragraphStart = 0
  private var verbatim: [String] = []
  private var verbatimStart = 0
  /// Blank lines seen inside a verbatim run; kept only if another indented line follows.
  private var pendingBlankLines = 0
  private var lineNumber = 0

  mutating func read(_ bytes: UnsafeBufferPointer<UInt8>) {
    var start = 0
    if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { start = 3 }
    var index = start
    var lineStart = start
    let count = bytes.count
    while index < count {
      let byte = bytes[index]
      if byte > 0x0D {  // fast path: not a line end
        index += 1
        continue
      }
      if byte == 0x0A || byte == 0x0D || byte == 0x0C {
        lineNumber += 1
        line(UnsafeBufferPointer(rebasing: bytes[lineStart..<index]))
        if byte == 0x0C {
          pageBreak()
          // A form feed in the middle of a line splits it; the rest is on the same source line.
          lineNumber -= 1
          if index + 1 < count && bytes[index + 1] == 0x0A {
            lineNumber += 1
            index += 1
          } else if index + 1 < count && bytes[index + 1] == 0x0D {
            lineNumber += 1
            index += 1
            if index + 1 < count && bytes[index + 1] == 0x0A { index += 1 }
          }
        } else if byte == 0x0D && index + 1 < count && bytes[index + 1] == 0x0A {
          index += 1
        }
        index += 1
        lineStart = index
      } else {
        index += 1
      }
    }
    if lineStart < count {
      lineNumber += 1
      line(UnsafeBufferPointer(rebasing: bytes[lineStart..<count]))
    }
  }

  mutating func finish() -> [Block] {
    endParagraph()
    endVerbatim()
    return blocks
  }

  private mutating func line(_ bytes: UnsafeBufferPointer<UInt8>) {
    var indent = 0
    var first = 0
    while first < bytes.count && (bytes[first] == 0x20 || bytes[first] == 0x09) {
      indent += bytes[first] == 0x09 ? 4 : 1
      first += 1
    }
    if first == bytes.count {  // blank
      endParagraph()
      if !verbatim.isEmpty { pendingBlankLines += 1 }
      return
    }
    if indent >= 4 {
      endParagraph()
      if verbatim.isEmpty {
        verbatimStart = lineNumber
      } else {
        verbatim.append(contentsOf: repeatElement("", count: pendingBlankLines))
      }
      pendingBlankLines = 0
      verbatim.append(VisibleControls.escape(String(decoding: bytes, as: UTF8.self), keepingTabsAndNewlines: true))
      return
    }
    endVerbatim()
    if paragraphLines == 0 {
      paragraphStart = lineNumber
    } else {
      paragraph.append(0x20)
    }
    var end = bytes.count
    while end > first && (bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09) { end -= 1 }
    let line = UnsafeBufferPointer(rebasing: bytes[first..<end])
    paragraph.append(contentsOf: line)
    if !paragraphNeedsCheck {
      for byte in line where byte < 0x20 || byte >= 0x7F {
        paragraphNeedsCheck = true
        break
      }
    }
    paragraphLines += 1
  }

  private mutating func pageBreak() {
    endParagraph()
    endVerbatim()
    blocks.append(Block(.pageBreak, source: SourceRange(line: max(lineNumber, 1))))
  }

  private mutating func endParagraph() {
    guard paragraphLines > 0 else { return }
    // Tabs inside a paragraph are spaces; other controls become visible escapes.
    if paragraphNeedsCheck {
      for index in paragraph.indices where paragraph[index] == 0x09 { paragraph[index] = 0x20 }
    }
    var text = String(decoding: paragraph, as: UTF8.self)
    if paragraphNeedsCheck { text = VisibleControls.escape(text) }
    paragraphNeedsCheck = false
    blocks.append(
      .paragraph(
        [.text(text)],
        source: SourceRange(firstLine: paragraphStart, lastLine: paragraphStart + paragraphLines - 1)))
    paragraph.removeAll(keepingCapacity: true)
    paragraphLines = 0
  }

  private mutating func endVerbatim() {
    pendingBlankLines = 0
    guard !verbatim.isEmpty else { return }
    blocks.append(
      Block(
        .codeBlock(info: "", text: verbatim.joined(separator: "\n")),
        source: SourceRange(firstLine: verbatimStart, lastLine: verbatimStart + verbatim.count - 1)))
    verbatim.removeAll(keepingCapacity: true)
  }
}
