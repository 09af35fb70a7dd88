internal import CCmarkGFM
internal import CCmarkLiteral
import PaginateModel
@_spi(Platform) import PaginateSystem

/// Walks a libcmark tree with an explicit stack (no recursion, so deep nesting cannot overflow
/// the stack) and builds the model. ``convert()`` parses its own tree (``CmarkDocument``); a
/// caller that parsed one hands it over with ``adopt(_:)`` and converts its nodes. Either way the tree is in the thread's ``CmarkArena``, which
/// gives its memory back at once when the outermost `withArena` ends: no node is freed one
/// by one (Benchmarks/README.md measures what that walk cost).
struct CmarkTreeConverter {
  let source: UnsafeBufferPointer<UInt8>
  let options: Int32
  let html: HTMLHandling
  /// How many table cells enclose this parse (a cell is parsed apart, and may cite a note that
  /// holds a table whose cells cite the note again): past ``MarkdownAdapter/maximumNoteNesting``
  /// cells are their text, so that no input recurses without bound.
  var cellNesting = 0

  /// A container being built: its node and the children converted so far.
  private struct Frame {
    var node: OpaquePointer
    var type: cmark_node_type
    var blocks: [Block] = []
    var inlines: [Inline] = []
    var items: [ListBlock.Item] = []
    /// Block quotes enclosing this node (not counting itself).
    var quoteDepth = 0
    /// Block quotes and lists enclosing this node.
    var blockDepth = 0
    /// Emphasis, strong and link spans enclosing this node.
    var inlineDepth = 0
    /// Containers inside this one that were nested too deeply to get a frame.
    var skipped = 0

    /// Whether this container is nested beyond the limits: it then gets no frame, and its
    /// children join its parent's. (The strikethrough node type is passed in, a plain value:
    /// read from its global here, it made the compiler copy the frame for every node.)
    func isTooDeep(strikethrough: cmark_node_type) -> Bool {
      switch type {
      case CMARK_NODE_BLOCK_QUOTE, CMARK_NODE_LIST: blockDepth >= MarkdownAdapter.maximumNesting
      case CMARK_NODE_EMPH, CMARK_NODE_STRONG, CMARK_NODE_LINK: inlineDepth >= MarkdownAdapter.maximumInlineNesting
      default: type == strikethrough && inlineDepth >= MarkdownAdapter.maximumInlineNesting
      }
    }

    /// Makes room for the node's children at once, rather than growing an array as they come.
    mutating func reserveForChildren() {
      var count = 0
      var child = cmark_node_first_child(node)
      while let node = child {
        count += 1
        child = cmark_node_next(node)
      }
      guard count > 1 else { return }
      switch type {
      case CMARK_NODE_LIST: items.reserveCapacity(count)
      case CMARK_NODE_BLOCK_QUOTE, CMARK_NODE_ITEM, CMARK_NODE_DOCUMENT, CMARK_NODE_CUSTOM_BLOCK,
        CMARK_NODE_FOOTNOTE_DEFINITION:
        blocks.reserveCapacity(count)
      default: inlines.reserveCapacity(count)
      }
    }

    /// The depths a child of this frame's node sees.
    func child(node: OpaquePointer, type: cmark_node_type, strikethrough: cmark_node_type) -> Frame {
      let isQuote = self.type == CMARK_NODE_BLOCK_QUOTE
      let isBlockContainer = isQuote || self.type == CMARK_NODE_LIST
      let isSpan =
        self.type == CMARK_NODE_EMPH || self.type == CMARK_NODE_STRONG || self.type == CMARK_NODE_LINK
        || self.type == strikethrough
      return Frame(
        node: node, type: type, quoteDepth: quoteDepth + (isQuote ? 1 : 0),
        blockDepth: blockDepth + (isBlockContainer ? 1 : 0), inlineDepth: inlineDepth + (isSpan ? 1 : 0))
    }
  }

  /// The byte offset where each line starts, for trimming blank lines off source ranges.
  let lineStarts: [Int]
  /// The lines of the whole text before ``source``, when it is a part of it parsed on its own
  /// (see ``MarkdownChunks``): added to every source range given out.
  var lineOffset = 0
  /// The text's line of each line of a copy of its definitions that ``source`` starts with (see
  /// ``MarkdownDefinitions``): a footnote set from it gets the lines it has in the text.
  var prefixLines: [Int] = []
  /// The node type of struck-out text (known once the extensions are registered).
  private let strikethrough = GitHubExtensions.shared.strikethrough
  /// The footnote definitions of the parsed document, in the order of their first citation,
  /// and the blocks of those converted so far (a definition is converted when first cited).
  var footnoteDefinitions: [OpaquePointer] = []
  private var footnotes: [Int: [Block]] = [:]
  /// Footnotes being converted: a note that cites itself, at any depth, is not set again.
  private var footnotesInProgress: Set<Int> = []
  /// The parsed document, and its link reference definitions (found when a table's cells are
  /// first parsed: they are parsed apart from the document, with the definitions they cite).
  var root: OpaquePointer?
  var referenceDefinitions: ReferenceDefinitions?
  /// The definitions the cells being parsed cite, appended to their text.
  var citedDefinitions = ""

  init(source: UnsafeBufferPointer<UInt8>, options: Int32, html: HTMLHandling) {
    self.source = source
    self.options = options
    self.html = html
    lineStarts = ByteText.lineStarts(source)
  }

  /// Whether source line `line` (from 1) holds only spaces and tabs.
  func isBlank(line: Int) -> Bool {
    guard line >= 1 && line <= lineStarts.count else { return true }
    let end = line < lineStarts.count ? lineStarts[line] : source.count
    return ByteText.isBlank(source[lineStarts[line - 1]..<end])
  }

  /// Parses the source and converts the whole document.
  mutating func convert() -> [Block] {
    CmarkArena.withArena {
      guard let document = CmarkDocument.parse(source, options: options) else { return [] }
      adopt(document)
      return convert(subtree: document.root)
    }
  }

  /// Takes `document` (parsed from ``source``, inside the same `CmarkArena.withArena`) as the
  /// tree that footnote references and table cells refer to; ``convert(subtree:)`` then
  /// converts its nodes.
  mutating func adopt(_ document: CmarkDocument) {
    root = document.root
    footnoteDefinitions = document.footnoteDefinitions
  }

  /// The note a footnote reference stands for: the blocks of definition `number` (from 1, the
  /// reference's literal), converted when first cited. `nil` for a number with no definition,
  /// one cited inside its own note, or one cited in notes nested ``MarkdownAdapter/maximumNoteNesting``
  /// deep (a chain of notes each citing the next would otherwise recurse without bound).
  private mutating func footnote(_ number: Int) -> [Block]? {
    if let blocks = footnotes[number] { return blocks }
    guard footnoteDefinitions.indices.contains(number - 1), !footnotesInProgress.contains(number),
      footnotesInProgress.count < MarkdownAdapter.maximumNoteNesting
    else { return nil }
    footnotesInProgress.insert(number)
    let blocks = convert(subtree: footnoteDefinitions[number - 1])
    footnotesInProgress.remove(number)
    footnotes[number] = blocks
    return blocks
  }

  /// Converts the tree under `top` (the document, or one of its top-level blocks).
  mutating func convert(subtree top: OpaquePointer) -> [Block] {
    guard let iterator = cmark_iter_new(top) else { return [] }
    defer { cmark_iter_free(iterator) }

    // A frame standing for the document collects the top-level blocks.
    var stack: [Frame] = [Frame(node: top, type: CMARK_NODE_DOCUMENT)]
    if cmark_node_get_type(top) == CMARK_NODE_DOCUMENT { stack.removeAll() }
    var result: [Block] = []
    while true {
      let event = cmark_iter_next(iterator)
      if event == CMARK_EVENT_DONE { break }
      guard let node = cmark_iter_get_node(iterator) else { continue }
      let type = cmark_node_get_type(node)
      if event == CMARK_EVENT_ENTER {
        if type == CMARK_NODE_FOOTNOTE_DEFINITION && node != top {
          // Set where it is cited (``footnote(_:)``): skipped here, children and all.
          cmark_iter_reset(iterator, node, CMARK_EVENT_EXIT)
          continue
        }
        if Self.isLeaf(type) {
          // Converted first: a mutating call in the argument of `append` copied the converter
          // (its arrays retained and released) for every leaf.
          let converted = leaf(node, type)
          append(converted, to: &stack)
        } else {
          // The parent is read in place: a copy (`stack.last`) would retain and release its arrays.
          var frame =
            stack.isEmpty
            ? Frame(node: node, type: type)
            : stack[stack.count - 1].child(node: node, type: type, strikethrough: strikethrough)
          if frame.isTooDeep(strikethrough: strikethrough) && !stack.isEmpty {
            // Nested too deeply: no frame of its own, so its children join the parent's
            // (flattening without copying, however deep the input goes).
            stack[stack.count - 1].skipped += 1
          } else {
            frame.reserveForChildren()
            stack.append(consume frame)  // moved: a copy retained and released its three arrays
          }
        }
      } else if event == CMARK_EVENT_EXIT {
        if !stack.isEmpty, stack[stack.count - 1].node != node, stack[stack.count - 1].skipped > 0 {
          stack[stack.count - 1].skipped -= 1
          continue
        }
        // libcmark-gfm's iterator enters and exits a footnote reference, which has no children:
        // it was converted on entering.
        if type == CMARK_NODE_FOOTNOTE_REFERENCE || (type == CMARK_NODE_FOOTNOTE_DEFINITION && node != top) { continue }
        guard var frame = stack.popLast() else { continue }
        if type == CMARK_NODE_DOCUMENT {
          result = frame.blocks
        } else {
          let converted = close(&frame, quoteDepth: frame.quoteDepth)
          append(converted, to: &stack)
        }
      }
    }
    if cmark_node_get_type(top) != CMARK_NODE_DOCUMENT, let collected = stack.first { result = collected.blocks }
    return result
  }

  /// What a node becomes.
  private enum Converted {
    case block(Block)
    case inline(Inline)
    case item(ListBlock.Item)
    case blocks([Block])
    case inlines([Inline])
  }

  private func append(_ converted: consuming Converted, to stack: inout [Frame]) {
    guard !stack.isEmpty else { return }
    switch consume converted {
    case .block(let block): stack[stack.count - 1].blocks.append(block)
    case .inline(let inline): stack[stack.count - 1].inlines.append(inline)
    case .item(let item):
      // An item whose list was flattened away joins its parent as blocks.
      if stack[stack.count - 1].type == CMARK_NODE_LIST {
        stack[stack.count - 1].items.append(item)
      } else {
        stack[stack.count - 1].blocks.append(contentsOf: item.blocks)
      }
    case .blocks(let blocks): stack[stack.count - 1].blocks.append(contentsOf: blocks)
    case .inlines(let inlines): stack[stack.count - 1].inlines.append(contentsOf: inlines)
    }
  }

  private static func isLeaf(_ type: cmark_node_type) -> Bool {
    switch type {
    case CMARK_NODE_CODE_BLOCK, CMARK_NODE_HTML_BLOCK, CMARK_NODE_THEMATIC_BREAK, CMARK_NODE_TEXT,
      CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK, CMARK_NODE_CODE, CMARK_NODE_HTML_INLINE,
      CMARK_NODE_FOOTNOTE_REFERENCE:
      true
    default:
      false
    }
  }

  private mutating func leaf(_ node: OpaquePointer, _ type: cmark_node_type) -> Converted {
    switch type {
    case CMARK_NODE_CODE_BLOCK:
      var text = Self.string(cmark_node_get_literal(node), keepingTabsAndNewlines: true)
      if text.hasSuffix("\n") { text.removeLast() }
      let info = Self.string(cmark_node_get_fence_info(node))
      let parts = PlainTextBuilder.verbatimParts(of: text)
      guard parts.count > 1, let source = range(node) else { return .block(Block(.codeBlock(info: info, text: text), source: range(node))) }
      // A code block longer than a verbatim block may be is laid out in parts, as plain text's
      // are, so that the layout holds a part's lines rather than millions.
      // libcmark writes through all three pointers.
      var (fenceLength, fenceOffset, fenceCharacter): (Int32, Int32, CChar) = (0, 0, 0)
      let isFenced = cmark_node_get_fenced(node, &fenceLength, &fenceOffset, &fenceCharacter) != 0
      let firstLine = source.firstLine + (isFenced ? 1 : 0)
      return .blocks(
        parts.enumerated().map { index, part in
          let first = firstLine + index * PlainTextBuilder.verbatimLineLimit
          let last = min(first + part.lineCount - 1, max(source.lastLine, first))
          return Block(.codeBlock(info: info, text: String(part.text)), source: SourceRange(firstLine: first, lastLine: last))
        })
    case CMARK_NODE_HTML_BLOCK:
      var html = Self.string(cmark_node_get_literal(node), keepingTabsAndNewlines: true)
      if html.hasSuffix("\n") { html.removeLast() }
      if MarkdownAdapter.isPageBreakComment(html) { return .block(Block(.pageBreak, source: range(node))) }
      return .blocks(RawHTML.blocks(ofHTMLBlock: html, source: range(node), handling: self.html))
    case CMARK_NODE_THEMATIC_BREAK:
      return .block(Block(.thematicBreak, source: range(node)))
    case CMARK_NODE_TEXT:
      return .inline(.text(Self.inlineString(literalOf: node)))
    case CMARK_NODE_SOFTBREAK:
      return .inline(.softBreak)
    case CMARK_NODE_LINEBREAK:
      return .inline(.hardBreak)
    case CMARK_NODE_CODE:
      return .inline(.code(Self.inlineString(literalOf: node)))
    case CMARK_NODE_HTML_INLINE:
      return .inline(.html(Self.inlineString(literalOf: node)))
    case CMARK_NODE_FOOTNOTE_REFERENCE:
      let number = Self.inlineString(literalOf: node)
      guard let blocks = Int(number).flatMap({ footnote($0) }) else {
        // As written (`[^label]`): libcmark-gfm's number depends on what else was parsed with it.
        return .inline(.text(footnoteLabel(number).map { "[^" + $0 + "]" } ?? "[" + number + "]"))
      }
      return .inline(.note(blocks))
    default:
      return .inlines([])
    }
  }

  private mutating func close(_ frame: inout Frame, quoteDepth: Int) -> Converted {
    let node = frame.node
    switch frame.type {
    case CMARK_NODE_BLOCK_QUOTE:
      if let (label, blocks) = GitHubAlert.split(frame.blocks) {
        return .block(Block(.callout(label: label, blocks), source: range(node)))
      }
      return .block(Block(.blockQuote(frame.blocks), source: range(node)))
    case CMARK_NODE_LIST:
      let kind: ListBlock.Kind =
        cmark_node_get_list_type(node) == CMARK_ORDERED_LIST
        ? .ordered(start: Int(cmark_node_get_list_start(node))) : .bullet
      let delimiter: ListBlock.Delimiter = cmark_node_get_list_delim(node) == CMARK_PAREN_DELIM ? .parenthesis : .period
      let list = ListBlock(
        kind: kind, isTight: cmark_node_get_list_tight(node) != 0, items: frame.items, delimiter: delimiter)
      return .block(Block(.list(list), source: range(node)))
    case CMARK_NODE_ITEM:
      var checkbox: ListBlock.Checkbox?
      if let type = cmark_node_get_type_string(node), ByteScan.cString(type, equals: "tasklist") {
        checkbox = cmark_gfm_extensions_get_tasklist_item_checked(node) ? .checked : .unchecked
      }
      return .item(ListBlock.Item(frame.blocks, source: range(node), checkbox: checkbox))
    case CMARK_NODE_PARAGRAPH:
      let local = localRange(node)
      let source = local.map(wholeRange)
      if let local, let table = pipeTable(lines: local, quoteDepth: quoteDepth) {
        return .block(Block(.table(table), source: source))
      }
      if let local, let blocks = tableInterruptingParagraph(lines: local, quoteDepth: quoteDepth) {
        return .blocks(blocks)
      }
      let inlines = RawHTML.inlines(frame.inlines, handling: html)
      return .block(Block(.paragraph(inlines), source: source))
    case strikethrough:
      return .inline(.strikethrough(frame.inlines))
    case CMARK_NODE_FOOTNOTE_DEFINITION:
      return .blocks(frame.blocks)
    case CMARK_NODE_HEADING:
      let level = Int(cmark_node_get_heading_level(node))
      let inlines = RawHTML.inlines(frame.inlines, handling: html)
      return .block(Block(.heading(level: min(max(level, 1), 6), inlines), source: range(node)))
    case CMARK_NODE_EMPH:
      return .inline(.emphasis(frame.inlines))
    case CMARK_NODE_STRONG:
      return .inline(.strong(frame.inlines))
    case CMARK_NODE_LINK:
      return .inline(
        .link(
          destination: Self.inlineString(cmark_node_get_url(node)), title: Self.inlineString(cmark_node_get_title(node)),
          content: frame.inlines))
    case CMARK_NODE_IMAGE:
      return .inline(
        .image(
          source: Self.inlineString(cmark_node_get_url(node)), title: Self.inlineString(cmark_node_get_title(node)),
          alt: frame.inlines.plainText))
    case CMARK_NODE_CUSTOM_BLOCK:
      return .blocks(frame.blocks)
    default:  // CMARK_NODE_CUSTOM_INLINE and kinds a later libcmark may add: keep their text
      return frame.blocks.isEmpty ? .inlines(frame.inlines) : .blocks(frame.blocks)
    }
  }

  /// The label of footnote definition `number`, as written: read from its first line
  /// (`[^label]: text`), before the column where libcmark-gfm says its text starts.
  private func footnoteLabel(_ number: String) -> String? {
    guard let index = Int(number), footnoteDefinitions.indices.contains(index - 1) else { return nil }
    let definition = footnoteDefinitions[index - 1]
    let line = Int(cmark_node_get_start_line(definition))
    let column = Int(cmark_node_get_start_column(definition))
    guard line >= 1, line <= lineStarts.count, column >= 1 else { return nil }
    let lineStart = lineStarts[line - 1]
    let textStart = min(lineStart + column - 1, line < lineStarts.count ? lineStarts[line] : source.count)
    let before = source[lineStart..<textStart]
    guard let colon = before.lastIndex(of: UInt8(ascii: ":")), colon > lineStart, source[colon - 1] == UInt8(ascii: "]"),
      let open = source[lineStart..<colon].lastIndex(of: UInt8(ascii: "[")), open + 1 < colon - 1,
      source[open + 1] == UInt8(ascii: "^")
    else { return nil }
    return Self.inlineString(UnsafeBufferPointer(rebasing: source[(open + 2)..<(colon - 1)]))
  }

  /// The node's source lines in the whole text.
  private func range(_ node: OpaquePointer) -> SourceRange? {
    localRange(node).map(wholeRange)
  }

  /// Lines of ``source`` as lines of the whole text.
  func wholeRange(_ local: SourceRange) -> SourceRange {
    SourceRange(firstLine: wholeLine(local.firstLine), lastLine: wholeLine(local.lastLine))
  }

  /// A line of ``source`` as a line of the whole text.
  func wholeLine(_ local: Int) -> Int {
    local <= prefixLines.count ? prefixLines[max(local, 1) - 1] : local + lineOffset
  }

  /// The node's source lines in ``source``.
  private func localRange(_ node: OpaquePointer) -> SourceRange? {
    let first = Int(cmark_node_get_start_line(node))
    let last = Int(cmark_node_get_end_line(node))
    guard first >= 1 else { return nil }
    // libcmark counts the blank line after some blocks (a setext heading, a list) as theirs.
    var trimmed = max(first, last)
    while trimmed > first && isBlank(line: trimmed) { trimmed -= 1 }
    return SourceRange(firstLine: first, lastLine: trimmed)
  }

}

extension [Inline] {
  /// The inlines with no source lines in their notes' blocks: a cell parsed apart from the
  /// document has line numbers of its own text, which are not the document's.
  var withoutNoteSources: [Inline] {
    guard contains(where: { if case .note = $0 { true } else { false } }) else { return self }
    return map { inline in
      guard case .note(let blocks) = inline else { return inline }
      return .note(
        blocks.map { block in
          var copy = block
          copy.source = nil
          return copy
        })
    }
  }
}

extension [Block] {
  /// The plain text of the first level-1 heading, if any (not looking inside containers).
  var firstChapterTitle: String? {
    for block in self {
      if case .heading(1, let inlines) = block.content { return inlines.plainText }
    }
    return nil
  }
}
