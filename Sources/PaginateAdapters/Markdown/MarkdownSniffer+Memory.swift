extension MarkdownSniffer {
  /// Whether text an app hands over in memory, with no name to go by, reads as Markdown: one
  /// sign is enough when it is a heading, a pair of emphasis marks, a link, a list item or a
  /// fence (standard input, which may be any file, needs two kinds: ``looksLikeMarkdown(_:)``).
  /// Scripts, Debian copyright files and logs are still lines (``LineTextSniffer``), and a
  /// block of `#` lines is still comments.
  static func hasMarkdownSign(_ head: ArraySlice<UInt8>) -> Bool {
    if looksLikeMarkdown(head) { return true }
    if LineTextSniffer.hasSignsOfLines(head) { return false }
    let (lines, trimmedLines) = Self.lines(of: ByteText.droppingByteOrderMark(head))
    for (index, line) in lines.enumerated() where !Self.isInCommentBlock(index, trimmedLines) {
      let trimmed = trimmedLines[index]
      let indent = line.count - trimmed.count
      guard indent < 4 else { continue }  // code, not a sign
      switch Self.lineSign(trimmed, indent: indent, afterText: false) {
      case .heading, .fence, .definition: return true
      default: break
      }
      if isListItem(trimmed) || trimmed.contains("](".utf8) || hasEmphasisPair(trimmed) { return true }
    }
    return false
  }

  /// `- `, `* `, `+ `, `1. ` or `1) ` and some text.
  private static func isListItem(_ line: ArraySlice<UInt8>) -> Bool {
    let digits = line.prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }.count
    let marker: ArraySlice<UInt8>
    if digits > 0 && digits <= 9 {
      marker = line.dropFirst(digits)
      guard marker.first == UInt8(ascii: ".") || marker.first == UInt8(ascii: ")") else { return false }
    } else {
      marker = line
      guard let first = marker.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "*") || first == UInt8(ascii: "+")
      else { return false }
    }
    let rest = marker.dropFirst()
    return rest.first == 0x20 && rest.contains { $0 != 0x20 }
  }

  /// `*word*`, `**words**` or `_word_`: marks that open before a letter and close after one, on
  /// one line, not inside a word (`snake_case_name`, `2*3*4`).
  private static func hasEmphasisPair(_ line: ArraySlice<UInt8>) -> Bool {
    func isWordByte(_ byte: UInt8?) -> Bool {
      guard let byte else { return false }
      return byte >= 0x80 || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
        || ((byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z"))
    }
    var index = line.startIndex
    while index < line.endIndex {
      let mark = line[index]
      guard mark == UInt8(ascii: "*") || mark == UInt8(ascii: "_") else {
        index += 1
        continue
      }
      let before = index > line.startIndex ? line[index - 1] : nil
      let run = line[index...].prefix { $0 == mark }.count
      let open = index + run
      index = open
      guard run <= 2, !isWordByte(before), open < line.endIndex, line[open] != 0x20, line[open] != mark else { continue }
      // The same run of marks closing it, after a character that is not a space.
      var close = open + 1
      while close + run <= line.endIndex {
        if line[close..<(close + run)].allSatisfy({ $0 == mark }) && line[close - 1] != 0x20
          && (close + run == line.endIndex || line[close + run] != mark) && !isWordByte(close + run < line.endIndex ? line[close + run] : nil)
        {
          return true
        }
        close += 1
      }
    }
    return false
  }
}
