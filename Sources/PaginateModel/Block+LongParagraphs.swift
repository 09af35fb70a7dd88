extension Block {
  /// The most bytes of text an adapter puts in one paragraph: a longer one is split into
  /// paragraphs of about this size, at a space where there is one. The layout sets a paragraph
  /// whole, so this bounds its memory however long the input's paragraphs run. 64 KiB is some
  /// 800 lines of 80 columns.
  public static let longParagraphLimit = 1 << 16

  /// This block, or, for a paragraph longer than ``longParagraphLimit``, the paragraphs it
  /// splits into, in order, with every inline kept. A paragraph is split between its inlines,
  /// and inside a run of plain text at a space (or, with no space, at a character boundary);
  /// styled runs (emphasis, links) are not split inside.
  public func splittingLongParagraph(limit: Int = Block.longParagraphLimit) -> [Block] {
    guard isLongParagraph(limit: limit), case .paragraph(let inlines) = content else { return [self] }
    var parts: [[Inline]] = []
    var current: [Inline] = []
    var length = 0
    func endPart() {
      if !current.isEmpty { parts.append(current) }
      current = []
      length = 0
    }
    for inline in inlines {
      if case .text(let text) = inline, length + text.utf8.count > limit {
        var rest = Substring(text)
        while length + rest.utf8.count > limit {
          var cut = Self.cut(rest, room: max(limit - length, 1))
          if cut == rest.startIndex {
            // Nothing fits after what the part holds: start the next part. A single character
            // longer than the limit (thousands of combining marks) is a part of its own.
            guard length == 0 else {
              endPart()
              continue
            }
            cut = rest.index(after: rest.startIndex)
          }
          current.append(.text(String(rest[..<cut])))
          endPart()
          rest = rest[cut...].drop { $0 == " " }
        }
        if !rest.isEmpty {
          current.append(.text(String(rest)))
          length += rest.utf8.count
        }
        continue
      }
      let size = Self.textLength(of: [inline], upTo: limit + 1)
      if length + size > limit && !current.isEmpty { endPart() }
      current.append(inline)
      length += size
    }
    endPart()
    return parts.map { Block(.paragraph($0), source: source) }
  }

  /// Where to end a piece of `text` of at most `room` bytes: after its last space in that
  /// room, else at the last character boundary; `text.startIndex` when nothing fits.
  private static func cut(_ text: Substring, room: Int) -> Substring.Index {
    let utf8 = text.utf8
    guard let limit = utf8.index(utf8.startIndex, offsetBy: room, limitedBy: utf8.endIndex), limit < utf8.endIndex else {
      return text.endIndex
    }
    if let space = utf8[..<limit].lastIndex(of: 0x20), space > utf8.startIndex { return space }
    // No space: at a character boundary at or before the limit.
    var boundary = text.startIndex
    var index = text.startIndex
    while index < text.endIndex && index <= limit {
      boundary = index
      index = text.index(after: index)
    }
    return boundary
  }

  /// Whether this is a paragraph with more than `limit` bytes of text.
  public func isLongParagraph(limit: Int = Block.longParagraphLimit) -> Bool {
    guard case .paragraph(let inlines) = content else { return false }
    return Self.textLength(of: inlines, upTo: limit + 1) > limit
  }

  /// The bytes of text in `inlines`, counted up to `bound` (enough to compare with a limit).
  private static func textLength(of inlines: [Inline], upTo bound: Int) -> Int {
    var total = 0
    for inline in inlines {
      switch inline {
      case .text(let text), .code(let text), .html(let text): total += text.utf8.count
      case .emphasis(let children), .strong(let children), .strikethrough(let children), .link(_, _, let children):
        total += textLength(of: children, upTo: bound - total)
      case .image(_, _, let alt): total += alt.utf8.count
      case .softBreak, .hardBreak: total += 1
      case .note: break
      }
      if total >= bound { return total }
    }
    return total
  }
}

extension Document {
  /// The document with every top-level paragraph longer than ``Block/longParagraphLimit`` split
  /// (see ``Block/splittingLongParagraph(limit:)``).
  public func splittingLongParagraphs() -> Document {
    guard blocks.contains(where: { $0.isLongParagraph() }) else { return self }
    var copy = self
    copy.blocks = blocks.flatMap { $0.splittingLongParagraph() }
    return copy
  }
}
