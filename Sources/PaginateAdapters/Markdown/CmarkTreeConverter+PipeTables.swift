internal import CCmarkGFM
internal import CCmarkLiteral
import PaginateModel
@_spi(Platform) import PaginateSystem

/// Pipe tables, and the pieces of Markdown parsed apart from the document (a table's cells,
/// a note's text) with its link reference definitions.
extension CmarkTreeConverter {
  mutating func pipeTable(lines range: SourceRange, quoteDepth: Int) -> TableBlock? {
    guard range.lastLine > range.firstLine, range.lastLine <= lineStarts.count else { return nil }
    // The paragraph's lines are read where they lie in the source, and only if its first line
    // has a bar.
    let firstStart = lineStarts[range.firstLine - 1]
    let firstEnd = range.firstLine < lineStarts.count ? lineStarts[range.firstLine] : source.count
    guard source[firstStart..<firstEnd].contains(UInt8(ascii: "|")) else { return nil }
    guard let table = PipeTable(rows: (range.firstLine...range.lastLine).map { tableLine($0, quoteDepth: quoteDepth) })
    else { return nil }
    // Every cell's inline Markdown is parsed in one libcmark call: the cells as paragraphs,
    // then the document's link reference definitions that they may cite.
    if referenceDefinitions == nil { referenceDefinitions = findReferenceDefinitions() }
    citedDefinitions = referenceDefinitions?.cited(in: table.cells) ?? ""
    let parsed = inlines(ofCells: table.cells)
    let columns = table.columnCount
    let header = TableBlock.Row(Array(parsed[..<columns]), source: SourceRange(line: wholeLine(range.firstLine)))
    var bodyRows: [TableBlock.Row] = []
    bodyRows.reserveCapacity(parsed.count / columns - 1)
    for (offset, next) in stride(from: columns, to: parsed.count, by: columns).enumerated() {
      let cells = Array(parsed[next..<(next + columns)])
      bodyRows.append(TableBlock.Row(cells, source: SourceRange(line: wholeLine(range.firstLine + 2 + offset))))
    }
    return TableBlock(alignments: table.alignments, header: header, rows: bodyRows)
  }

  /// Source line `number` (from 1) as a table row sees it: without its line end, its
  /// indentation and the `>` markers of `quoteDepth` enclosing block quotes.
  func tableLine(_ number: Int, quoteDepth: Int) -> UnsafeBufferPointer<UInt8> {
    var end = number < lineStarts.count ? lineStarts[number] : source.count
    while end > lineStarts[number - 1] && (source[end - 1] == 0x0A || source[end - 1] == 0x0D) { end -= 1 }
    let text = UnsafeBufferPointer(rebasing: source[lineStarts[number - 1]..<end])
    return UnsafeBufferPointer(rebasing: text[PipeTable.contentStart(of: text, quoteDepth: quoteDepth)...])
  }

  /// Parses the inline Markdown of many cells at once, as paragraphs separated by blank lines;
  /// a cell that does not come back as exactly one paragraph is parsed on its own. A cell with
  /// no character that inline Markdown gives a meaning to (most cells: words and numbers) is
  /// its own text, without a parse.
  func inlines(ofCells cells: [String]) -> [[Inline]] {
    let smart = options & CMARK_OPT_SMART != 0
    func isPlain(_ cell: String) -> Bool { cell.isEmpty || Self.isPlainInlineText(cell, smartPunctuation: smart) }
    // Most tables: every cell plain, and no bookkeeping arrays made. Cells nested too deep in
    // cells are their text too.
    guard !cells.allSatisfy(isPlain), cellNesting < MarkdownAdapter.maximumNoteNesting else {
      return cells.map { $0.isEmpty ? [] : [.text($0)] }
    }
    let needsParse = cells.map { !isPlain($0) }
    let parsed = cells.indices.filter { needsParse[$0] }.map { cells[$0] }
    let blocks = self.blocks(of: parsed.joined(separator: "\n\n"))
    let aligned = blocks.count == parsed.count && blocks.allSatisfy {
      if case .paragraph = $0.content { return true } else { return false }
    }
    var next = 0
    return cells.indices.map { index in
      let cell = cells[index]
      guard needsParse[index] else { return cell.isEmpty ? [] : [.text(cell)] }
      defer { next += 1 }
      if aligned, case .paragraph(let inlines) = blocks[next].content { return inlines.withoutNoteSources }
      return inlines(ofCell: cell)
    }
  }

  /// Whether inline Markdown would read `text` as exactly itself: printable ASCII with none of
  /// the characters that start emphasis, code, links, images, autolinks, HTML, entities or
  /// escapes, strikethrough (and, with smart punctuation, quotes, dashes and ellipses). Text with other bytes
  /// (non-ASCII, controls) goes through libcmark.
  static func isPlainInlineText(_ text: String, smartPunctuation: Bool) -> Bool {
    text.utf8.allSatisfy { byte in
      guard byte >= 0x20 && byte < 0x7F else { return false }
      switch byte {
      case UInt8(ascii: "\\"), UInt8(ascii: "`"), UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "["),
        UInt8(ascii: "]"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"), UInt8(ascii: "!"),
        UInt8(ascii: "~"):
        return false
      case UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "-"), UInt8(ascii: "."):
        return !smartPunctuation
      default:
        return true
      }
    }
  }

  /// Parses one cell's text as inline Markdown. A cell that would start a block (`# *x*`,
  /// `> *q*`, `- *i*`, `1. *x*`) is parsed with its marker escaped, so that the marker stays
  /// text as in a cell without markup; one that still is not a paragraph is its own text.
  func inlines(ofCell text: String) -> [Inline] {
    guard !text.isEmpty else { return [] }
    if let inlines = paragraphInlines(text) { return inlines.withoutNoteSources }
    if let escaped = Self.escapingBlockMarker(text), let inlines = paragraphInlines(escaped) {
      return inlines.withoutNoteSources
    }
    return [.text(text)]
  }

  /// `text` with a backslash before the character that could make it a block: the delimiter
  /// after an ordered list's number (`1\. x`), or else a leading ASCII punctuation character
  /// (`\# x`); `nil` when there is none.
  static func escapingBlockMarker(_ text: String) -> String? {
    let utf8 = Array(text.utf8)
    var digits = 0
    while digits < min(utf8.count, 9) && (0x30...0x39).contains(utf8[digits]) { digits += 1 }
    if digits > 0 && digits < utf8.count && (utf8[digits] == UInt8(ascii: ".") || utf8[digits] == UInt8(ascii: ")")) {
      return String(decoding: utf8[..<digits], as: UTF8.self) + "\\" + String(decoding: utf8[digits...], as: UTF8.self)
    }
    guard let first = utf8.first, ByteText.isASCIIPunctuation(first) else { return nil }
    return "\\" + text
  }

  /// The inlines of `text` when libcmark reads it as exactly one paragraph.
  func paragraphInlines(_ text: String) -> [Inline]? {
    let blocks = blocks(of: text)
    guard blocks.count == 1, case .paragraph(let inlines) = blocks[0].content else { return nil }
    return inlines
  }

  /// The document's link reference definitions: the lines that no top-level block of the
  /// parsed document covers (libcmark-gfm makes no node of a definition, and has no call that
  /// lists them). Definitions inside a quote or a list item are not found. The footnote
  /// definitions that are cited, which are nodes, come first: a cell may cite one too, and
  /// the lines of a second definition of the same note (dropped, so covered by no node) must
  /// not stand for it.
  func findReferenceDefinitions() -> ReferenceDefinitions {
    guard let root else { return ReferenceDefinitions(source: []) }
    var covered = [Bool](repeating: false, count: lineStarts.count + 1)
    var node = cmark_node_first_child(root)
    while let child = node {
      let first = Int(cmark_node_get_start_line(child))
      let last = Self.lastLine(of: child)
      if first >= 1 && last >= first {
        for line in first...min(last, lineStarts.count) { covered[line] = true }
      }
      node = cmark_node_next(child)
    }
    var definitions: [UInt8] = []
    for footnote in footnoteDefinitions {
      let first = Int(cmark_node_get_start_line(footnote))
      let last = min(Int(cmark_node_get_end_line(footnote)), lineStarts.count)
      guard first >= 1 && last >= first else { continue }
      let end = last < lineStarts.count ? lineStarts[last] : source.count
      definitions.append(contentsOf: source[lineStarts[first - 1]..<end])
      if definitions.last != 0x0A { definitions.append(0x0A) }
      definitions.append(0x0A)
    }
    var previous = 0
    for line in 1...max(lineStarts.count, 1) where line <= lineStarts.count && !covered[line] && !isBlank(line: line) {
      if !definitions.isEmpty && previous != line - 1 { definitions.append(0x0A) }
      let end = line < lineStarts.count ? lineStarts[line] : source.count
      definitions.append(contentsOf: source[lineStarts[line - 1]..<end])
      if definitions.last != 0x0A { definitions.append(0x0A) }
      previous = line
    }
    return ReferenceDefinitions(source: definitions)
  }

  /// The last source line of a top-level block. libcmark-gfm gives an HTML block that
  /// interrupts a footnote's paragraph an end line before its start (`2:1-1:21`): such a
  /// block ends as many lines after its start as its text has.
  static func lastLine(of node: OpaquePointer) -> Int {
    let first = Int(cmark_node_get_start_line(node))
    let last = Int(cmark_node_get_end_line(node))
    guard last < first else { return last }
    var lines = 1
    if let literal = cmark_node_get_literal(node) {
      var index = 0
      while literal[index] != 0 {
        if literal[index] == 0x0A && literal[index + 1] != 0 { lines += 1 }
        index += 1
      }
    }
    return first + lines - 1
  }

  /// The blocks libcmark reads in `text` (followed by the link reference definitions its table
  /// cites), with the adapter's options.
  func blocks(of text: String) -> [Block] {
    var text = text
    if !citedDefinitions.isEmpty { text += "\n\n" + citedDefinitions }
    return text.withUTF8 { bytes in
      var converter = CmarkTreeConverter(source: bytes, options: options, html: html)
      converter.cellNesting = cellNesting + 1
      return converter.convert()
    }
  }
}
