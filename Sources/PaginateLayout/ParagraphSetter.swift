/// A set line of a paragraph and the footnotes cited on it.
struct SetLine {
  var line: Line
  var notes: [Int] = []
}

/// Sets paragraph text into lines: break units, line breaking, justification, style spans.
struct ParagraphSetter {
  var width: Int
  var strategy: LineBreakStrategy
  var justifies: Bool

  /// Sets a flattened paragraph; an empty paragraph gives no lines.
  func set(_ text: ParagraphText) -> [SetLine] {
    var lines: [SetLine] = []
    for segment in text.segments {
      lines += set(segment)
    }
    while lines.last?.line.isEmpty == true && lines.count > 1 { lines.removeLast() }
    return lines.count == 1 && lines[0].line.isEmpty ? [] : lines
  }

  private func set(_ segment: ParagraphText.StyledBytes) -> [SetLine] {
    segment.bytes.withUnsafeBufferPointer { bytes in
      let units = BreakUnits.split(bytes, maxWidth: max(width, 1))
      guard !units.isEmpty else { return [SetLine(line: Line())] }
      let ends = LineBreaker.breaks(units, width: width, strategy: strategy)
      var lines: [SetLine] = []
      lines.reserveCapacity(ends.count)
      var start = 0
      var noteIndex = 0
      var runCursor = 0
      for (lineIndex, end) in ends.enumerated() {
        let isLast = lineIndex == ends.count - 1
        var extra = 0
        var gaps = 0
        if justifies && !isLast {
          var lineWidth = 0
          for index in start..<end {
            lineWidth += units[index].width
            if index < end - 1 && units[index].spaceAfter {
              lineWidth += 1
              gaps += 1
            }
          }
          extra = max(width - lineWidth, 0)
        }
        var builder = LineBuilder(capacity: width + 8)
        var gap = 0
        for index in start..<end {
          let unit = units[index]
          builder.append(bytes: bytes, runs: segment.runs, range: unit.start..<unit.end, cursor: &runCursor)
          if index < end - 1 && unit.spaceAfter {
            var spaces = 1
            if gaps > 0 {
              // Spread the extra evenly; the remainder goes to alternate ends line by line.
              let share = extra / gaps
              let remainder = extra % gaps
              let getsOne = lineIndex % 2 == 0 ? gap < remainder : gap >= gaps - remainder
              spaces += share + (getsOne ? 1 : 0)
            }
            builder.appendSpaces(spaces)
            gap += 1
          }
        }
        var notes: [Int] = []
        let lineEnd = units[end - 1].end
        while noteIndex < segment.notes.count && segment.notes[noteIndex].offset < lineEnd {
          notes.append(segment.notes[noteIndex].number)
          noteIndex += 1
        }
        lines.append(SetLine(line: builder.line, notes: notes))
        start = end
      }
      return lines
    }
  }
}

/// Builds a ``Line`` from byte ranges and style runs without intermediate strings.
struct LineBuilder {
  private var bytes: [UInt8] = []
  private var spans: [StyleSpan] = []

  init(capacity: Int) {
    bytes.reserveCapacity(capacity)
  }

  /// Appends the bytes of `range`, styled by `runs`. `cursor` is the index of the run that holds
  /// the previous range's end; ranges must come in ascending order.
  mutating func append(
    bytes source: UnsafeBufferPointer<UInt8>, runs: [(end: Int, style: TextStyle)], range: Range<Int>,
    cursor: inout Int
  ) {
    var runStart = range.lowerBound
    while runStart < range.upperBound {
      while cursor < runs.count - 1 && runs[cursor].end <= runStart { cursor += 1 }
      let style = runs.isEmpty ? [] : runs[cursor].style
      let runEnd = runs.isEmpty ? range.upperBound : min(runs[cursor].end, range.upperBound)
      let offset = bytes.count
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: source[runStart..<runEnd]))
      if !style.isEmpty {
        let newRange = offset..<bytes.count
        if let last = spans.last, last.style == style, last.range.upperBound == offset {
          spans[spans.count - 1].range = last.range.lowerBound..<newRange.upperBound
        } else {
          spans.append(StyleSpan(range: newRange, style: style))
        }
      }
      runStart = runEnd
    }
  }

  mutating func appendSpaces(_ count: Int) {
    for _ in 0..<count { bytes.append(0x20) }
  }

  var line: Line { Line(utf8: bytes, spans: spans) }
}

extension Line {
  /// A line from UTF-8 bytes and spans already expressed in those bytes.
  init(utf8: [UInt8], spans: [StyleSpan]) {
    self.init(text: String(decoding: utf8, as: UTF8.self), spans: spans)
  }
}
