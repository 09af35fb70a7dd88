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
    /// together: one array for all, not one a group and one a label (their allocations were a
    /// fifth of the scan of 104 MB of READMEs).
    private(set) var labels: [UInt64] = []
    /// The groups' bytes, one after another (``Group/stored``): the text need not be kept.
    private(set) var store: [UInt8] = []
    /// The line where the scan gave up, if it did (for tests, and to say why).
    private(set) var gaveUpAt: Int?


    /// The block at the margin that the line being read is in.
    private enum OpenBlock {
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

    /// The columns of white space a line starts with (a tab to the next multiple of four), and
    /// the offset of its first other byte.
    static func indentation(_ line: UnsafeBufferPointer<UInt8>) -> (columns: Int, offset: Int) {
      var columns = 0
      var offset = 0
      while offset < line.count {
        if line[offset] == 0x20 {
          columns += 1
        } else if line[offset] == 0x09 {
          columns += 4 - columns % 4
        } else {
          break
        }
        offset += 1
      }
      return (columns, offset)
    }

    /// Whether a line could start a definition in some container or after some line: after its
    /// white space, and any quote and list markers, it starts with `[` and has a `]:`.
    static func mightStartDefinition(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
      ByteText.contains(UInt8(ascii: "]"), followedBy: UInt8(ascii: ":"), in: line) && !isOnlyText(line)
    }

    /// Whether a line with a `]:` can be no part of a definition: after its white space and
    /// any quote and list markers it does not start with `[`, and a `[` comes before its first
    /// `]:` (so that no label from the line before ends there).
    static func isOnlyText(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
      var index = 0
      while index < line.count {
        let byte = line[index]
        if byte == 0x20 || byte == 0x09 || byte == UInt8(ascii: ">") {
          index += 1
        } else if let marker = MarkdownChunks.listMarkerLength(in: line, at: index) {
          index += marker
        } else {
          break
        }
      }
      guard index < line.count else { return false }
      if line[index] == UInt8(ascii: "[") {
        return !couldStartDefinition(UnsafeBufferPointer(rebasing: line[index...]))
      }
      // The first `]:`, and a `[` before it.
      var bracket = false
      for position in index..<(line.count - 1) {
        if line[position] == UInt8(ascii: "[") { bracket = true }
        if line[position] == UInt8(ascii: "]") && line[position + 1] == UInt8(ascii: ":") { return bracket }
      }
      return true
    }

    /// Whether text that starts with `[` could start a definition: a label (no `[` in it) that
    /// ends on the line with `]:`, then a footnote's text, or nothing, or a destination and then
    /// nothing or a title's opening quote or parenthesis (`[Topic]: what it covers`, a list of
    /// topics, is not one).
    static func couldStartDefinition(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
      var index = 1
      while index < text.count {
        let byte = text[index]
        if byte == UInt8(ascii: "\\") {
          index += 2
          continue
        }
        if byte == UInt8(ascii: "[") { return false }
        if byte == UInt8(ascii: "]") { break }
        index += 1
      }
      // A label that runs on to the next line may end in a definition there.
      guard index < text.count else { return true }
      index += 1
      guard index < text.count, text[index] == UInt8(ascii: ":") else { return false }
      // A footnote's text is any.
      if text.count > 1 && text[1] == UInt8(ascii: "^") { return true }
      index += 1
      while index < text.count && ByteText.isSpaceOrTab(text[index]) { index += 1 }
      guard index < text.count else { return true }
      // The destination: in angle brackets, or up to white space.
      if text[index] == UInt8(ascii: "<") {
        while index < text.count && text[index] != UInt8(ascii: ">") { index += 1 }
        index += 1
      } else {
        while index < text.count && !ByteText.isSpaceOrTab(text[index]) { index += 1 }
      }
      while index < text.count && ByteText.isSpaceOrTab(text[index]) { index += 1 }
      guard index < text.count else { return true }
      let opener = text[index]
      return opener == UInt8(ascii: "\"") || opener == UInt8(ascii: "'") || opener == UInt8(ascii: "(")
    }

    /// Whether a line (its white space skipped) is an ATX heading: one to six `#`, then white
    /// space or the line's end.
    static func isATXHeading(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
      var count = 0
      while count < line.count && line[count] == UInt8(ascii: "#") { count += 1 }
      return count >= 1 && count <= 6 && (count == line.count || line[count] == 0x20 || line[count] == 0x09)
    }

    /// The block a line at most three spaces in opens and does not end, of those that can hide
    /// or hold a definition's line (see ``opensBlock(_:afresh:)``).
    private static func opening(_ line: UnsafeBufferPointer<UInt8>, afresh: Bool) -> OpenBlock? {
      let opened = opensBlock(line, afresh: afresh)
      // libcmark-gfm looks for the end of an HTML block from the start of its first line too.
      if case .html(let end) = opened, contains(end, in: line) { return nil }
      return opened
    }

    /// Whether a line (its white space skipped) starts as a paragraph's text: a letter, a
    /// character outside ASCII, a digit that starts no list marker, or a quote, parenthesis,
    /// `!`, `[` or backtick.
    static func startsText(_ rest: UnsafeBufferPointer<UInt8>) -> Bool {
      guard let first = rest.first else { return false }
      if isLetter(first) || first >= 0x80 { return true }
      switch first {
      case UInt8(ascii: "0")...UInt8(ascii: "9"):
        return MarkdownChunks.listMarkerLength(in: rest, at: 0) == nil
      case UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: "!"), UInt8(ascii: "["), UInt8(ascii: "`"):
        return true
      default:
        return false
      }
    }

    /// The block a line at most three spaces in opens, of those that can hide or hold a
    /// definition's line: a fence, or an HTML block (CommonMark's kinds 1 to 7; the seventh, a
    /// tag of any name on a line of its own, only `afresh`: it cannot interrupt a paragraph).
    private static func opensBlock(_ line: UnsafeBufferPointer<UInt8>, afresh: Bool) -> OpenBlock? {
      let offset = indentation(line).offset
      guard offset < line.count else { return nil }
      let rest = UnsafeBufferPointer(rebasing: line[offset...])
      let first = rest[0]
      if first == UInt8(ascii: "`") || first == UInt8(ascii: "~") {
        var count = 0
        while count < rest.count && rest[count] == first { count += 1 }
        guard count >= 3 else { return nil }
        // A backtick fence's info string has no backtick.
        if first == UInt8(ascii: "`") && rest[count...].contains(UInt8(ascii: "`")) { return nil }
        return .fence(mark: first, count: count)
      }
      guard first == UInt8(ascii: "<"), rest.count > 1 else { return nil }
      if startsWith(rest, "<!--") { return .html(end: Array("-->".utf8)) }
      if startsWith(rest, "<?") { return .html(end: Array("?>".utf8)) }
      if startsWith(rest, "<![CDATA[") { return .html(end: Array("]]>".utf8)) }
      if rest[1] == UInt8(ascii: "!"), rest.count > 2, isLetter(rest[2]) { return .html(end: Array(">".utf8)) }
      let closing = rest[1] == UInt8(ascii: "/")
      var nameEnd = closing ? 2 : 1
      while nameEnd < rest.count && (isLetter(rest[nameEnd]) || (rest[nameEnd] >= 0x30 && rest[nameEnd] <= 0x39) || rest[nameEnd] == UInt8(ascii: "-")) {
        nameEnd += 1
      }
      let name = Array(rest[(closing ? 2 : 1)..<nameEnd]).map(lowercased)
      guard !name.isEmpty, isLetter(name[0]) else { return nil }
      let after = nameEnd < rest.count ? rest[nameEnd] : 0x20
      let ends = after == 0x20 || after == 0x09 || after == UInt8(ascii: ">")
      if !closing && ends, let end = rawTextTags[name] { return .html(end: end) }
      if ends || after == UInt8(ascii: "/"), blockTags.contains(name) { return .htmlToBlank(certain: true) }
      return afresh ? .htmlToBlank(certain: false) : nil
    }

    /// The tags of CommonMark's first kind of HTML block, and the closing tags that end it.
    private static let rawTextTags: [[UInt8]: [UInt8]] = Dictionary(
      uniqueKeysWithValues: ["pre", "script", "style", "textarea"].map { (Array($0.utf8), Array("</\($0)>".utf8)) })

    /// The tags of CommonMark's sixth kind of HTML block, which a blank line ends.
    private static let blockTags: Set<[UInt8]> = Set(
      """
      address article aside base basefont blockquote body caption center col colgroup dd details dialog dir div dl dt \
      fieldset figcaption figure footer form frame frameset h1 h2 h3 h4 h5 h6 head header hr html iframe legend li \
      link main menu menuitem nav noframes ol optgroup option p param search section summary table tbody td tfoot th \
      thead title tr track ul
      """.split(separator: " ").map { Array($0.utf8) })

    private static func isLetter(_ byte: UInt8) -> Bool {
      (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }

    private static func startsWith(_ bytes: UnsafeBufferPointer<UInt8>, _ prefix: StaticString) -> Bool {
      let count = prefix.utf8CodeUnitCount
      guard bytes.count >= count else { return false }
      let start = prefix.utf8Start
      for index in 0..<count where lowercased(bytes[index]) != lowercased(start[index]) { return false }
      return true
    }

    /// An ASCII capital as a small letter; any other byte as it is.
    private static func lowercased(_ byte: UInt8) -> UInt8 {
      byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
    }

    /// Whether a line closes a fence of `count` `mark`s: as many or more, at most three spaces
    /// in, and nothing else but white space.
    private static func closesFence(_ line: UnsafeBufferPointer<UInt8>, mark: UInt8, count: Int) -> Bool {
      let (indent, offset) = indentation(line)
      guard indent < 4 else { return false }
      var end = offset
      while end < line.count && line[end] == mark { end += 1 }
      return end - offset >= count && line[end...].allSatisfy(ByteText.isWhitespace)
    }

    /// Whether `line` holds `needle` (lower case), ASCII letters compared without case.
    private static func contains(_ needle: [UInt8], in line: UnsafeBufferPointer<UInt8>) -> Bool {
      guard line.count >= needle.count, let first = needle.first else { return false }
      var index = 0
      while index + needle.count <= line.count {
        if lowercased(line[index]) == first {
          var matched = 1
          while matched < needle.count && lowercased(line[index + matched]) == needle[matched] { matched += 1 }
          if matched == needle.count { return true }
        }
        index += 1
      }
      return false
    }
  }
}
