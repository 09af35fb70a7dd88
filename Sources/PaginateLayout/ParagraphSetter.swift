/// Sets paragraph text into lines: break units, line breaking, justification, style spans.
struct ParagraphSetter {
  var width: Int
  var strategy: LineBreakStrategy
  var justifies: Bool

  /// Sets a flattened paragraph; an empty paragraph gives no lines. Each flow line has its
  /// text and the notes cited on it; the caller gives it a source and a penalty.
  func set(_ text: ParagraphText) -> [FlowLine] {
    var lines: [FlowLine] = []
    if text.segments.count == 1 {
      lines = set(text.segments[0])
    } else {
      for segment in text.segments {
        lines += set(segment)
      }
    }
    while lines.last?.line.isEmpty == true && lines.count > 1 { lines.removeLast() }
    return lines.count == 1 && lines[0].line.isEmpty ? [] : lines
  }

  private func set(_ segment: ParagraphText.StyledBytes) -> [FlowLine] {
    segment.bytes.withUnsafeBufferPointer { bytes in
      let units = BreakUnits.split(bytes, maxWidth: max(width, 1))
      guard !units.isEmpty else { return [FlowLine(line: Line())] }
      let ends = LineBreaker.breaks(units, width: width, strategy: strategy)
      let isStyled = segment.runs.contains { !$0.style.isEmpty }
      var lines: [FlowLine] = []
      lines.reserveCapacity(ends.count)
      var start = 0
      var noteIndex = 0
      var runCursor = 0
      units.withUnsafeBufferPointer { units in
        for (lineIndex, end) in ends.enumerated() {
          let isLast = lineIndex == ends.count - 1
          var byteCount = 0
          var lineWidth = 0
          var gaps = 0
          for index in start..<end {
            byteCount += units[index].end - units[index].start
            lineWidth += units[index].width
            if index < end - 1 && units[index].spaceAfter { gaps += 1 }
          }
          lineWidth += gaps
          let extra = justifies && !isLast ? max(width - lineWidth, 0) : 0
          let layout = LineLayout(lineIndex: lineIndex, gaps: gaps, extra: extra)
          var spans: [StyleSpan] = []
          let spanStart = units[start].start
          let spanEnd = units[end - 1].end
          let text = String(unsafeUninitializedCapacity: byteCount + gaps + extra) { line in
            if extra == 0 && spanEnd - spanStart == byteCount + gaps {
              // Every gap is one byte of white space in the source: copy the line's bytes at
              // once, then make each gap a space.
              _ = line.initialize(from: UnsafeBufferPointer(rebasing: bytes[spanStart..<spanEnd]))
              for index in start..<(end - 1) where units[index].spaceAfter {
                line[units[index].end - spanStart] = 0x20
              }
              if isStyled {
                for index in start..<end {
                  Self.addSpans(
                    for: units[index].start..<units[index].end, at: units[index].start - spanStart, runs: segment.runs,
                    cursor: &runCursor, to: &spans)
                }
              }
              return spanEnd - spanStart
            }
            var position = 0
            var gap = 0
            for index in start..<end {
              let unit = units[index]
              let length = unit.end - unit.start
              _ = UnsafeMutableBufferPointer(rebasing: line[position..<(position + length)])
                .initialize(from: UnsafeBufferPointer(rebasing: bytes[unit.start..<unit.end]))
              if isStyled {
                Self.addSpans(
                  for: unit.start..<unit.end, at: position, runs: segment.runs, cursor: &runCursor, to: &spans)
              }
              position += length
              if index < end - 1 && unit.spaceAfter {
                let spaces = layout.spaces(atGap: gap)
                UnsafeMutableBufferPointer(rebasing: line[position..<(position + spaces)]).initialize(repeating: 0x20)
                position += spaces
                gap += 1
              }
            }
            return position
          }
          var notes: [Int] = []
          let lineEnd = units[end - 1].end
          while noteIndex < segment.notes.count && segment.notes[noteIndex].offset < lineEnd {
            notes.append(segment.notes[noteIndex].number)
            noteIndex += 1
          }
          lines.append(FlowLine(line: Line(text: text, spans: spans), notes: notes))
          start = end
        }
      }
      return lines
    }
  }

  /// How the spaces of one line are spread when it is justified.
  private struct LineLayout {
    var lineIndex: Int
    var gaps: Int
    var extra: Int

    /// The spaces at gap `gap` (from 0): one, plus a share of the extra. The remainder goes to
    /// alternate ends line by line.
    func spaces(atGap gap: Int) -> Int {
      guard extra > 0 else { return 1 }
      let remainder = extra % gaps
      let getsOne = lineIndex % 2 == 0 ? gap < remainder : gap >= gaps - remainder
      return 1 + extra / gaps + (getsOne ? 1 : 0)
    }
  }

  /// Adds the spans for the source bytes `range`, written at `offset` of the line. `cursor` is
  /// the index of the run that holds the previous range's end; ranges come in ascending order.
  private static func addSpans(
    for range: Range<Int>, at offset: Int, runs: [(end: Int, style: TextStyle)], cursor: inout Int,
    to spans: inout [StyleSpan]
  ) {
    var runStart = range.lowerBound
    while runStart < range.upperBound {
      while cursor < runs.count - 1 && runs[cursor].end <= runStart { cursor += 1 }
      let style = runs[cursor].style
      let runEnd = min(runs[cursor].end, range.upperBound)
      let lower = offset + runStart - range.lowerBound
      let upper = offset + runEnd - range.lowerBound
      if !style.isEmpty {
        if let last = spans.last, last.style == style, last.range.upperBound == lower {
          spans[spans.count - 1].range = last.range.lowerBound..<upper
        } else {
          // Most styled lines hold a few spans: one allocation rather than growing 1, 2, 4.
          if spans.isEmpty { spans.reserveCapacity(4) }
          spans.append(StyleSpan(range: lower..<upper, style: style))
        }
      }
      runStart = runEnd
    }
  }
}
