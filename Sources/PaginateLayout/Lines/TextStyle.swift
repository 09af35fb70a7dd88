public import PaginateModel

/// The styles a run of text on a page can have. Renderers show them (bold, italic, underline
/// on a terminal; tags in HTML) or drop them (plain text).
///
/// The low 8 bits are the styles; the 23 bits above them say which link a run of ``link``
/// text is (``linkID``, resolved through ``Page/linkDestinations``), so that a run's style
/// carries its link through line breaking at no extra cost. The bits from 32 up hold what
/// text kept line by line brings of its own (``underline``, ``inverse``, ``foreground``,
/// ``background``, ``syntax``): a man page's underline, a terminal's colours, a program's
/// keywords.
public struct TextStyle: OptionSet, Sendable, Hashable {
  public let rawValue: UInt64

  public init(rawValue: UInt64) { self.rawValue = rawValue }

  /// Link text of the link numbered `id` (from 1; 0 or more than 2^23 - 1: a link with no
  /// destination known).
  public static func link(_ id: UInt32) -> TextStyle {
    TextStyle(rawValue: TextStyle.link.rawValue | (id < 1 << 23 ? UInt64(id) << 8 : 0))
  }

  /// Which link the text is (see ``link(_:)``); 0 for none.
  public var linkID: UInt32 { UInt32(truncatingIfNeeded: rawValue >> 8) & 0x7F_FFFF }

  /// The page number printed after an in-document link (`p. 7` in `Usage → p. 7`), in the
  /// link's style too: what ``PageNumberFiller`` writes the numbers into. (The top bit, which
  /// no renderer shows or names.)
  static let pageNumber = TextStyle(rawValue: 1 << 31)

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
  /// Struck-out text.
  public static let strikethrough = TextStyle(rawValue: 1 << 7)
  /// Underlined text (a man page's underline, SGR 4).
  public static let underline = TextStyle(rawValue: 1 << 32)
  /// Text with its colours swapped (SGR 7).
  public static let inverse = TextStyle(rawValue: 1 << 33)

  /// Where the colours and the syntax class sit: nine bits a colour (0 for none, else the
  /// palette index plus one), five for the class (0 for none, else its index plus one).
  private static let foregroundShift: UInt64 = 34
  private static let backgroundShift: UInt64 = 43
  private static let syntaxShift: UInt64 = 52

  /// The text's colour in xterm's 256-colour palette, `nil` for the default.
  public var foreground: UInt8? {
    get { Self.colour(rawValue >> Self.foregroundShift) }
    set { setField(newValue.map { UInt64($0) + 1 } ?? 0, shift: Self.foregroundShift, bits: 9) }
  }

  /// The colour behind the text in xterm's 256-colour palette, `nil` for none.
  public var background: UInt8? {
    get { Self.colour(rawValue >> Self.backgroundShift) }
    set { setField(newValue.map { UInt64($0) + 1 } ?? 0, shift: Self.backgroundShift, bits: 9) }
  }

  /// The part of a program the text is, when it was highlighted.
  public var syntax: SyntaxClass? {
    get {
      let index = Int((rawValue >> Self.syntaxShift) & 0x1F)
      return index == 0 ? nil : SyntaxClass.allCases[index - 1]
    }
    set {
      let index = newValue.flatMap { SyntaxClass.allCases.firstIndex(of: $0) }.map { UInt64($0) + 1 } ?? 0
      setField(index, shift: Self.syntaxShift, bits: 5)
    }
  }

  /// The style of text kept line by line: its emphasis, colours and syntax class.
  public init(_ run: RunStyle) {
    var style = TextStyle()
    if run.emphasis.contains(.bold) { style.insert(.bold) }
    if run.emphasis.contains(.italic) { style.insert(.italic) }
    if run.emphasis.contains(.underline) { style.insert(.underline) }
    if run.emphasis.contains(.strikethrough) { style.insert(.strikethrough) }
    if run.emphasis.contains(.inverse) { style.insert(.inverse) }
    style.foreground = run.foreground
    style.background = run.background
    style.syntax = run.syntax
    self = style
  }

  private static func colour(_ field: UInt64) -> UInt8? {
    let value = field & 0x1FF
    return value == 0 ? nil : UInt8(value - 1)
  }

  private mutating func setField(_ value: UInt64, shift: UInt64, bits: UInt64) {
    let mask: UInt64 = ((1 << bits) - 1) << shift
    self = TextStyle(rawValue: (rawValue & ~mask) | ((value << shift) & mask))
  }

  /// The names of the styles in the set, for JSON and debugging: `["bold", "link"]`; a
  /// syntax class by its name (`"keyword"`). (Colours are numbers, not names.)
  public var names: [String] {
    var names: [String] = []
    if contains(.bold) { names.append("bold") }
    if contains(.italic) { names.append("italic") }
    if contains(.code) { names.append("code") }
    if contains(.link) { names.append("link") }
    if contains(.heading) { names.append("heading") }
    if contains(.furniture) { names.append("furniture") }
    if contains(.highlight) { names.append("highlight") }
    if contains(.strikethrough) { names.append("strikethrough") }
    if contains(.underline) { names.append("underline") }
    if contains(.inverse) { names.append("inverse") }
    if let syntax { names.append(syntax.rawValue) }
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

extension [StyleSpan] {
  /// Appends `span` after the others, merged with the last one when they meet and have the
  /// same style.
  @inline(__always)
  mutating func appendMerging(_ span: StyleSpan) {
    if let last, last.style == span.style, last.range.upperBound == span.range.lowerBound {
      self[count - 1].range = last.range.lowerBound..<span.range.upperBound
    } else {
      append(span)
    }
  }

  /// Appends `spans` moved `offset` bytes right, each merged as ``appendMerging(_:)`` does.
  mutating func appendMerging(_ spans: [StyleSpan], shiftedBy offset: Int) {
    for span in spans {
      appendMerging(StyleSpan(range: (span.range.lowerBound + offset)..<(span.range.upperBound + offset), style: span.style))
    }
  }
}
