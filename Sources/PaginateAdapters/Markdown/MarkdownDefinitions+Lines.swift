/// What a line is, as far as the scan of definitions needs to know: its indentation, and
/// whether it starts (or could start) a link reference definition.
extension MarkdownDefinitions.Scanner {
  /// The columns of white space a line starts with (a tab to the next multiple of four), and
  /// the offset of its first other byte.
  static func indentation(_ line: UnsafeBufferPointer<UInt8>) -> (columns: Int, offset: Int) {
    var columns = 0
    var offset = 0
    while offset < line.count {
      if line[offset] == 0x20 {
        columns += 1
      } else if line[offset] == 0x09 {
        columns += 4 - columns % 4
      } else {
        break
      }
      offset += 1
    }
    return (columns, offset)
  }

  /// Whether a line could start a definition in some container or after some line: after its
  /// white space, and any quote and list markers, it starts with `[` and has a `]:`.
  static func mightStartDefinition(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
    ByteText.contains(UInt8(ascii: "]"), followedBy: UInt8(ascii: ":"), in: line) && !isOnlyText(line)
  }

  /// Whether a line with a `]:` can be no part of a definition: after its white space and
  /// any quote and list markers it does not start with `[`, and a `[` comes before its first
  /// `]:` (so that no label from the line before ends there).
  static func isOnlyText(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
    var index = 0
    while index < line.count {
      let byte = line[index]
      if byte == 0x20 || byte == 0x09 || byte == UInt8(ascii: ">") {
        index += 1
      } else if let marker = MarkdownChunks.listMarkerLength(in: line, at: index) {
        index += marker
      } else {
        break
      }
    }
    guard index < line.count else { return false }
    if line[index] == UInt8(ascii: "[") {
      return !couldStartDefinition(UnsafeBufferPointer(rebasing: line[index...]))
    }
    // The first `]:`, and a `[` before it.
    var bracket = false
    for position in index..<(line.count - 1) {
      if line[position] == UInt8(ascii: "[") { bracket = true }
      if line[position] == UInt8(ascii: "]") && line[position + 1] == UInt8(ascii: ":") { return bracket }
    }
    return true
  }

  /// Whether text that starts with `[` could start a definition: a label (no `[` in it) that
  /// ends on the line with `]:`, then a footnote's text, or nothing, or a destination and then
  /// nothing or a title's opening quote or parenthesis (`[Topic]: what it covers`, a list of
  /// topics, is not one).
  static func couldStartDefinition(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    var index = 1
    while index < text.count {
      let byte = text[index]
      if byte == UInt8(ascii: "\\") {
        index += 2
        continue
      }
      if byte == UInt8(ascii: "[") { return false }
      if byte == UInt8(ascii: "]") { break }
      index += 1
    }
    // A label that runs on to the next line may end in a definition there.
    guard index < text.count else { return true }
    index += 1
    guard index < text.count, text[index] == UInt8(ascii: ":") else { return false }
    // A footnote's text is any.
    if text.count > 1 && text[1] == UInt8(ascii: "^") { return true }
    index += 1
    while index < text.count && ByteText.isSpaceOrTab(text[index]) { index += 1 }
    guard index < text.count else { return true }
    // The destination: in angle brackets, or up to white space.
    if text[index] == UInt8(ascii: "<") {
      while index < text.count && text[index] != UInt8(ascii: ">") { index += 1 }
      index += 1
    } else {
      while index < text.count && !ByteText.isSpaceOrTab(text[index]) { index += 1 }
    }
    while index < text.count && ByteText.isSpaceOrTab(text[index]) { index += 1 }
    guard index < text.count else { return true }
    let opener = text[index]
    return opener == UInt8(ascii: "\"") || opener == UInt8(ascii: "'") || opener == UInt8(ascii: "(")
  }
}
