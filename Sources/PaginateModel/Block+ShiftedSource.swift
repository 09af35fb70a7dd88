extension Block {
  /// The block with every source range in it, its own and those of what it holds (list items,
  /// table rows, definition items, nested blocks, notes), moved `lines` lines down: the
  /// blocks of a part of a text, parsed on its own, placed where the part is in the whole.
  package func shiftingSourceLines(by lines: Int) -> Block {
    guard lines != 0 else { return self }
    var copy = self
    copy.source = source?.shifted(by: lines)
    switch content {
    case .heading(let level, let inlines):
      copy.content = .heading(level: level, Inline.shiftingSourceLines(of: inlines, by: lines))
    case .paragraph(let inlines):
      copy.content = .paragraph(Inline.shiftingSourceLines(of: inlines, by: lines))
    case .blockQuote(let blocks):
      copy.content = .blockQuote(blocks.map { $0.shiftingSourceLines(by: lines) })
    case .list(var list):
      list.items = list.items.map { item in
        var item = item
        item.source = item.source?.shifted(by: lines)
        item.blocks = item.blocks.map { $0.shiftingSourceLines(by: lines) }
        return item
      }
      copy.content = .list(list)
    case .table(var table):
      table.header = TableBlock.Row(
        table.header.cells.map { Inline.shiftingSourceLines(of: $0, by: lines) }, source: table.header.source?.shifted(by: lines))
      table.rows = table.rows.map { row in
        TableBlock.Row(row.cells.map { Inline.shiftingSourceLines(of: $0, by: lines) }, source: row.source?.shifted(by: lines))
      }
      copy.content = .table(table)
    case .definitionList(let items):
      copy.content = .definitionList(
        items.map { item in
          DefinitionItem(
            term: Inline.shiftingSourceLines(of: item.term, by: lines),
            definitions: item.definitions.map { $0.map { $0.shiftingSourceLines(by: lines) } },
            source: item.source?.shifted(by: lines))
        })
    case .centered(let blocks):
      copy.content = .centered(blocks.map { $0.shiftingSourceLines(by: lines) })
    case .callout(let label, let blocks):
      copy.content = .callout(label: label, blocks.map { $0.shiftingSourceLines(by: lines) })
    case .codeBlock, .thematicBreak, .htmlBlock, .pageBreak:
      break
    }
    return copy
  }
}

extension Inline {
  /// `inlines` with the source ranges of the notes among them moved `lines` lines down (see
  /// ``Block/shiftingSourceLines(by:)``).
  static func shiftingSourceLines(of inlines: [Inline], by lines: Int) -> [Inline] {
    guard inlines.contains(where: \.holdsBlocks) else { return inlines }
    return inlines.map { inline in
      switch inline {
      case .note(let blocks): return .note(blocks.map { $0.shiftingSourceLines(by: lines) })
      case .emphasis(let children): return .emphasis(shiftingSourceLines(of: children, by: lines))
      case .strong(let children): return .strong(shiftingSourceLines(of: children, by: lines))
      case .strikethrough(let children): return .strikethrough(shiftingSourceLines(of: children, by: lines))
      case .link(let destination, let title, let children):
        return .link(destination: destination, title: title, content: shiftingSourceLines(of: children, by: lines))
      default: return inline
      }
    }
  }

  /// Whether the inline is or holds a note (whose blocks have source ranges).
  private var holdsBlocks: Bool {
    switch self {
    case .note: return true
    case .emphasis(let children), .strong(let children), .strikethrough(let children), .link(_, _, let children):
      return children.contains(where: \.holdsBlocks)
    default: return false
    }
  }
}

extension SourceRange {
  /// The range `lines` lines further down.
  func shifted(by lines: Int) -> SourceRange {
    SourceRange(firstLine: firstLine + lines, lastLine: lastLine + lines)
  }
}
