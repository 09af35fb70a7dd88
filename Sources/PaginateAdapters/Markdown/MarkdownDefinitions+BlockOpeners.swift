@_spi(Platform) import PaginateSystem

/// Which blocks a line opens, as far as the scan of definitions needs to know: those that can
/// hide a definition's line (code, HTML) or hold one (quotes, lists).
extension MarkdownDefinitions.Scanner {
  /// Whether a line (its white space skipped) is an ATX heading: one to six `#`, then white
  /// space or the line's end.
  static func isATXHeading(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
    var count = 0
    while count < line.count && line[count] == UInt8(ascii: "#") { count += 1 }
    return count >= 1 && count <= 6 && (count == line.count || line[count] == 0x20 || line[count] == 0x09)
  }

  /// The block a line at most three spaces in opens and does not end, of those that can hide
  /// or hold a definition's line (see ``opensBlock(_:afresh:)``).
  static func opening(_ line: UnsafeBufferPointer<UInt8>, afresh: Bool) -> OpenBlock? {
    let opened = opensBlock(line, afresh: afresh)
    // libcmark-gfm looks for the end of an HTML block from the start of its first line too.
    if case .html(let end) = opened, contains(end, in: line) { return nil }
    return opened
  }

  /// Whether a line (its white space skipped) starts as a paragraph's text: a letter, a
  /// character outside ASCII, a digit that starts no list marker, or a quote, parenthesis,
  /// `!`, `[` or backtick.
  static func startsText(_ rest: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let first = rest.first else { return false }
    if isLetter(first) || first >= 0x80 { return true }
    switch first {
    case UInt8(ascii: "0")...UInt8(ascii: "9"):
      return MarkdownChunks.listMarkerLength(in: rest, at: 0) == nil
    case UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: "!"), UInt8(ascii: "["), UInt8(ascii: "`"):
      return true
    default:
      return false
    }
  }

  /// The block a line at most three spaces in opens, of those that can hide or hold a
  /// definition's line: a fence, or an HTML block (CommonMark's kinds 1 to 7; the seventh, a
  /// tag of any name on a line of its own, only `afresh`: it cannot interrupt a paragraph).
  static func opensBlock(_ line: UnsafeBufferPointer<UInt8>, afresh: Bool) -> OpenBlock? {
    let offset = indentation(line).offset
    guard offset < line.count else { return nil }
    let rest = UnsafeBufferPointer(rebasing: line[offset...])
    let first = rest[0]
    if first == UInt8(ascii: "`") || first == UInt8(ascii: "~") {
      var count = 0
      while count < rest.count && rest[count] == first { count += 1 }
      guard count >= 3 else { return nil }
      // A backtick fence's info string has no backtick.
      if first == UInt8(ascii: "`") && rest[count...].contains(UInt8(ascii: "`")) { return nil }
      return .fence(mark: first, count: count)
    }
    guard first == UInt8(ascii: "<"), rest.count > 1 else { return nil }
    if startsWith(rest, "<!--") { return .html(end: Array("-->".utf8)) }
    if startsWith(rest, "<?") { return .html(end: Array("?>".utf8)) }
    if startsWith(rest, "<![CDATA[") { return .html(end: Array("]]>".utf8)) }
    if rest[1] == UInt8(ascii: "!"), rest.count > 2, isLetter(rest[2]) { return .html(end: Array(">".utf8)) }
    let closing = rest[1] == UInt8(ascii: "/")
    var nameEnd = closing ? 2 : 1
    while nameEnd < rest.count && (isLetter(rest[nameEnd]) || (rest[nameEnd] >= 0x30 && rest[nameEnd] <= 0x39) || rest[nameEnd] == UInt8(ascii: "-")) {
      nameEnd += 1
    }
    let name = Array(rest[(closing ? 2 : 1)..<nameEnd]).map(lowercased)
    guard !name.isEmpty, isLetter(name[0]) else { return nil }
    let after = nameEnd < rest.count ? rest[nameEnd] : 0x20
    let ends = after == 0x20 || after == 0x09 || after == UInt8(ascii: ">")
    if !closing && ends, let end = rawTextTags[name] { return .html(end: end) }
    if ends || after == UInt8(ascii: "/"), blockTags.contains(name) { return .htmlToBlank(certain: true) }
    return afresh ? .htmlToBlank(certain: false) : nil
  }

  /// The tags of CommonMark's first kind of HTML block, and the closing tags that end it.
  static let rawTextTags: [[UInt8]: [UInt8]] = Dictionary(
    uniqueKeysWithValues: ["pre", "script", "style", "textarea"].map { (Array($0.utf8), Array("</\($0)>".utf8)) })

  /// The tags of CommonMark's sixth kind of HTML block, which a blank line ends.
  static let blockTags: Set<[UInt8]> = Set(
    """
    address article aside base basefont blockquote body caption center col colgroup dd details dialog dir div dl dt \
    fieldset figcaption figure footer form frame frameset h1 h2 h3 h4 h5 h6 head header hr html iframe legend li \
    link main menu menuitem nav noframes ol optgroup option p param search section summary table tbody td tfoot th \
    thead title tr track ul
    """.split(separator: " ").map { Array($0.utf8) })

  static func isLetter(_ byte: UInt8) -> Bool {
    (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
  }

  static func startsWith(_ bytes: UnsafeBufferPointer<UInt8>, _ prefix: StaticString) -> Bool {
    let count = prefix.utf8CodeUnitCount
    guard bytes.count >= count else { return false }
    let start = prefix.utf8Start
    for index in 0..<count where lowercased(bytes[index]) != lowercased(start[index]) { return false }
    return true
  }

  /// An ASCII capital as a small letter; any other byte as it is.
  static func lowercased(_ byte: UInt8) -> UInt8 {
    byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
  }

  /// Whether a line closes a fence of `count` `mark`s: as many or more, at most three spaces
  /// in, and nothing else but white space.
  static func closesFence(_ line: UnsafeBufferPointer<UInt8>, mark: UInt8, count: Int) -> Bool {
    let (indent, offset) = indentation(line)
    guard indent < 4 else { return false }
    var end = offset
    while end < line.count && line[end] == mark { end += 1 }
    return end - offset >= count && line[end...].allSatisfy(ByteText.isWhitespace)
  }

  /// Whether `line` holds `needle` (lower case), ASCII letters compared without case.
  static func contains(_ needle: [UInt8], in line: UnsafeBufferPointer<UInt8>) -> Bool {
    guard line.count >= needle.count, let first = needle.first else { return false }
    var index = 0
    while index + needle.count <= line.count {
      if lowercased(line[index]) == first {
        var matched = 1
        while matched < needle.count && lowercased(line[index + matched]) == needle[matched] { matched += 1 }
        if matched == needle.count { return true }
      }
      index += 1
    }
    return false
  }
}
