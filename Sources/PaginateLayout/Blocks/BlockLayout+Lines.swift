import PaginateModel

@_spi(Platform) import PaginateSystem

extension BlockLayout {
  /// The figures of the narrowest gutter for line numbers (five, and a space after them, as
  /// `pr -n` prints them).
  static let lineNumberDigits = 5

  /// Lays out text kept line by line (``PaginateModel/Block/Content/lines(_:styles:)``): every line of
  /// `text` starts a flow line, tabs expanded; a line wider than `width` wraps with a
  /// continuation mark, its pieces kept on one page when they fit on one. A page may break
  /// between any two lines (no widow or orphan rule: a file of lines fills its pages, as `pr`
  /// fills them). With ``LayoutOptions/numbersLines``, each line's number in the input (from
  /// `source`) stands in a gutter before it. `styles` (in order, not overlapping) style the
  /// characters they cover, wherever a line's pieces fall. With ``LayoutOptions/longLines``
  /// `.cut` or `.whole`, a wide line is one line of the page, cut at its edge or whole.
  func textLines(_ text: String, styles: [TextRun] = [], width: Int, source: SourceRange?) -> [FlowLine] {
    let firstLine = source?.firstLine ?? 1
    // A page too narrow for five figures and some text prints the text alone.
    let numbers = options.numbersLines && width - Self.lineNumberDigits - 1 >= Self.minimumNestedWidth(width)
    // The pieces of a wrapped line stay together unless there are more than a page holds.
    let keepsPieces = options.bodyHeight
    var lines: [FlowLine] = []
    // A line that is numbered, wrapped or has tabs is written, gutter, marks and all, into one
    // string for the block (no string a line).
    var shared = SharedRows()
    var bytesOfText = text
    // The next run that may reach a line, and the runs of the line being laid out (in its
    // own offsets).
    var nextRun = 0
    var lineSpans: [StyleSpan] = []
    bytesOfText.withUTF8 { bytes in
      var start = 0
      var number = firstLine
      while true {
        let end = ByteScan.firstIndex(of: 0x0A, in: bytes, from: start) ?? bytes.count
        let line = UnsafeBufferPointer(rebasing: bytes[start..<end])
        let lineSource = SourceRange(line: number)
        if !styles.isEmpty {
          lineSpans.removeAll(keepingCapacity: true)
          while nextRun < styles.count && styles[nextRun].range.upperBound <= start { nextRun += 1 }
          var index = nextRun
          while index < styles.count && styles[index].range.lowerBound < end {
            let run = styles[index]
            let lower = max(run.range.lowerBound, start) - start
            let upper = min(run.range.upperBound, end) - start
            if lower < upper && !run.style.isPlain {
              lineSpans.append(StyleSpan(range: lower..<upper, style: TextStyle(run.style)))
            }
            index += 1
          }
        }
        // The gutter holds five figures, and more from line 100,000 on.
        let gutter = numbers ? max(Self.lineNumberDigits, Self.figures(of: number)) + 1 : 0
        let textWidth = width - gutter
        var kept = line.count
        while kept > 0 && line[kept - 1] == 0x20 { kept -= 1 }
        if gutter == 0 && kept <= textWidth
          && VisibleControls.firstNonPrintableASCII(in: line, from: 0) == line.count
        {
          // Printable ASCII that fits, most lines of logs and programs: a slice of the block's
          // text, as it is.
          let spans = lineSpans.isEmpty ? [] : Self.clip(lineSpans, to: 0..<kept, movedBy: 0)
          lines.append(
            FlowLine(line: Line(slice: start..<(start + kept), of: text, spans: spans), source: lineSource, isKept: true))
        } else {
          // Tabs expanded as in a code block: a run of spaces past the page keeps only its
          // tab stops.
          var tabEnds: [Int] = []
          var expanded =
            ByteScan.contains(0x09, in: line)
            ? Self.expandTabs(
              String(decoding: line, as: UTF8.self), tabWidth: options.tabWidth, collapsingRunsLongerThan: textWidth + 1,
              tabEnd: lineSpans.isEmpty ? nil : { tabEnds.append($0) })
            : nil
          if !tabEnds.isEmpty { lineSpans = Self.moved(lineSpans, pastTabsOf: line, endingAt: tabEnds) }
          let place = Row(
            source: lineSource, number: number, gutter: gutter, width: textWidth, keepsPieces: keepsPieces,
            isWhole: options.longLines != .wrap)
          if expanded != nil {
            expanded!.withUTF8 { Self.appendRows(of: $0, spans: lineSpans, at: place, to: &shared, lines: &lines) }
          } else {
            Self.appendRows(of: line, spans: lineSpans, at: place, to: &shared, lines: &lines)
          }
        }
        guard end < bytes.count else { break }
        start = end + 1
        number += 1
      }
    }
    shared.fill(&lines, cuttingAt: options.longLines == .cut ? width : nil)
    return lines
  }

  /// Where the rows of one input line go: its source line and number, the gutter's width
  /// (0 for none), the text's width, and the most pieces kept on one page.
  private struct Row {
    var source: SourceRange
    var number: Int
    var gutter: Int
    var width: Int
    var keepsPieces: Int
    /// Whether the line is one row however wide (``LayoutOptions/longLines`` not `.wrap`).
    var isWhole: Bool
  }

  /// `spans` (in a line's offsets) cut to `range` and moved `offset` bytes.
  private static func clip(_ spans: [StyleSpan], to range: Range<Int>, movedBy offset: Int) -> [StyleSpan] {
    var result: [StyleSpan] = []
    for span in spans {
      let lower = max(span.range.lowerBound, range.lowerBound)
      let upper = min(span.range.upperBound, range.upperBound)
      if lower < upper { result.append(StyleSpan(range: (lower + offset)..<(upper + offset), style: span.style)) }
    }
    return result
  }

  /// `spans` of `line` moved to the same characters once its tabs are expanded: `tabEnds`
  /// says where each tab's spaces end in the expanded line.
  private static func moved(_ spans: [StyleSpan], pastTabsOf line: UnsafeBufferPointer<UInt8>, endingAt tabEnds: [Int])
    -> [StyleSpan]
  {
    var tabs: [Int] = []
    for index in line.indices where line[index] == 0x09 { tabs.append(index) }
    func move(_ offset: Int) -> Int {
      // The last tab before `offset`: the text after it starts where its spaces end.
      var low = 0
      var high = min(tabs.count, tabEnds.count)
      while low < high {
        let middle = (low + high) / 2
        if tabs[middle] < offset { low = middle + 1 } else { high = middle }
      }
      return low == 0 ? offset : tabEnds[low - 1] + (offset - tabs[low - 1] - 1)
    }
    return spans.compactMap { span in
      let lower = move(span.range.lowerBound)
      let upper = move(span.range.upperBound)
      return lower < upper ? StyleSpan(range: lower..<upper, style: span.style) : nil
    }
  }

  /// Writes `line` (tabs expanded) as rows into `shared`, a flow line each in `lines`: its
  /// pieces when it is wider than the text, its number before the first when numbered, the
  /// parts of `spans` (in the line's offsets) that each piece holds.
  private static func appendRows(
    of line: UnsafeBufferPointer<UInt8>, spans: [StyleSpan], at place: Row, to shared: inout SharedRows,
    lines: inout [FlowLine]
  ) {
    var kept = line.count
    while kept > 0 && line[kept - 1] == 0x20 { kept -= 1 }
    let trimmed = UnsafeBufferPointer(rebasing: line[..<kept])
    let whole = LineWrapping.PieceRange(bytes: 0..<kept, isMarked: false)
    let pieces = place.isWhole ? [whole] : LineWrapping.codePieceRanges(of: trimmed, width: place.width) ?? [whole]
    for (index, piece) in pieces.enumerated() {
      shared.startRow(at: lines.count)
      if place.gutter > 0 { shared.appendGutter(number: index == 0 ? place.number : nil, width: place.gutter) }
      if let indent = piece.continuationIndent { shared.appendSpaces(indent) }
      if piece.isMarked { shared.appendFurniture(LineWrapping.continuationMark.utf8) }
      shared.appendText(UnsafeBufferPointer(rebasing: trimmed[piece.bytes]), spans: spans, from: piece.bytes.lowerBound)
      // A continuation stays with the line's first piece, unless there are more than a page holds.
      let penalty = index > 0 && pieces.count <= place.keepsPieces ? Penalty.keepTogether : Penalty.free
      lines.append(FlowLine(line: Line(), source: place.source, penalty: penalty, isKept: true))
    }
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

    /// Appends `text`, bytes `offset...` of a line, with the parts of `spans` (in the line's
    /// offsets) that fall in it.
    mutating func appendText(_ text: UnsafeBufferPointer<UInt8>, spans: [StyleSpan], from offset: Int) {
      let start = bytes.count
      bytes.append(contentsOf: text)
      guard !spans.isEmpty else { return }
      let rowStart = rows[rows.count - 1].start
      rows[rows.count - 1].spans += BlockLayout.clip(spans, to: offset..<(offset + text.count), movedBy: start - rowStart - offset)
    }

    private mutating func addSpan(_ range: Range<Int>, _ style: TextStyle) {
      let rowStart = rows[rows.count - 1].start
      rows[rows.count - 1].spans.append(StyleSpan(range: (range.lowerBound - rowStart)..<(range.upperBound - rowStart), style: style))
    }

    /// Gives each row's flow line its slice of the string, its trailing spaces left out; a row
    /// wider than `cut` columns cut to them, its last a `›`.
    func fill(_ lines: inout [FlowLine], cuttingAt cut: Int?) {
      guard !rows.isEmpty else { return }
      let text = String(decoding: bytes, as: UTF8.self)
      for (position, row) in rows.enumerated() {
        var end = position + 1 < rows.count ? rows[position + 1].start : bytes.count
        while end > row.start && bytes[end - 1] == 0x20 { end -= 1 }
        let length = end - row.start
        let spans = row.spans.last.map { $0.range.upperBound > length } == true ? BlockLayout.clip(row.spans, to: 0..<length, movedBy: 0) : row.spans
        var line = Line(slice: row.start..<end, of: text, spans: spans)
        if let cut, cut > 1, line.width > cut {
          line = line.cells(0..<(cut - 1))
          line.append("›", style: .furniture)
        }
        lines[row.index].line = line
      }
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
