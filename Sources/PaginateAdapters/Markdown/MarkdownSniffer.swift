/// Whether the start of an input with no telling file name (standard input, a pipe) reads as
/// Markdown: a README piped in is Markdown whether or not it opens with `# `.
///
/// It counts the signs of Markdown at the start of lines in the first bytes (ATX headings,
/// fenced code, setext underlines, link reference definitions, badges and HTML blocks of the
/// kind READMEs open with) and within them (inline links, images, code spans). A heading on
/// the first line is enough when a blank line follows it (a configuration file's first
/// comment has its settings right under it) and the text after it is not made of lines (a
/// script under a `# vim:` line), and so is an HTML block
/// such as READMEs open with (`<p align="center">`); otherwise two different kinds
/// of sign are needed, so that a configuration file's `# comments` or a sentence with one pair
/// of backquotes stays plain text. Signs inside a block of `#` comments do not count, and
/// neither do any in a script, a Debian copyright file or a log (``LineTextSniffer``).
enum MarkdownSniffer {
  static func looksLikeMarkdown(_ head: ArraySlice<UInt8>) -> Bool {
    let bytes = ByteText.droppingByteOrderMark(head)
    // A script, a Debian copyright file, a log.
    if LineTextSniffer.hasSignsOfLines(head) { return false }
    var kinds = Set<Sign>()
    var previousLineHadText = false
    var lineNumber = 0
    var openingHeading = false
    var hashLines = 0
    var textLines = 0
    let (lines, trimmedLines) = Self.lines(of: bytes)
    for (index, line) in lines.enumerated() {
      lineNumber += 1
      let trimmed = trimmedLines[index]
      // Lines of hashes one after another are comments, not headings, and what they hold
      // (a `code span` in a comment) is no sign of Markdown.
      if trimmed.first == UInt8(ascii: "#") {
        hashLines += 1
        if Self.isInCommentBlock(index, trimmedLines) {
          previousLineHadText = true
          textLines += 1
          continue
        }
      }
      if let sign = Self.lineSign(trimmed, indent: line.count - trimmed.count, afterText: previousLineHadText) {
        // A heading that opens the text, and a blank line (or the end) after it.
        if sign == .heading && lineNumber == 1 && (lines.count < 2 || trimmedLines[1].isEmpty) { openingHeading = true }
        // A README's centred logo and badges (`<p align="center">`) open no other kind of text.
        if sign == .htmlBlock && lineNumber == 1 && !trimmed.starts(with: Array("<!--".utf8)) { return true }
        kinds.insert(sign)
      }
      if !trimmed.isEmpty { textLines += 1 }
      if trimmed.contains("](".utf8) { kinds.insert(.inlineLink) }
      if trimmed.contains("![".utf8) { kinds.insert(.image) }
      if Self.hasCodeSpan(trimmed) { kinds.insert(.codeSpan) }
      if kinds.count >= 2 { return true }
      previousLineHadText = !trimmed.isEmpty
    }
    // A heading on the first line, a blank line after it, is enough, unless `#` lines are a
    // large share of them (a configuration file's or a script's comments) or what follows is
    // made of lines (`# vim: set ft=sh`, then a script). A `#` line alone (`/etc/fstab`'s one
    // comment) is not Markdown: some text must follow it.
    guard openingHeading && textLines > hashLines && (hashLines == 1 || hashLines * 4 < textLines) else { return false }
    let rest = bytes.drop { $0 != 0x0A }
    return !LineTextSniffer.isLineOriented(rest, isCutShort: head.count >= AdapterRegistry.sniffLength)
  }

  enum Sign: Hashable {
    case heading, fence, setextUnderline, definition, htmlBlock, inlineLink, image, codeSpan
  }

  /// The lines of `bytes` (a carriage return before a line feed dropped), and each without
  /// its leading spaces.
  static func lines(of bytes: ArraySlice<UInt8>) -> (lines: [ArraySlice<UInt8>], trimmed: [ArraySlice<UInt8>]) {
    let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map { $0.last == 0x0D ? $0.dropLast() : $0 }
    return (lines, lines.map { $0.drop { $0 == 0x20 } })
  }

  /// Whether line `index` starts with `#` beside another that does: comments, not headings.
  static func isInCommentBlock(_ index: Int, _ trimmed: [ArraySlice<UInt8>]) -> Bool {
    func isHash(_ index: Int) -> Bool { trimmed.indices.contains(index) && trimmed[index].first == UInt8(ascii: "#") }
    return isHash(index) && (isHash(index - 1) || isHash(index + 1))
  }

  /// The sign of Markdown that a line (its leading spaces dropped, `indent` of them) is, if any.
  static func lineSign(_ line: ArraySlice<UInt8>, indent: Int, afterText: Bool) -> Sign? {
    guard indent < 4, let first = line.first else { return nil }
    switch first {
    case UInt8(ascii: "#"):
      let hashes = line.prefix { $0 == UInt8(ascii: "#") }.count
      let next = line.dropFirst(hashes).first
      return hashes <= 6 && next == 0x20 ? .heading : nil
    case UInt8(ascii: "`"), UInt8(ascii: "~"):
      return line.prefix { $0 == first }.count >= 3 ? .fence : nil
    case UInt8(ascii: "="), UInt8(ascii: "-"):
      return afterText && line.count >= 3 && line.allSatisfy({ $0 == first }) ? .setextUnderline : nil
    case UInt8(ascii: "["):
      return line.contains("]: ".utf8) ? .definition : nil
    case UInt8(ascii: "<"):
      for tag in ["<p ", "<p>", "<div", "<img", "<h1", "<h2", "<details", "<table", "<!--", "<a "]
      where line.starts(with: Array(tag.utf8)) {
        return .htmlBlock
      }
      return nil
    default:
      return nil
    }
  }

  /// A pair of backquotes around a word with no space inside its ends: `` `make` ``.
  private static func hasCodeSpan(_ line: ArraySlice<UInt8>) -> Bool {
    guard let open = line.firstIndex(of: UInt8(ascii: "`")) else { return false }
    let rest = line[(open + 1)...]
    guard let close = rest.firstIndex(of: UInt8(ascii: "`")), close > rest.startIndex else { return false }
    return rest[rest.startIndex] != 0x20 && line[close - 1] != 0x20
  }
}
