import PaginateModel

/// Sets blocks as lines of text at a given width.
struct BlockSetter {
  var tabWidth: Int
  private(set) var lines: [SetLine] = []

  init(tabWidth: Int) {
    self.tabWidth = tabWidth
  }

  /// Sets `blocks` at `width` cells, with a blank line between blocks unless `tight`.
  mutating func set(_ blocks: [Block], width: Int, tight: Bool = false) {
    var first = true
    for block in blocks {
      if case .pageBreak = block.content {
        lines.append(.pageBreak)
        first = true
        continue
      }
      if !first && !tight { lines.append(.text("", source: block.source)) }
      first = false
      set(block, width: max(width, 1))
    }
  }

  private mutating func emit(_ text: [String], source: SourceRange?) {
    for line in text { lines.append(.text(line, source: source)) }
  }

  private mutating func set(_ block: Block, width: Int) {
    let wrapper = LineWrapper(width: width)
    switch block.content {
    case .heading(let level, let inlines):
      let text = wrapper.wrap(inlines.plainText)
      emit(text, source: block.source)
      if level <= 2 {
        let underline = String(repeating: level == 1 ? "=" : "-", count: min(text.map(DisplayWidth.of).max() ?? 0, width))
        emit([underline], source: block.source)
      }
    case .paragraph(let inlines):
      var text: [String] = []
      for piece in inlines.plainText.split(separator: "\n", omittingEmptySubsequences: false) {
        text += wrapper.wrap(String(piece))
      }
      emit(text, source: block.source)
    case .blockQuote(let blocks):
      nested(blocks, width: width, firstPrefix: "│ ", restPrefix: "│ ")
    case .list(let list):
      for (offset, item) in list.items.enumerated() {
        let marker: String
        switch list.kind {
        case .bullet: marker = "• "
        case .ordered(let start): marker = "\(start + offset). "
        }
        let indent = String(repeating: " ", count: DisplayWidth.of(marker))
        if !list.isTight && offset > 0 { lines.append(.text("", source: item.source)) }
        nested(item.blocks, width: width, firstPrefix: marker, restPrefix: indent, tight: list.isTight)
      }
    case .codeBlock(_, let text):
      for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
        let expanded = LineWrapper.expandTabs(String(line), tabWidth: tabWidth)
        if DisplayWidth.of(expanded) <= width {
          emit([expanded], source: block.source)
        } else {
          // Overlong code lines wrap with a visible continuation mark, never cut.
          let pieces = LineWrapper(width: max(width - 1, 1)).split(expanded)
          emit(pieces.enumerated().map { $0 < pieces.count - 1 && width > 1 ? $1 + "↩" : $1 }, source: block.source)
        }
      }
    case .thematicBreak:
      emit([String(repeating: "─", count: width)], source: block.source)
    case .htmlBlock(let html):
      for line in html.split(separator: "\n", omittingEmptySubsequences: false) {
        emit(wrapper.split(String(line)), source: block.source)
      }
    case .table(let table):
      for row in [table.header] + table.rows {
        emit(wrapper.wrap(row.cells.map(\.plainText).joined(separator: " | ")), source: row.source ?? block.source)
        if row == table.header {
          emit([String(repeating: "─", count: width)], source: block.source)
        }
      }
    case .pageBreak:
      lines.append(.pageBreak)
    }
  }

  /// Sets child blocks with a prefix on their first line and another on the rest.
  private mutating func nested(
    _ blocks: [Block], width: Int, firstPrefix: String, restPrefix: String, tight: Bool = false
  ) {
    let prefixWidth = DisplayWidth.of(firstPrefix)
    guard prefixWidth < width else {
      set(blocks, width: width, tight: tight)
      return
    }
    var inner = BlockSetter(tabWidth: tabWidth)
    inner.set(blocks, width: width - prefixWidth, tight: tight)
    var isFirst = true
    for line in inner.lines {
      switch line {
      case .text(let text, let source):
        let prefix = isFirst ? firstPrefix : restPrefix
        var joined = prefix + text
        while joined.hasSuffix(" ") { joined.removeLast() }
        lines.append(.text(joined, source: source))
        isFirst = false
      case .pageBreak:
        lines.append(.pageBreak)
      }
    }
  }
}
