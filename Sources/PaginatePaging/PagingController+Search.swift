import PaginateLayout
import PaginateModel

extension PagingController {
  /// The matches of `query` that start on the page at `index`, in order; a match may run over
  /// the page end onto the next page. Phrases match across line ends (joined by the break that
  /// was there) and runs of spaces; see ``SearchOptions`` for case and diacritics. An empty
  /// query matches nothing.
  ///
  /// - Complexity: lays out at most the page after `index`; O(n·m) in the text of the two
  ///   pages and the query.
  public func matches(of query: String, startingOnPageAt index: Int, options: SearchOptions = SearchOptions())
    -> [TextMatch]
  {
    guard let pattern = SearchPattern(query, options), let page = cache.page(at: index) else { return [] }
    return matches(of: pattern, on: page)
  }

  /// The matches of `query` that show on the page at `index`: those that start on it and one
  /// that runs onto it from the page before. For highlighting.
  public func matches(of query: String, onPageAt index: Int, options: SearchOptions = SearchOptions()) -> [TextMatch] {
    guard let pattern = SearchPattern(query, options), let page = cache.page(at: index) else { return [] }
    var result: [TextMatch] = []
    if index > 0, let previous = cache.page(at: index - 1) {
      result += matches(of: pattern, on: previous).filter { $0.pageIndices.contains(index) }
    }
    return result + matches(of: pattern, on: page)
  }

  /// The first match of `query` on the pages from `index` on (or, backwards, the last match on
  /// the pages from `index` back), without moving; `nil` when there is none before the end
  /// (or the start). Wraps round when ``isWrapping`` is on. On an endless source, or back
  /// through earlier blocks, it looks at no more than ``searchLimit`` pages.
  public func firstMatch(
    of query: String, fromPageAt index: Int, forward: Bool = true, options: SearchOptions = SearchOptions()
  ) -> TextMatch? {
    guard let pattern = SearchPattern(query, options) else { return nil }
    var index = index
    var wrapped = false
    let start = index
    let bounded = cache.isEndless || cache.reader.hasEarlierBlocks
    var texts = PageTexts()
    while true {
      if bounded && abs(index - start) > Self.searchLimit { return nil }
      if let page = cache.page(at: index) {
        let found = matches(of: pattern, on: page, texts: &texts)
        if let match = forward ? found.first : found.last { return match }
        index += forward ? 1 : -1
      } else {
        guard wraps, !wrapped else { return nil }
        wrapped = true
        index = forward ? 0 : cache.layOutAll() - 1
      }
      if wrapped && (forward ? index >= start : index <= start) { return nil }
    }
  }

  /// What looking through a bounded number of pages found.
  public enum MatchScan: Sendable, Hashable {
    /// A match: the first on its page (the last going backwards).
    case found(TextMatch)
    /// No match up to the end of the document (or its start, going backwards).
    case notFound
    /// No match on the pages looked at; the next page to look at is `nextPageIndex`.
    case incomplete(nextPageIndex: Int)
  }

  /// Looks for `query` on at most `pageLimit` pages from `index` on (or back), without moving
  /// and without wrapping round: a search in steps, that a reader can watch and stop. Call it
  /// again from ``MatchScan/incomplete(nextPageIndex:)`` to go on.
  public func scanForMatch(
    of query: String, fromPageAt index: Int, forward: Bool = true, pageLimit: Int,
    options: SearchOptions = SearchOptions()
  ) -> MatchScan {
    guard let pattern = SearchPattern(query, options) else { return .notFound }
    var texts = PageTexts()
    return scan(for: pattern, fromPageAt: index, forward: forward, pageLimit: pageLimit, texts: &texts)
  }

  /// ``scanForMatch(of:fromPageAt:forward:pageLimit:options:)`` with the pattern made and the
  /// folded text of the pages looked at before kept, for a search that goes on in steps.
  func scan(for pattern: SearchPattern, fromPageAt index: Int, forward: Bool, pageLimit: Int, texts: inout PageTexts)
    -> MatchScan
  {
    var index = index
    for _ in 0..<max(pageLimit, 1) {
      guard index >= 0, let page = cache.page(at: index) else { return .notFound }
      let found = matches(of: pattern, on: page, texts: &texts)
      if let match = forward ? found.first : found.last { return .found(match) }
      index += forward ? 1 : -1
    }
    return index >= 0 ? .incomplete(nextPageIndex: index) : .notFound
  }

  /// Moves to the next page (or spread) that holds a match of `query`, after the one shown or,
  /// backwards, before it; wraps round when ``isWrapping`` is on. Observers hear `didJump`
  /// unless `asTransition`.
  ///
  /// - Parameters:
  ///   - query: The words to find (see ``matches(of:startingOnPageAt:options:)``).
  ///   - forward: Search towards later pages (the default) or earlier ones.
  ///   - includingCurrent: Look first at the pages shown (a new search, which finds a match
  ///     already on the screen); `false` (the default) goes past them (repeating a search).
  ///   - options: Case and diacritics.
  ///   - asTransition: Tell observers as for a page turn rather than `didJump`.
  ///   - isolation: The caller's actor, filled in for you.
  /// - Returns: The match moved to (the first on its page, or the last going backwards);
  ///   `nil`, without moving, when there is none.
  @discardableResult
  public mutating func goToNextMatch(
    of query: String, forward: Bool = true, includingCurrent: Bool = false, options: SearchOptions = SearchOptions(),
    asTransition: Bool = false, isolation: isolated (any Actor)? = #isolation
  ) -> TextMatch? {
    let shown = visiblePages.map(\.index)
    guard let first = shown.first, let last = shown.last else { return nil }
    let start: Int
    if includingCurrent {
      start = forward ? first : last
    } else {
      guard let next = neighbourIndex(forward ? .forward : .backward) else { return nil }
      // Backwards, start from the last page of the unit before.
      start = forward ? next : pagesShown(atPage: next).map(\.index).max() ?? next
    }
    guard let match = firstMatch(of: query, fromPageAt: start, forward: forward, options: options) else { return nil }
    if !includingCurrent && shown.contains(match.pageIndex) { return nil }  // wrapped round to the pages shown
    jump(to: match.pageIndex, asTransition: asTransition, context: .isolated(isolation))
    return match
  }

  /// Moves to the page holding the `n`-th match (from 1) of `query`, counting from the first
  /// page. `false`, without moving, when there are fewer matches.
  @discardableResult
  public mutating func go(
    toMatch n: Int, of query: String, options: SearchOptions = SearchOptions(), asTransition: Bool = false,
    isolation: isolated (any Actor)? = #isolation
  ) -> Bool {
    guard n >= 1, let pattern = SearchPattern(query, options) else { return false }
    var seen = 0
    var index = 0
    var texts = PageTexts()
    while let page = cache.page(at: index) {
      let found = matches(of: pattern, on: page, texts: &texts)
      if seen + found.count >= n {
        return jump(to: found[n - seen - 1].pageIndex, asTransition: asTransition, context: .isolated(isolation))
      }
      seen += found.count
      index += 1
    }
    return false
  }

  /// The most pages a search looks at on an endless source (or back through earlier blocks)
  /// before it gives up.
  public static let searchLimit = 10_000

  // MARK: Helpers

  /// The matches that start on `page`: in its flowed text (which may run onto the next page)
  /// and in its notes.
  func matches(of pattern: SearchPattern, on page: Page) -> [TextMatch] {
    var texts = PageTexts()
    return matches(of: pattern, on: page, texts: &texts)
  }

  /// The folded text of the last page a search looked at: the next page's text, folded to
  /// join a match that runs over the page end, is that page's own when the search gets there.
  /// (Two are kept: a search backwards looks at a page and then the one before.)
  struct PageTexts {
    private var texts: [(index: Int, text: PageText)] = []

    /// The text of `page`, folded with `options` (the same for every call).
    mutating func text(of page: Page, options: FoldedText.Options) -> PageText {
      if let kept = texts.first(where: { $0.index == page.index }) { return kept.text }
      let folded = PageText(page, options: options)
      if texts.count == 2 { texts.removeFirst() }
      texts.append((page.index, folded))
      return folded
    }
  }

  /// ``matches(of:on:)``, with the folded text of the pages looked at before.
  func matches(of pattern: SearchPattern, on page: Page, texts: inout PageTexts) -> [TextMatch] {
    let folding = pattern.folding
    let here = texts.text(of: page, options: folding)
    var text = here.flow
    let ownCount = text.count
    if ownCount > 0, let next = cache.page(at: page.index + 1) {
      // The next page's start, as far as a match begun here can reach.
      let following = texts.text(of: next, options: folding).flow
      if let first = following.scalars.first, first != 0x0A {
        var joined = FoldedText()
        joined.append(text, slot: 0)
        let previous = text.scalars[ownCount - 1]
        let hyphenated = FoldedText.isHyphen(previous) || here.flowEndsInsideWord
        if !hyphenated && !(FoldedText.isWide(previous) && FoldedText.isWide(first)) {
          joined.appendSeparator(0x20, origin: Int32(page.noteLines.lowerBound), at: 0)
        }
        joined.append(following, slot: 1)
        text = joined
      }
    }
    var result = pattern.occurrences(in: text, below: ownCount).map { found in
      Self.match(text, start: found.start, count: found.count, firstPage: page.index)
    }
    result += pattern.occurrences(in: here.notes, below: nil).map { found in
      Self.match(here.notes, start: found.start, count: found.count, firstPage: page.index)
    }
    return result
  }

  /// The pieces of the match at `start` in `text`, one per line, separators left out.
  static func match(_ text: FoldedText, start: Int, count: Int, firstPage: Int) -> TextMatch {
    var pieces: [TextMatch.Piece] = []
    for origin in text.origins[start..<(start + count)] where origin.end > origin.start {
      let page = firstPage + Int(origin.origin >> 24)
      let line = Int(origin.origin & 0xFF_FFFF)
      let range = Int(origin.start)..<Int(origin.end)
      if let last = pieces.last, last.pageIndex == page, last.line == line {
        pieces[pieces.count - 1].utf8Range = min(last.utf8Range.lowerBound, range.lowerBound)..<max(
          last.utf8Range.upperBound, range.upperBound)
      } else {
        pieces.append(TextMatch.Piece(pageIndex: page, line: line, utf8Range: range))
      }
    }
    if pieces.isEmpty, let origin = text.origins[start...].first {
      pieces.append(
        TextMatch.Piece(pageIndex: firstPage + Int(origin.origin >> 24), line: Int(origin.origin & 0xFF_FFFF), utf8Range: 0..<0))
    }
    return TextMatch(pieces: pieces)
  }
}
