public import PaginateLayout
public import PaginateModel

/// Before/after navigation over the pages (or the spreads) of a document, in the spirit of
/// UIKit's `UIPageViewController` data source, for pagers, e-readers and anything that embeds
/// the engine.
///
/// ```swift
/// var controller = PagingController(document: document, options: options)
/// var page = controller.currentPage()                // page 1; only it is laid out
/// while let next = controller.page(after: page) {    // lays out one more page each time
///   page = next
/// }
/// controller.isWrapping = true
/// controller.page(after: page)?.number               // 1 again: after the last comes the first
/// ```
///
/// The controller also keeps a current position that moves with ``goForward()``,
/// ``goBack()`` and the jumps, tells observers about each transition, and keeps the reader
/// anchored to the same text when the layout changes (``relayout(options:facing:)``) or the
/// document is reloaded (``reload(_:)``).
///
/// Pages are laid out lazily: `page(after:)` on page N lays out at most page N+1; only asking
/// for the last page (or the page count) lays out the rest.
///
/// The controller is a value (`Sendable`): use it from one task or actor at a time, and hand it
/// over rather than sharing it.
public struct PagingController: Sendable {
  /// The pages, laid out as far as navigation has asked.
  public private(set) var pages: PageSet
  /// How pages pair into spreads; `nil` shows single pages.
  public private(set) var facing: FacingOptions?
  /// After the last page comes the first, and before the first the last.
  public var isWrapping: Bool
  /// The index (from 0) of the current page; in facing mode, of a page of the current spread.
  public private(set) var currentIndex = 0

  private var observers: [(token: ObserverToken, callback: @Sendable (PagingEvent) -> Void)] = []
  private var nextToken = 0
  private var lastSourceLine: Int
  /// The source line the reader is at: the top of the page they moved to. Relayouts land on it
  /// without changing it, so that several relayouts in a row do not drift.
  private var anchor: Int?

  /// Creates a controller showing the first page of `document`.
  ///
  /// - Precondition: `options.validate()` does not throw.
  public init(document: Document, options: LayoutOptions, facing: FacingOptions? = nil, isWrapping: Bool = false) {
    self.init(pages: PageSet(document: document, options: options), facing: facing, isWrapping: isWrapping)
  }

  /// Creates a controller over an existing page set.
  public init(pages: PageSet, facing: FacingOptions? = nil, isWrapping: Bool = false) {
    self.pages = pages
    self.facing = facing
    self.isWrapping = isWrapping
    lastSourceLine = pages.source.lastSourceLine ?? 0
  }

  // MARK: Data source

  /// The page after `page`, or `nil` after the last (the first page when wrapping).
  ///
  /// - Complexity: lays out at most one more page, except when wrapping from the last page.
  public mutating func page(after page: Page) -> Page? {
    if let next = pages.page(at: page.index + 1) { return next }
    guard isWrapping, page.index > 0 || pages.count ?? 0 > 1 else { return nil }
    return pages.page(at: 0)
  }

  /// The page before `page`, or `nil` before the first (the last page when wrapping, which lays
  /// out the whole document).
  public mutating func page(before page: Page) -> Page? {
    if page.index > 0 { return pages.page(at: page.index - 1) }
    guard isWrapping else { return nil }
    pages.layOutAll()
    let last = (pages.count ?? 1) - 1
    return last > 0 ? pages.page(at: last) : nil
  }

  /// The spread after `spread`, or `nil` after the last (the first when wrapping).
  ///
  /// - Precondition: the controller is in facing mode.
  public mutating func spread(after spread: Spread) -> Spread? {
    let facing = facingOptions
    if let next = pages.spread(at: spread.index + 1, facing: facing) { return next }
    guard isWrapping, spread.index > 0 else { return nil }
    return pages.spread(at: 0, facing: facing)
  }

  /// The spread before `spread`, or `nil` before the first (the last when wrapping).
  public mutating func spread(before spread: Spread) -> Spread? {
    let facing = facingOptions
    if spread.index > 0 { return pages.spread(at: spread.index - 1, facing: facing) }
    guard isWrapping else { return nil }
    let last = lastSpreadIndex()
    return last > 0 ? pages.spread(at: last, facing: facing) : nil
  }

  // MARK: Position

  /// The current page (laying it out if needed).
  public mutating func currentPage() -> Page {
    // The current index always names a laid-out page, so this never fails.
    pages.page(at: currentIndex) ?? pages.page(at: 0)!
  }

  /// The current spread, in facing mode.
  public mutating func currentSpread() -> Spread? {
    guard let facing else { return nil }
    return pages.spread(at: facing.spreadIndex(ofPage: currentIndex), facing: facing)
  }

  /// Where the reader is: page number, page count when known, and the fraction through the
  /// document (by source line while the end is not laid out yet).
  public mutating func position() -> PagingPosition {
    let page = currentPage()
    let fraction: Double
    if let count = pages.count {
      fraction = count > 1 ? Double(page.index) / Double(count - 1) : 1
    } else if let line = page.anchorLine, lastSourceLine > 1 {
      fraction = Double(line - 1) / Double(lastSourceLine - 1)
    } else {
      fraction = 0
    }
    return PagingPosition(
      pageIndex: page.index, pageNumber: page.number, pageCount: pages.count, side: page.side,
      fraction: min(max(fraction, 0), 1), runningHead: page.runningHead)
  }

  // MARK: Moving

  /// Moves to the next page (or spread); `false` at the end when not wrapping.
  @discardableResult
  public mutating func goForward() -> Bool {
    if facing != nil {
      guard let spread = currentSpread(), let next = self.spread(after: spread), let target = next.pages.first else {
        return false
      }
      return move(to: target.index, direction: .forward)
    }
    let current = currentPage()
    guard let next = page(after: current) else { return false }
    return move(to: next.index, direction: .forward)
  }

  /// Moves to the previous page (or spread); `false` at the start when not wrapping.
  @discardableResult
  public mutating func goBack() -> Bool {
    if facing != nil {
      guard let spread = currentSpread(), let previous = self.spread(before: spread),
        let target = previous.pages.first
      else { return false }
      return move(to: target.index, direction: .backward)
    }
    let current = currentPage()
    guard let previous = page(before: current) else { return false }
    return move(to: previous.index, direction: .backward)
  }

  /// Moves to the first page.
  public mutating func goToFirst() {
    move(to: 0, direction: .backward)
  }

  /// Moves to the last page, laying out the rest of the document.
  public mutating func goToLast() {
    pages.layOutAll()
    move(to: max((pages.count ?? 1) - 1, 0), direction: .forward)
  }

  /// Moves to the page with printed number `number`; `false` when there is none.
  @discardableResult
  public mutating func go(toPageNumber number: Int) -> Bool {
    guard let page = pages.page(number: number) else { return false }
    return move(to: page.index)
  }

  /// Moves to the page that contains source line `line` (the last page whose top is at or
  /// before it); `false` when the document has no source positions.
  @discardableResult
  public mutating func go(toSourceLine line: Int) -> Bool {
    guard let index = pageIndex(containingSourceLine: line) else { return false }
    let moved = move(to: index)
    anchor = line  // later relayouts keep this very line in view
    return moved
  }

  /// Moves to the page holding the `n`-th match (from 1) of `query`, counting matches in the
  /// text of each page from the first; case-insensitive. `false` when there are fewer matches.
  @discardableResult
  public mutating func go(toMatch n: Int, of query: String) -> Bool {
    guard n >= 1, !query.isEmpty else { return false }
    let needle = query.lowercased()
    var seen = 0
    var index = 0
    while let page = pages.page(at: index) {
      seen += Self.matches(of: needle, in: page)
      if seen >= n { return move(to: index) || index == currentIndex }
      index += 1
    }
    return false
  }

  /// Moves to the next page after the current one (or before it, when `forward` is false)
  /// that contains `query`, wrapping when ``isWrapping`` is on. `false` when none does.
  @discardableResult
  public mutating func goToNextMatch(of query: String, forward: Bool = true) -> Bool {
    guard !query.isEmpty else { return false }
    let needle = query.lowercased()
    var index = currentIndex
    var wrapped = false
    while true {
      index += forward ? 1 : -1
      if index < 0 || pages.page(at: index) == nil {
        guard isWrapping, !wrapped else { return false }
        wrapped = true
        if forward {
          index = 0
        } else {
          pages.layOutAll()
          index = (pages.count ?? 1) - 1
        }
      }
      if index == currentIndex && wrapped { return false }
      guard let page = pages.page(at: index) else { return false }
      if Self.matches(of: needle, in: page) > 0 { return move(to: index) }
    }
  }

  // MARK: Relayout

  /// Lays the document out again with new options (page size, margins, double-sided) and
  /// spread settings, and moves to the page that holds the source line at the top of the page
  /// shown before.
  public mutating func relayout(options: LayoutOptions, facing: FacingOptions?) {
    let anchor = self.anchor ?? currentPage().anchorLine
    pages = PageSet(source: pages.source, options: options)
    self.facing = facing
    land(on: anchor)
  }

  /// Replaces the document (the file changed and was read again) and keeps the reader's place
  /// as closely as the source allows: the page holding the same source line, clamped to the
  /// new end.
  public mutating func reload(_ document: Document) {
    reload(DocumentSource(document))
  }

  /// Replaces the document with a new source (an incrementally read file) and keeps the place.
  public mutating func reload(_ source: DocumentSource) {
    let anchor = self.anchor ?? currentPage().anchorLine
    pages = PageSet(source: source, options: pages.options)
    lastSourceLine = source.lastSourceLine ?? 0
    land(on: anchor)
  }

  // MARK: Observers

  /// Registers `callback` to hear about every transition: `willTransition` before the current
  /// page changes and `didTransition` after, so a view can load what it will show and release
  /// what it no longer shows.
  @discardableResult
  public mutating func addObserver(_ callback: @escaping @Sendable (PagingEvent) -> Void) -> ObserverToken {
    nextToken += 1
    let token = ObserverToken(value: nextToken)
    observers.append((token, callback))
    return token
  }

  /// Stops notifying the observer registered with `token`.
  public mutating func removeObserver(_ token: ObserverToken) {
    observers.removeAll { $0.token == token }
  }

  // MARK: Helpers

  private var facingOptions: FacingOptions {
    guard let facing else { preconditionFailure("spread navigation needs facing options") }
    return facing
  }

  private mutating func lastSpreadIndex() -> Int {
    pages.layOutAll()
    return facingOptions.spreadIndex(ofPage: max((pages.count ?? 1) - 1, 0))
  }

  /// Moves to `index`, telling observers; a move to the current page is no transition.
  @discardableResult
  private mutating func move(to index: Int, direction: PagingDirection? = nil) -> Bool {
    let facing = self.facing
    let unit = { (index: Int) -> Int in facing.map { $0.spreadIndex(ofPage: index) } ?? index }
    guard unit(index) != unit(currentIndex) else { return false }
    let transition = PageTransition(
      from: currentIndex, to: index, direction: direction ?? (index > currentIndex ? .forward : .backward))
    for observer in observers { observer.callback(.willTransition(transition)) }
    currentIndex = index
    anchor = pages.page(at: index)?.anchorLine
    for observer in observers { observer.callback(.didTransition(transition)) }
    return true
  }

  private mutating func land(on anchor: Int?) {
    self.anchor = anchor
    let target = anchor.flatMap { pageIndex(containingSourceLine: $0) } ?? 0
    let transition = PageTransition(from: currentIndex, to: target, direction: target >= currentIndex ? .forward : .backward)
    currentIndex = target
    for observer in observers { observer.callback(.didRelayout(transition)) }
  }

  /// The last page whose top source line is at or before `line`.
  private mutating func pageIndex(containingSourceLine line: Int) -> Int? {
    var found: Int?
    var index = 0
    while let page = pages.page(at: index) {
      if let anchor = page.anchorLine {
        if anchor > line { break }
        found = index
      } else if let source = page.source, source.firstLine > line {
        break
      }
      index += 1
    }
    return found ?? (pages.page(at: 0) != nil ? 0 : nil)
  }

  static func matches(of needle: String, in page: Page) -> Int {
    var count = 0
    for line in page.lines where !line.isEmpty {
      var rest = line.text.lowercased()[...]
      while let range = rest.firstRange(of: needle) {
        count += 1
        rest = rest[range.upperBound...]
      }
    }
    return count
  }

}
