extension Block {
  /// The words of the block as plain text: inline text as ``Inline/plainText`` gives it, with
  /// a newline between blocks, list items, table rows and definitions, and a space between
  /// table cells. Code and HTML are kept as they are; rules and page breaks give nothing.
  public var plainText: String {
    var result = ""
    appendPlainText(to: &result)
    return result
  }

  /// Appends ``plainText`` to `result`.
  public func appendPlainText(to result: inout String) {
    switch content {
    case .heading(_, let inlines), .paragraph(let inlines):
      inlines.appendPlainText(to: &result)
    case .codeBlock(_, let text), .htmlBlock(let text), .lines(let text, _):
      result += text
    case .blockQuote(let blocks), .centered(let blocks):
      blocks.appendPlainText(to: &result)
    case .callout(let label, let blocks):
      result += label
      blocks.appendPlainText(to: &result)
    case .list(let list):
      for item in list.items { item.blocks.appendPlainText(to: &result) }
    case .table(let table):
      func append(_ row: TableBlock.Row) {
        [Block].startLine(in: &result)
        for (index, cell) in row.cells.enumerated() {
          if index > 0 { result += " " }
          cell.appendPlainText(to: &result)
        }
      }
      append(table.header)
      for row in table.rows { append(row) }
    case .definitionList(let items):
      for item in items {
        [Block].startLine(in: &result)
        item.term.appendPlainText(to: &result)
        for definition in item.definitions { definition.appendPlainText(to: &result) }
      }
    case .thematicBreak, .pageBreak:
      break
    }
  }
}

extension Array where Element == Block {
  /// The text of all the blocks, as ``Block/plainText`` gives it for each, a newline between.
  public var plainText: String {
    var result = ""
    appendPlainText(to: &result)
    return result
  }

  /// Appends `plainText` to `result`, starting on a line of its own.
  public func appendPlainText(to result: inout String) {
    for block in self {
      Self.startLine(in: &result)
      block.appendPlainText(to: &result)
    }
  }

  /// Ends the text so far with a newline, unless it is empty or already ends with one.
  static func startLine(in result: inout String) {
    if !result.isEmpty && result.utf8.last != 0x0A { result += "\n" }
  }
}
