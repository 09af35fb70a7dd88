@_spi(Platform) import PaginateSystem

extension MarkdownDefinitions {
  /// A group found, with the labels of its lines that start with `[`: their range in the
  /// scanner's ``Scanner/labels``.
  struct FoundGroup {
    var group: Group
    var labels: Range<Int>
  }

  /// The line-by-line scan of ``MarkdownDefinitions/scan(_:)``. It follows the blocks at the
  /// margin that a blank line does not end (fenced code; HTML blocks such as `<pre>` and
  /// comments) and those it does (other HTML blocks), the way CommonMark starts them, and
  /// gives up (`run()` is false) wherever a definition could stand that a copy would not read
  /// the same.
  struct Scanner {
    private(set) var groups: [FoundGroup] = []
    /// The hashes of the groups' labels (``MarkdownDefinitions/labelHash(_:)``), each group's
    /// together: one array for all, not one a group and one a label (their allocations cost
    /// more than the scan; Benchmarks/README.md, "Optimisation history").
    private(set) var labels: [UInt64] = []
    /// The groups' bytes, one after another (``Group/stored``): the text need not be kept.
    private(set) var store: [UInt8] = []
    /// The line where the scan gave up, if it did (for tests, and to say why).
    private(set) var gaveUpAt: Int?


    /// The block at the margin that the line being read is in.
    enum OpenBlock {
      /// None: paragraphs, headings, lists and quotes, which the scan follows line by line.
      case noBlock
      /// A fence of `count` (at least three) of `mark` (a backtick or a tilde).
      case fence(mark: UInt8, count: Int)
      /// An HTML block that ends on the line that holds `end` (lower case).
      case html(end: [UInt8])
      /// An HTML block that a blank line ends: `certain` for a tag of CommonMark's sixth kind
      /// (`<div>`), not for one of any name, which may be a paragraph's inline HTML instead.
      case htmlToBlank(certain: Bool)

      /// Whether a blank line does not end it.
      var runsOnPastBlankLines: Bool {
        switch self {
        case .fence, .html: true
        case .noBlock, .htmlToBlank: false
        }
      }
    }

    /// A group being read.
    private struct OpenGroup {
      var found: FoundGroup
      var hasColon = false
      var sawBlank = false
      /// Whether the line before was a footnote's text: a link's definition cannot start there.
      var inFootnoteText = false
      /// Whether every line so far is a whole link reference definition of its own
      /// (``isWholeLinkDefinition(_:)``), and, from the second, the bytes of each while they are.
      var allWhole = false
      var wholeLines: [Range<Int>] = []
      var lastLine: Int
      var end: Int
      /// Where its first line ends.
      var firstLineEnd: Int
    }

    /// Reads `text` whole, a line at a time (``take(_:start:)``); false when it is to be parsed
    /// whole.
    mutating func run(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
      // Lines end with line feeds; a carriage return on its own ends one too, which this scan
      // does not follow: such a text is parsed whole.
      var position = 0
      while let carriageReturn = ByteScan.firstIndex(of: 0x0D, in: text, from: position) {
        guard carriageReturn + 1 < text.count, text[carriageReturn + 1] == 0x0A else {
          gaveUpAt = 0
          return false
        }
        position = carriageReturn + 1
      }
      var lineStart = 0
      while lineStart < text.count {
        let lineEnd = ByteScan.firstIndex(of: 0x0A, in: text, from: lineStart) ?? text.count
        guard take(UnsafeBufferPointer(rebasing: text[lineStart..<lineEnd]), start: lineStart) else { return false }
        lineStart = lineEnd + 1
      }
      finish()
      return true
    }

    /// The state between lines.
    private var lineNumber = 0
    private var block = OpenBlock.noBlock
    /// The columns of white space before the line that opened `block`.
    private var blockIndent = 0
    /// Whether the line comes at the start of a block: first, after a blank line or a heading.
    private var afresh = true
    /// Whether the line before was a paragraph's text, which a line that starts with `[`
    /// goes on (a definition cannot interrupt a paragraph).
    private var inParagraph = false
    private var group: OpenGroup?
    /// The bytes of the text from the open group's first line to the line read (which may
    /// no longer be in memory when the text is read a buffer at a time).
    private var groupBytes: [UInt8] = []

    /// Takes the next line (no line feed), which starts at offset `start` of the text; false
    /// when the text is to be parsed whole (then the scan stops).
    mutating func take(_ line: UnsafeBufferPointer<UInt8>, start: Int) -> Bool {
      lineNumber += 1
      let lineEnd = start + line.count
      if group != nil {
        groupBytes.append(0x0A)
        groupBytes.append(contentsOf: line)
      }
      guard read(line, start: start, lineEnd: lineEnd, lineNumber: lineNumber) else {
        gaveUpAt = lineNumber
        return false
      }
      return true
    }

    /// Ends the text.
    mutating func finish() {
      if let open = group.take(), open.hasColon { appendFinished(open) }
      groupBytes = []
    }

    private mutating func read(_ line: UnsafeBufferPointer<UInt8>, start: Int, lineEnd: Int, lineNumber: Int) -> Bool {
      // A paragraph's line at the margin, outside any block and group, that starts with a
      // letter (half the lines of a README): it opens no block, is no heading, and goes on
      // or starts a paragraph; only a `]:` in it matters. The same as the way below, sooner.
      if group == nil, case .noBlock = block, let first = line.first, Self.isLetter(first) {
        if Self.mightStartDefinition(line) { return false }
        afresh = false
        inParagraph = true
        return true
      }
      switch block {
      case .fence(let mark, let count):
        // A fence opened at the margin is the text's own, and only a closing fence ends it;
        // one opened further in may be a list item's, which a line less indented ends.
        if Self.closesFence(line, mark: mark, count: count) {
          if Self.indentation(line).columns < blockIndent { return false }
          block = .noBlock
        } else if blockIndent > 0 && Self.mightStartDefinition(line) {
          return false
        }
        afresh = false
        inParagraph = false
        return true
      case .html(let end):
        if blockIndent > 0 && Self.mightStartDefinition(line) { return false }
        if Self.contains(end, in: line) { block = .noBlock }
        afresh = false
        inParagraph = false
        return true
      case .htmlToBlank(let certain):
        if ByteText.isBlank(line) {
          block = .noBlock
          afresh = true
        } else if Self.mightStartDefinition(line) || (!certain && Self.opening(line, afresh: false)?.runsOnPastBlankLines == true) {
          // A definition's line inside such a block is its text if it is HTML; so is a fence
          // if it is, which a guessed one (a tag of any name, the seventh kind) may not be.
          return false
        }
        return true
      case .noBlock:
        break
      }
      if ByteText.isBlank(line) {
        group?.sawBlank = true
        group?.inFootnoteText = false
        afresh = true
        inParagraph = false
        return true
      }
      let (indent, offset) = Self.indentation(line)
      // Taken out of `group` while it grows, and put back: a copy left in `group` would
      // share its labels, so each label added copied all the group's labels before it
      // (25,000 definitions in one group: 6.5 s).
      if var open = group.take() {
        if open.sawBlank && indent < 4 {
          if open.hasColon { appendFinished(open) }
          group = nil
        } else if indent < 4, Self.opening(line, afresh: false)?.runsOnPastBlankLines == true {
          // A block that would run on over what follows the group in the copy: a paragraph
          // that starts with a link is read on as any other, a group of definitions given up.
          guard !open.hasColon else { return false }
          group = nil
        } else {
          add(line, to: &open)
          if open.allWhole {
            if Self.isWholeLinkDefinition(line) {
              if open.wholeLines.isEmpty { open.wholeLines.append(open.found.group.bytes.lowerBound..<open.firstLineEnd) }
              open.wholeLines.append(start..<lineEnd)
            } else {
              open.allWhole = false
              open.wholeLines = []
            }
          }
          open.lastLine = lineNumber
          open.end = lineEnd
          open.sawBlank = false
          group = open
          afresh = false
          return true
        }
      }
      let startsWithBracket = indent < 4 && offset < line.count && line[offset] == UInt8(ascii: "[")
      // A footnote's definition, unlike a link's, interrupts a paragraph (or a table).
      let startsFootnote = startsWithBracket && offset + 1 < line.count && line[offset + 1] == UInt8(ascii: "^")
        && Self.mightStartDefinition(line)
      if startsWithBracket && (afresh || startsFootnote) {
        group = opened(line, start: start, end: lineEnd, number: lineNumber)
        groupBytes.removeAll(keepingCapacity: true)
        groupBytes.append(contentsOf: line)
        afresh = false
        inParagraph = true
        return true
      }
      let opened = indent < 4 ? Self.opening(line, afresh: afresh) : nil
      if let opened {
        block = opened
        blockIndent = indent
      }
      if Self.mightStartDefinition(line) && !(inParagraph && startsWithBracket) { return false }
      let rest = UnsafeBufferPointer(rebasing: line[offset...])
      let heading = indent < 4 && Self.isATXHeading(rest)
      afresh = heading
      inParagraph = opened == nil && !heading && (indent < 4 || inParagraph) && Self.startsText(rest)
      return true
    }

    /// A group that starts with `line` (from `start` to `end` in the text, line `number`).
    private mutating func opened(_ line: UnsafeBufferPointer<UInt8>, start: Int, end: Int, number: Int) -> OpenGroup {
      var open = OpenGroup(
        found: FoundGroup(
          group: Group(bytes: start..<end, stored: 0..<0, firstLine: number, lineCount: 1, alwaysCited: false),
          labels: labels.count..<labels.count),
        lastLine: number, end: end, firstLineEnd: end)
      add(line, to: &open)
      open.allWhole = Self.isWholeLinkDefinition(line)
      return open
    }

    /// Keeps a group read to its end: a group of lines that are each a whole link reference
    /// definition as one group a line, which read the same apart (a paragraph made only of
    /// definitions leaves nothing); any other as it is. So a part copies the definitions it
    /// cites, not a README's whole list of links (100,000 definitions in one group were copied
    /// into every part that cited one of them, and scanned for citations there).
    private mutating func appendFinished(_ open: OpenGroup) {
      let groupStart = open.found.group.bytes.lowerBound
      let bytes = groupBytes
      guard open.allWhole, open.wholeLines.count > 1 else {
        groups.append(finished(open, bytes: bytes[0..<(open.end - groupStart)]))
        return
      }
      let firstLine = open.found.group.firstLine
      for (index, range) in open.wholeLines.enumerated() {
        let slice = bytes[(range.lowerBound - groupStart)..<(range.upperBound - groupStart)]
        let single = slice.withUnsafeBufferPointer {
          opened($0, start: range.lowerBound, end: range.upperBound, number: firstLine + index)
        }
        groups.append(finished(single, bytes: slice))
      }
    }

    /// Whether `line` starts with `[` (at most three spaces in) and not `[^`: a link
    /// reference definition's first line, if it is one.
    static func startsLinkDefinition(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
      var index = 0
      while index < line.count && index < 3 && line[index] == 0x20 { index += 1 }
      return index + 1 < line.count && line[index] == UInt8(ascii: "[") && line[index + 1] != UInt8(ascii: "^")
    }

    /// Whether `line` is, by itself, a whole link reference definition that CommonMark reads
    /// as one: `[label]: destination` and an optional title, each complete on the line, with
    /// no backslash escape anywhere (nothing the check would have to interpret).
    ///
    ///     [label]: https://example.org/a_(b) "Title"
    ///
    /// A line that might be one but is not said to be leaves its group whole, as before.
    static func isWholeLinkDefinition(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
      guard !line.contains(UInt8(ascii: "\\")), startsLinkDefinition(line) else { return false }
      var index = 0
      while line[index] == 0x20 { index += 1 }
      index += 1  // [
      let labelStart = index
      while index < line.count && line[index] != UInt8(ascii: "]") && line[index] != UInt8(ascii: "[") { index += 1 }
      guard index < line.count, line[index] == UInt8(ascii: "]"), index - labelStart <= 999,
        line[labelStart..<index].contains(where: { $0 != 0x20 && $0 != 0x09 }),
        index + 1 < line.count, line[index + 1] == UInt8(ascii: ":")
      else { return false }
      index += 2
      func skipBlanks() -> Int {
        let before = index
        while index < line.count && (line[index] == 0x20 || line[index] == 0x09) { index += 1 }
        return index - before
      }
      _ = skipBlanks()
      guard index < line.count else { return false }
      // The destination: <…> with no < or > inside, or a run of non-space, non-control bytes
      // whose parentheses balance.
      if line[index] == UInt8(ascii: "<") {
        index += 1
        while index < line.count && line[index] != UInt8(ascii: ">") {
          if line[index] == UInt8(ascii: "<") { return false }
          index += 1
        }
        guard index < line.count else { return false }
        index += 1
      } else {
        var depth = 0
        while index < line.count && line[index] > 0x20 && line[index] != 0x7F {
          if line[index] == UInt8(ascii: "(") { depth += 1 }
          if line[index] == UInt8(ascii: ")") {
            depth -= 1
            if depth < 0 { return false }
          }
          index += 1
        }
        guard depth == 0 else { return false }
      }
      let blanks = skipBlanks()
      guard index < line.count else { return true }
      // A title, after white space, closed on the line; then nothing but white space.
      guard blanks > 0 else { return false }
      let opening = line[index]
      let closing: UInt8
      switch opening {
      case UInt8(ascii: "\""), UInt8(ascii: "'"): closing = opening
      case UInt8(ascii: "("): closing = UInt8(ascii: ")")
      default: return false
      }
      index += 1
      while index < line.count && line[index] != closing {
        if opening == UInt8(ascii: "(") && line[index] == opening { return false }
        index += 1
      }
      guard index < line.count else { return false }
      index += 1
      _ = skipBlanks()
      return index == line.count
    }

    /// The group `open` read to its end, its `bytes` kept in ``store``.
    private mutating func finished(_ open: OpenGroup, bytes: ArraySlice<UInt8>) -> FoundGroup {
      var found = open.found
      found.group.bytes = found.group.bytes.lowerBound..<open.end
      found.group.lineCount = open.lastLine - found.group.firstLine + 1
      found.group.stored = store.count..<(store.count + bytes.count)
      store.append(contentsOf: bytes)
      found.labels = found.labels.lowerBound..<labels.count
      return found
    }

    /// Takes a line of a group: its label if it starts with `[`, and whether it has a `]:`.
    private mutating func add(_ line: UnsafeBufferPointer<UInt8>, to open: inout OpenGroup) {
      if ByteText.contains(UInt8(ascii: "]"), followedBy: UInt8(ascii: ":"), in: line) { open.hasColon = true }
      let offset = Self.indentation(line).offset
      guard offset < line.count, line[offset] == UInt8(ascii: "[") else {
        // A heading, a list item, anything but more text ends a footnote's paragraph.
        if open.inFootnoteText { open.inFootnoteText = Self.startsText(UnsafeBufferPointer(rebasing: line[offset...])) }
        return
      }
      let rest = UnsafeBufferPointer(rebasing: line[(offset + 1)...])
      let footnote = rest.first == UInt8(ascii: "^")
      // In a footnote's paragraph only another footnote's definition starts.
      guard footnote || !open.inFootnoteText else { return }
      if footnote { open.inFootnoteText = true }
      guard let close = rest.firstIndex(of: UInt8(ascii: "]")),
        !rest[..<close].contains(UInt8(ascii: "\\")),
        let label = MarkdownDefinitions.labelHash(UnsafeBufferPointer(rebasing: rest[..<close]))
      else {
        // Over two lines, with an escape, or outside ASCII: cited by every part.
        open.found.group.alwaysCited = true
        return
      }
      labels.append(label)
    }
  }
}
