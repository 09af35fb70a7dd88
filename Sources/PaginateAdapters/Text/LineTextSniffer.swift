/// Whether the start of a text is made of lines (a log, a program, a configuration file, a
/// table, a man page, a list of changes) rather than of paragraphs of prose that reflowing
/// serves (a licence, a text README, a book).
///
/// Text is prose when paragraphs of prose at the margin hold at least ``proseShare`` of its
/// characters and their lines are long enough to have been filled (a median of at least
/// ``filledLineLength`` characters). A paragraph is a run of at least two non-blank lines, at
/// least half of them prose; or one long line of prose (text written a paragraph per line). A
/// line is prose when it is indented less than four columns, starts with no comment, quote,
/// list or markup sign (`#`, `;`, `%`, `*`, `/`, `<`, `{`, `}`, `[`, `|`, `>`, `=`, `+`, a list
/// marker), has four words or more, and at least 93% of its characters are letters, spaces,
/// common punctuation or outside ASCII. Text that starts with `#!` (a script) or `Format: `
/// (a Debian copyright file), or whose lines mostly start with a time stamp (a log), is lines
/// whatever else it holds; text of fewer than three non-blank lines is prose otherwise.
///
/// Measured on the text files of this machine (`Benchmarks/lines_corpus.py`; the README's
/// section on files of lines has the table).
enum LineTextSniffer {
  /// The share of the text's characters in paragraphs of prose above which it is prose.
  static let proseShare = 0.45
  /// The median width of those paragraphs' lines, in columns (a CJK character two), at or
  /// above which they were filled.
  static let filledLineLength = 40
  /// A line of prose at least this long is a paragraph by itself.
  static let paragraphLine = 100
  /// The fewest non-blank lines that make text lines without a script's, a Debian copyright
  /// file's or a log's signs: fewer read the same either way.
  static let minimumLines = 3

  /// Whether `head` is lines whatever else it holds: a script (`#!`), a Debian copyright
  /// file (`Format: `), or a log (most of its lines start with a time stamp).
  static func hasSignsOfLines(_ head: ArraySlice<UInt8>) -> Bool {
    let bytes = ByteText.droppingByteOrderMark(head)
    if bytes.starts(with: "#!".utf8) || bytes.starts(with: "Format: ".utf8) { return true }
    var stamped = 0
    var nonBlank = 0
    for line in bytes.prefix(4096).split(separator: 0x0A) where line.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) {
      nonBlank += 1
      if startsWithTimeStamp(line) { stamped += 1 }
    }
    return stamped >= 2 && stamped * 2 >= nonBlank
  }

  /// Whether `head` (the first bytes of a text) is made of lines rather than prose.
  /// `isCutShort`: whether the text goes on after it (its last line is then a part of one);
  /// by default, when it is as long as the registry sniffs.
  static func isLineOriented(_ head: ArraySlice<UInt8>, isCutShort: Bool? = nil) -> Bool {
    if hasSignsOfLines(head) { return true }
    let bytes = ByteText.droppingByteOrderMark(head)
    var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
    if isCutShort ?? (head.count >= AdapterRegistry.sniffLength), lines.count > 1 { lines.removeLast() }
    var total = 0
    var prose = 0
    var proseLengths: [Int] = []
    var nonBlank = 0
    var paragraph: [(length: Int, isProse: Bool)] = []
    func endParagraph() {
      let proseLines = paragraph.filter(\.isProse)
      let counts =
        paragraph.count >= 2 ? proseLines.count * 2 >= paragraph.count
        : proseLines.count == 1 && proseLines[0].length >= paragraphLine
      if counts {
        for line in proseLines {
          prose += line.length
          proseLengths.append(line.length)
        }
      }
      paragraph.removeAll(keepingCapacity: true)
    }
    for rawLine in lines {
      let line = rawLine.last == 0x0D ? rawLine.dropLast() : rawLine
      let (indent, body) = Self.indentation(line)
      guard !body.isEmpty else {
        endParagraph()
        continue
      }
      nonBlank += 1
      let length = Self.columns(of: body)
      total += length
      paragraph.append((length, indent < 4 && Self.isProse(body)))
    }
    endParagraph()
    // A line or two says too little: such text reads the same either way, and is prose.
    guard nonBlank >= minimumLines else { return false }
    proseLengths.sort()
    let median = proseLengths.isEmpty ? 0 : proseLengths[proseLengths.count / 2]
    return !(Double(prose) >= proseShare * Double(total) && median >= filledLineLength)
  }

  /// The columns of white space a line starts with (a tab to the next multiple of eight), and
  /// the rest of it without white space at its end.
  private static func indentation(_ line: ArraySlice<UInt8>) -> (columns: Int, body: ArraySlice<UInt8>) {
    var columns = 0
    var start = line.startIndex
    while start < line.endIndex, line[start] == 0x20 || line[start] == 0x09 {
      columns = line[start] == 0x09 ? (columns / 8 + 1) * 8 : columns + 1
      start += 1
    }
    var end = line.endIndex
    while end > start, ByteText.isWhitespace(line[end - 1]) { end -= 1 }
    return (columns, line[start..<end])
  }

  /// About the columns UTF-8 text takes: a character one, and one of three bytes or more
  /// from U+1000 on (CJK among them) two.
  private static func columns(of text: ArraySlice<UInt8>) -> Int {
    text.reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : $1 >= 0xE1 ? 2 : 1) }
  }

  /// Whether a line (its white space trimmed) reads as a line of prose (see the type).
  static func isProse(_ body: ArraySlice<UInt8>) -> Bool {
    guard let first = body.first, !markupStarts.contains(first), !startsWithListMarker(body) else { return false }
    var words = 0
    var inWord = false
    var plain = 0
    var nonASCII = 0
    for byte in body {
      let isSpace = byte == 0x20 || byte == 0x09
      if !isSpace && !inWord { words += 1 }
      inWord = !isSpace
      if byte >= 0x80 {
        nonASCII += 1
        plain += 1
      } else if isSpace || proseBytes[Int(byte)] {
        plain += 1
      }
    }
    // Text outside ASCII (CJK) may have no spaces between its words.
    let wordy = words >= 4 || (nonASCII * 2 >= body.count && body.count >= 18)
    return wordy && Double(plain) >= 0.93 * Double(body.count)
  }

  /// The signs of comments, quotes, lists, markup and code that start no line of prose.
  private static let markupStarts: Set<UInt8> = Set("#;%*/<{}[|>=+".utf8)

  /// Letters and the punctuation of prose, by byte.
  private static let proseBytes: [Bool] = (0..<128).map { byte in
    let scalar = Unicode.Scalar(UInt8(byte))
    return ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ",.;:'\"!?()-".unicodeScalars.contains(scalar)
  }

  /// Whether a line starts as a list item: `-`, `*`, `+` or `o` and a space, or a number or a
  /// letter and `.` or `)`, then a space.
  private static func startsWithListMarker(_ body: ArraySlice<UInt8>) -> Bool {
    var index = body.startIndex
    guard index < body.endIndex else { return false }
    let first = body[index]
    if "-*+o".utf8.contains(first) { return body.count > 1 && body[index + 1] == 0x20 }
    if body[index] == UInt8(ascii: "(") { index += 1 }
    let digits = body[index...].prefix { $0 >= 0x30 && $0 <= 0x39 }.count
    var end = index + max(digits, 1)
    if digits == 0 {
      guard index < body.endIndex, body[index] >= UInt8(ascii: "a"), body[index] <= UInt8(ascii: "z") else { return false }
      end = index + 1
    }
    guard end + 1 < body.endIndex else { return false }
    return (body[end] == UInt8(ascii: ".") || body[end] == UInt8(ascii: ")")) && body[end + 1] == 0x20
  }

  /// Whether a line starts with a time stamp, as logs' lines do: `2025-06-24 14:36`,
  /// `Jun 24 14:36:25`, `[ 12.345]`, `14:36:25`, `2025/06/24 14:36`, or a web server's
  /// `host - - [24/Jun/2025:14:36`.
  static func startsWithTimeStamp(_ line: ArraySlice<UInt8>) -> Bool {
    let text = Array(line.prefix(64))
    var index = 0
    func take(_ pattern: String) -> Bool {
      // `9` is a digit, `A` a capital, `a` a small letter, `_` a space or a digit; any other
      // character stands for itself.
      var position = index
      for expected in pattern.utf8 {
        guard position < text.count else { return false }
        let byte = text[position]
        let matches: Bool
        switch expected {
        case UInt8(ascii: "9"): matches = byte >= 0x30 && byte <= 0x39
        case UInt8(ascii: "A"): matches = byte >= 0x41 && byte <= 0x5A
        case UInt8(ascii: "a"): matches = byte >= 0x61 && byte <= 0x7A
        case UInt8(ascii: "_"): matches = byte == 0x20 || (byte >= 0x30 && byte <= 0x39)
        default: matches = byte == expected
        }
        guard matches else { return false }
        position += 1
      }
      return true
    }
    if text.first == UInt8(ascii: "[") {
      index = 1
      if take("9999-99-99") || take("99:99:99") || take("99/Aaa/9999") { return true }
      // The kernel's `[    1.234]`.
      while index < text.count && text[index] == 0x20 { index += 1 }
      let digits = text[index...].prefix { $0 >= 0x30 && $0 <= 0x39 }.count
      return digits > 0 && index + digits < text.count && text[index + digits] == UInt8(ascii: ".")
    }
    if take("9999-99-99 99:99") || take("9999-99-99T99:99") || take("Aaa _9 99:99:99") || take("99:99:99")
      || take("9999/99/99 99:99")
    {
      return true
    }
    // A web server's `host - - [24/Jun/2025:14:36:25`.
    if let open = text.firstIndex(of: UInt8(ascii: "[")), open < 48 {
      index = open + 1
      return take("99/Aaa/9999:99:99")
    }
    return false
  }
}
