import PaginateModel

@_spi(Platform) import PaginateSystem

/// Sets blocks as flow lines at a given width: the typography of each kind of block, and the
/// penalties that keep the page breaker from splitting what should stay together.
struct BlockLayout {
  var options: LayoutOptions
  /// Footnotes numbered so far (document-wide).
  var notes = FootnoteRegistry()
  /// The header lines of each table, for repeating at the top of a page.
  var tableHeaders: [[Line]] = []
  /// Whether notes are set in the text in parentheses instead of cited (inside a note).
  var notesInline = false
  /// Hyphenates paragraphs, when the options ask for it and patterns are installed.
  var hyphenator: Hyphenator?

  /// A layout with `options`, for a document in `language` (when known: hyphenation follows
  /// it unless the options name a language).
  init(options: LayoutOptions, documentLanguage: String? = nil) {
    self.options = options
    notes.pageReferences = options.pageReferences
    if options.hyphenates {
      // A document in a language with no patterns installed is not hyphenated (the options'
      // language was checked by `validate()`).
      hyphenator = try? Hyphenator(language: options.language ?? documentLanguage ?? "en-US")
    }
  }

  /// Lays out a list of sibling blocks with a blank line between them (none when `tight`).
  mutating func lines(for blocks: [Block], width: Int, tight: Bool = false) -> [FlowLine] {
    var result: [FlowLine] = []
    // Blocks of lines one after another are one run (see ``LineFlow``).
    var afterLines = false
    for block in blocks {
      if case .pageBreak = block.content { continue }  // only honoured at the top level
      let lines = self.lines(for: block, width: width)
      guard !lines.isEmpty else { continue }
      let isLines = block.content.isLines
      if !result.isEmpty && !tight && !(isLines && afterLines) { result.append(.spacing(source: block.source)) }
      afterLines = isLines
      result.append(moving: lines)
    }
    return result
  }

  /// Lays out one block.
  mutating func lines(for block: Block, width: Int) -> [FlowLine] {
    let width = max(width, 1)
    switch block.content {
    case .heading(let level, let inlines):
      return heading(level: level, inlines, width: width, source: block.source)
    case .paragraph(let inlines):
      return paragraph(inlines, width: width, source: block.source)
    case .blockQuote(let blocks):
      let bar = Line("│ ", style: .furniture)
      guard width - 2 >= Self.minimumNestedWidth(width) else { return lines(for: blocks, width: width) }
      return Self.prefixed(lines(for: blocks, width: width - 2), first: bar, rest: bar)
    case .list(let list):
      return self.list(list, width: width, source: block.source)
    case .codeBlock(_, let text):
      guard options.marks == .text else { return verbatim(text, width: width, source: block.source, style: .code) }
      // Set off by an indent when no colour shows it: 4 columns, 2 on a narrow page.
      let indent = width >= 40 ? 4 : width >= 16 ? 2 : 0
      let margin = Line(String.repeated(" ", count: indent))
      var lines = Self.prefixed(
        verbatim(text, width: width - indent, source: block.source, style: .code), first: margin, rest: margin)
      for index in lines.indices { lines[index].line.trimTrailingSpaces() }
      return lines
    case .htmlBlock(let html):
      return verbatim(html, width: width, source: block.source, style: [])
    case .lines(let text, let styles):
      return textLines(text, styles: styles, width: width, source: block.source)
    case .thematicBreak:
      var rule = FlowLine(line: Line(Rule.light.string(count: width), style: .furniture), source: block.source)
      rule.isDiscardable = true
      return [rule]
    case .table(let table):
      let layout = TableLayout(table: table, width: width, options: options, notesInline: notesInline)
      let header = layout.headerLines(notes: &notes)
      tableHeaders.append(header.map(\.line))
      var lines = layout.lines(header: header, headerID: tableHeaders.count - 1, source: block.source, notes: &notes)
      // A table of three rows or fewer is not split: half of it, under a repeated header,
      // reads worse than a page left short.
      if table.rows.count <= Self.shortTableRows {
        for index in lines.indices.dropFirst() { lines[index].penalty = max(lines[index].penalty, Penalty.keepTogether) }
      }
      return lines
    case .definitionList(let items):
      return definitionList(items, width: width, source: block.source)
    case .centered(let blocks):
      return centered(lines(for: blocks, width: width), width: width)
    case .callout(let label, let blocks):
      return callout(label: label, blocks, width: width, source: block.source)
    case .pageBreak:
      return []
    }
  }

  // MARK: Kinds of block

  private mutating func heading(level: Int, _ inlines: [Inline], width: Int, source: SourceRange?) -> [FlowLine] {
    // Without colour, a heading below level 2 is marked `###` (a `#` a level), its text
    // indented under its first line.
    let marker = options.marks == .text && level >= 3 && width - level - 1 >= Self.minimumNestedWidth(width) ? level + 1 : 0
    let setter = ParagraphSetter(width: width - marker, strategy: .greedy, justifies: false, marks: options.marks)
    // A heading is never split: breaking inside it strands its first lines like a heading alone.
    var lines = setter.set(
      inlines, style: [.heading, .bold], links: options.links, notes: &notes, notesInline: notesInline
    ).withSource(source, penalty: Penalty.keepWithHeading)
    if marker > 0 {
      lines = Self.prefixed(
        lines, first: Line(String.repeated("#", count: level) + " ", style: .furniture),
        rest: Line(String.repeated(" ", count: marker)))
    }
    if lines.isEmpty { lines = [FlowLine(line: Line(), source: source)] }
    if level <= 2 {
      let ruleWidth = min(lines.map { $0.line.width }.max() ?? 0, width)
      let rule = (level == 1 ? Rule.double : Rule.light).string(count: max(ruleWidth, 1))
      lines.append(FlowLine(line: Line(rule, style: .furniture), source: source, penalty: Penalty.keepWithHeading))
    }
    lines[0].penalty = Penalty.free
    lines[0].heading = (level, inlines.plainText)
    return lines
  }

  private mutating func paragraph(_ inlines: [Inline], width: Int, source: SourceRange?) -> [FlowLine] {
    let setter = ParagraphSetter(
      width: width, strategy: options.lineBreaking, justifies: options.justifies, marks: options.marks,
      hyphenator: hyphenator)
    var lines = setter.set(inlines, links: options.links, notes: &notes, notesInline: notesInline).withSource(source)
    applyWidowControl(to: &lines)
    return lines
  }

  /// Penalises breaks that would leave fewer than the orphan minimum at the foot of a page or
  /// fewer than the widow minimum at the top of the next.
  private func applyWidowControl(to lines: inout [FlowLine]) {
    let count = lines.count
    for index in 1..<max(count, 1) where index < options.orphanLines || count - index < options.widowLines {
      lines[index].penalty = max(lines[index].penalty, Penalty.widow)
    }
  }

  private mutating func list(_ list: ListBlock, width: Int, source: SourceRange?) -> [FlowLine] {
    var result: [FlowLine] = []
    let delimiter = list.delimiter == .parenthesis ? ")" : "."
    let markers: [String] = list.items.enumerated().map { offset, item in
      switch (item.checkbox, list.kind) {
      case (.unchecked?, _): return "☐"
      case (.checked?, _): return "☑"
      case (nil, .bullet): return "•"
      case (nil, .ordered(let start)): return "\(start + offset)\(delimiter)"
      }
    }
    let markerWidth = (markers.map { DisplayWidth.of($0) }.max() ?? 1) + 1
    for (offset, item) in list.items.enumerated() {
      let marker = markers[offset]
      // Numbers are right-aligned so that the text of every item starts in the same column.
      let padded = String.repeated(" ", count: markerWidth - 1 - DisplayWidth.of(marker)) + marker + " "
      let first = Line(padded)
      let rest = Line(String.repeated(" ", count: markerWidth))
      var lines =
        width - markerWidth >= Self.minimumNestedWidth(width)
        ? Self.prefixed(lines(for: item.blocks, width: width - markerWidth, tight: list.isTight), first: first, rest: rest)
        : Self.prefixed(lines(for: item.blocks, width: width, tight: list.isTight), first: Line(), rest: Line())
      if lines.isEmpty { lines = [FlowLine(line: first, source: item.source ?? source)] }
      // An item no longer than the widow and orphan minimums together is not split.
      if lines.count <= options.widowLines + options.orphanLines {
        for index in lines.indices.dropFirst() { lines[index].penalty = max(lines[index].penalty, Penalty.keepTogether) }
      }
      if !result.isEmpty && !list.isTight { result.append(.spacing(source: item.source ?? source)) }
      result.append(moving: lines)
    }
    return result
  }

  /// A ruled box titled with its label: a top rule carrying the label, a bar before each line
  /// of the blocks, a bottom rule.
  ///
  ///     ┌─ Note ─────────────
  ///     │ Useful information.
  ///     └────────────────────
  private mutating func callout(label: String, _ blocks: [Block], width: Int, source: SourceRange?) -> [FlowLine] {
    guard width - 2 >= Self.minimumNestedWidth(width) else {
      return lines(for: [.paragraph([.strong([.text(label)])])] + blocks, width: width)
    }
    let bar = Line("│ ", style: .furniture)
    var body = Self.prefixed(lines(for: blocks, width: width - 2), first: bar, rest: bar)
    if body.isEmpty { body = [FlowLine(line: Line("│", style: .furniture), source: source)] }
    // The label is cut to the width, like any word too long for its line.
    var title = Line("┌─ ", style: .furniture)
    var labelLine = Line(label, style: [.bold])
    if labelLine.width > width - 5 { labelLine = Line(DisplayWidth.prefix(of: label, fitting: max(width - 5, 1)), style: [.bold]) }
    title.append(labelLine)
    title.append(Line(" " + Rule.light.string(count: max(width - title.width - 1, 0)), style: .furniture))
    var top = FlowLine(line: title, source: body[0].source ?? source)
    top.penalty = Penalty.free
    body[0].penalty = max(body[0].penalty, Penalty.keepWithHeading)
    var bottom = FlowLine(line: Line("└" + Rule.light.string(count: width - 1), style: .furniture), source: body[body.count - 1].source ?? source)
    bottom.penalty = Penalty.keepWithHeading
    return [top] + body + [bottom]
  }

  /// Each line moved right by half the room it leaves in `width`.
  private func centered(_ lines: consuming [FlowLine], width: Int) -> [FlowLine] {
    for index in lines.indices {
      let room = width - lines[index].line.width
      guard room >= 2 else { continue }
      lines[index].line = lines[index].line.prefixed(by: Line(String.repeated(" ", count: room / 2)))
    }
    return lines
  }

  /// Terms in bold, each definition indented below its term; a blank line between entries.
  /// A term is kept with the first line of its first definition.
  private mutating func definitionList(_ items: [DefinitionItem], width: Int, source: SourceRange?) -> [FlowLine] {
    // Indented by 4 while that leaves a readable width (see minimumNestedWidth).
    let indent = width - 4 >= Self.minimumNestedWidth(width) ? 4 : 0
    let margin = Line(String.repeated(" ", count: indent))
    let termSetter = ParagraphSetter(width: width, strategy: .greedy, justifies: false, marks: options.marks)
    var result: [FlowLine] = []
    for item in items {
      let itemSource = item.source ?? source
      if !result.isEmpty { result.append(.spacing(source: itemSource)) }
      var term = termSetter.set(item.term, style: .bold, links: options.links, notes: &notes, notesInline: notesInline)
        .withSource(itemSource)
      for index in term.indices.dropFirst() { term[index].penalty = Penalty.keepWithHeading }
      let hasTerm = !term.isEmpty
      result.append(moving: term)
      for (offset, definition) in item.definitions.enumerated() {
        var lines = Self.prefixed(lines(for: definition, width: width - indent), first: margin, rest: margin)
        if offset == 0, hasTerm, !lines.isEmpty { lines[0].penalty = max(lines[0].penalty, Penalty.keepWithHeading) }
        result.append(moving: lines)
      }
    }
    return result
  }

  /// Verbatim text: tabs expanded, overlong lines broken at a boundary where there is one
  /// (``LineWrapping/codePieces(of:width:)``), each continuation indented as its line and
  /// marked.
  private func verbatim(_ text: String, width: Int, source: SourceRange?, style: TextStyle) -> [FlowLine] {
    var lines: [FlowLine] = []
    var bytesOfText = text
    bytesOfText.withUTF8 { bytes in
      var start = 0
      while true {
        let end = ByteScan.firstIndex(of: 0x0A, in: bytes, from: start) ?? bytes.count
        let line = UnsafeBufferPointer(rebasing: bytes[start..<end])
        if line.count <= width && VisibleControls.firstNonPrintableASCII(in: line, from: 0) == line.count {
          // Printable ASCII that fits, most code: a slice of the block's text, as it is.
          var kept = line.count
          while kept > 0 && line[kept - 1] == 0x20 { kept -= 1 }
          let spans = style.isEmpty || kept == 0 ? [] : [StyleSpan(range: 0..<kept, style: style)]
          lines.append(FlowLine(line: Line(slice: start..<(start + kept), of: text, spans: spans), source: source))
        } else {
          verbatimLine(String(decoding: line, as: UTF8.self), width: width, source: source, style: style, into: &lines)
        }
        guard end < bytes.count else { break }
        start = end + 1
      }
    }
    if lines.count <= 8 {
      for index in lines.indices.dropFirst() { lines[index].penalty = Penalty.unsplittable }
      return lines
    }
    applyWidowControl(to: &lines)
    return lines
  }

  /// Appends the lines of one verbatim line: its tabs expanded, broken where it is wider than
  /// the page (see ``LineWrapping/codePieces(of:width:)``).
  private func verbatimLine(
    _ rawLine: String, width: Int, source: SourceRange?, style: TextStyle, into lines: inout [FlowLine]
  ) {
    // A run of spaces longer than the page breaks wherever it is: its length past that only
    // keeps the tab stops after it (see expandTabs).
    let expanded = Self.expandTabs(rawLine, tabWidth: options.tabWidth, collapsingRunsLongerThan: width + 1)
    // Printable ASCII is as wide as its bytes: only other text is measured cluster by cluster.
    let isASCII =
      expanded.utf8.withContiguousStorageIfAvailable { VisibleControls.firstNonPrintableASCII(in: $0, from: 0) == $0.count }
      ?? false
    if (isASCII ? expanded.utf8.count : DisplayWidth.of(expanded)) <= width {
      var line = Line(expanded, style: style)
      line.trimTrailingSpaces()
      lines.append(FlowLine(line: line, source: source))
      return
    }
    for piece in LineWrapping.codePieces(of: expanded, width: width) {
      var line = Line()
      if let indent = piece.continuationIndent {
        line.appendSpaces(indent)
        if piece.isMarked { line.append(LineWrapping.continuationMark, style: .furniture) }
      }
      line.append(piece.text, style: style)
      line.trimTrailingSpaces()
      lines.append(FlowLine(line: line, source: source))
    }
  }

  /// Puts `first` before the first line of `inner` and `rest` before the others.
  ///
  /// The prefixed lines share one new string, written as bytes: a list item's or a quote's
  /// lines are copied once per level of nesting, and a string of each line's own would cost an
  /// allocation, and a release, per line. (The bytes are still checked as UTF-8 once, as any
  /// string made from bytes is; appending substrings, which are not checked, costs more.)
  static func prefixed(_ lines: consuming [FlowLine], first: Line, rest: Line) -> [FlowLine] {
    guard !first.isEmpty || !rest.isEmpty else {
      for index in lines.indices { lines[index].line.trimTrailingSpaces() }
      return lines
    }
    var total = 0
    for index in lines.indices { total += (index == 0 ? first : rest).utf8Count + lines[index].line.utf8Count }
    let shared = String(unsafeUninitializedCapacity: total) { buffer in
      guard let base = buffer.baseAddress else { return 0 }
      var written = 0
      for index in lines.indices {
        written += (index == 0 ? first : rest).copyUTF8(to: base + written)
        written += lines[index].line.copyUTF8(to: base + written)
      }
      return written
    }
    var offset = 0
    for index in lines.indices {
      var line = Line(index == 0 ? first : rest, then: lines[index].line, at: offset, of: shared)
      offset += line.utf8Count
      line.trimTrailingSpaces()
      lines[index].line = line
    }
    return lines
  }

  /// The most body rows a table may have and be kept on one page.
  static let shortTableRows = 3

  /// The narrowest text a nested quote or list may leave: deeper nesting stops indenting,
  /// so that a deeply nested input still reads in words rather than in a column of letters.
  static func minimumNestedWidth(_ width: Int) -> Int {
    min(width, max(10, width / 3))
  }

  // MARK: Text helpers

  /// Expands tabs to the next multiple of `tabWidth` cells.
  ///
  /// With `limit`, a run of spaces a tab makes longer than `limit` cells is shortened by a
  /// multiple of `tabWidth` to at most `limit + tabWidth`: the tab stops after it fall in the
  /// same columns modulo `tabWidth`, and a verbatim line breaks in such a run wherever it is
  /// longer than the page (so a line of millions of tabs costs no megabytes of spaces).
  /// `tabEnd`, when given, is told where each tab's spaces end in the result, in order.
  static func expandTabs(
    _ line: String, tabWidth: Int, collapsingRunsLongerThan limit: Int? = nil, tabEnd: ((Int) -> Void)? = nil
  ) -> String {
    var bytesOfLine = line
    return bytesOfLine.withUTF8 { bytes in
      guard ByteScan.contains(0x09, in: bytes) else { return line }
      var result: [UInt8] = []
      result.reserveCapacity(bytes.count + 4 * tabWidth)
      var column = 0
      // The spaces at the end of `result` (counted only with a limit).
      var run = 0
      // A tab is a cluster of its own (a control character): the column is the sum of the
      // widths of the clusters before it. The text between two tabs is copied at once when it
      // is printable ASCII (a cell a byte), else cluster by cluster.
      var position = 0
      while position <= bytes.count {
        let tab = ByteScan.firstIndex(of: 0x09, in: bytes, from: position) ?? bytes.count
        let segment = UnsafeBufferPointer(rebasing: bytes[position..<tab])
        if VisibleControls.firstNonPrintableASCII(in: segment, from: 0) == segment.count {
          result.append(contentsOf: segment)
          column += segment.count
        } else {
          DisplayWidth.forEachCluster(in: segment) { range, width in
            result.append(contentsOf: UnsafeBufferPointer(rebasing: segment[range]))
            column += width
          }
        }
        guard tab < bytes.count else { break }
        let spaces = tabWidth - column % tabWidth
        result.append(contentsOf: repeatElement(0x20, count: spaces))
        column += spaces
        position = tab + 1
        if let limit {
          var trailing = 0
          while trailing < segment.count && segment[segment.count - 1 - trailing] == 0x20 { trailing += 1 }
          run = (trailing == segment.count ? run + trailing : trailing) + spaces
          if run > limit + tabWidth {
            let removed = ((run - limit) / tabWidth) * tabWidth
            result.removeLast(removed)
            run -= removed
          }
        }
        tabEnd?(result.count)
      }
      return String(decoding: result, as: UTF8.self)
    }
  }

  /// Whether `text` is printable ASCII (a URL, usually), a cell a byte, no wider than `width`:
  /// then it is one piece, found without measuring clusters.
  static func fitsAsPrintableASCII(_ text: String, width: Int) -> Bool {
    text.utf8.count <= width
      && text.utf8.withContiguousStorageIfAvailable({ VisibleControls.firstNonPrintableASCII(in: $0, from: 0) == $0.count })
        == true
  }

  /// Cuts text into pieces of at most `width` cells at grapheme cluster boundaries.
  static func cut(_ text: String, width: Int) -> [String] {
    if fitsAsPrintableASCII(text, width: width) { return [text] }
    var pieces: [String] = []
    var utf8 = Array(text.utf8)
    utf8.withUnsafeMutableBufferPointer { buffer in
      var pieceStart = 0
      var pieceWidth = 0
      DisplayWidth.forEachCluster(in: UnsafeBufferPointer(buffer)) { range, clusterWidth in
        if pieceWidth + clusterWidth > width && range.lowerBound > pieceStart {
          pieces.append(String(decoding: buffer[pieceStart..<range.lowerBound], as: UTF8.self))
          pieceStart = range.lowerBound
          pieceWidth = 0
        }
        pieceWidth += clusterWidth
      }
      pieces.append(String(decoding: buffer[pieceStart...], as: UTF8.self))
    }
    return pieces
  }
}
