/// How a search compares text.
public struct SearchOptions: Sendable, Hashable {
  /// Upper and lower case match each other (the default): `Page` finds `page` and `PAGE`.
  public var ignoresCase: Bool
  /// Letters match whatever marks they carry: `cafe` finds `café`, `Über` finds `uber` (when
  /// case is ignored too). Off by default.
  public var ignoresDiacritics: Bool

  /// The query is a regular expression (Swift's `Regex` syntax, as less and grep take
  /// theirs: `colou?r`, `^Chapter [0-9]+`), matched against the text as a search reads it:
  /// lines joined, case folded when ``ignoresCase``. Off by default: the query is words.
  public var isRegularExpression: Bool

  /// Creates search options: words, case-insensitive, diacritic-sensitive by default.
  public init(ignoresCase: Bool = true, ignoresDiacritics: Bool = false, isRegularExpression: Bool = false) {
    self.ignoresCase = ignoresCase
    self.ignoresDiacritics = ignoresDiacritics
    self.isRegularExpression = isRegularExpression
  }

  /// Why `query` cannot be searched for with these options (a regular expression that does
  /// not compile), in one line; `nil` when it can.
  public func problem(with query: String) -> String? {
    guard isRegularExpression else { return nil }
    do {
      _ = try Regex(query)
      return nil
    } catch {
      return "\(error)".split(separator: "\n").first.map(String.init) ?? "not a regular expression"
    }
  }
}

/// Where a search query occurs in the flowed text: one piece for each line it touches, so
/// that a phrase broken across a line end, or a page end, can be highlighted where it stands.
public struct TextMatch: Sendable, Hashable {
  /// The part of a match on one line of one page.
  public struct Piece: Sendable, Hashable {
    /// The index of the page.
    public var pageIndex: Int
    /// The index of the line in ``/PaginateLayout/Page/lines``.
    public var line: Int
    /// The UTF-8 offsets of the matched text in the line's ``/PaginateLayout/Line/text`` (the unit of
    /// ``/PaginateLayout/Line/adding(_:in:)`` and of style spans).
    public var utf8Range: Range<Int>

    /// Creates a piece.
    public init(pageIndex: Int, line: Int, utf8Range: Range<Int>) {
      self.pageIndex = pageIndex
      self.line = line
      self.utf8Range = utf8Range
    }
  }

  /// The pieces in reading order; never empty.
  public var pieces: [Piece]

  /// Creates a match from its pieces (at least one).
  public init(pieces: [Piece]) {
    self.pieces = pieces
  }

  /// The index of the page where the match starts.
  public var pageIndex: Int { pieces.first?.pageIndex ?? 0 }

  /// The indices of the pages the match covers: one page, or two when it runs over a page end.
  public var pageIndices: ClosedRange<Int> { pageIndex...(pieces.last?.pageIndex ?? pageIndex) }

  /// The UTF-8 ranges of the match on line `line` of the page at `pageIndex`, for
  /// ``/PaginateLayout/Line/adding(_:in:)``.
  public func ranges(onPageAt pageIndex: Int, line: Int) -> [Range<Int>] {
    pieces.filter { $0.pageIndex == pageIndex && $0.line == line }.map(\.utf8Range)
  }
}
