import PaginateModel

/// Lays out a table: column widths fitted to the page, cells wrapped and aligned, a rule under
/// the header row, columns separated by a thin rule.
///
///     Name   │ Size
///     ───────┼─────
///     a.txt  │  12k
///
/// When a body row takes more than one line, a dashed rule ends each row but the last, so that
/// a reader (and a program reading the page) can tell where one row stops:
///
///     Repository    │ NIO 2
///     ──────────────┼──────────
///     swift-nio     │ from:
///     SwiftNIO core │ "2.0.0"
///     ┄┄┄┄┄┄┄┄┄┄┄┄┄┄┼┄┄┄┄┄┄┄┄┄┄
///     swift-nio-ssl │ from:
///     TLS support   │ "2.0.0"
///
/// When the columns cannot all be as wide as their longest word (up to 20 cells), rows are
/// stacked instead, each cell on its own lines, prefixed by its header: cutting words in
/// narrow columns (`Reposit│ory`) made tables unreadable.
struct TableLayout {
  let table: TableBlock
  let width: Int
  let options: LayoutOptions
  /// Whether notes in cells are set in parentheses rather than cited (inside a note).
  let notesInline: Bool
  /// The width of each column, or `nil` when the table is stacked.
  let columnWidths: [Int]?

  private static let separator = " │ "
  private static let separatorWidth = 3

  init(table: TableBlock, width: Int, options: LayoutOptions, notesInline: Bool) {
    self.table = table
    self.width = width
    self.options = options
    self.notesInline = notesInline
    columnWidths = Self.fit(
      table: table, width: width, marks: options.marks, markers: !notesInline && options.links == .footnotes)
  }

  /// The header row and its rule.
  func headerLines(notes: inout FootnoteRegistry) -> [FlowLine] {
    guard let columnWidths else { return [] }
    var lines: [FlowLine] = []
    row(table.header, style: [.bold], widths: columnWidths, notes: &notes, into: &lines)
    lines.append(FlowLine(line: Line(Self.rule(.light, widths: columnWidths), style: .furniture)))
    for index in lines.indices.dropFirst() { lines[index].penalty = Penalty.unsplittable }
    return lines
  }

  /// The rule under the header (light) or between rows (dashed): the rule across each column,
  /// `┼` where the separators cross it.
  private static func rule(_ kind: Rule, widths: [Int]) -> String {
    var rule = ""
    rule.reserveCapacity((widths.reduce(0, +) + separatorWidth * (widths.count - 1)) * 3)
    for (column, width) in widths.enumerated() {
      if column > 0 { rule += kind.substring(count: 1) + "┼" + kind.substring(count: 1) }
      rule += kind.substring(count: width)
    }
    return rule
  }

  /// All the lines of the table. Body lines carry `headerID` so that the header is repeated
  /// when the table crosses a page.
  func lines(header: [FlowLine], headerID: Int, source: SourceRange?, notes: inout FootnoteRegistry) -> [FlowLine] {
    guard let columnWidths else { return stacked(source: source, notes: &notes) }
    var result = header.withSource(table.header.source ?? source)
    result.reserveCapacity(result.count + table.rows.count)  // most rows are one line
    var rowEnds: [Int] = []
    rowEnds.reserveCapacity(table.rows.count)
    var tallRow = false
    for (rowIndex, body) in table.rows.enumerated() {
      let first = result.count
      row(body, style: [], widths: columnWidths, notes: &notes, into: &result)
      tallRow = tallRow || result.count - first > 1
      rowEnds.append(result.count)
      for index in first..<result.count {
        result[index].source = body.source ?? source
        result[index].tableHeader = headerID
        result[index].penalty =
          index == first ? (rowIndex == 0 ? Penalty.keepWithHeading : Penalty.free) : Penalty.unsplittable
      }
    }
    guard tallRow, rowEnds.count > 1 else { return result }
    // Each row but the last ends with a dashed rule that stays with it (and is dropped at a
    // page's foot or top, as a thematic break's is).
    let rule = Line(Self.rule(.dashed, widths: columnWidths), style: .furniture)
    var ruled: [FlowLine] = []
    ruled.reserveCapacity(result.count + rowEnds.count - 1)
    var start = 0
    for (rowIndex, end) in rowEnds.enumerated() {
      ruled.append(contentsOf: result[start..<end])
      if rowIndex < rowEnds.count - 1 {
        var line = FlowLine(line: rule)
        line.source = result[end - 1].source
        line.tableHeader = headerID
        line.penalty = Penalty.unsplittable
        // Where the page breaks after the row, the break separates it: the rule is dropped.
        line.isDiscardable = true
        ruled.append(line)
      }
      start = end
    }
    return ruled
  }

  /// A cell set at its column's width: its text as it is when that is one line (most cells:
  /// no setter, no lines of its own), or the lines the paragraph setter makes of it.
  private enum Cell {
    case asItIs(String)
    case set([FlowLine])

    var height: Int {
      switch self {
      case .asItIs: 1
      case .set(let lines): lines.count
      }
    }
  }

  private static let separatorBytes = Array(separator.utf8)

  /// Appends the lines of one row to `lines`: each cell set at its column width, aligned, side
  /// by side.
  private func row(
    _ row: TableBlock.Row, style: TextStyle, widths: [Int], notes: inout FootnoteRegistry, into lines: inout [FlowLine]
  ) {
    var cells: [Cell] = []
    cells.reserveCapacity(widths.count)
    var height = 1
    for column in widths.indices {
      let inlines = column < row.cells.count ? row.cells[column] : []
      if let text = ParagraphSetter.textAsItIs(inlines, width: widths[column]) {
        cells.append(.asItIs(text))
        continue
      }
      let setter = ParagraphSetter(width: widths[column], strategy: .greedy, justifies: false, marks: options.marks)
      let cell = Cell.set(setter.set(inlines, style: style, links: options.links, notes: &notes, notesInline: notesInline))
      height = max(height, cell.height)
      cells.append(cell)
    }
    let last = widths.count - 1
    // Each line is written as bytes and spans, then made a line at once. Appended piece by
    // piece to a `Line`, every separator and cell would go through a `String` append and
    // every pad through a string of spaces.
    let separator = Self.separatorBytes
    var bytes: [UInt8] = []
    bytes.reserveCapacity(widths.reduce(0, +) + separator.count * last)
    for lineIndex in 0..<height {
      bytes.removeAll(keepingCapacity: true)
      var spans: [StyleSpan] = []
      spans.reserveCapacity(2 * widths.count)  // the separators, and a styled cell each
      var lineNotes: [Int] = []
      func pad(_ count: Int) { if count > 0 { bytes.append(contentsOf: repeatElement(0x20, count: count)) } }
      // Pads the cell's slack as its column's alignment says, then appends its text.
      func align(width: Int, column: Int, _ append: () -> Void) {
        let slack = max(widths[column] - width, 0)
        let alignment = column < table.alignments.count ? table.alignments[column] : .unspecified
        let before: Int
        switch alignment {
        case .right: before = slack
        case .center: before = slack / 2
        case .left, .unspecified: before = 0
        }
        pad(before)
        append()
        // The last column needs no padding after it: a line has no trailing spaces.
        if column < last { pad(slack - before) }
      }
      for column in widths.indices {
        if column > 0 {
          spans.appendMerging(StyleSpan(range: bytes.count..<(bytes.count + separator.count), style: .furniture))
          bytes.append(contentsOf: separator)
        }
        switch cells[column] {
        case .asItIs(let text) where lineIndex == 0:
          align(width: text.utf8.count, column: column) {
            let offset = bytes.count
            var text = text
            text.withUTF8 { text in
              bytes.append(contentsOf: text)
              if !style.isEmpty { spans.appendMerging(StyleSpan(range: offset..<(offset + text.count), style: style)) }
            }
          }
        case .set(let cellLines) where lineIndex < cellLines.count:
          let cell = cellLines[lineIndex]
          lineNotes += cell.notes
          align(width: cell.line.width, column: column) {
            let offset = bytes.count
            cell.line.withUTF8 { bytes.append(contentsOf: $0) }
            spans.appendMerging(cell.line.spans, shiftedBy: offset)
          }
        default:
          if column < last { pad(widths[column]) }
        }
      }
      var line = Line(text: String(decoding: bytes, as: UTF8.self), spans: spans)
      line.trimTrailingSpaces()
      lines.append(FlowLine(line: line, notes: lineNotes))
    }
  }

  /// Rows stacked for a page too narrow for the columns: `Header: cell` per line.
  private func stacked(source: SourceRange?, notes: inout FootnoteRegistry) -> [FlowLine] {
    var result: [FlowLine] = []
    let setter = ParagraphSetter(width: width, strategy: .greedy, justifies: false, marks: options.marks)
    for body in table.rows {
      if !result.isEmpty { result.append(.spacing(source: body.source ?? source)) }
      var rowLines: [FlowLine] = []
      for column in 0..<table.columnCount {
        var inlines: [Inline] = []
        if column < table.header.cells.count && !table.header.cells[column].isEmpty {
          // The header on the row's line: a break in it is a space. Bold where styles show;
          // in plain text the colon is mark enough.
          let label = table.header.cells[column].map { $0 == .hardBreak ? .text(" ") : $0 }
          inlines = (options.marks == .text ? label : [.strong(label)]) + [.text(": ")]
        }
        if column < body.cells.count { inlines += body.cells[column] }
        rowLines.append(
          moving: setter.set(inlines, links: options.links, notes: &notes, notesInline: notesInline)
            .withSource(body.source ?? source))
      }
      for index in rowLines.indices.dropFirst() { rowLines[index].penalty = Penalty.unsplittable }
      result.append(moving: rowLines)
    }
    if result.isEmpty {
      let inlines = table.header.cells.flatMap { $0 + [.text(" ")] }
      result = setter.set(inlines, style: .bold, links: options.links, notes: &notes, notesInline: notesInline)
        .withSource(source)
    }
    return result
  }

  /// Column widths that fit `width`: natural widths when they fit, else every column gets at
  /// least its longest word (up to 20 cells; a word breaks after a hyphen, as lines do) and the
  /// rest is shared in proportion to how much more each column wants. `nil` when the longest
  /// words do not fit side by side.
  ///
  /// With `markers`, a cell's note markers (`[1]`, after a note or a link whose destination is a
  /// footnote) count too, at ``markerWidth`` each: they stick to a word.
  static func fit(table: TableBlock, width: Int, marks: Marks = .styles, markers: Bool = false) -> [Int]? {
    let columns = table.columnCount
    guard columns > 0 else { return nil }
    let available = width - separatorWidth * (columns - 1)
    guard available >= columns * 3 || (available >= columns && columns == 1) else { return nil }
    var natural = [Int](repeating: 1, count: columns)
    var minimum = [Int](repeating: 1, count: columns)
    func measureRow(_ row: TableBlock.Row) {
      for (column, cell) in row.cells.prefix(columns).enumerated() {
        let (width, longestWord) = Self.measure(cell)
        // The marks of `Marks.text` widen the cell, and may all stick to one word.
        let marked = marks == .text ? Self.markWidth(cell) : 0
        let cited = markers ? Self.markerCount(cell) : 0
        natural[column] = max(natural[column], width + marked + cited * Self.markerWidth)
        minimum[column] = max(minimum[column], min(longestWord + marked + (cited > 0 ? Self.markerWidth : 0), 20))
      }
    }
    measureRow(table.header)
    for row in table.rows { measureRow(row) }
    if natural.reduce(0, +) <= available { return natural }
    if minimum.reduce(0, +) > available { return nil }
    var widths = minimum
    var remaining = available - widths.reduce(0, +)
    let wants = zip(natural, minimum).map { max($0 - $1, 0) }
    let totalWant = wants.reduce(0, +)
    if totalWant > 0 {
      for column in 0..<columns {
        let extra = min(wants[column], remaining * wants[column] / max(totalWant, 1))
        widths[column] += extra
      }
      remaining = available - widths.reduce(0, +)
      var column = 0
      while remaining > 0 && wants.contains(where: { $0 > 0 }) {
        if widths[column] < natural[column] {
          widths[column] += 1
          remaining -= 1
        }
        column = (column + 1) % columns
        if column == 0 && zip(widths, natural).allSatisfy({ $0 >= $1 }) { break }
      }
    }
    return widths
  }

  /// The width of a cell's text on one line (its widest line, when a hard break ends one),
  /// and the width of its longest word (words are separated by spaces and newlines, and end
  /// after a hyphen, where a line may break).
  private static func measure(_ cell: [Inline]) -> (width: Int, longestWord: Int) {
    if cell.count == 1, case .text(let text) = cell[0], let measured = measureASCII(text) { return measured }
    var text = cell.plainText
    var width = 0
    var longestWord = 0
    text.withUTF8 { bytes in
      var word = 0
      var line = 0
      DisplayWidth.forEachCluster(in: bytes) { range, clusterWidth in
        if range.count == 1 && bytes[range.lowerBound] == 0x0A {
          width = max(width, line)
          line = 0
        } else {
          line += clusterWidth
        }
        let byte = range.count == 1 ? bytes[range.lowerBound] : 0
        if byte == 0x20 || byte == 0x0A {
          longestWord = max(longestWord, word)
          word = 0
        } else {
          word += clusterWidth
          if byte == UInt8(ascii: "-") {
            longestWord = max(longestWord, word)
            word = 0
          }
        }
      }
      width = max(width, line)
      longestWord = max(longestWord, word)
    }
    return (width, longestWord)
  }

  /// The cells a note marker is counted at: `[10]`, room for notes up to 99 (one more cell
  /// beyond that is taken from the text).
  static let markerWidth = 4

  /// The note markers a cell's text gets: its notes, and its links whose destination is shown.
  private static func markerCount(_ inlines: [Inline]) -> Int {
    var count = 0
    for inline in inlines {
      switch inline {
      case .note: count += 1
      case .link(let destination, _, let children):
        count += markerCount(children) + (FootnoteRegistry.showsDestination(destination, text: children) ? 1 : 0)
      case .emphasis(let children), .strong(let children), .strikethrough(let children): count += markerCount(children)
      default: break
      }
    }
    return count
  }

  /// The width the marks of ``Marks/text`` add to a cell: backquotes, `_`, `**`, `~~`,
  /// `[image: ]`.
  private static func markWidth(_ inlines: [Inline]) -> Int {
    var width = 0
    for inline in inlines {
      switch inline {
      case .code(let code): width += 2 * ParagraphText.backquotes(around: code).count
      case .emphasis(let children): width += 2 + markWidth(children)
      case .strong(let children), .strikethrough(let children): width += 4 + markWidth(children)
      case .link(_, _, let children): width += markWidth(children)
      case .image(_, _, let alt) where !alt.isEmpty: width += 9
      default: break
      }
    }
    return width
  }

  /// ``measure(_:)`` for text that is printable ASCII, where each byte is a cell: `nil` for
  /// other text.
  private static func measureASCII(_ text: String) -> (width: Int, longestWord: Int)? {
    text.utf8.withContiguousStorageIfAvailable { bytes -> (width: Int, longestWord: Int)? in
      var longestWord = 0
      var word = 0
      for byte in bytes {
        guard byte >= 0x20 && byte < 0x7F else { return nil }
        if byte == 0x20 {
          longestWord = max(longestWord, word)
          word = 0
        } else {
          word += 1
          if byte == UInt8(ascii: "-") {
            longestWord = max(longestWord, word)
            word = 0
          }
        }
      }
      return (bytes.count, max(longestWord, word))
    } ?? nil
  }
}
