import PaginateModel

@_spi(Platform) import PaginateSystem

/// Sets paragraph text into lines: break units, line breaking, justification, style spans.
struct ParagraphSetter {
  var width: Int
  var strategy: LineBreakStrategy
  var justifies: Bool
  /// Whether styles are marked in the text too (``Marks/text``).
  var marks: Marks = .styles
  /// Hyphenates words (never code) where that sets the paragraph better; `nil` for none.
  var hyphenator: Hyphenator?

  /// Flattens and sets a paragraph's inlines (see ``ParagraphText``). A paragraph that is one
  /// run of plain printable ASCII no wider than the line, with no white space to collapse (most
  /// table cells, headings and short list items), is set as it is: it comes out the same.
  func set(
    _ inlines: [Inline], style: TextStyle = [], links: LinkStyle, notes: inout FootnoteRegistry, notesInline: Bool
  ) -> [FlowLine] {
    if inlines.count == 1, case .text(var text) = inlines[0] {
      if let line = asItIs(text, style: style) { return [FlowLine(line: line)] }
      text = CJKSpacing.closingUp(text)
      // One run of text (all of a plain-text paragraph): set from its own bytes rather than
      // from a flattened copy, and its lines may be slices of the run itself.
      let whole = text
      return Self.trimmed(text.withUTF8 { set($0, runs: [($0.count, style)], notes: [], of: whole) })
    }
    return set(ParagraphText(inlines, style: style, links: links, marks: marks, notes: &notes, notesInline: notesInline))
  }

  /// `text` as one line, when it is one as it is (see ``isOneLineAsItIs(_:width:)``). Styled
  /// text has one span over the whole line, as the general path gives it (the spaces between
  /// words of one run keep its style).
  private func asItIs(_ text: String, style: TextStyle) -> Line? {
    text.utf8.withContiguousStorageIfAvailable { bytes -> Line? in
      guard Self.isOneLineAsItIs(bytes, width: width) else { return nil }
      var spans: [StyleSpan] = []
      if !style.isEmpty { spans.append(StyleSpan(range: 0..<bytes.count, style: style)) }
      return Line(text: text, spans: spans)
    } ?? nil
  }

  /// The text of `inlines` when the setter sets them as they are, on one line of `width`
  /// cells: one run of plain text that ``isOneLineAsItIs(_:width:)``. Its width is its length.
  static func textAsItIs(_ inlines: [Inline], width: Int) -> String? {
    guard inlines.count == 1, case .text(let text) = inlines[0] else { return nil }
    let isOneLine = text.utf8.withContiguousStorageIfAvailable { isOneLineAsItIs($0, width: width) }
    return isOneLine == true ? text : nil
  }

  /// Whether `bytes` make one line as they are: printable ASCII, 1 to `width` bytes, no space
  /// at either end and no two spaces together. The general path would give the same line.
  static func isOneLineAsItIs(_ bytes: UnsafeBufferPointer<UInt8>, width: Int) -> Bool {
    guard bytes.count > 0 && bytes.count <= width else { return false }
    var previous: UInt8 = 0x20
    for byte in bytes {
      guard (byte > 0x20 && byte < 0x7F) || (byte == 0x20 && previous != 0x20) else { return false }
      previous = byte
    }
    return previous != 0x20
  }

  /// Sets a flattened paragraph; an empty paragraph gives no lines. Each flow line has its
  /// text and the notes cited on it; the caller gives it a source and a penalty.
  private func set(_ text: ParagraphText) -> [FlowLine] {
    var lines: [FlowLine] = []
    for segment in text.segments {
      lines.append(
        moving: segment.bytes.withUnsafeBufferPointer { bytes in
          set(bytes, runs: segment.runs, notes: segment.notes)
        })
    }
    return Self.trimmed(lines)
  }

  /// The lines without the empty ones at the end (a hard break there), and none for a
  /// paragraph with no text.
  private static func trimmed(_ lines: consuming [FlowLine]) -> [FlowLine] {
    while lines.last?.line.isEmpty == true && lines.count > 1 { lines.removeLast() }
    return lines.count == 1 && lines[0].line.isEmpty ? [] : lines
  }

  /// Sets one segment: its bytes, their style runs and the notes cited in them (see
  /// ``ParagraphText/StyledBytes``). `string`, when given, holds exactly `bytes`.
  private func set(
    _ bytes: UnsafeBufferPointer<UInt8>, runs: [(end: Int, style: TextStyle)],
    notes citations: [(offset: Int, number: Int)], of string: String? = nil
  ) -> [FlowLine] {
    // A paragraph of no more bytes than the width is one line: nothing to hyphenate. Words to
    // hyphenate are whole units (no word is cut for width until it is hyphenated).
    let hyphenator = bytes.count > width ? hyphenator : nil
    return BreakUnits.withUnits(of: bytes, maxWidth: hyphenator == nil ? max(width, 1) : .max) { units, joinedLength in
      guard !units.isEmpty else { return [FlowLine(line: Line())] }
      guard let hyphenator else {
        return lines(units, joinedLength: joinedLength, bytes: bytes, runs: runs, notes: citations, of: string)
      }
      let code = runs.indices.filter { runs[$0].style.contains(.code) }.map { ($0 == 0 ? 0 : runs[$0 - 1].end)..<runs[$0].end }
      return BreakUnits.withHyphenatedUnits(
        units, of: bytes, hyphenator: hyphenator, maxWidth: max(width, 1), excluding: code
      ) { pieces in
        lines(pieces, joinedLength: joinedLength, bytes: bytes, runs: runs, notes: citations, of: string, hyphenated: true)
      }
    }
  }

  /// The lines of a segment's break units (see ``set(_:runs:notes:of:)``).
  private func lines(
    _ units: UnsafeBufferPointer<BreakUnit>, joinedLength: Int, bytes: UnsafeBufferPointer<UInt8>,
    runs: [(end: Int, style: TextStyle)], notes citations: [(offset: Int, number: Int)], of string: String?,
    hyphenated: Bool = false
  ) -> [FlowLine] {
    let ends = LineBreaker.breaks(units, width: width, strategy: strategy, hyphenated: hyphenated)
    let runs = runs.contains { !$0.style.isEmpty } ? runs : nil
    var sink = LineSink(units: units, citations: citations)
    sink.lines.reserveCapacity(ends.count)
    if justifies {
      justifiedLines(units, ends: ends, bytes: bytes, runs: runs, into: &sink)
    } else {
      Self.sharedLines(units, joinedLength: joinedLength, ends: ends, bytes: bytes, of: string, runs: runs, into: &sink)
    }
    return sink.lines
  }

  /// Collects a paragraph's lines, each with the notes cited in it (up to the end of its last
  /// unit) and the hyphen of a word broken at its end (furniture: not the text's own). A value
  /// passed `inout`, not a closure over local variables: those would be checked for exclusive
  /// access at run time, once a paragraph.
  private struct LineSink {
    let units: UnsafeBufferPointer<BreakUnit>
    let citations: [(offset: Int, number: Int)]
    var noteIndex = 0
    var lines: [FlowLine] = []

    init(units: UnsafeBufferPointer<BreakUnit>, citations: [(offset: Int, number: Int)]) {
      self.units = units
      self.citations = citations
    }

    mutating func add(_ line: Line, lastUnit: Int) {
      var notes: [Int] = []
      let lineEnd = units[lastUnit].end
      while noteIndex < citations.count && citations[noteIndex].offset < lineEnd {
        notes.append(citations[noteIndex].number)
        noteIndex += 1
      }
      if units[lastUnit].hyphenAfter && lastUnit < units.count - 1 {
        var hyphenated = line
        hyphenated.append("-", style: .furniture)
        lines.append(FlowLine(line: hyphenated, notes: notes))
      } else {
        lines.append(FlowLine(line: line, notes: notes))
      }
    }
  }

  /// The lines of a paragraph that is not justified: slices of one string, the paragraph as
  /// set (its units with one space at each gap, `joinedLength` bytes). That is `string` (which
  /// holds `bytes`) when it reads so already, as a plain-text paragraph does; otherwise it is
  /// made with one allocation.
  private static func sharedLines(
    _ units: UnsafeBufferPointer<BreakUnit>, joinedLength length: Int, ends: [Int], bytes: UnsafeBufferPointer<UInt8>,
    of string: String?, runs: [(end: Int, style: TextStyle)]?, into sink: inout LineSink
  ) {
    let base = units[0].start
    // Every gap is one byte in the source: each unit keeps its offset, and a line's bounds come
    // straight from its first and last units.
    let inPlace = length == units[units.count - 1].end - base
    let paragraph: String
    if let string, inPlace && base == 0 && length == bytes.count && !hasLineEndOrTab(bytes) {
      paragraph = string
    } else {
      paragraph = String(unsafeUninitializedCapacity: length) { text in
        write(units, bytes: bytes, length: length, spacing: Spacing(lineIndex: 0, gaps: 0, extra: 0), into: text)
      }
    }
    var unitOffset = 0  // where unit `start` begins in `paragraph`
    var start = 0
    var cursor = 0
    for end in ends {
      let lineStart = unitOffset
      var lineEnd: Int
      var spans: [StyleSpan] = []
      if inPlace {
        lineEnd = units[end - 1].end - base
        unitOffset = end < units.count ? units[end].start - base : length
        if let runs {
          addSpans(forUnits: UnsafeBufferPointer(rebasing: units[start..<end]), runs: runs, cursor: &cursor, to: &spans)
        }
      } else {
        lineEnd = lineStart
        for index in start..<end {
          let unit = units[index]
          if let runs {
            if index > start {
              bridgeGap(
                to: unitOffset - lineStart, of: unit, after: units[index - 1], at: lineEnd - lineStart, runs: runs,
                cursor: cursor, spans: &spans)
            }
            addSpans(for: unit.start..<unit.end, at: unitOffset - lineStart, runs: runs, cursor: &cursor, to: &spans)
          }
          lineEnd = unitOffset + unit.end - unit.start
          unitOffset = lineEnd + (unit.spaceAfter ? 1 : 0)
        }
      }
      sink.add(Line(slice: lineStart..<lineEnd, of: paragraph, spans: spans), lastUnit: end - 1)
      start = end
    }
  }

  /// The lines of a justified paragraph, each a string of its own (spaces are added at its
  /// gaps, the last line's excepted).
  private func justifiedLines(
    _ units: UnsafeBufferPointer<BreakUnit>, ends: [Int], bytes: UnsafeBufferPointer<UInt8>,
    runs: [(end: Int, style: TextStyle)]?, into sink: inout LineSink
  ) {
    var start = 0
    var runCursor = 0
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
      lineWidth += gaps + (units[end - 1].hyphenAfter && !isLast ? 1 : 0)
      let extra = isLast ? 0 : max(width - lineWidth, 0)
      let spacing = Spacing(lineIndex: lineIndex, gaps: gaps, extra: extra)
      var spans: [StyleSpan] = []
      let text = Self.text(
        of: UnsafeBufferPointer(rebasing: units[start..<end]), bytes: bytes, length: byteCount + gaps,
        spacing: spacing, runs: runs, cursor: &runCursor, spans: &spans)
      sink.add(Line(text: text, spans: spans), lastUnit: end - 1)
      start = end
    }
  }

  /// The text of the line made of `units` (consecutive, of `bytes`), spaced by `spacing`; with
  /// `runs`, the line's style spans are added to `spans`.
  ///
  /// - Parameter length: The bytes of the units plus one for each gap.
  private static func text(
    of units: UnsafeBufferPointer<BreakUnit>, bytes: UnsafeBufferPointer<UInt8>, length: Int, spacing: Spacing,
    runs: [(end: Int, style: TextStyle)]?, cursor: inout Int, spans: inout [StyleSpan]
  ) -> String {
    String(unsafeUninitializedCapacity: length + spacing.extra) { line in
      guard let runs else { return write(units, bytes: bytes, length: length, spacing: spacing, into: line) }
      var previous: (unit: BreakUnit, end: Int)?
      let addUnitSpans = { (unit: BreakUnit, offset: Int) in
        if let previous {
          bridgeGap(to: offset, of: unit, after: previous.unit, at: previous.end, runs: runs, cursor: cursor, spans: &spans)
        }
        addSpans(for: unit.start..<unit.end, at: offset, runs: runs, cursor: &cursor, to: &spans)
        previous = (unit, offset + unit.end - unit.start)
      }
      return withoutActuallyEscaping(addUnitSpans) { written in
        write(units, bytes: bytes, length: length, spacing: spacing, into: line, written)
      }
    }
  }

  /// Writes `units` (consecutive, of `bytes`) into `text`, spaced by `spacing`, and returns the
  /// bytes written; `written` learns where each unit went.
  ///
  /// - Parameter length: The bytes of the units plus one for each gap.
  private static func write(
    _ units: UnsafeBufferPointer<BreakUnit>, bytes: UnsafeBufferPointer<UInt8>, length: Int, spacing: Spacing,
    into text: UnsafeMutableBufferPointer<UInt8>, _ written: ((BreakUnit, _ offset: Int) -> Void)? = nil
  ) -> Int {
    let spanStart = units[0].start
    let spanEnd = units[units.count - 1].end
    if spacing.extra == 0 && spanEnd - spanStart == length {
      // Every gap is one byte of white space in the source (prose as it usually is): copy the
      // bytes at once, then make each gap a space. Units hold no newline or tab, so those are
      // the gaps that are not spaces already; memchr finds them faster than a walk over the
      // units.
      _ = text.initialize(from: UnsafeBufferPointer(rebasing: bytes[spanStart..<spanEnd]))
      spaceOut(0x0A, in: UnsafeMutableBufferPointer(rebasing: text[..<length]))
      spaceOut(0x09, in: UnsafeMutableBufferPointer(rebasing: text[..<length]))
      if let written {
        for unit in units { written(unit, unit.start - spanStart) }
      }
      return length
    }
    var position = 0
    var gap = 0
    for (index, unit) in units.enumerated() {
      let count = unit.end - unit.start
      _ = UnsafeMutableBufferPointer(rebasing: text[position..<(position + count)])
        .initialize(from: UnsafeBufferPointer(rebasing: bytes[unit.start..<unit.end]))
      written?(unit, position)
      position += count
      if index < units.count - 1 && unit.spaceAfter {
        let spaces = spacing.spaces(atGap: gap)
        UnsafeMutableBufferPointer(rebasing: text[position..<(position + spaces)]).initialize(repeating: 0x20)
        position += spaces
        gap += 1
      }
    }
    return position
  }

  /// Whether `bytes` hold a newline or a tab: gaps that setting turns into spaces.
  private static func hasLineEndOrTab(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    ByteScan.contains(0x0A, in: bytes) || ByteScan.contains(0x09, in: bytes)
  }

  /// Replaces every `byte` in `text` with a space.
  private static func spaceOut(_ byte: UInt8, in text: UnsafeMutableBufferPointer<UInt8>) {
    var position = 0
    while let found = ByteScan.firstIndex(of: byte, in: UnsafeBufferPointer(text), from: position) {
      text[found] = 0x20
      position = found + 1
    }
  }

  /// How the spaces of one line are spread when it is justified.
  private struct Spacing {
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

  /// Adds the spans of a line whose units keep their source offsets (every gap one byte): the
  /// styled runs are walked, and the units only inside them, so unstyled text costs nothing.
  /// The spans are those ``addSpans(for:at:runs:cursor:to:)`` gives unit by unit: a piece
  /// for each unit in a styled run, merged where pieces meet.
  private static func addSpans(
    forUnits units: UnsafeBufferPointer<BreakUnit>, runs: [(end: Int, style: TextStyle)], cursor: inout Int,
    to spans: inout [StyleSpan]
  ) {
    let lineStart = units[0].start
    let lineEnd = units[units.count - 1].end
    while cursor < runs.count - 1 && runs[cursor].end <= lineStart { cursor += 1 }
    var run = cursor
    var runStart = run == 0 ? 0 : runs[run - 1].end
    var unit = 0
    while run < runs.count && runStart < lineEnd {
      let runEnd = runs[run].end
      let style = runs[run].style
      if !style.isEmpty {
        while unit < units.count && units[unit].end <= runStart { unit += 1 }
        // One span from the first unit the run reaches to the last: the gaps between them are
        // the run's own bytes (units keep their source offsets here), so the spaces between
        // words of one emphasis or link keep its style, and a span never starts or ends on one.
        var next = unit
        var lower = Int.max
        var upper = Int.min
        while next < units.count && units[next].start < runEnd {
          let pieceLower = max(units[next].start, runStart)
          let pieceUpper = min(units[next].end, runEnd)
          if pieceLower < pieceUpper {
            lower = min(lower, pieceLower)
            upper = pieceUpper
          }
          next += 1
        }
        if lower < upper {
          if spans.isEmpty { spans.reserveCapacity(4) }
          // (Runs of one style are merged as the text is flattened, so a gap between two
          // spans of one style here is text of another: they stay two.)
          spans.appendMerging(StyleSpan(range: (lower - lineStart)..<(upper - lineStart), style: style))
        }
        // The next run may begin inside the last unit this one reached.
        unit = max(unit, next - 1)
      }
      runStart = runEnd
      run += 1
    }
  }

  /// Extends the last span over the spaces between `previous` (a unit that ended at `end` of
  /// the line) and `next`, written at `offset`, when the gap and the start of `next` have the
  /// span's style: the words of one emphasis or link make one span, as
  /// ``addSpans(forUnits:runs:cursor:to:)`` gives them.
  private static func bridgeGap(
    to offset: Int, of next: BreakUnit, after previous: BreakUnit, at end: Int, runs: [(end: Int, style: TextStyle)],
    cursor: Int, spans: inout [StyleSpan]
  ) {
    guard previous.spaceAfter, offset > end, let last = spans.last, last.range.upperBound == end else { return }
    guard style(ofByte: previous.end, in: runs, from: cursor) == last.style,
      style(ofByte: next.start, in: runs, from: cursor) == last.style
    else { return }
    spans[spans.count - 1].range = last.range.lowerBound..<offset
  }

  /// The style of the source byte at `offset`: that of the first run, from `first`, that ends
  /// after it.
  private static func style(ofByte offset: Int, in runs: [(end: Int, style: TextStyle)], from first: Int) -> TextStyle {
    var low = first
    var high = runs.count - 1
    while low < high {
      let middle = (low + high) / 2
      if runs[middle].end <= offset { low = middle + 1 } else { high = middle }
    }
    return runs[low].style
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
        // Most styled lines hold a few spans: one allocation rather than growing 1, 2, 4.
        if spans.isEmpty { spans.reserveCapacity(4) }
        spans.appendMerging(StyleSpan(range: lower..<upper, style: style))
      }
      runStart = runEnd
    }
  }
}
