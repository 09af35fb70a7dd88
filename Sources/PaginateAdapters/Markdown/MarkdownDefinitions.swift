@_spi(Platform) import PaginateSystem

/// The link reference and footnote definitions of a Markdown text (`[label]: /url`,
/// `[^label]: text`), found by a scan of its lines before it is parsed in parts, so that every
/// part can be parsed with the definitions it cites: a definition applies to the whole text,
/// wherever it stands, and READMEs keep theirs at the end. The scan reads a text held whole
/// (``scan(_:)``) or a buffer at a time (``scan(reading:skipping:bufferSize:isCancelled:)``),
/// and keeps a copy of the groups' bytes (``store``), so that a large file is never held whole.
///
/// libcmark-gfm, not this scan, reads the definitions: the scan finds the *groups* of lines
/// they stand in, each a run of lines that starts with `[` at the margin (at most three spaces
/// in) after a blank line and has a `]:` in it, up to a blank line before a line indented less
/// than four spaces (a footnote's later paragraphs are indented). A part is parsed after the
/// groups it cites, copied in the text's order (``prefix(citedIn:)``), and the blocks that
/// come of them are dropped: a group starts afresh after a blank line in the text and in the
/// copy alike, so libcmark-gfm reads the same definitions in both.
///
/// The scan follows the blocks that can hide a definition's line (fenced code, HTML blocks)
/// and the paragraphs that a `[label]:` line goes on rather than interrupts. Where a
/// definition might stand where a copy cannot read the same (``scan(_:)`` is `nil`), the text
/// is parsed whole:
/// - a line that could start a definition anywhere else: inside a quote or on a list item's
///   marker line, indented four spaces or more, after a line that is not a paragraph's text,
///   or inside a fence or HTML block opened further in than the margin (which may be a list
///   item's, ended by a line less indented, where the scan would lose track of it);
/// - a `]:` with no `[` before it on its line, outside a group (a label over two lines);
/// - a group that opens a block a blank line does not end (a fence, `<pre>`, a comment), which
///   would run on over what comes after it in the copy;
/// - a line ended by a carriage return alone.
///
/// Every one of the 1,792 Markdown files of the Swift package copies is cut (none gives up),
/// and reads the same in parts of 1, 500 and 4,000 bytes as whole (`MarkdownPartsTests`).
struct MarkdownDefinitions {
  /// A run of lines with definitions in it.
  struct Group {
    /// Its bytes in the text, from the start of its first line to the end of its last one.
    var bytes: Range<Int>
    /// Where ``store`` keeps those bytes.
    var stored: Range<Int>
    /// The text's line number of its first line.
    var firstLine: Int
    /// The number of its lines.
    var lineCount: Int
    /// Whether a part cites it whatever it holds: a label the scan cannot match (over two
    /// lines, with a backslash or a character outside ASCII, whose case folding is Unicode's).
    var alwaysCited: Bool
  }

  /// The groups, in the text's order.
  private(set) var groups: [Group] = []
  /// The groups' bytes (``Group/stored``): a copy, so that the text need not be kept.
  private(set) var store: [UInt8] = []
  /// The groups by the hashes (``labelHash(_:)``) of the normalised labels of the lines that
  /// start with `[` in them, in the text's order. (All of them, though the first definition of
  /// a label wins: the table cells' definitions are found among the lines no block covers,
  /// which the copies of the later ones must keep the same.) Two labels of one hash make a
  /// part copy a group it does not cite, which changes nothing but the time: a hash of the
  /// bytes as they are read makes a citation cost no array and no `Hasher` a byte (they were a
  /// tenth of the time of 100,000 definitions).
  private var byLabel: [UInt64: [Int]] = [:]
  /// The groups that every part cites: those whose labels the scan cannot match, and those
  /// they cite in turn (found once, with the groups).
  private var alwaysCited: Set<Int> = []

  /// The definitions of `text`, or `nil` when it is to be parsed whole. A text with no `]:`
  /// and no `[^` has none (and is not scanned line by line).
  static func scan(_ text: UnsafeBufferPointer<UInt8>) -> MarkdownDefinitions? {
    guard
      ByteText.contains(UInt8(ascii: "]"), followedBy: UInt8(ascii: ":"), in: text)
        || CmarkDocument.mayHaveFootnotes(text)
    else { return MarkdownDefinitions() }
    var scanner = Scanner()
    guard scanner.run(text) else { return nil }
    return MarkdownDefinitions(scanner)
  }

  /// The definitions of the text that `read` gives a buffer at a time, read through once and
  /// kept no further than a line (and the groups' bytes), or `nil` when it is to be parsed
  /// whole; `skipping` bytes are skipped first (a byte-order mark, as the parts skip it). Its
  /// lines end with line feeds alone (a text with carriage returns is read whole). `nil` too
  /// when `isCancelled` says so between buffers.
  static func scan(
    reading read: (UnsafeMutableRawBufferPointer) -> Int, skipping: Int, bufferSize: Int = 1 << 20,
    isCancelled: () -> Bool = { false }
  ) -> MarkdownDefinitions? {
    var scanner = Scanner()
    var buffer = [UInt8](repeating: 0, count: max(bufferSize, 1))
    // The start of a line begun in an earlier buffer.
    var carried: [UInt8] = []
    // The text offset of the next line's first byte.
    var offset = 0
    var toSkip = skipping
    while !isCancelled() {
      let filled = buffer.withUnsafeMutableBytes { read($0) }
      guard filled > 0 else {
        if !carried.isEmpty {
          guard carried.withUnsafeBufferPointer({ scanner.take($0, start: offset) }) else { return nil }
        }
        scanner.finish()
        return MarkdownDefinitions(scanner)
      }
      let skipped = min(toSkip, filled)
      toSkip -= skipped
      let complete = buffer.withUnsafeBufferPointer { all -> Bool in
        let bytes = UnsafeBufferPointer(rebasing: all[skipped..<filled])
        var position = 0
        while let lineFeed = ByteScan.firstIndex(of: 0x0A, in: bytes, from: position) {
          let line = UnsafeBufferPointer(rebasing: bytes[position..<lineFeed])
          let taken: Bool
          let length = carried.count + line.count
          if carried.isEmpty {
            taken = scanner.take(line, start: offset)
          } else {
            carried.append(contentsOf: line)
            taken = carried.withUnsafeBufferPointer { scanner.take($0, start: offset) }
            carried.removeAll(keepingCapacity: true)
          }
          guard taken else { return false }
          offset += length + 1
          position = lineFeed + 1
        }
        carried.append(contentsOf: bytes[position...])
        return true
      }
      guard complete else { return nil }
    }
    return nil
  }

  /// The definitions a scan found.
  init(_ scanner: Scanner) {
    store = scanner.store
    for group in scanner.groups {
      let index = groups.count
      groups.append(group.group)
      if group.group.alwaysCited {
        alwaysCited.insert(index)
      } else {
        for label in scanner.labels[group.labels] { byLabel[label, default: []].append(index) }
      }
    }
    // What those groups cite is copied for every part too.
    alwaysCited = cited(part: nil, groups: alwaysCited, chosen: alwaysCited)
  }

  /// No definitions.
  init() {}

  /// `chosen`, and the groups that `part` and the `groups` cite, and those they cite in turn.
  private func cited(part: UnsafeBufferPointer<UInt8>?, groups scanned: Set<Int>, chosen: Set<Int>) -> Set<Int> {
    // Brackets are looked for only when some group is cited by a label.
    guard !byLabel.isEmpty else { return chosen }
    var chosen = chosen
    store.withUnsafeBufferPointer { store in
      var toScan = scanned.map { UnsafeBufferPointer(rebasing: store[groups[$0].stored]) }
      if let part { toScan.append(part) }
      while let next = toScan.popLast() {
        Self.forEachCitation(in: next) { label in
          for index in byLabel[label] ?? [] where chosen.insert(index).inserted {
            toScan.append(UnsafeBufferPointer(rebasing: store[groups[index].stored]))
          }
        }
      }
    }
    return chosen
  }

  /// The lines a part is to be parsed after: the groups that `part` cites, and those they
  /// cite in turn, in the text's order, a blank line after each, and a thematic break and a
  /// blank line to close them (a group may leave a list open that an indented first line
  /// would go on). `lines` gives, for each line of the copy, its line in the text (the blank
  /// and closing lines, the line before them).
  func prefix(citedIn part: UnsafeBufferPointer<UInt8>) -> Prefix {
    guard !groups.isEmpty else { return Prefix() }
    let order = cited(part: part, groups: [], chosen: alwaysCited).sorted()
    guard !order.isEmpty else { return Prefix() }
    var bytes: [UInt8] = []
    var lines: [Int] = []
    for index in order {
      let group = groups[index]
      bytes.append(contentsOf: store[group.stored])
      bytes.append(contentsOf: [0x0A, 0x0A])
      lines.append(contentsOf: group.firstLine..<(group.firstLine + group.lineCount))
      lines.append(group.firstLine + group.lineCount - 1)
    }
    bytes.append(contentsOf: "***\n\n".utf8)
    let last = lines.last ?? 1
    lines.append(contentsOf: [last, last])
    return Prefix(bytes: bytes, lines: lines)
  }

  /// The copy of definitions a part is parsed after, and the text's line of each of its lines.
  struct Prefix {
    var bytes: [UInt8] = []
    var lines: [Int] = []
  }

  /// Calls `body` with the hash of the normalised text of every pair of brackets in `bytes` with no bracket
  /// inside (every label a reference can cite: `[label]`, `[text][label]`, `[^note]`) that
  /// can match a label of ASCII (the others are cited by every part). Text outside ASCII can
  /// only if Unicode's case folding makes it ASCII (`ß` is `ss`, `ﬁ` is `fi`): it is passed
  /// folded so.
  static func forEachCitation(in bytes: UnsafeBufferPointer<UInt8>, _ body: (UInt64) -> Void) {
    var index = 0
    while let open = ByteScan.firstIndex(of: UInt8(ascii: "["), in: bytes, from: index) {
      var end = open + 1
      // CommonMark's labels are at most 999 characters.
      while end < bytes.count && end - open <= 1000 && bytes[end] != UInt8(ascii: "]") && bytes[end] != UInt8(ascii: "[") {
        end += 1
      }
      index = end
      guard end < bytes.count, bytes[end] == UInt8(ascii: "]") else { continue }
      index = end + 1
      let content = UnsafeBufferPointer(rebasing: bytes[(open + 1)..<end])
      if let label = labelHash(content) ?? foldedToASCII(content)?.withUnsafeBufferPointer(labelHash) { body(label) }
    }
  }

  /// The scalars outside ASCII that Unicode's full case folding (libcmark-gfm's, for labels)
  /// turns into ASCII letters alone.
  private static let foldsToASCII: [UInt32: String] = [
    0xDF: "ss", 0x17F: "s", 0x1E9E: "ss", 0x212A: "k", 0xFB00: "ff", 0xFB01: "fi", 0xFB02: "fl", 0xFB03: "ffi",
    0xFB04: "ffl", 0xFB05: "st", 0xFB06: "st",
  ]

  /// A label outside ASCII as a label of ASCII, when case folding makes it one; `nil` when it
  /// cannot match a label of ASCII.
  static func foldedToASCII(_ label: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
    var ascii: [UInt8] = []
    for scalar in String(decoding: label, as: UTF8.self).unicodeScalars {
      if scalar.isASCII {
        ascii.append(UInt8(scalar.value))
      } else if let folded = foldsToASCII[scalar.value] {
        ascii.append(contentsOf: folded.utf8)
      } else {
        return nil
      }
    }
    return ascii.withUnsafeBufferPointer { normalized($0) }
  }

  /// The FNV-1a hash of `label` normalised (``normalized(_:)``), made as it is read; `nil`
  /// with a byte outside ASCII.
  static func labelHash(_ label: UnsafeBufferPointer<UInt8>) -> UInt64? {
    var hash = fnvOffset
    var started = false
    var space = false
    for byte in label {
      if byte >= 0x80 { return nil }
      if ByteText.isWhitespace(byte) {
        space = started
        continue
      }
      if space { hash = (hash ^ 0x20) &* fnvPrime }
      space = false
      started = true
      hash = (hash ^ UInt64(byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte)) &* fnvPrime
    }
    return hash
  }

  private static let fnvOffset: UInt64 = 0xCBF2_9CE4_8422_2325
  private static let fnvPrime: UInt64 = 0x0000_0100_0000_01B3

  /// A label as CommonMark matches it, for ASCII: lower case, runs of spaces, tabs and line
  /// ends as one space, trimmed; `nil` with a byte outside ASCII.
  static func normalized(_ label: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
    var result: [UInt8] = []
    result.reserveCapacity(label.count)
    var space = false
    for byte in label {
      if byte >= 0x80 { return nil }
      if ByteText.isWhitespace(byte) {
        space = !result.isEmpty
        continue
      }
      if space { result.append(0x20) }
      space = false
      result.append(byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte)
    }
    return result
  }
}
