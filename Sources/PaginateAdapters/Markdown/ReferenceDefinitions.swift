/// A Markdown document's link reference definitions (`[label]: destination "title"`) and
/// footnote definitions (`[^label]: text`), by label, for parsing text apart from the document
/// (a table's cells) with the definitions it cites.
///
/// Only the labels are read here, to pick definitions: libcmark-gfm parses the definitions
/// themselves, appended to the text. Only the ones a text cites are appended: all of them
/// would be parsed again for every table.
struct ReferenceDefinitions {
  /// Each definition's source lines, by normalised label (the first definition of a label wins,
  /// as in CommonMark).
  private var definitions: [String: String] = [:]

  /// Reads the definitions in `source`: lines that are definitions and nothing else (the
  /// lines of a document that no block covers). A definition starts with `[label]:` after at
  /// most three spaces; the lines after it, up to the next one or a blank line, are its own
  /// (a destination or title on a line of its own). Read as bytes: every character that
  /// matters is ASCII.
  init(source: [UInt8]) {
    var label: String?
    var start = 0
    func finish(at end: Int) {
      if let label, definitions[label] == nil {
        definitions[label] = String(decoding: source[start..<end], as: UTF8.self)
      }
    }
    // Whether the line is a footnote's, which goes on over blank lines while its lines are
    // indented, and over a `[label]:` line that a link's definition cannot interrupt it with.
    var inFootnote = false
    var afterBlank = false
    var lineStart = 0
    while lineStart < source.count {
      var lineEnd = lineStart
      while lineEnd < source.count && source[lineEnd] != 0x0A { lineEnd += 1 }
      if lineEnd < source.count { lineEnd += 1 }
      let line = source[lineStart..<lineEnd]
      if ByteText.isBlank(line) {
        finish(at: lineStart)
        label = nil
        afterBlank = true
      } else {
        let indent = line.withUnsafeBufferPointer { MarkdownDefinitions.Scanner.indentation($0).columns }
        if afterBlank && indent < 4 { inFootnote = false }
        afterBlank = false
        if let found = Self.label(startingDefinition: line), found.hasPrefix("^") || !inFootnote {
          finish(at: lineStart)
          label = found
          start = lineStart
          inFootnote = found.hasPrefix("^")
        }
      }
      lineStart = lineEnd
    }
    finish(at: source.count)
  }

  /// The source of the definitions whose labels the text of `cells` has in brackets, and those
  /// the footnotes among them cite in turn (a note's reference links), one after another (a
  /// blank line between).
  func cited(in cells: [String]) -> String {
    guard !definitions.isEmpty else { return "" }
    var labels: Set<String> = []
    var unread = cells
    while let text = unread.popLast() {
      for label in Self.bracketed(in: text) where labels.insert(label).inserted {
        if label.hasPrefix("^"), let note = definitions[label] { unread.append(note) }
      }
    }
    return labels.sorted().compactMap { definitions[$0] }.map { $0.hasSuffix("\n") ? $0 : $0 + "\n" }
      .joined(separator: "\n")
  }

  /// The normalised text of each `[…]` in `text` (innermost brackets).
  private static func bracketed(in text: String) -> [String] {
    guard text.utf8.contains(UInt8(ascii: "]")) else { return [] }
    var labels: [String] = []
    let bytes = Array(text.utf8)
    var open: Int?
    for (index, byte) in bytes.enumerated() {
      if byte == UInt8(ascii: "[") {
        open = index + 1
      } else if byte == UInt8(ascii: "]"), let from = open {
        labels.append(normalized(bytes[from..<index]))
        open = nil
      }
    }
    return labels
  }

  /// The label of a line that starts a definition: `[label]:` after at most three spaces.
  static func label(startingDefinition line: ArraySlice<UInt8>) -> String? {
    var index = line.startIndex
    while index < line.endIndex && line[index] == 0x20 && index - line.startIndex < 4 { index += 1 }
    guard index - line.startIndex < 4, index < line.endIndex, line[index] == UInt8(ascii: "[") else { return nil }
    let from = index + 1
    guard let close = line[from...].firstIndex(of: UInt8(ascii: "]")), close > from,
      close + 1 < line.endIndex, line[close + 1] == UInt8(ascii: ":")
    else { return nil }
    return normalized(line[from..<close])
  }

  /// A label as CommonMark matches it: case folded, runs of white space as one space, trimmed.
  static func normalized(_ label: ArraySlice<UInt8>) -> String {
    // ASCII, nearly every label, byte by byte; other text by characters.
    if let ascii = label.withContiguousStorageIfAvailable({ MarkdownDefinitions.normalized($0) }) ?? nil {
      return String(decoding: ascii, as: UTF8.self)
    }
    return String(decoding: label, as: UTF8.self).split(whereSeparator: \.isWhitespace).joined(separator: " ").lowercased()
  }
}
