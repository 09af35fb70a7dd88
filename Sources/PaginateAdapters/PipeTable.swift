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
    var rest = line.drop { $0 == " " || $0 == "\t" }
    var depth = quoteDepth
    while depth > 0, rest.first == ">" {
      rest = rest.dropFirst().drop { $0 == " " || $0 == "\t" }
      depth -= 1
    }
    return rest
  }

  /// Splits a row into trimmed cells on unescaped bars, ignoring a leading and trailing bar.
  static func cells(_ row: Substring) -> [String] {
    let bytes = Array(row.utf8)
    var start = 0
    var end = bytes.count
    func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
    while start < end && isBlank(bytes[start]) { start += 1 }
    while end > start && isBlank(bytes[end - 1]) { end -= 1 }
    if start < end && bytes[start] == UInt8(ascii: "|") { start += 1 }
    if end > start && bytes[end - 1] == UInt8(ascii: "|") && !(end - 2 >= start && bytes[end - 2] == UInt8(ascii: "\\")) {
      end -= 1
    }
    var cells: [String] = []
    var current: [UInt8] = []
    var index = start
    func finish() {
      var from = 0
      var to = current.count
      while from < to && isBlank(current[from]) { from += 1 }
      while to > from && isBlank(current[to - 1]) { to -= 1 }
      cells.append(String(decoding: current[from..<to], as: UTF8.self))
      current.removeAll(keepingCapacity: true)
    }
    while index < end {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\\") && index + 1 < end && bytes[index + 1] == UInt8(ascii: "|") {
        current.append(UInt8(ascii: "|"))
        index += 2
        continue
      }
      if byte == UInt8(ascii: "|") {
        finish()
      } else {
        current.append(byte)
      }
      index += 1
    }
    finish()
    return cells
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
