import PaginateModel

@_spi(Platform) import PaginateSystem

extension BlockLayout {
  /// The figures of the narrowest gutter for line numbers (five, and a space after them, as
  /// `pr -n` prints them).
  static let lineNumberDigits = 5

  /// Lays out text kept line by line (``PaginateModel/Block/Content/lines(_:)``): every line of
  /// `text` starts a flow line, tabs expanded; a line wider than `width` wraps with a
  /// continuation mark, its pieces kept on one page when they fit on one. A page may break
  /// between any two lines (no widow or orphan rule: a file of lines fills its pages, as `pr`
  /// fills them). With ``LayoutOptions/numbersLines``, each line's number in the input (from
  /// `source`) stands in a gutter before it.
  func textLines(_ text: String, width: Int, source: SourceRange?) -> [FlowLine] {
    let firstLine = source?.firstLine ?? 1
    // A page too narrow for five figures and some text prints the text alone.
    let numbers = options.numbersLines && width - Self.lineNumberDigits - 1 >= Self.minimumNestedWidth(width)
    // The pieces of a wrapped line stay together unless there are more than a page holds.
    let keepsPieces = options.bodyHeight
    var lines: [FlowLine] = []
    // Lines of printable ASCII that are numbered or wrapped are written, gutter, mark and all,
    // into one string for the block (no string a line).
    var shared = SharedRows()
    var bytesOfText = text
    bytesOfText.withUTF8 { bytes in
      var start = 0
      var number = firstLine
      while true {
        let end = ByteScan.firstIndex(of: 0x0A, in: bytes, from: start) ?? bytes.count
        var line = UnsafeBufferPointer(rebasing: bytes[start..<end])
        let lineSource = SourceRange(line: number)
        // The gutter holds five figures, and more from line 100,000 on.
        let gutter = numbers ? max(Self.lineNumberDigits, Self.figures(of: number)) + 1 : 0
        let textWidth = width - gutter
        let first = lines.count
        if VisibleControls.firstNonPrintableASCII(in: line, from: 0) == line.count {
          // Printable ASCII, most lines of logs and programs.
          while let last = line.last, last == 0x20 { line = UnsafeBufferPointer(rebasing: line.dropLast()) }
          let pieces = LineWrapping.asciiCodePieces(of: line, width: textWidth)
          if pieces == nil && gutter == 0 {
            // It fits: a slice of the block's text, as it is.
            lines.append(FlowLine(line: Line(slice: start..<(start + line.count), of: text, spans: []), source: lineSource))
          } else {
            let all = pieces ?? [LineWrapping.PieceRange(bytes: 0..<line.count, isMarked: false)]
            for (index, piece) in all.enumerated() {
              shared.startRow(at: lines.count)
              if gutter > 0 { shared.appendGutter(number: index == 0 ? number : nil, width: gutter) }
              if let indent = piece.continuationIndent { shared.appendSpaces(indent) }
              if piece.isMarked { shared.appendFurniture(LineWrapping.continuationMark.utf8) }
              shared.appendText(UnsafeBufferPointer(rebasing: line[piece.bytes]))
              var flowLine = FlowLine(line: Line(), source: lineSource)
              if index > 0 && all.count <= keepsPieces { flowLine.penalty = Penalty.keepTogether }
              lines.append(flowLine)
            }
          }
        } else {
          verbatimLine(String(decoding: line, as: UTF8.self), width: textWidth, source: lineSource, style: [], into: &lines)
          if lines.count - first <= keepsPieces {
            for index in (first + 1)..<max(lines.count, first + 1) { lines[index].penalty = Penalty.keepTogether }
          }
          if gutter > 0 { Self.number(&lines[first...], number, gutter: gutter) }
        }
        for index in first..<lines.count { lines[index].isKept = true }
        guard end < bytes.count else { break }
        start = end + 1
        number += 1
      }
    }
    shared.fill(&lines)
    return lines
  }

  /// The figures of a positive number in decimal.
  static func figures(of number: Int) -> Int {
    var figures = 1
    var rest = number / 10
    while rest > 0 {
      figures += 1
      rest /= 10
    }
    return figures
  }

  /// The rows of a block of lines written into one string: gutters, continuation marks and
  /// text, and the spans of their furniture.
  private struct SharedRows {
    private var bytes: [UInt8] = []
    /// Each row's flow line in the block, where it starts in `bytes`, and its spans.
    private var rows: [(index: Int, start: Int, spans: [StyleSpan])] = []

    /// Starts the row that is flow line `index` of the block.
    mutating func startRow(at index: Int) {
      rows.append((index, bytes.count, []))
    }

    /// `number` right-aligned before a space, in `width` columns; blank for `nil`.
    mutating func appendGutter(number: Int?, width: Int) {
      guard let number else { return appendSpaces(width) }
      let figures = BlockLayout.figures(of: number)
      appendSpaces(max(width - 1 - figures, 0))
      let start = bytes.count
      bytes.append(contentsOf: repeatElement(0, count: figures))
      var rest = number
      for position in (start..<(start + figures)).reversed() {
        bytes[position] = UInt8(ascii: "0") + UInt8(rest % 10)
        rest /= 10
      }
      addSpan(start..<bytes.count, .furniture)
      bytes.append(0x20)
    }

    mutating func appendSpaces(_ count: Int) {
      bytes.append(contentsOf: repeatElement(0x20, count: count))
    }

    mutating func appendFurniture(_ text: String.UTF8View) {
      let start = bytes.count
      bytes.append(contentsOf: text)
      addSpan(start..<bytes.count, .furniture)
    }

    mutating func appendText(_ text: UnsafeBufferPointer<UInt8>) {
      bytes.append(contentsOf: text)
    }

    private mutating func addSpan(_ range: Range<Int>, _ style: TextStyle) {
      let rowStart = rows[rows.count - 1].start
      rows[rows.count - 1].spans.append(StyleSpan(range: (range.lowerBound - rowStart)..<(range.upperBound - rowStart), style: style))
    }

    /// Gives each row's flow line its slice of the string, its trailing spaces left out.
    func fill(_ lines: inout [FlowLine]) {
      guard !rows.isEmpty else { return }
      let text = String(decoding: bytes, as: UTF8.self)
      for (position, row) in rows.enumerated() {
        var end = position + 1 < rows.count ? rows[position + 1].start : bytes.count
        while end > row.start && bytes[end - 1] == 0x20 { end -= 1 }
        lines[row.index].line = Line(slice: row.start..<end, of: text, spans: row.spans)
      }
    }
  }

  /// Puts `number` right-aligned in a gutter of `gutter` columns before the first of `lines`,
  /// and blank gutters before the others (the continuations of one input line).
  private static func number(_ lines: inout ArraySlice<FlowLine>, _ number: Int, gutter: Int) {
    let figures = String(number)
    // The figures are furniture, as ``SharedRows`` makes them; the spaces around them are not.
    var numbered = Line(String.repeated(" ", count: max(gutter - 1 - figures.utf8.count, 0)))
    numbered.append(figures, style: .furniture)
    numbered.append(" ")
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
