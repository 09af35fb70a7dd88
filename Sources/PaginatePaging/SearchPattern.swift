import PaginateLayout

/// A query ready to search with: words folded as the text is, or a compiled regular
/// expression (``SearchOptions/isRegularExpression``).
struct SearchPattern {
  enum Kind {
    /// The folded words: spaces at either end dropped, runs of spaces one.
    case words([UInt32])
    case regex(Regex<AnyRegexOutput>)
    /// A regular expression of letters, digits, `_` and `-` alone, which matches itself: found
    /// as the folded scalars are, ten times faster than by the regular expression engine, where
    /// no combining mark follows (the engine matches whole characters).
    case literal([UInt32])
  }

  let kind: Kind
  /// How the text is folded before it is compared.
  let folding: FoldedText.Options

  /// The pattern for `query`; `nil` for an empty query or one that is not a regular
  /// expression when it must be.
  init?(_ query: String, _ options: SearchOptions) {
    folding = FoldedText.Options(options)
    if options.isRegularExpression && Self.isLiteral(query) {
      kind = .literal(FoldedText(query, options: folding).scalars)
    } else if options.isRegularExpression {
      guard !query.isEmpty, let regex = try? Regex(query) else { return nil }
      kind = .regex(options.ignoresCase ? regex.ignoresCase() : regex)
    } else {
      var scalars = FoldedText(query, options: folding).scalars
      while scalars.last == 0x20 { scalars.removeLast() }
      guard !scalars.isEmpty else { return nil }
      kind = .words(scalars)
    }
  }

  /// Where the pattern occurs in `text`, starting below `limit`: offsets in its scalars and
  /// lengths, in order, not overlapping.
  func occurrences(in text: FoldedText, below limit: Int?) -> [(start: Int, count: Int)] {
    switch kind {
    case .words(let needle):
      return text.occurrences(of: needle, below: limit).map { ($0, needle.count) }
    case .regex(let regex):
      return text.occurrences(of: regex, below: limit)
    case .literal(let needle):
      // Not where a mark follows: inside a character, where the engine would not match.
      let scalars = text.scalars
      return text.occurrences(of: needle, below: limit).lazy
        .filter { $0 + needle.count >= scalars.count || !Self.isCombining(scalars[$0 + needle.count]) }
        .map { ($0, needle.count) }
    }
  }

  /// Whether a regular expression matches exactly its own text: letters and digits of ASCII,
  /// `_` and `-`, nothing else.
  static func isLiteral(_ query: String) -> Bool {
    !query.isEmpty
      && query.utf8.allSatisfy { byte in
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
          || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
      }
  }

  /// Whether a scalar joins the character before it (a combining mark, a joiner).
  private static func isCombining(_ value: UInt32) -> Bool {
    guard value >= 0x300, let scalar = Unicode.Scalar(value) else { return false }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .spacingMark, .enclosingMark: return true
    default: return value == 0x200D || (value >= 0xFE00 && value <= 0xFE0F)
    }
  }
}
