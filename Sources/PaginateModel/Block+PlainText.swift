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
    func separate() {
      if !result.isEmpty && result.utf8.last != 0x0A { result += "\n" }
    }
    switch content {
    case .heading(_, let inlines), .paragraph(let inlines):
      for inline in inlines { inline.appendPlainText(to: &result) }
    case .codeBlock(_, let text), .htmlBlock(let text):
      result += text
    case .blockQuote(let blocks):
      for block in blocks {
        separate()
        block.appendPlainText(to: &result)
      }
    case .list(let list):
      for item in list.items {
        for block in item.blocks {
          separate()
          block.appendPlainText(to: &result)
        }
      }
    case .table(let table):
      for row in [table.header] + table.rows {
        separate()
        result += row.cells.map(\.plainText).joined(separator: " ")
      }
    case .definitionList(let items):
      for item in items {
        separate()
        for inline in item.term { inline.appendPlainText(to: &result) }
        for block in item.definitions.joined() {
          separate()
          block.appendPlainText(to: &result)
        }
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
    for block in self {
      if !result.isEmpty && result.utf8.last != 0x0A { result += "\n" }
      block.appendPlainText(to: &result)
    }
    return result
  }
}
