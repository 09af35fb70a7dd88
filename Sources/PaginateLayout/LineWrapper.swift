/// Greedy word wrapping in display cells: as many words on a line as fit, overlong words broken
/// at grapheme boundaries so that no cell is lost.
struct LineWrapper {
  /// The width of the text area in cells (at least 1).
  var width: Int

  /// Wraps `text` (whitespace-separated words) to ``width``.
  ///
  /// - Returns: The lines, without trailing spaces; one empty line for empty text.
  func wrap(_ text: String) -> [String] {
    var lines: [String] = []
    var line = ""
    var lineWidth = 0
    for word in text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }) {
      let wordWidth = DisplayWidth.of(word)
      if lineWidth > 0 && lineWidth + 1 + wordWidth <= width {
        line += " "
        line += word
        lineWidth += 1 + wordWidth
        continue
      }
      if lineWidth > 0 {
        lines.append(line)
        line = ""
        lineWidth = 0
      }
      if wordWidth <= width {
        line = String(word)
        lineWidth = wordWidth
      } else {
        var pieces = split(word)
        let last = pieces.removeLast()
        lines += pieces
        line = last
        lineWidth = DisplayWidth.of(last)
      }
    }
    if lineWidth > 0 || lines.isEmpty { lines.append(line) }
    return lines
  }

  /// Breaks text wider than ``width`` into pieces of at most ``width`` cells, at grapheme
  /// cluster boundaries. A cluster wider than the line (a wide character on a 1-cell line)
  /// stands alone.
  func split(_ text: some StringProtocol) -> [String] {
    var pieces: [String] = []
    let string = String(text)
    var utf8 = Array(string.utf8)
    var pieceStart = 0
    var pieceWidth = 0
    utf8.withUnsafeMutableBufferPointer { buffer in
      DisplayWidth.forEachCluster(in: UnsafeBufferPointer(buffer)) { range, clusterWidth in
        if pieceWidth + clusterWidth > width && range.lowerBound > pieceStart {
          pieces.append(String(decoding: buffer[pieceStart..<range.lowerBound], as: UTF8.self))
          pieceStart = range.lowerBound
          pieceWidth = 0
        }
        pieceWidth += clusterWidth
      }
      pieces.append(String(decoding: buffer[pieceStart...], as: UTF8.self))
    }
    return pieces
  }

  /// Expands tabs to the next multiple of `tabWidth` cells.
  static func expandTabs(_ line: String, tabWidth: Int) -> String {
    guard line.utf8.contains(0x09) else { return line }
    var result = ""
    var column = 0
    for character in line {
      if character == "\t" {
        let spaces = tabWidth - column % tabWidth
        result += String(repeating: " ", count: spaces)
        column += spaces
      } else {
        result.append(character)
        column += DisplayWidth.of(String(character))
      }
    }
    return result
  }
}
