/// One line of a page: its text (no trailing spaces, no control characters, at most the page's
/// columns wide) and the styled ranges within it.
///
/// The lines of a reflowed paragraph share one buffer, the paragraph as set, each holding a
/// slice of it: setting a paragraph makes one allocation rather than one per line. The lines
/// of a list item or quote, prefixed, share one buffer too. Lines built piece by piece
/// (headers, table rows) hold a string of their own. A line keeps its whole buffer alive, so a
/// page kept keeps the paragraphs and items it shows.
public struct Line: Sendable, Hashable {
  /// The string the text is a slice of: a shared buffer, or a string of the line's own.
  /// (Visible to inlining so that `withUTF8` is specialised where it is called: called across
  /// modules unspecialised, it looked up generic metadata for every line the renderer wrote.)
  @usableFromInline internal private(set) var base: String
  /// The UTF-8 offsets of the text in `base`.
  @usableFromInline internal private(set) var start: Int
  @usableFromInline internal private(set) var end: Int
  /// Styled ranges, in order, not overlapping.
  public private(set) var spans: [StyleSpan]

  /// An empty line.
  public init() {
    base = ""
    start = 0
    end = 0
    spans = []
  }

  /// A line from text and spans already expressed in its UTF-8 offsets.
  init(text: String, spans: [StyleSpan]) {
    self.init(slice: 0..<text.utf8.count, of: text, spans: spans)
  }

  /// A line whose text is the UTF-8 range `range` of `buffer` (on scalar boundaries), which
  /// other lines may share, with spans in the range's offsets.
  init(slice range: Range<Int>, of buffer: String, spans: [StyleSpan]) {
    base = buffer
    start = range.lowerBound
    end = range.upperBound
    self.spans = spans
  }

  /// A line of unstyled (or uniformly styled) text.
  public init(_ text: String, style: TextStyle = []) {
    self.init()
    append(text, style: style)
  }

  /// Whether the text is the whole of `base` (a string of the line's own, or one it may share).
  private var holdsWholeBase: Bool { start == 0 && end == base.utf8.count }

  /// The text of the line.
  ///
  /// - Complexity: O(1) for a line that holds its whole string; a slice of a shared paragraph
  ///   is copied into a new string. Read the bytes in place with ``withUTF8(_:)``.
  public var text: String {
    if holdsWholeBase { return base }
    return withUTF8 { String(decoding: $0, as: UTF8.self) }
  }

  /// The length of the text in UTF-8 bytes.
  public var utf8Count: Int { end - start }

  /// Whether the line has no text.
  public var isEmpty: Bool { end == start }

  /// Calls `body` with the UTF-8 bytes of the text, read in place.
  @inlinable
  public func withUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
    let (start, end) = (start, end)
    if let result = try base.utf8.withContiguousStorageIfAvailable({
      try body(UnsafeBufferPointer(rebasing: $0[start..<end]))
    }) {
      return result
    }
    var copy = base
    return try copy.withUTF8 { try body(UnsafeBufferPointer(rebasing: $0[start..<end])) }
  }

  /// Copies the UTF-8 bytes of the text to `destination`, which has room for ``utf8Count``
  /// bytes, and returns their count. (Unlike a `withUTF8` closure, this reads the line where
  /// it is: a renderer's loop over a page's lines copied each one, retaining its text and
  /// spans, to call the closure.)
  @inlinable
  public func copyUTF8(to destination: UnsafeMutablePointer<UInt8>) -> Int {
    let (start, end) = (start, end)
    let count = end &- start
    guard count > 0 else { return 0 }
    if base.utf8.withContiguousStorageIfAvailable({ destination.initialize(from: $0.baseAddress! + start, count: count) })
      == nil
    {
      withUTF8 { destination.initialize(from: $0.baseAddress!, count: count) }
    }
    return count
  }

  /// Lines are equal when their text and spans are, wherever the text is held.
  public static func == (lhs: Line, rhs: Line) -> Bool {
    lhs.spans == rhs.spans && lhs.withUTF8 { left in rhs.withUTF8 { right in left.elementsEqual(right) } }
  }

  public func hash(into hasher: inout Hasher) {
    withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    hasher.combine(spans)
  }

  /// Changes the text as a string of the line's own, with room for `extra` more bytes. A line
  /// that holds the whole of its string, shared with no other line, grows it in place.
  private mutating func editText(adding extra: Int, _ body: (inout String) -> Void) {
    var text: String
    if holdsWholeBase {
      text = base
      base = ""
    } else {
      text = String()
      text.reserveCapacity(utf8Count + extra)
      text.append(contentsOf: sliceOfBase)
    }
    body(&text)
    base = text
    start = 0
    end = text.utf8.count
  }

  /// The text as a substring of `base` (no copy).
  private var sliceOfBase: Substring {
    let utf8 = base.utf8
    return base[utf8.index(utf8.startIndex, offsetBy: start)..<utf8.index(utf8.startIndex, offsetBy: end)]
  }

  /// Appends text with a style, merging with the previous span when the style is the same.
  public mutating func append(_ piece: some StringProtocol, style: TextStyle = []) {
    let oldCount = utf8Count
    // As a String: `+=` with a generic StringProtocol would append Character by Character.
    let piece = String(piece)
    editText(adding: piece.utf8.count) { $0 += piece }
    guard !style.isEmpty, !piece.isEmpty else { return }
    spans.appendMerging(StyleSpan(range: oldCount..<utf8Count, style: style))
  }

  /// The line with `prefix` in front of it, in one new string.
  public func prefixed(by prefix: Line) -> Line {
    guard !prefix.isEmpty else { return self }
    let prefixCount = prefix.utf8Count
    let text = prefix.withUTF8 { prefixBytes in
      withUTF8 { bytes in
        String(unsafeUninitializedCapacity: prefixCount + bytes.count) { buffer in
          _ = buffer.initialize(from: prefixBytes)
          _ = UnsafeMutableBufferPointer(rebasing: buffer[prefixCount...]).initialize(from: bytes)
          return prefixCount + bytes.count
        }
      }
    }
    var result = Line(text: text, spans: prefix.spans)
    result.spans.appendMerging(spans, shiftedBy: prefixCount)
    return result
  }

  /// `prefix` followed by `line`, whose bytes `buffer` holds one after the other from `offset`
  /// (where ``BlockLayout/prefixed(_:first:rest:)`` wrote them, for many lines in one string).
  init(_ prefix: Line, then line: Line, at offset: Int, of buffer: String) {
    assert(offset + prefix.utf8Count + line.utf8Count <= buffer.utf8.count, "a slice past its buffer")
    self.init(slice: offset..<(offset + prefix.utf8Count + line.utf8Count), of: buffer, spans: prefix.spans)
    spans.appendMerging(line.spans, shiftedBy: prefix.utf8Count)
  }

  /// Appends another line's text and spans.
  public mutating func append(_ other: Line) {
    let offset = utf8Count
    if other.holdsWholeBase {
      editText(adding: other.utf8Count) { $0 += other.base }
    } else {
      let appended = other.sliceOfBase
      editText(adding: appended.utf8.count) { $0.append(contentsOf: appended) }
    }
    spans.appendMerging(other.spans, shiftedBy: offset)
  }

  /// Appends `count` spaces.
  public mutating func appendSpaces(_ count: Int) {
    if count > 0 { editText(adding: count) { $0 += String.repeated(" ", count: count) } }
  }

  /// Removes trailing spaces (and cuts spans that reached into them). The text stays where it
  /// is: only the slice shrinks.
  public mutating func trimTrailingSpaces() {
    guard endsWithSpace else { return }
    let kept = withUTF8 { bytes in
      var count = bytes.count
      while count > 0 && bytes[count - 1] == 0x20 { count -= 1 }
      return count
    }
    end = start + kept
    spans = spans.compactMap { span in
      guard span.range.lowerBound < kept else { return nil }
      return StyleSpan(range: span.range.lowerBound..<min(span.range.upperBound, kept), style: span.style)
    }
  }

  /// Whether the text ends with a space (its last byte read in place).
  private var endsWithSpace: Bool {
    guard end > start else { return false }
    return withUTF8 { $0[$0.count &- 1] } == 0x20
  }

  /// The line with `style` added to the UTF-8 ranges `ranges` (sorted, not overlapping),
  /// splitting spans where needed.
  public func adding(_ style: TextStyle, in ranges: [Range<Int>]) -> Line {
    guard !ranges.isEmpty else { return self }
    let count = utf8Count
    // Every offset where a style may change.
    var cuts = Set([0, count])
    for span in spans { cuts.formUnion([span.range.lowerBound, span.range.upperBound]) }
    for range in ranges { cuts.formUnion([range.lowerBound, range.upperBound]) }
    let points = cuts.filter { $0 >= 0 && $0 <= count }.sorted()
    var result = self
    result.spans = []
    for (lower, upper) in zip(points, points.dropFirst()) where upper > lower {
      var combined: TextStyle = spans.first { $0.range.lowerBound <= lower && $0.range.upperBound >= upper }?.style ?? []
      if ranges.contains(where: { $0.lowerBound <= lower && $0.upperBound >= upper }) { combined.formUnion(style) }
      guard !combined.isEmpty else { continue }
      result.spans.appendMerging(StyleSpan(range: lower..<upper, style: combined))
    }
    return result
  }

  /// The width of the line in cells.
  public var width: Int { withUTF8 { DisplayWidth.of($0) } }
}
