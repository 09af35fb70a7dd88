extension Document {
  /// The document with every control character in its text replaced by a visible escape
  /// (see ``VisibleControls``). Code blocks keep their tabs and newlines; in running text
  /// (inlines, the title) a tab or a line end is a space (``VisibleControls/escapeInline(_:)``).
  ///
  /// Adapters call this so that a third-party adapter that forgets cannot let an escape
  /// sequence through to a terminal.
  ///
  /// - Complexity: O(n) in the size of the text; strings without controls are not copied.
  public func withVisibleControls() -> Document {
    // A copy, so that what is not text (the language) is kept.
    var copy = self
    copy.title = title.map { VisibleControls.escapeInline($0) }
    copy.blocks = blocks.map { $0.withVisibleControls() }
    return copy
  }
}

extension Block {
  /// The block with visible escapes for control characters.
  public func withVisibleControls() -> Block {
    func clean(_ inlines: [Inline]) -> [Inline] { inlines.map { $0.withVisibleControls() } }
    var copy = self
    switch content {
    case .heading(let level, let inlines):
      copy.content = .heading(level: level, clean(inlines))
    case .paragraph(let inlines):
      copy.content = .paragraph(clean(inlines))
    case .blockQuote(let blocks):
      copy.content = .blockQuote(blocks.map { $0.withVisibleControls() })
    case .centered(let blocks):
      copy.content = .centered(blocks.map { $0.withVisibleControls() })
    case .callout(let label, let blocks):
      copy.content = .callout(label: VisibleControls.escapeInline(label), blocks.map { $0.withVisibleControls() })
    case .list(var list):
      for index in list.items.indices {
        list.items[index].blocks = list.items[index].blocks.map { $0.withVisibleControls() }
      }
      copy.content = .list(list)
    case .codeBlock(let info, let text):
      copy.content = .codeBlock(
        info: VisibleControls.escape(info), text: VisibleControls.escape(text, keepingTabsAndNewlines: true))
    case .htmlBlock(let html):
      copy.content = .htmlBlock(VisibleControls.escape(html, keepingTabsAndNewlines: true))
    case .lines(let text, let styles):
      if styles.isEmpty {
        copy.content = .lines(VisibleControls.escape(text, keepingTabsAndNewlines: true))
      } else {
        let (escaped, moved) = VisibleControls.escape(text, styles: styles)
        copy.content = .lines(escaped, styles: moved)
      }
    case .table(var table):
      table.header.cells = table.header.cells.map(clean)
      for index in table.rows.indices {
        table.rows[index].cells = table.rows[index].cells.map(clean)
      }
      copy.content = .table(table)
    case .definitionList(var items):
      for index in items.indices {
        items[index].term = clean(items[index].term)
        items[index].definitions = items[index].definitions.map { $0.map { $0.withVisibleControls() } }
      }
      copy.content = .definitionList(items)
    case .thematicBreak, .pageBreak:
      break
    }
    return copy
  }
}

extension Inline {
  /// The inline with visible escapes for control characters.
  public func withVisibleControls() -> Inline {
    func clean(_ inlines: [Inline]) -> [Inline] { inlines.map { $0.withVisibleControls() } }
    switch self {
    case .text(let text): return .text(VisibleControls.escapeInline(text))
    case .emphasis(let children): return .emphasis(clean(children))
    case .strong(let children): return .strong(clean(children))
    case .strikethrough(let children): return .strikethrough(clean(children))
    case .code(let text): return .code(VisibleControls.escapeInline(text))
    case .link(let destination, let title, let children):
      return .link(
        destination: VisibleControls.escapeInline(destination), title: VisibleControls.escapeInline(title),
        content: clean(children))
    case .image(let source, let title, let alt):
      return .image(
        source: VisibleControls.escapeInline(source), title: VisibleControls.escapeInline(title),
        alt: VisibleControls.escapeInline(alt))
    case .softBreak, .hardBreak: return self
    case .html(let html): return .html(VisibleControls.escapeInline(html))
    case .note(let blocks): return .note(blocks.map { $0.withVisibleControls() })
    }
  }
}
