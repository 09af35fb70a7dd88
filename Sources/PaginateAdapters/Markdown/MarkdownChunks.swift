@_spi(Platform) import PaginateSystem

/// Where a Markdown text can be cut into parts that libcmark-gfm parses one at a time to the
/// same blocks as the whole: a large file then converts, and shows its first page, part by
/// part, and each part's tree is freed before the next is parsed.
///
/// A cut comes after a blank line, before a line that starts at the left margin with something
/// that cannot continue what came before: not a space or tab (indented code, a list item's
/// text), a list marker (the next item of a list), nor `>`. Everything CommonMark lets a blank
/// line end is ended there; what it does not (a fenced code block, an HTML block such as
/// `<pre>` or a comment) libcmark-gfm itself tells: the part then ends in such a block still
/// open, and the converter reads on to the next cut (``MarkdownParts``).
///
/// A definition (`[label]: /url`, `[^note]: text`) applies to the whole text, wherever it
/// stands: each part is parsed after a copy of the definitions it cites
/// (``MarkdownDefinitions``), and a text whose definitions a scan cannot be sure of is parsed
/// whole.
enum MarkdownChunks {
  /// The size a part grows to before a cut is looked for: 1 MiB, some 40 ms of parsing and
  /// converting. The first part is 64 KiB and each next one twice the last, up to this, so that
  /// the first page waits for little.
  static let partSize = 1 << 20
  /// The size of the first part.
  static let firstPartSize = 1 << 16

  /// The byte offsets of the cuts of `bytes`, the first 0, each part at least `size` bytes
  /// (the first ones less: see ``firstPartSize``) but the last; `[0]` when the text is one part, or is to be parsed whole.
  static func starts(in bytes: UnsafeBufferPointer<UInt8>, size: Int = partSize) -> [Int] {
    var cuts = Cuts(bytes, size: size, parsesWhole: MarkdownDefinitions.scan(bytes) == nil)
    var starts = [0]
    while let start = cuts.next() { starts.append(start) }
    return starts
  }

  /// The cuts after the first, found one at a time as they are asked for: the first part is
  /// parsed before the rest of the text is looked at (but for its definitions).
  struct Cuts {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var search: CutSearch

    /// The cuts of `bytes` into parts of at least `size` bytes; none when the text is to be
    /// parsed whole.
    init(_ bytes: UnsafeBufferPointer<UInt8>, size: Int = partSize, parsesWhole: Bool) {
      self.bytes = bytes
      search = CutSearch(size: size)
      if bytes.count <= min(size, MarkdownChunks.firstPartSize) || parsesWhole { search.skip(to: bytes.count) }
    }

    /// The start of the next part, or `nil` when the last part runs to the end.
    mutating func next() -> Int? {
      if case .cut(let start) = search.next(in: bytes, from: 0, isWhole: true) { return start }
      return nil
    }
  }

  /// The search for cuts, over a text read a buffer at a time (``MarkdownPartBuffer``): the
  /// lines are looked at as far as the buffer holds them, and the search goes on where it
  /// left off when more is read.
  struct CutSearch {
    private let size: Int
    private var afterBlank = false
    /// The text offset of the next line to look at.
    private var lineStart = 0
    private var lastStart = 0
    /// The size the part under way grows to: doubling from the first part's, up to `size`.
    private var wanted: Int

    /// A search for parts of at least `size` bytes.
    init(size: Int) {
      self.size = size
      wanted = min(size, MarkdownChunks.firstPartSize)
    }

    /// What the search found.
    enum Found: Equatable {
      /// The next part starts at this text offset.
      case cut(Int)
      /// The last part runs to the end of the text.
      case end
      /// The buffer ends inside a line: read more.
      case needsMore
    }

    /// Looks no further than `offset`.
    mutating func skip(to offset: Int) { lineStart = max(lineStart, offset) }

    /// The next cut in `bytes`, which hold the text from offset `base` on (the whole rest of
    /// it if `isWhole`).
    mutating func next(in bytes: UnsafeBufferPointer<UInt8>, from base: Int, isWhole: Bool) -> Found {
      let end = base + bytes.count
      while lineStart < end {
        let found = ByteScan.firstIndex(of: 0x0A, in: bytes, from: lineStart - base).map { $0 + base }
        guard found != nil || isWhole else { return .needsMore }
        let lineEnd = found ?? end
        let line = UnsafeBufferPointer(rebasing: bytes[(lineStart - base)..<(lineEnd - base)])
        let start = lineStart
        lineStart = lineEnd + 1
        if ByteText.isBlank(line) {
          afterBlank = true
          continue
        }
        let cuts = afterBlank && start - lastStart >= wanted && MarkdownChunks.startsAfresh(line)
        afterBlank = false
        if cuts {
          lastStart = start
          wanted = min(wanted * 2, size)
          return .cut(start)
        }
      }
      return isWhole ? .end : .needsMore
    }
  }

  /// Whether a line after a blank one starts a block that cannot belong to what came before:
  /// not white space (indented code, a list item's text), `>`, nor a list marker.
  static func startsAfresh(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let first = line.first else { return false }
    switch first {
    case 0x20, 0x09, UInt8(ascii: ">"): return false
    default: return listMarkerLength(in: line, at: 0) == nil
    }
  }

  /// The length of the list marker at `index` of `line`, as CommonMark reads one: `-`, `*` or
  /// `+`, or one to nine digits and `.` or `)`, then white space or the line's end; `nil` when
  /// there is none there.
  static func listMarkerLength(in line: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
    guard index < line.count else { return nil }
    var end = index
    switch line[index] {
    case UInt8(ascii: "-"), UInt8(ascii: "*"), UInt8(ascii: "+"):
      end += 1
    case UInt8(ascii: "0")...UInt8(ascii: "9"):
      while end < line.count && end - index < 10 && line[end] >= 0x30 && line[end] <= 0x39 { end += 1 }
      guard end - index <= 9, end < line.count, line[end] == UInt8(ascii: ".") || line[end] == UInt8(ascii: ")") else {
        return nil
      }
      end += 1
    default:
      return nil
    }
    guard end == line.count || ByteText.isWhitespace(line[end]) else { return nil }
    return end - index
  }
}
