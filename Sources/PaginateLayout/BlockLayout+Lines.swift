import PaginateModel

@_spi(Platform) import PaginateSystem

extension BlockLayout {
  /// The narrowest gutter for line numbers: five figures and a space, as `pr -n` prints them.
  static let lineNumberDigits = 5

  /// Lays out text kept line by line (``PaginateModel/Block/Content/lines(_:)``): every line of
  /// `text` starts a flow line, tabs expanded; a line wider than `width` wraps with a
  /// continuation mark, its pieces kept on one page when they fit on one. A page may break
  /// between any two lines (no widow or orphan rule: a file of lines fills its pages, as `pr`
  /// fills them). With ``LayoutOptions/numbersLines``, each line's number in the input (from
  /// `source`) stands in a gutter before it.
  func textLines(_ text: String, width: Int, source: SourceRange?) -> [FlowLine] {
    let firstLine = source?.firstLine ?? 1
    var gutter = 0
    if options.numbersLines {
      let lastLine = max(source?.lastLine ?? firstLine, firstLine)
      let digits = max(Self.lineNumberDigits, String(lastLine).utf8.count)
      // A page too narrow for the numbers and some text prints the text alone.
      if width - digits - 1 >= Self.minimumNestedWidth(width) { gutter = digits + 1 }
    }
    let textWidth = width - gutter
    // The pieces of a wrapped line stay together unless there are more than a page holds.
    let keepsPieces = options.bodyHeight
    var lines: [FlowLine] = []
    var bytesOfText = text
    bytesOfText.withUTF8 { bytes in
      var start = 0
      var number = firstLine
      while true {
        let end = ByteScan.firstIndex(of: 0x0A, in: bytes, from: start) ?? bytes.count
        let line = UnsafeBufferPointer(rebasing: bytes[start..<end])
        let lineSource = SourceRange(line: number)
        let first = lines.count
        if line.count <= textWidth && VisibleControls.firstNonPrintableASCII(in: line, from: 0) == line.count {
          // Printable ASCII that fits, most lines of logs and programs: a slice of the
          // block's text, as it is.
          var kept = line.count
          while kept > 0 && line[kept - 1] == 0x20 { kept -= 1 }
          lines.append(FlowLine(line: Line(slice: start..<(start + kept), of: text, spans: []), source: lineSource))
        } else {
          verbatimLine(String(decoding: line, as: UTF8.self), width: textWidth, source: lineSource, style: [], into: &lines)
          if lines.count - first <= keepsPieces {
            for index in (first + 1)..<max(lines.count, first + 1) { lines[index].penalty = Penalty.keepTogether }
          }
        }
        if gutter > 0 { Self.number(&lines[first...], number, gutter: gutter) }
        for index in first..<lines.count { lines[index].isKept = true }
        guard end < bytes.count else { break }
        start = end + 1
        number += 1
      }
    }
    return lines
  }

  /// Puts `number` right-aligned in a gutter of `gutter` columns before the first of `lines`,
  /// and blank gutters before the others (the continuations of one input line).
  private static func number(_ lines: inout ArraySlice<FlowLine>, _ number: Int, gutter: Int) {
    let figures = String(number)
    var numbered = Line(String.repeated(" ", count: gutter - 1 - figures.utf8.count) + figures, style: .furniture)
    numbered.append(Line(" "))
    let blank = Line(String.repeated(" ", count: gutter))
    for index in lines.indices {
      var line = index == lines.startIndex ? numbered : blank
      line.append(lines[index].line)
      line.trimTrailingSpaces()
      lines[index].line = line
    }
  }
}

extension Block.Content {
  /// Whether the block is text kept line by line.
  var isLines: Bool {
    if case .lines = self { return true }
    return false
  }
}
