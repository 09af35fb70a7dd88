/// The styles a run of text on a page can have. Renderers show them (bold, italic, underline
/// on a terminal; tags in HTML) or drop them (plain text).
public struct TextStyle: OptionSet, Sendable, Hashable {
  public let rawValue: UInt8

  public init(rawValue: UInt8) { self.rawValue = rawValue }

  /// Strong emphasis.
  public static let bold = TextStyle(rawValue: 1 << 0)
  /// Emphasis.
  public static let italic = TextStyle(rawValue: 1 << 1)
  /// Code: code spans and code blocks.
  public static let code = TextStyle(rawValue: 1 << 2)
  /// Link text.
  public static let link = TextStyle(rawValue: 1 << 3)
  /// Heading text.
  public static let heading = TextStyle(rawValue: 1 << 4)
  /// Rules, bars and other furniture drawn by the layout (quote bars, table borders, note markers).
  public static let furniture = TextStyle(rawValue: 1 << 5)
  /// A search match, marked by the pager (never set by the layout).
  public static let highlight = TextStyle(rawValue: 1 << 6)

  /// The names of the styles in the set, for JSON and debugging: `["bold", "link"]`.
  public var names: [String] {
    var names: [String] = []
    if contains(.bold) { names.append("bold") }
    if contains(.italic) { names.append("italic") }
    if contains(.code) { names.append("code") }
    if contains(.link) { names.append("link") }
    if contains(.heading) { names.append("heading") }
    if contains(.furniture) { names.append("furniture") }
    if contains(.highlight) { names.append("highlight") }
    return names
  }
}

/// A styled range of a ``Line``: UTF-8 byte offsets into the line's text.
public struct StyleSpan: Sendable, Hashable {
  /// The UTF-8 offsets of the styled text within ``Line/text``.
  public var range: Range<Int>
  /// The styles of the range (never empty).
  public var style: TextStyle

  /// Creates a span.
  public init(range: Range<Int>, style: TextStyle) {
    self.range = range
    self.style = style
  }
}

/// One line of a page: its text (no trailing spaces, no control characters, at most the page's
/// columns wide) and the styled ranges within it.
public struct Line: Sendable, Hashable {
  /// The text of the line.
  public private(set) var text: String
  /// Styled ranges, in order, not overlapping.
  public private(set) var spans: [StyleSpan]

  /// An empty line.
  public init() {
    text = ""
    spans = []
  }

  /// A line from text and spans already expressed in its UTF-8 offsets.
  init(text: String, spans: [StyleSpan]) {
    self.text = text
    self.spans = spans
  }

  /// A line of unstyled (or uniformly styled) text.
  public init(_ text: String, style: TextStyle = []) {
    self.text = ""
    spans = []
    append(text, style: style)
  }

  /// Whether the line has no text.
  public var isEmpty: Bool { text.isEmpty }

  /// Appends text with a style, merging with the previous span when the style is the same.
  public mutating func append(_ piece: some StringProtocol, style: TextStyle = []) {
    let start = text.utf8.count
    text += piece
    let end = text.utf8.count
    guard !style.isEmpty, end > start else { return }
    if let last = spans.last, last.style == style, last.range.upperBound == start {
      spans[spans.count - 1].range = last.range.lowerBound..<end
    } else {
      spans.append(StyleSpan(range: start..<end, style: style))
    }
  }

  /// The line with `prefix` in front of it.
  func prefixed(by prefix: Line) -> Line {
    var result = prefix
    result.append(self)
    return result
  }

  /// Appends another line's text and spans.
  public mutating func append(_ other: Line) {
    let offset = text.utf8.count
    text += other.text
    for span in other.spans {
      let shifted = StyleSpan(range: (span.range.lowerBound + offset)..<(span.range.upperBound + offset), style: span.style)
      if let last = spans.last, last.style == span.style, last.range.upperBound == shifted.range.lowerBound {
        spans[spans.count - 1].range = last.range.lowerBound..<shifted.range.upperBound
      } else {
        spans.append(shifted)
      }
    }
  }

  /// Appends `count` spaces.
  public mutating func appendSpaces(_ count: Int) {
    if count > 0 { text += String.repeated(" ", count: count) }
  }

  /// Reserves room for `byteCount` bytes of text, so that appending up to that many makes no
  /// further allocation.
  mutating func reserveCapacity(_ byteCount: Int) {
    text.reserveCapacity(byteCount)
  }

  /// Removes trailing spaces (and cuts spans that reached into them).
  public mutating func trimTrailingSpaces() {
    guard hasTrailingSpace else { return }
    let utf8 = text.utf8
    var cut = utf8.endIndex
    while cut > utf8.startIndex, utf8[utf8.index(before: cut)] == 0x20 { cut = utf8.index(before: cut) }
    let end = utf8.distance(from: utf8.startIndex, to: cut)
    text = String(text[..<cut])
    spans = spans.compactMap { span in
      guard span.range.lowerBound < end else { return nil }
      return StyleSpan(range: span.range.lowerBound..<min(span.range.upperBound, end), style: span.style)
    }
  }

  /// Whether the text ends with a space (read from the contiguous bytes where possible: the
  /// generic `utf8.last` walks back over an index).
  private var hasTrailingSpace: Bool {
    text.utf8.withContiguousStorageIfAvailable { $0.last == 0x20 } ?? (text.utf8.last == 0x20)
  }

  /// The line with `style` added to the UTF-8 ranges `ranges` (sorted, not overlapping),
  /// splitting spans where needed.
  public func adding(_ style: TextStyle, in ranges: [Range<Int>]) -> Line {
    guard !ranges.isEmpty else { return self }
    let count = text.utf8.count
    // Every offset where a style may change.
    var cuts = Set([0, count])
    for span in spans { cuts.formUnion([span.range.lowerBound, span.range.upperBound]) }
    for range in ranges { cuts.formUnion([range.lowerBound, range.upperBound]) }
    let points = cuts.filter { $0 >= 0 && $0 <= count }.sorted()
    var result = Line(text: text, spans: [])
    for (start, end) in zip(points, points.dropFirst()) where end > start {
      var combined: TextStyle = spans.first { $0.range.lowerBound <= start && $0.range.upperBound >= end }?.style ?? []
      if ranges.contains(where: { $0.lowerBound <= start && $0.upperBound >= end }) { combined.formUnion(style) }
      guard !combined.isEmpty else { continue }
      if let last = result.spans.last, last.style == combined, last.range.upperBound == start {
        result.spans[result.spans.count - 1].range = last.range.lowerBound..<end
      } else {
        result.spans.append(StyleSpan(range: start..<end, style: combined))
      }
    }
    return result
  }

  /// The width of the line in cells.
  public var width: Int { DisplayWidth.of(text) }
}
