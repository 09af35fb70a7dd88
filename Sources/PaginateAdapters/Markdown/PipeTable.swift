import PaginateModel

/// A GitHub-style pipe table recognised in the lines of a paragraph:
///
///     | Name  | Size |
///     |-------|-----:|
///     | a.txt |  12k |
///
/// Cells are split on unescaped `|`; `\|` stands for a literal bar. The header and the
/// delimiter row must have the same number of cells; body rows are padded or cut to it.
/// Rows are scanned as UTF-8 bytes where they lie in the source: `|`, `\`, `:`, `-`, space and
/// tab are all ASCII. Only the cells' text is copied, each into one string.
struct PipeTable {
  var alignments: [TableBlock.Alignment]
  /// Every cell's text, row by row (the header first), each row exactly one cell per column.
  var cells: [String]

  /// The number of columns: the header's cells.
  var columnCount: Int { alignments.count }

  /// Recognises a table in `rows` (each a line of the paragraph, without its line end and the
  /// prefix of enclosing containers), or returns `nil` when they are an ordinary paragraph.
  init?(rows: [UnsafeBufferPointer<UInt8>]) {
    guard rows.count >= 2, rows[0].contains(UInt8(ascii: "|")) else { return nil }
    var alignments: [TableBlock.Alignment] = []
    var isDelimiterRow = true
    Self.forEachCell(in: rows[1]) { cell, _ in
      if let alignment = Self.alignment(cell) { alignments.append(alignment) } else { isDelimiterRow = false }
    }
    guard isDelimiterRow, !alignments.isEmpty else { return nil }
    let columns = alignments.count
    var cells: [String] = []
    cells.reserveCapacity(columns * (rows.count - 1))
    guard Self.appendCells(of: rows[0], columns: columns, to: &cells) == columns else { return nil }
    for row in rows.dropFirst(2) {
      let count = Self.appendCells(of: row, columns: columns, to: &cells)
      if count < columns { cells.append(contentsOf: repeatElement("", count: columns - count)) }
    }
    self.alignments = alignments
    self.cells = cells
  }

  /// The start of a source line after the indentation and the `>` markers of `quoteDepth`
  /// enclosing block quotes.
  static func contentStart(of line: UnsafeBufferPointer<UInt8>, quoteDepth: Int) -> Int {
    var index = 0
    func skipBlanks() {
      while index < line.count, ByteText.isSpaceOrTab(line[index]) { index += 1 }
    }
    skipBlanks()
    var depth = quoteDepth
    while depth > 0, index < line.count, line[index] == UInt8(ascii: ">") {
      index += 1
      skipBlanks()
      depth -= 1
    }
    return index
  }

  /// Appends the text of a row's cells to `cells`, at most `columns` of them (the rest are cut),
  /// and returns how many it found (before the cut).
  private static func appendCells(of row: UnsafeBufferPointer<UInt8>, columns: Int, to cells: inout [String]) -> Int {
    var count = 0
    forEachCell(in: row) { cell, hasEscapedBar in
      if count < columns {
        cells.append(hasEscapedBar ? unescapingBars(cell) : String(decoding: cell, as: UTF8.self))
      }
      count += 1
    }
    return count
  }

  /// Calls `body` with each cell of a row, trimmed, split on unescaped bars (a leading and a
  /// trailing bar ignored), and whether it holds an escaped bar.
  static func forEachCell(
    in bytes: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>, _ hasEscapedBar: Bool) -> Void
  ) {
    var start = 0
    var end = bytes.count
    while start < end && ByteText.isSpaceOrTab(bytes[start]) { start += 1 }
    while end > start && ByteText.isSpaceOrTab(bytes[end - 1]) { end -= 1 }
    if start < end && bytes[start] == UInt8(ascii: "|") { start += 1 }
    if end > start && bytes[end - 1] == UInt8(ascii: "|") && !(end - 2 >= start && bytes[end - 2] == UInt8(ascii: "\\")) {
      end -= 1
    }
    var cellStart = start
    var hasEscapedBar = false
    func finish(at cellEnd: Int) {
      var from = cellStart
      var to = cellEnd
      while from < to && ByteText.isSpaceOrTab(bytes[from]) { from += 1 }
      while to > from && ByteText.isSpaceOrTab(bytes[to - 1]) { to -= 1 }
      body(UnsafeBufferPointer(rebasing: bytes[from..<to]), hasEscapedBar)
    }
    var index = start
    while index < end {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\\") && index + 1 < end && bytes[index + 1] == UInt8(ascii: "|") {
        hasEscapedBar = true
        index += 2
        continue
      }
      if byte == UInt8(ascii: "|") {
        finish(at: index)
        cellStart = index + 1
        hasEscapedBar = false
      }
      index += 1
    }
    finish(at: end)
  }

  /// A cell's text with each `\|` made a `|`.
  private static func unescapingBars(_ cell: UnsafeBufferPointer<UInt8>) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(cell.count)
    var index = 0
    while index < cell.count {
      if cell[index] == UInt8(ascii: "\\") && index + 1 < cell.count && cell[index + 1] == UInt8(ascii: "|") {
        index += 1
      }
      bytes.append(cell[index])
      index += 1
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The alignment a delimiter cell (`---`, `:--`, `--:`, `:-:`) stands for, or `nil` when the
  /// cell is not a delimiter.
  static func alignment(_ cell: UnsafeBufferPointer<UInt8>) -> TableBlock.Alignment? {
    let left = cell.first == UInt8(ascii: ":")
    let right = cell.count > 1 && cell.last == UInt8(ascii: ":")
    let dashes = cell.dropFirst(left ? 1 : 0).dropLast(right ? 1 : 0)
    guard !dashes.isEmpty, dashes.allSatisfy({ $0 == UInt8(ascii: "-") }) else { return nil }
    switch (left, right) {
    case (true, true): return .center
    case (true, false): return .left
    case (false, true): return .right
    case (false, false): return .unspecified
    }
  }
}
