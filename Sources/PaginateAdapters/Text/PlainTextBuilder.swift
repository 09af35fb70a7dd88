@_spi(Platform) import PaginateSystem
import PaginateModel

/// Splits bytes into lines and groups them into blocks, copying each paragraph's bytes once:
/// paragraphs and verbatim runs (``PlainTextAdapter``), or, when it keeps lines
/// (``LinesAdapter``), blocks of lines kept as they are.
struct PlainTextBuilder: Sendable {
  private var blocks: [Block] = []
  /// Whether every line is kept as it is, in blocks of ``Block/Content/lines(_:styles:)``.
  let keepsLines: Bool
  /// The lines of the block of lines being gathered, joined by line feeds, and where it starts.
  private var kept: [UInt8] = []
  private var keptLines = 0
  private var keptStart = 0
  /// Whether a kept line has a byte that is not printable ASCII (to be checked for controls).
  private var keptNeedsCheck = false
  /// The styles of the kept lines (in `kept`'s offsets): overstrike's bold and underline,
  /// and, when ``readsColours``, a terminal's colours.
  private var keptRuns: [TextRun] = []
  /// Whether SGR sequences in kept lines become styles (`--ansi`).
  let readsColours: Bool
  private var colours = TerminalColours()
  /// The highlighter of the program being read, and the state its last line left.
  private var highlighter: SyntaxHighlighter?
  private var highlightState: SyntaxHighlighter.State?
  /// Whether a `#!` first line chooses the highlighter's language (none was chosen by name).
  private var highlightsByShebang = false

  /// Whether the lines are (or may be) highlighted.
  var highlights: Bool { highlighter != nil || highlightsByShebang }
  /// The bytes of the paragraph being gathered: its lines, trimmed, joined by single spaces.
  private var paragraph: [UInt8] = []
  private var paragraphLines = 0
  /// Whether the paragraph has a byte that is not printable ASCII (a tab, a control, DEL, any
  /// UTF-8): then its tabs become spaces and it is checked for characters to escape.
  private var paragraphNeedsCheck = false
  private var paragraphStart = 0
  private var verbatim: [String] = []
  private var verbatimStart = 0
  /// Blank lines seen inside a verbatim run; kept only if another indented line follows.
  private var pendingBlankLines = 0
  private var lineNumber = 0

  private var atStart = true
  /// Whether each line is a paragraph (text written one paragraph per line): decided from the
  /// first bytes fed.
  private var linePerParagraph = false
  /// Whether the line before was blank (or there was none): a short line after one may be a
  /// heading, when a blank line follows it too.
  private var afterBlankLine = true
  /// Whether the paragraph being gathered is one short line that is a heading if a blank line
  /// (or the end) comes next.
  private var headingCandidate = false

  /// The width above which a line counts as long, in columns, and the share of the text on
  /// such lines above which the text is read a paragraph per line.
  static let longLine = 100
  static let headingLine = 50
  static let sampleSize = 1 << 18
  /// The most bytes of text one paragraph gathers before it ends (and the next begins).
  static let paragraphLimit = 1 << 16
  /// The most bytes of a line read as one: a longer line is read in pieces of this size.
  static let lineLimit = 1 << 20
  /// The most lines of one verbatim block (Markdown's code blocks too).
  static let verbatimLineLimit = 10_000
  /// The most lines, and bytes, of one block of kept lines: a block is laid out, and a page
  /// set resumes at its start, whole.
  static let keptLineLimit = 256
  static let keptByteLimit = 1 << 16

  /// A builder that reflows paragraphs, or that keeps every line (`keepsLines`).
  init(keepsLines: Bool = false, readsColours: Bool = false, highlighting: LinesAdapter.Highlighting = .off, name: String = "") {
    self.keepsLines = keepsLines
    self.readsColours = readsColours
    guard keepsLines else { return }
    switch highlighting {
    case .off: break
    case .language(let language):
      highlighter = SyntaxHighlighter.forLanguage(language)
    case .automatic:
      highlighter = SyntaxHighlighter.forFileName(AdapterInput.fileName(of: name))
      highlightsByShebang = highlighter == nil
    }
  }

  /// `text` in parts of at most ``verbatimLineLimit`` lines, each with its count of lines.
  static func verbatimParts(of text: String) -> [(text: Substring, lineCount: Int)] {
    // The line feeds are found by memchr in the string's bytes (a code block of a README is
    // looked at here, every one); the parts are cut at byte offsets.
    var text = text
    var cuts: [(end: Int, lines: Int)] = []
    var lastLines = 1
    text.withUTF8 { bytes in
      var lines = 1
      var position = 0
      while let newline = ByteScan.firstIndex(of: 0x0A, in: bytes, from: position) {
        if lines == verbatimLineLimit {
          cuts.append((newline, lines))
          lines = 1
        } else {
          lines += 1
        }
        position = newline + 1
      }
      lastLines = lines
    }
    let utf8 = text.utf8
    var parts: [(text: Substring, lineCount: Int)] = []
    var start = utf8.startIndex
    for cut in cuts {
      let end = utf8.index(utf8.startIndex, offsetBy: cut.end)
      parts.append((Substring(utf8[start..<end]), cut.lines))
      start = utf8.index(after: end)
    }
    parts.append((Substring(utf8[start...]), lastLines))
    return parts
  }
  /// Whether the bytes fed since ``takeSawNonASCII()`` last reset it held a byte of 0x80 or
  /// above: bytes without one are valid UTF-8 and need no count of invalid sequences.
  private var sawNonASCII = false

  /// Reads the complete lines of `bytes` (all of them when `isFinal`).
  ///
  /// - Returns: How many bytes were consumed; the rest (a partial last line) must be passed
  ///   again, with more bytes after it.
  mutating func feed(_ bytes: UnsafeBufferPointer<UInt8>, isFinal: Bool) -> Int {
    var start = 0
    if atStart {
      if bytes.count < 3 && !isFinal { return 0 }
      start = ByteText.byteOrderMarkLength(bytes)
      atStart = false
      if !keepsLines {
        linePerParagraph = Self.isLinePerParagraph(UnsafeBufferPointer(rebasing: bytes[start..<min(bytes.count, Self.sampleSize)]))
      }
    }
    var index = start
    var lineStart = start
    // Whether the line so far has a byte that is not printable ASCII (a tab, a control, UTF-8).
    var lineNeedsCheck = false
    let count = bytes.count
    // A line without end (/dev/zero, a file of one line) is read in pieces: the same source
    // line, cut at a character boundary.
    func cutLongLine() {
      while index - lineStart >= Self.lineLimit {
        var cut = lineStart + Self.lineLimit
        while cut > lineStart + 1 && bytes[cut] & 0xC0 == 0x80 { cut -= 1 }
        lineNumber += 1
        line(UnsafeBufferPointer(rebasing: bytes[lineStart..<cut]), isPrintableASCII: !lineNeedsCheck)
        lineNumber -= 1
        lineStart = cut
      }
    }
    while index < count {
      cutLongLine()
      // Printable ASCII holds no line end and nothing to escape: skip to the first other byte.
      index = VisibleControls.firstNonPrintableASCII(in: bytes, from: index)
      guard index < count else { break }
      let byte = bytes[index]
      if byte == 0x0A || byte == 0x0D || byte == 0x0C {
        // A CR or FF at the end of a chunk may be followed by an LF in the next one, and a
        // form feed and a CR by an LF too.
        if byte != 0x0A && index + 1 == count && !isFinal { return lineStart }
        if byte == 0x0C && index + 2 == count && bytes[index + 1] == 0x0D && !isFinal { return lineStart }
        lineNumber += 1
        // Kept lines: a form feed at the start of a line adds no empty line before the break.
        if !(keepsLines && byte == 0x0C && lineStart == index) {
          line(UnsafeBufferPointer(rebasing: bytes[lineStart..<index]), isPrintableASCII: !lineNeedsCheck)
        }
        lineNeedsCheck = false
        if byte == 0x0C {
          pageBreak()
          // A form feed in the middle of a line splits it; the rest is on the same source line.
          lineNumber -= 1
          if index + 1 < count && bytes[index + 1] == 0x0A {
            lineNumber += 1
            index += 1
          } else if index + 1 < count && bytes[index + 1] == 0x0D {
            lineNumber += 1
            index += 1
            if index + 1 < count && bytes[index + 1] == 0x0A { index += 1 }
          }
        } else if byte == 0x0D && index + 1 < count && bytes[index + 1] == 0x0A {
          index += 1
        }
        index += 1
        lineStart = index
      } else {
        lineNeedsCheck = true
        index += 1
        if byte >= 0x80 {
          sawNonASCII = true
          // The rest of a run of UTF-8 holds no line end: step over it byte by byte rather
          // than through another sixteen-byte test for each byte.
          while index < count && bytes[index] >= 0x80 { index += 1 }
        }
      }
    }
    cutLongLine()
    guard isFinal else {
      // Kept lines are given at the end of every piece read, not held for a block's 256: a
      // stream's reader has them before it asks for more input (which a pipe may be slow to give).
      if keepsLines { endKept() }
      return lineStart
    }
    if lineStart < count {
      lineNumber += 1
      line(UnsafeBufferPointer(rebasing: bytes[lineStart..<count]), isPrintableASCII: !lineNeedsCheck)
    }
    return count
  }

  /// Whether most of the text in `sample` (its prose lines: not blank, not indented by four
  /// columns) is on lines wider than ``longLine`` columns (counted as UTF-8 sequences).
  static func isLinePerParagraph(_ sample: UnsafeBufferPointer<UInt8>) -> Bool {
    var total = 0
    var long = 0
    var lineStart = 0
    var index = 0
    while lineStart < sample.count {
      index = lineStart
      var columns = 0
      while index < sample.count && sample[index] != 0x0A && sample[index] != 0x0D {
        if sample[index] & 0xC0 != 0x80 { columns += 1 }
        index += 1
      }
      let line = UnsafeBufferPointer(rebasing: sample[lineStart..<index])
      let indent = line.prefix { ByteText.isSpaceOrTab($0) }
      let indentColumns = indent.reduce(0) { $0 + ($1 == 0x09 ? 4 : 1) }
      if indentColumns < 4 && indent.count < line.count {
        total += columns
        if columns > longLine { long += columns }
      }
      lineStart = index + 1
    }
    return total > 0 && long * 2 > total
  }

  /// Whether a byte of 0x80 or above was fed since the last call; resets it.
  mutating func takeSawNonASCII() -> Bool {
    defer { sawNonASCII = false }
    return sawNonASCII
  }

  /// A copy holding only what the state needs, in arrays of their own size (a mark keeps it:
  /// it must not keep the paragraph buffer's capacity, or the blocks array's, alive).
  func compacted() -> PlainTextBuilder {
    var copy = self
    copy.blocks = []
    copy.paragraph = Array(paragraph)
    copy.verbatim = Array(verbatim)
    copy.kept = Array(kept)
    copy.keptRuns = Array(keptRuns)
    return copy
  }

  /// Takes the blocks completed so far.
  mutating func takeBlocks() -> [Block] {
    defer { blocks.removeAll(keepingCapacity: true) }
    return blocks
  }

  mutating func finish() -> [Block] {
    endParagraph(asHeading: headingCandidate)
    endVerbatim()
    endKept()
    return blocks
  }

  /// Takes one line (without its line end); `isPrintableASCII` says whether the scan found
  /// nothing but printable ASCII in it.
  private mutating func line(_ bytes: UnsafeBufferPointer<UInt8>, isPrintableASCII: Bool) {
    if keepsLines {
      keep(bytes, isPrintableASCII: isPrintableASCII)
      return
    }
    var indent = 0
    var first = 0
    while first < bytes.count && ByteText.isSpaceOrTab(bytes[first]) {
      indent += bytes[first] == 0x09 ? 4 : 1
      first += 1
    }
    if first == bytes.count {  // blank
      endParagraph(asHeading: headingCandidate)
      if !verbatim.isEmpty { pendingBlankLines += 1 }
      afterBlankLine = true
      return
    }
    let wasAfterBlankLine = afterBlankLine
    afterBlankLine = false
    if indent >= 4 {
      endParagraph(asHeading: false)
      if verbatim.isEmpty {
        verbatimStart = lineNumber
      } else {
        verbatim.append(contentsOf: repeatElement("", count: pendingBlankLines))
      }
      pendingBlankLines = 0
      verbatim.append(VisibleControls.escape(String(decoding: bytes, as: UTF8.self), keepingTabsAndNewlines: true))
      if verbatim.count >= Self.verbatimLineLimit { endVerbatim() }
      return
    }
    endVerbatim()
    // A paragraph a line: the one before ends here (a heading candidate that a blank line
    // does not follow is a paragraph).
    if linePerParagraph { endParagraph(asHeading: false) }
    if paragraphLines == 0 {
      paragraphStart = lineNumber
    } else {
      // The line end stays a line end between two characters from U+1000 up (CJK among them:
      // three- and four-byte UTF-8): between two wide ones the layout joins the lines without
      // a space, as CSS Text does; anywhere else it is one space.
      var last = paragraph.count - 1
      while last > 0 && paragraph[last] & 0xC0 == 0x80 && paragraph.count - last < 4 { last -= 1 }
      let joinsWide = last >= 0 && paragraph[last] >= 0xE1 && bytes[first] >= 0xE1
      paragraph.append(joinsWide ? 0x0A : 0x20)
    }
    var end = bytes.count
    while end > first && ByteText.isSpaceOrTab(bytes[end - 1]) { end -= 1 }
    let line = UnsafeBufferPointer(rebasing: bytes[first..<end])
    paragraph.append(contentsOf: line)
    if !isPrintableASCII { paragraphNeedsCheck = true }
    paragraphLines += 1
    if paragraph.count >= Self.paragraphLimit {
      endParagraph(asHeading: false)
      return
    }
    guard linePerParagraph else { return }
    if wasAfterBlankLine && Self.mayBeHeading(line) {
      headingCandidate = true
    } else {
      endParagraph(asHeading: false)
    }
  }

  /// Whether a line could be a heading of text written a paragraph per line: at most
  /// ``headingLine`` columns, and no `.`, `,`, `;`, `:`, `!` or `?` at its end.
  static func mayBeHeading(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let last = line.last else { return false }
    let columns = line.reduce(0) { $0 + ($1 & 0xC0 != 0x80 ? 1 : 0) }
    let ending: Set<UInt8> = [UInt8(ascii: "."), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: ":"), UInt8(ascii: "!"), UInt8(ascii: "?")]
    return columns <= headingLine && !ending.contains(last)
  }

  private mutating func pageBreak() {
    endParagraph(asHeading: headingCandidate)
    afterBlankLine = true
    endVerbatim()
    endKept()
    blocks.append(Block(.pageBreak, source: SourceRange(line: max(lineNumber, 1))))
  }

  private mutating func endParagraph(asHeading: Bool) {
    headingCandidate = false
    guard paragraphLines > 0 else { return }
    // Tabs inside a paragraph are spaces; other controls become visible escapes.
    if paragraphNeedsCheck {
      for index in paragraph.indices where paragraph[index] == 0x09 { paragraph[index] = 0x20 }
    }
    var text = String(decoding: paragraph, as: UTF8.self)
    // Line ends kept between non-ASCII lines stay line ends (tabs are spaces by now).
    if paragraphNeedsCheck { text = VisibleControls.escape(text, keepingTabsAndNewlines: true) }
    paragraphNeedsCheck = false
    let source = SourceRange(firstLine: paragraphStart, lastLine: paragraphStart + paragraphLines - 1)
    blocks.append(asHeading ? .heading(level: 2, [.text(text)], source: source) : .paragraph([.text(text)], source: source))
    paragraph.removeAll(keepingCapacity: true)
    paragraphLines = 0
  }

  /// Keeps one line as it is, in the block of lines being gathered.
  private mutating func keep(_ bytes: UnsafeBufferPointer<UInt8>, isPrintableASCII: Bool) {
    // The block's lines are numbered from its first: a piece of a line cut for its length,
    // or the rest of a line after a form feed, starts a block of its own.
    if keptLines > 0 && lineNumber != keptStart + keptLines { endKept() }
    if keptLines == 0 {
      keptStart = lineNumber
    } else {
      kept.append(0x0A)
    }
    if readsColours && (!colours.isPlain || (!isPrintableASCII && bytes.contains(0x1B))) {
      // A terminal's colours, carried from line to line as a terminal carries them.
      colours.read(bytes, into: &kept, runs: &keptRuns)
    } else if !isPrintableASCII && Overstrike.isStruck(bytes) {
      // `man`'s bold and underline: the characters a terminal shows, in their styles.
      Overstrike.show(bytes, into: &kept, runs: &keptRuns)
    } else {
      if highlightsByShebang && lineNumber == 1 {
        highlightsByShebang = false
        highlighter = SyntaxHighlighter.shebangLanguage(bytes).flatMap(SyntaxHighlighter.forLanguage)
      }
      let start = kept.count
      kept.append(contentsOf: bytes)
      highlighter?.highlight(bytes, state: &highlightState, offset: start, into: &keptRuns)
    }
    if !isPrintableASCII { keptNeedsCheck = true }
    keptLines += 1
    if keptLines >= Self.keptLineLimit || kept.count >= Self.keptByteLimit { endKept() }
  }

  private mutating func endKept() {
    guard keptLines > 0 else { return }
    let source = SourceRange(firstLine: keptStart, lastLine: keptStart + keptLines - 1)
    if keptRuns.isEmpty {
      var text = String(decoding: kept, as: UTF8.self)
      if keptNeedsCheck { text = VisibleControls.escape(text, keepingTabsAndNewlines: true) }
      blocks.append(Block(.lines(text), source: source))
    } else {
      let (text, runs) = VisibleControls.escape(utf8: kept, styles: keptRuns)
      blocks.append(Block(.lines(text, styles: runs), source: source))
      keptRuns.removeAll(keepingCapacity: true)
    }
    kept.removeAll(keepingCapacity: true)
    keptLines = 0
    keptNeedsCheck = false
  }

  private mutating func endVerbatim() {
    pendingBlankLines = 0
    guard !verbatim.isEmpty else { return }
    blocks.append(
      Block(
        .codeBlock(info: "", text: verbatim.joined(separator: "\n")),
        source: SourceRange(firstLine: verbatimStart, lastLine: verbatimStart + verbatim.count - 1)))
    verbatim.removeAll(keepingCapacity: true)
  }
}
