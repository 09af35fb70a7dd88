import PaginateModel

extension PandocConverter {
  /// A pandoc table's content (`c`) as its caption (italic paragraphs) and a model table;
  /// `nil` when it has neither known shape.
  ///
  /// Reads both shapes pandoc has written: `[attr, caption, colspecs, head, bodies, foot]`
  /// (pandoc-types 1.21 and later) and `[caption, aligns, widths, header, rows]` (before). Cells
  /// hold blocks in pandoc and inlines here: paragraphs are joined with line breaks and other
  /// blocks give their text. A cell spanning several columns or rows is followed by, or leaves
  /// below it, empty cells, so every later cell stays in its column.
  func table(_ items: [JSONValue]) -> [Block]? {
    var alignments: [TableBlock.Alignment]
    var rows: [[[Inline]]] = []
    var headerCount = 0
    let captionBlocks: [Block]
    switch items.count {
    case 6:
      captionBlocks = caption(items[1])
      guard let specs = items[2].array else { return nil }
      alignments = specs.map { PandocTableParts.alignment(($0.array)?.first) }
      var grid = PandocTableParts.Grid(columns: alignments.count)
      let head = PandocTableParts.rows(ofSection: items[3], at: 1)
      for row in head { rows.append(grid.cells(of: row, converter: self)) }
      headerCount = head.count
      for body in items[4].array ?? [] {
        guard let parts = body.array, parts.count == 4 else { continue }
        for row in (parts[2].array ?? []) + (parts[3].array ?? []) {
          rows.append(grid.cells(of: row, converter: self))
        }
      }
      for row in PandocTableParts.rows(ofSection: items[5], at: 1) { rows.append(grid.cells(of: row, converter: self)) }
    case 5:
      let captionText = inlines(items[0].array ?? [])
      captionBlocks = captionText.isEmpty ? [] : [.paragraph([.emphasis(captionText)])]
      alignments = (items[1].array ?? []).map(PandocTableParts.alignment)
      let header = (items[3].array ?? []).map { cellInlines($0.array ?? []) }
      if header.contains(where: { !$0.isEmpty }) {
        rows.append(header)
        headerCount = 1
      }
      for row in items[4].array ?? [] {
        rows.append((row.array ?? []).map { cellInlines($0.array ?? []) })
      }
    default:
      return nil
    }
    let columns = max(alignments.count, rows.map(\.count).max() ?? 0)
    alignments += Array(repeating: .unspecified, count: columns - alignments.count)
    guard columns > 0 else { return captionBlocks }
    // The model has one header row: further head rows read as the first body rows.
    let header = headerCount > 0 ? rows.removeFirst() : []
    let table = TableBlock(
      alignments: alignments, header: TableBlock.Row(header), rows: rows.map { TableBlock.Row($0) })
    return captionBlocks + [Block(.table(table))]
  }
}

/// Helpers for reading pandoc tables.
private enum PandocTableParts {

  /// The rows of a head or foot, `[attr, [rows]]`.
  static func rows(ofSection section: JSONValue, at index: Int) -> [JSONValue] {
    guard let parts = section.array, parts.count > index else { return [] }
    return parts[index].array ?? []
  }

  static func alignment(_ value: JSONValue?) -> TableBlock.Alignment {
    switch value.flatMap(PandocConverter.tagged)?.0 {
    case "AlignLeft": .left
    case "AlignRight": .right
    case "AlignCenter": .center
    default: .unspecified
    }
  }

  /// Places cells in columns, remembering which columns cells from rows above still span.
  struct Grid {
    /// For each column, how many more rows a cell above covers.
    private var covered: [Int]

    init(columns: Int) {
      covered = Array(repeating: 0, count: columns)
    }

    /// The cells of a row `[attr, [cells]]`, each cell `[attr, align, rowspan, colspan, blocks]`,
    /// with empty cells where spans reach.
    mutating func cells(of row: JSONValue, converter: PandocConverter) -> [[Inline]] {
      var result: [[Inline]] = []
      func skipCovered() {
        while result.count < covered.count && covered[result.count] > 0 {
          covered[result.count] -= 1
          result.append([])
        }
      }
      let cells = (row.array).flatMap { $0.count == 2 ? $0[1].array : nil } ?? []
      for cell in cells {
        skipCovered()
        guard let parts = cell.array, parts.count == 5 else {
          result.append([.text(PandocConverter.words(in: cell))])
          continue
        }
        let rowSpan = max(parts[2].int ?? 1, 1)
        let columnSpan = min(max(parts[3].int ?? 1, 1), 1000)
        let column = result.count
        result.append(converter.cellInlines(parts[4].array ?? []))
        result += Array(repeating: [], count: columnSpan - 1)
        while covered.count < result.count { covered.append(0) }
        for spanned in column..<result.count { covered[spanned] = rowSpan - 1 }
      }
      skipCovered()
      return result
    }
  }
}

extension PandocConverter {
  /// A table cell's blocks as inlines: paragraphs joined by line breaks, other blocks as text.
  func cellInlines(_ elements: [JSONValue]) -> [Inline] {
    var result: [Inline] = []
    for block in blocks(elements) {
      if !result.isEmpty { result.append(.hardBreak) }
      switch block.content {
      case .paragraph(let text), .heading(_, let text): result += text
      default:
        for (index, line) in block.plainText.split(separator: "\n").enumerated() {
          if index > 0 { result.append(.hardBreak) }
          result.append(.text(String(line)))
        }
      }
    }
    return result
  }
}
