import PaginateModel

/// A GitHub-style pipe table recognised in the lines of a paragraph:
///
///     | Name  | Size |
///     |-------|-----:|
///     | a.txt |  12k |
///
/// Cells are split on unescaped `|`; `\|` stands for a literal bar. The header and the
/// delimiter row must have the same number of cells; body rows are padded or cut to it.
struct PipeTable {
  var alignments: [TableBlock.Alignment]
  var header: [String]
  var body: [[String]]

  /// Recognises a table, or returns `nil` when the lines are an ordinary paragraph.
  init?(rows: [Substring]) {
    guard rows.count >= 2, rows[0].contains("|") else { return nil }
    let header = Self.cells(rows[0])
    let delimiter = Self.cells(rows[1])
    guard !header.isEmpty, header.count == delimiter.count else { return nil }
    var alignments: [TableBlock.Alignment] = []
    for cell in delimiter {
      guard let alignment = Self.alignment(cell) else { return nil }
      alignments.append(alignment)
    }
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
    var text = row.trimmingCharacters(in: " \t")
    if text.hasPrefix("|") { text.removeFirst() }
    if text.hasSuffix("|") && !text.hasSuffix("\\|") { text.removeLast() }
    var cells: [String] = []
    var current = ""
    var escaped = false
    for character in text {
      if escaped {
        if character != "|" { current.append("\\") }
        current.append(character)
        escaped = false
      } else if character == "\\" {
        escaped = true
      } else if character == "|" {
        cells.append(current.trimmingCharacters(in: " \t"))
        current = ""
      } else {
        current.append(character)
      }
    }
    if escaped { current.append("\\") }
    cells.append(current.trimmingCharacters(in: " \t"))
    return cells
  }

  /// The alignment a delimiter cell (`---`, `:--`, `--:`, `:-:`) stands for, or `nil` when the
  /// cell is not a delimiter.
  static func alignment(_ cell: String) -> TableBlock.Alignment? {
    let left = cell.hasPrefix(":")
    let right = cell.hasSuffix(":") && cell.count > 1
    let dashes = cell.dropFirst(left ? 1 : 0).dropLast(right ? 1 : 0)
    guard !dashes.isEmpty, dashes.allSatisfy({ $0 == "-" }) else { return nil }
    switch (left, right) {
    case (true, true): return .center
    case (true, false): return .left
    case (false, true): return .right
    case (false, false): return .unspecified
    }
  }
}

extension StringProtocol {
  /// The string without leading and trailing characters from `set`.
  fileprivate func trimmingCharacters(in set: String) -> String {
    let scalars = Set(set)
    guard let first = firstIndex(where: { !scalars.contains($0) }) else { return "" }
    let last = lastIndex(where: { !scalars.contains($0) }) ?? first
    return String(self[first...last])
  }
}
