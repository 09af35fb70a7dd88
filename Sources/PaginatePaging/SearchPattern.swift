import PaginateLayout

/// A query ready to search with: words folded as the text is, or a compiled regular
/// expression (``SearchOptions/isRegularExpression``).
struct SearchPattern {
  enum Kind {
    /// The folded words: spaces at either end dropped, runs of spaces one.
    case words([UInt32])
    case regex(Regex<AnyRegexOutput>)
  }

  let kind: Kind
  /// How the text is folded before it is compared.
  let folding: FoldedText.Options

  /// The pattern for `query`; `nil` for an empty query or one that is not a regular
  /// expression when it must be.
  init?(_ query: String, _ options: SearchOptions) {
    folding = FoldedText.Options(options)
    if options.isRegularExpression {
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
    }
  }
}
