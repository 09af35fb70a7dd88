import PaginateLayout
import PaginateModel
import PaginatePaging

/// A search going on in steps, so that the terminal part can show its progress and the reader
/// can stop it (a search through a 200 MB file lays out every page it passes).
struct PendingSearch: Sendable {
  var query: String
  var forward: Bool
  /// The next page to look at.
  var nextIndex: Int
  /// Where the search began: reaching it again after wrapping round ends it.
  var startIndex: Int
  /// The pages shown when the search began, which a repeated search must not stop on.
  var shown: ClosedRange<Int>
  var includingCurrent: Bool
  var wrapped = false
  /// Matches still to pass (`3n` finds the third).
  var remaining: Int
  /// Pages looked at so far.
  var pagesSeen = 0
}

extension PagerModel {
  /// Whether a search is going on; ``continueSearch(pageLimit:)`` takes it further.
  package var isSearching: Bool { pendingSearch != nil }

  /// Looks at up to `pageLimit` more pages for the search going on; `true` while it goes on.
  @discardableResult
  package mutating func continueSearch(pageLimit: Int = 50) -> Bool {
    guard var search = pendingSearch else { return false }
    switch controller.scanForMatch(
      of: search.query, fromPageAt: search.nextIndex, forward: search.forward, pageLimit: pageLimit,
      options: searchOptions)
    {
    case .incomplete(let next):
      search.pagesSeen += abs(next - search.nextIndex)
      search.nextIndex = next
      if search.wrapped && (search.forward ? next > search.startIndex : next < search.startIndex) {
        return finishSearch(found: nil)
      }
      pendingSearch = search
      message = "searching… page \(next + 1) · Esc stops"
      return true
    case .notFound:
      guard controller.isWrapping, !search.wrapped, !controller.reader.isEndless else { return finishSearch(found: nil) }
      search.wrapped = true
      search.nextIndex = search.forward ? 0 : lastPageIndex()
      pendingSearch = search
      return true
    case .found(let match):
      if search.wrapped && (search.forward ? match.pageIndex > search.startIndex : match.pageIndex < search.startIndex) {
        return finishSearch(found: nil)
      }
      if !search.includingCurrent && search.shown.contains(match.pageIndex) { return finishSearch(found: nil) }
      if search.remaining > 1 {
        search.remaining -= 1
        search.includingCurrent = false
        search.shown = match.pageIndex...match.pageIndex
        search.nextIndex = match.pageIndex + (search.forward ? 1 : -1)
        pendingSearch = search
        return true
      }
      return finishSearch(found: match)
    }
  }

  /// Stops the search going on; the reader stays where they were.
  package mutating func cancelSearch() {
    guard pendingSearch != nil else { return }
    pendingSearch = nil
    message = "search stopped"
  }

  /// Runs the search going on to its end (for callers that need no progress).
  package mutating func finishPendingSearch() {
    while continueSearch(pageLimit: 1000) {}
  }

  /// Begins a search for `query`: from the pages shown (a new search, which finds a match
  /// already on the screen, as less does) or past them (n and N).
  mutating func startSearch(_ query: String, forward: Bool, includingCurrent: Bool, times: Int) {
    if let problem = searchOptions.problem(with: query) {
      message = "invalid pattern: \(problem) (^R in the prompt searches for words)"
      return
    }
    let shown = controller.visiblePages.map(\.index)
    guard let first = shown.first, let last = shown.last else { return }
    let start = includingCurrent ? (forward ? first : last) : (forward ? last + 1 : first - 1)
    pendingSearch = PendingSearch(
      query: query, forward: forward, nextIndex: start, startIndex: start, shown: first...last,
      includingCurrent: includingCurrent, remaining: max(times, 1))
    // A short search needs no progress: look at the first pages at once.
    continueSearch(pageLimit: 20)
  }

  mutating func repeatSearch(reversed: Bool, times: Int) {
    guard let lastSearch else {
      message = "no previous search"
      return
    }
    startSearch(lastSearch.query, forward: lastSearch.forward != reversed, includingCurrent: false, times: times)
  }

  private mutating func finishSearch(found match: TextMatch?) -> Bool {
    let query = pendingSearch?.query ?? ""
    pendingSearch = nil
    guard let match else {
      message = "pattern not found: \(query)"
      return false
    }
    message = nil
    controller.go(toPageAt: match.pageIndex)
    scroll = 0
    // In a page taller than the screen, show the match a third of the way down.
    if unitHeight > area, let line = match.pieces.first?.line {
      scroll = min(max(line - area / 3, 0), maxScrollInUnit)
    }
    return false
  }

  /// The index of the last page (laying the document out to its end), found without moving:
  /// with wrapping on (the only time a search wraps), the page before the first is the last.
  private func lastPageIndex() -> Int {
    if let count = controller.pageCount { return count - 1 }
    return controller.page(at: 0).flatMap { controller.page(before: $0) }?.index ?? 0
  }
}
