import PaginateLayout
public import PaginateModel

/// How far the work of a long jump or a search has got, for a progress bar.
public struct JumpProgress: Sendable, Hashable {
  /// The pages laid out so far.
  public var laidOutPageCount: Int
  /// The page the work has reached: the last laid out, or the page a search looks at.
  public var pageIndex: Int
  /// How far through the document that is, from 0 to 1, by the share of the source read;
  /// `nil` when the source cannot say (an endless one).
  public var fraction: Double?

  /// A progress report, for previews and tests.
  public init(laidOutPageCount: Int, pageIndex: Int, fraction: Double?) {
    self.laidOutPageCount = laidOutPageCount
    self.pageIndex = pageIndex
    self.fraction = fraction
  }
}

/// How far ``PagingController/layOut(through:isolation:progress:)`` lays the document out: as
/// far as a jump to it needs, after which the jump itself is immediate.
public enum LayoutTarget: Sendable, Hashable {
  /// The end: for ``PagingController/goToLast(asTransition:isolation:)``, a turn back round
  /// from the first page when wrapping, and the page count.
  case end
  /// The page `fraction` of the way through, for
  /// ``PagingController/go(toFraction:asTransition:isolation:)``.
  case fraction(Double)
  /// The page with this printed number, for
  /// ``PagingController/go(toPageNumber:asTransition:isolation:)``.
  case pageNumber(Int)
  /// The page that holds this place, for ``PagingController/go(to:asTransition:isolation:)``.
  case anchor(TextAnchor)
}

extension PagingController {
  /// How long one step of a long jump runs before it reports progress, checks for
  /// cancellation and lets the caller's actor do other work.
  static let stepDuration = Duration.milliseconds(8)

  /// Lays out pages as far as `target`, in short steps on the caller's actor that report
  /// `progress` and let other work (drawing a progress bar) run between them; stops when the
  /// task is cancelled. The reader does not move: the jump after it finds its page at once.
  ///
  /// The layout is shared with the controller it was called on (a copy's too), so this can be
  /// called on a model's controller from the main actor while the reader keeps turning pages:
  ///
  /// ```swift
  /// @MainActor @Observable final class BookModel {
  ///   var reader: PagingController
  ///   var progress = 0.0
  ///
  ///   init(document: Document) { reader = PagingController(document: document) }
  ///
  ///   func goToEnd() async {
  ///     do {
  ///       try await reader.layOut(through: .end) { self.progress = $0.fraction ?? 0 }
  ///       reader.goToLast()   // at once: the pages are laid out
  ///     } catch {
  ///       // Cancelled: the reader is where it was.
  ///     }
  ///   }
  /// }
  /// ```
  ///
  /// The moves themselves stay synchronous (`mutating`): an actor's state cannot be passed
  /// `inout` to an `async` call, so an `async` move could not be called on a model's
  /// controller at all.
  ///
  /// - Throws: `CancellationError` when the task is cancelled before the target is laid out
  ///   (the pages laid out so far are kept).
  public func layOut(
    through target: LayoutTarget, isolation: isolated (any Actor)? = #isolation,
    progress: (JumpProgress) -> Void = { _ in }
  ) async throws(CancellationError) {
    // For a document in memory, a fraction is a place in its characters.
    let target: LayoutTarget =
      if case .fraction(let fraction) = target, let characters = cache.documentCharacters {
        fraction >= 1 || fraction.isNaN ? .end : .anchor(characters.anchor(at: max(fraction, 0)))
      } else {
        target
      }
    while !isLaidOut(through: target) {
      if Task.isCancelled { throw CancellationError() }
      let deadline = ContinuousClock.now + Self.stepDuration
      var goesOn = true
      repeat { goesOn = layOut(morePages: 4) } while goesOn && !isLaidOut(through: target) && .now < deadline
      progress(layoutProgress)
      guard goesOn else { return }
      await Task.yield()
    }
  }

  /// The first match of `query` on the pages from `index` on (or, backwards, the last match
  /// on the pages from `index` back), as ``firstMatch(of:fromPageAt:forward:options:)`` finds
  /// it, looked for in short steps on the caller's actor that report `progress`, and stopped
  /// when the task is cancelled. The reader does not move: go to the match's page with
  /// ``go(toPageAt:asTransition:isolation:)``.
  ///
  /// - Throws: `CancellationError` when the task is cancelled before the search ends.
  public func findMatch(
    of query: String, fromPageAt index: Int, forward: Bool = true, options: SearchOptions = SearchOptions(),
    isolation: isolated (any Actor)? = #isolation, progress: (JumpProgress) -> Void = { _ in }
  ) async throws(CancellationError) -> TextMatch? {
    guard let pattern = SearchPattern(query, options) else { return nil }
    var texts = PageTexts()
    let start = index
    var index = index
    var wrapped = false
    let bounded = cache.isEndless || cache.reader.hasEarlierBlocks
    while true {
      if Task.isCancelled { throw CancellationError() }
      let deadline = ContinuousClock.now + Self.stepDuration
      repeat {
        if bounded && index.distance(to: start).magnitude > Self.searchLimit { return nil }
        switch scan(for: pattern, fromPageAt: index, forward: forward, pageLimit: 16, texts: &texts) {
        case .found(let match):
          // Past the start again after wrapping round: every page was looked at.
          if wrapped && (forward ? match.pageIndex >= start : match.pageIndex <= start) { return nil }
          return match
        case .incomplete(let next):
          index = next
        case .notFound:
          guard wraps, !wrapped else { return nil }
          wrapped = true
          if !forward { try await layOut(through: .end, progress: progress) }
          index = forward ? 0 : max((cache.count ?? 1) - 1, 0)
        }
        if wrapped && (forward ? index >= start : index <= start) { return nil }
      } while .now < deadline
      progress(searchProgress(atPage: index))
      await Task.yield()
    }
  }

  /// Whether the layout has got as far as `target`, so that a jump there lays out nothing.
  private func isLaidOut(through target: LayoutTarget) -> Bool {
    if cache.count != nil { return true }
    switch target {
    case .end:
      return cache.isEndless
    case .fraction(let fraction):
      guard let reached = cache.laidOutFraction else { return true }
      return reached >= fraction
    case .pageNumber(let number):
      let (index, overflowed) = number.subtractingReportingOverflow(cache.options.firstPageNumber)
      return overflowed || index < cache.laidOutCount
    case .anchor(let anchor):
      // The layout goes on until a page starts after the place (see `pageIndex(of:)`).
      let last = cache.laidOutCount - 1
      return last >= 0 && (cache.anchor(ofPageAt: last).map { $0 > anchor } ?? false)
    }
  }

  /// How far a search has got, on page `index`: the share of the document up to that page,
  /// from the share the pages laid out so far hold (as ``layoutProgress``, at no cost).
  private func searchProgress(atPage index: Int) -> JumpProgress {
    let laidOut = cache.laidOutCount
    let pages = Double(min(max(index, 0) + 1, max(laidOut, 1))) / Double(max(laidOut, 1))
    let fraction = (cache.count != nil ? 1 : cache.laidOutFraction.map { min($0, 1) }).map { $0 * pages }
    return JumpProgress(laidOutPageCount: laidOut, pageIndex: index, fraction: cache.isEndless ? nil : fraction)
  }

  /// How far the layout has got: by the share of the source read (blocks, or source lines),
  /// which costs nothing to ask, where the estimated page count would first measure the text
  /// of every block.
  private var layoutProgress: JumpProgress {
    let laidOut = cache.laidOutCount
    let fraction = cache.count != nil ? 1 : cache.laidOutFraction.map { min($0, 1) }
    return JumpProgress(laidOutPageCount: laidOut, pageIndex: max(laidOut - 1, 0), fraction: cache.isEndless ? nil : fraction)
  }
}
