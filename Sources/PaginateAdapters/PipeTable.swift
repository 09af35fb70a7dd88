import PaginateModel

/// A GitHub-style pipe table recognised in the lines of a paragraph:
///
///     | Name  | Size |
///     |-------|-----:|
///     | a.txt |  12k |
///
/// Cells are split on unescaped `|`; `\|` stands for a literal bar. The header and the
/// delimiter row must have the same number of cells; body rows are padded or cut to it.
/// Rows are scanned as UTF-8 bytes: `|`, `\`, `:`, `-`, space and tab are all ASCII.
struct PipeTable {
  var alignments: [TableBlock.Alignment]
  var header: [String]
  var body: [[String]]

  /// Recognises a table, or returns `nil` when the lines are an ordinary paragraph.
  init?(rows: [Substring]) {
    guard rows.count >= 2, rows[0].utf8.contains(UInt8(ascii: "|")) else { return nil }
    let delimiter = Self.cells(rows[1])
    var alignments: [TableBlock.Alignment] = []
    for cell in delimiter {
      guard let alignment = Self.alignment(cell) else { return nil }
      alignments.append(alignment)
    }
    let header = Self.cells(rows[0])
    guard !header.isEmpty, header.count == delimiter.count else { return nil }
    self.alignments = alignments
    self.header = header
    body = rows.dropFirst(2).map { row in
      var cells = Self.cells(row)
      if cells.count > header.count { cells.removeLast(cells.count - header.count) }
      cells += Array(repeating: "", count: header.count - cells.count)
      return cells
    }
  }

  /// Removes the indentation and the `>` markers of enclosing block quotes from a source line.
  static func stripContainerPrefix(_ line: Substring, quoteDepth: Int) -> Substring {
    let utf8 = line.utf8
    var index = utf8.startIndex
    func skipBlanks() {
      while index < utf8.endIndex, ByteText.isSpaceOrTab(utf8[index]) { index = utf8.index(after: index) }
    }
    skipBlanks()
    var depth = quoteDepth
    while depth > 0, index < utf8.endIndex, utf8[index] == UInt8(ascii: ">") {
      index = utf8.index(after: index)
      skipBlanks()
      depth -= 1
    }
    return line[index...]
  }

  /// Splits a row into trimmed cells on unescaped bars, ignoring a leading and trailing bar.
  static func cells(_ row: Substring) -> [String] {
    var row = row
    return row.withUTF8 { bytes in
      var start = 0
      var end = bytes.count
      while start < end && ByteText.isSpaceOrTab(bytes[start]) { start += 1 }
      while end > start && ByteText.isSpaceOrTab(bytes[end - 1]) { end -= 1 }
      if start < end && bytes[start] == UInt8(ascii: "|") { start += 1 }
      if end > start && bytes[end - 1] == UInt8(ascii: "|") && !(end - 2 >= start && bytes[end - 2] == UInt8(ascii: "\\")) {
        end -= 1
      }
      var cells: [String] = []
      var cellStart = start
      var hasEscapedBar = false
      func finish(at cellEnd: Int) {
        var from = cellStart
        var to = cellEnd
        while from < to && ByteText.isSpaceOrTab(bytes[from]) { from += 1 }
        while to > from && ByteText.isSpaceOrTab(bytes[to - 1]) { to -= 1 }
        let cell = UnsafeBufferPointer(rebasing: bytes[from..<to])
        cells.append(hasEscapedBar ? unescapingBars(cell) : String(decoding: cell, as: UTF8.self))
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
      return cells
    }
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
  static func alignment(_ cell: String) -> TableBlock.Alignment? {
    let bytes = Array(cell.utf8)
    let left = bytes.first == UInt8(ascii: ":")
    let right = bytes.count > 1 && bytes.last == UInt8(ascii: ":")
    let dashes = bytes.dropFirst(left ? 1 : 0).dropLast(right ? 1 : 0)
    guard !dashes.isEmpty, dashes.allSatisfy({ $0 == UInt8(ascii: "-") }) else { return nil }
    switch (left, right) {
    case (true, true): return .center
    case (true, false): return .left
    case (false, true): return .right
    case (false, false): return .unspecified
    }
  }
}
