/// A styled range of a block of lines (``Block/Content/lines(_:styles:)``): a man page's bold
/// or underlined words, a terminal's colours, a program's keywords and strings.
public struct TextRun: Sendable, Hashable {
  /// The UTF-8 offsets of the styled text within the block's text.
  public var range: Range<Int>
  /// How the text looks.
  public var style: RunStyle

  /// Creates a run.
  public init(range: Range<Int>, style: RunStyle) {
    self.range = range
    self.style = style
  }
}

/// How a run of kept lines looks: the emphasis a terminal shows, its colours, and the part of
/// a program it is.
///
/// Colours are indexes into the 256 colours of xterm's palette (0–7 the standard colours,
/// 8–15 their bright forms), as `ls --color` and `git log --color` write them; a renderer
/// picks the shades.
public struct RunStyle: Sendable, Hashable {
  /// Bold, italic, underline, struck out, reversed.
  public struct Emphasis: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let bold = Emphasis(rawValue: 1 << 0)
    public static let italic = Emphasis(rawValue: 1 << 1)
    public static let underline = Emphasis(rawValue: 1 << 2)
    public static let strikethrough = Emphasis(rawValue: 1 << 3)
    /// Foreground and background swapped (SGR 7).
    public static let inverse = Emphasis(rawValue: 1 << 4)
  }

  /// Bold, italic, underline, struck out, reversed.
  public var emphasis: Emphasis
  /// The text's colour in xterm's palette, `nil` for the default.
  public var foreground: UInt8?
  /// The colour behind the text in xterm's palette, `nil` for none.
  public var background: UInt8?
  /// The part of a program the text is, when it was highlighted.
  public var syntax: SyntaxClass?

  /// Creates a style.
  public init(emphasis: Emphasis = [], foreground: UInt8? = nil, background: UInt8? = nil, syntax: SyntaxClass? = nil) {
    self.emphasis = emphasis
    self.foreground = foreground
    self.background = background
    self.syntax = syntax
  }

  /// Whether the style shows as plain text.
  public var isPlain: Bool { emphasis.isEmpty && foreground == nil && background == nil && syntax == nil }
}

/// The parts of a program a highlighter tells apart; renderers give each its colour.
public enum SyntaxClass: String, Sendable, Hashable, CaseIterable {
  case keyword, type, string, number, comment, preprocessor, function, variable, symbol, constant
}
