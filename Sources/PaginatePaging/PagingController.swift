public import PaginateLayout
public import PaginateModel

/// Before/after navigation over the pages (or the spreads) of a document, in the spirit of
/// UIKit's `UIPageViewController` data source and delegate, for e-readers, slide viewers,
/// help browsers, print previews and the terminal pager.
///
/// ```swift
/// import Paginate
///
/// var reader = PagingController(document: Document(markdown: text))  // 80x66 pages
/// reader.currentPage.textLines                 // page 1; only it is laid out
/// reader.goForward()                           // lays out one more page
/// reader.facing = FacingOptions()              // spreads, page 1 alone on the right
/// reader.currentSpread                         // [ | 1] at first
/// reader.options.pageSize = PageSize(columns: 60, lines: 30)  // relayout, same text on top
/// ```
///
/// ## A value with a shared layout
///
/// The controller is a value, like the document it shows: reading it (``currentPage``,
/// ``page(after:)``, ``position``, …) never needs `mutating`, a copy moves on its own, and it
/// can be sent to another thread or task (`Sendable`). Hold it in a `var` of your view
/// controller or `@Observable` model; that holder is the reader's identity.
///
/// Pages are laid out lazily, as far as anyone has asked, in a cache that copies share until
/// one of them lays the document out anew (``options``, `reload(_:)`): a copy that pages to the
/// end lays the pages out for the original too. Reading from several threads at once is safe.
/// `page(after:)` on page N lays out at most page N+1; only the last page (or the page count)
/// lays out the rest.
///
/// Observers are part of the value, as a closure property would be: a copy carries the
/// observers registered before it was made, and its moves reach them. A copy for scratch work
/// (counting pages, thumbnails) that must tell no one is ``withoutObservers``. Removing an
/// observer stops it in every copy, so that a view controller that goes away is never called.
///
/// Moves are `mutating`, so a test binds their result before checking it (`#expect` cannot call
/// a mutating method): `let moved = reader.goForward(); #expect(moved)`.
///
/// ## Moving and observing
///
/// ``goForward(isolation:)`` and ``goBack(isolation:)`` turn a page (or a spread) and tell
/// observers `willTransition` then `didTransition`; an interactive turn goes through
/// ``beginTransition(_:isolation:)``, ``updateTransition(progress:)`` and
/// ``finishTransition(isolation:)`` or ``cancelTransition(isolation:)``. Jumps (a page number,
/// the first or last page, a search match) tell observers `didJump`, unless asked to count as a
/// transition. Observers are closures registered on the caller's actor
/// (``addObserver(isolation:_:)``) or an `AsyncStream` (``events(bufferingPolicy:)``).
///
/// ## Keeping the place
///
/// The reader's place is a character of the document (``currentAnchor``, a
/// ``/PaginateModel/TextAnchor``), for every document, with or without source lines: a
/// relayout (new ``options``, ``facing`` on or off), a reload of a changed file or an edit
/// (``insert(_:at:isolation:)``) keeps the reader on the page that holds it. Only a window of
/// pages is kept in memory; any other is laid out again from a checkpoint, the same as the
/// first time. A ``/PaginateLayout/Page`` kept from an older layout is refused
/// (``isCurrent(_:)``) rather than read as a page of the new one.
public struct PagingController: Sendable {
  /// The layout, shared with copies until one of them lays out anew.
  var cache: PageLayoutCache
  var facingOptions: FacingOptions?
  /// After the last page comes the first, and before the first the last.
  public var isWrapping: Bool
  /// The index (from 0) of the current page; in facing mode, of a page of the current spread.
  public internal(set) var currentIndex = 0
  /// The reader's place: the first character of the page they moved to (or the anchor they
  /// went to). Relayouts land on the page that holds it without changing it, so that several
  /// relayouts in a row do not drift.
  var anchor: TextAnchor?
  var observers = PagingObservers()
  /// The interactive transition in progress, if any.
  var interactive: InteractiveTransition?
  /// Why the options last set through ``options`` were refused; `nil` when the options in
  /// force are those last set.
  public internal(set) var layoutError: LayoutError?

  /// A controller showing the first page of `document` on single 80×66 pages (the defaults of
  /// ``/PaginateLayout/LayoutOptions``).
  public init(document: Document) {
    // The default options are valid: this cannot fail.
    cache = PageLayoutCache(pages: try! PageSet(document: document, options: LayoutOptions()))
    isWrapping = false
  }

  /// A controller showing the first page of `document`.
  ///
  /// - Throws: ``/PaginateLayout/LayoutError`` when the options leave no room for text (see
  ///   ``/PaginateLayout/LayoutOptions/validate()``).
  public init(document: Document, options: LayoutOptions, facing: FacingOptions? = nil, isWrapping: Bool = false)
    throws(LayoutError)
  {
    try self.init(reader: DocumentReader(document), options: options, facing: facing, isWrapping: isWrapping)
  }

  /// A controller over a document reader (one read incrementally, say), showing its first page.
  ///
  /// - Throws: ``/PaginateLayout/LayoutError`` when the options leave no room for text.
  public init(
    reader: DocumentReader, options: LayoutOptions = LayoutOptions(), facing: FacingOptions? = nil,
    isWrapping: Bool = false
  ) throws(LayoutError) {
    cache = try PageLayoutCache(reader: reader, options: options)
    facingOptions = facing
    self.isWrapping = isWrapping
  }

  /// A controller over an existing page set (whose options were checked when it was made).
  public init(pages: PageSet, facing: FacingOptions? = nil, isWrapping: Bool = false) {
    cache = PageLayoutCache(pages: pages)
    facingOptions = facing
    self.isWrapping = isWrapping
  }

  // MARK: The layout

  /// The document being paged through.
  public var reader: DocumentReader { cache.reader }

  /// The title `{title}` stands for: the reader's, else the first level-1 heading, else the
  /// file name.
  public var title: String { cache.title }

  /// The number of pages, once the end has been laid out; `nil` before.
  public var pageCount: Int? { cache.count }

  /// The number of pages laid out so far.
  public var laidOutPageCount: Int { cache.laidOutCount }

  /// The share of the document laid out so far, from 0 to 1 (see
  /// ``/PaginateLayout/PageSet/laidOutFraction``); `nil` when the source cannot say.
  package var laidOutFraction: Double? { cache.laidOutFraction }

  /// Lays out up to `count` more pages, a step of a long jump that shows its progress and can
  /// be stopped between steps; `false` once the end is laid out (never for an endless
  /// source, which lays out the pages asked for).
  @discardableResult
  package func layOut(morePages count: Int) -> Bool {
    guard !cache.isEndless else {
      _ = cache.page(at: cache.laidOutCount + max(count, 1) - 1)
      return true
    }
    return cache.layOut(morePages: count)
  }

  /// The page count, estimated from the share of the document laid out so far while the end
  /// is not laid out; the page count once it is known. Never less than the pages laid out
  /// and one more.
  ///
  /// For a document held in memory the share is of the lines its blocks are expected to take
  /// (their characters at the page's width, a code block's and a list's lines each a line),
  /// up to the end of the last page laid out. For a source read as it goes, by source lines
  /// or blocks (see ``/PaginateLayout/PageSet/laidOutFraction``).
  public var estimatedPageCount: Int {
    if let count = cache.count { return count }
    let laidOut = cache.laidOutCount
    guard let fraction = laidOutCharacterFraction ?? cache.laidOutFraction, fraction > 0 else { return laidOut + 1 }
    return max(Int((Double(laidOut) / fraction).rounded()), laidOut + 1)
  }

  /// The share of a document in memory's expected lines on the pages laid out so far: up to
  /// the end of the last line of the last page laid out. `nil` for a source read as it goes.
  private var laidOutCharacterFraction: Double? {
    let laidOut = cache.laidOutCount
    guard laidOut > 0, let characters = cache.documentCharacters, let heights = cache.documentHeights,
      let last = cache.page(at: laidOut - 1),
      let line = last.lineAnchors.lastIndex(where: { $0 != nil }), let anchor = last.lineAnchors[line]
    else { return nil }
    let end = TextAnchor(block: anchor.block, offset: anchor.offset + last.lines[line].anchorTextCount)
    guard let share = characters.share(of: end) else { return nil }
    return heights.fraction(ofBlock: end.block, share: share)
  }

  // MARK: Data source

  /// The page at `index` (from 0), laying out as far as needed; `nil` past the last page.
  ///
  /// - Complexity: the layout of the pages up to `index` the first time; O(1) after.
  public func page(at index: Int) -> Page? {
    cache.page(at: index)
  }

  /// The page with printed number `number`, if there is one (any `number`, `Int.min` and
  /// `Int.max` too, gives a page or `nil`).
  public func page(number: Int) -> Page? {
    let (index, overflowed) = number.subtractingReportingOverflow(cache.options.firstPageNumber)
    return overflowed ? nil : page(at: index)
  }

  /// Whether `page` is a page of the layout shown now: `false` for a page kept from before a
  /// relayout, a reload or an edit (it belongs to another layout), which the
  /// data source answers `nil` for rather than read it as a page of the new layout.
  public func isCurrent(_ page: Page) -> Bool {
    page.layout == nil || page.layout == cache.identity
  }

  /// The page after `page`, or `nil` after the last (the first page when wrapping), and for a
  /// page of another layout (see ``isCurrent(_:)``).
  ///
  /// - Complexity: lays out at most one more page, except when wrapping from the last page.
  public func page(after page: Page) -> Page? {
    guard isCurrent(page) else { return nil }
    if let next = cache.page(at: page.index + 1) { return next }
    guard wraps, page.index > 0 || (cache.count ?? 0) > 1 else { return nil }
    return cache.page(at: 0)
  }

  /// Whether wrapping round is on and possible: not for an endless source (there is no last
  /// page) nor one with earlier blocks (there is no first).
  var wraps: Bool { isWrapping && !cache.isEndless && !cache.reader.hasEarlierBlocks }

  /// The page before `page`, or `nil` before the first (the last page when wrapping, which lays
  /// out the whole document), and for a page of another layout.
  public func page(before page: Page) -> Page? {
    guard isCurrent(page) else { return nil }
    // Before page 0 only for a source with earlier blocks.
    if let previous = cache.page(at: page.index - 1) { return previous }
    guard wraps else { return nil }
    let last = cache.layOutAll() - 1
    return last > 0 ? cache.page(at: last) : nil
  }

  /// The spread at `index` (from 0); `nil` past the last, or when ``facing`` is off.
  public func spread(at index: Int) -> Spread? {
    guard let facing = facingOptions else { return nil }
    return cache.spread(at: index, facing: facing)
  }

  /// The spread after `spread`, or `nil` after the last (the first when wrapping), when
  /// ``facing`` is off, and for a spread of another layout.
  public func spread(after spread: Spread) -> Spread? {
    guard let facing = facingOptions, spread.pages.allSatisfy(isCurrent) else { return nil }
    if let next = cache.spread(at: spread.index + 1, facing: facing) { return next }
    guard wraps, spread.index > 0 else { return nil }
    return cache.spread(at: 0, facing: facing)
  }

  /// The spread before `spread`, or `nil` before the first (the last when wrapping), when
  /// ``facing`` is off, and for a spread of another layout.
  public func spread(before spread: Spread) -> Spread? {
    guard let facing = facingOptions, spread.pages.allSatisfy(isCurrent) else { return nil }
    if let previous = cache.spread(at: spread.index - 1, facing: facing) { return previous }
    guard wraps else { return nil }
    let last = facing.spreadIndex(ofPage: max(cache.layOutAll() - 1, 0))
    return last > 0 ? cache.spread(at: last, facing: facing) : nil
  }

  // MARK: Position

  /// The current page.
  public var currentPage: Page {
    // The current index always names a page laid out, and every layout has a page 0.
    cache.page(at: currentIndex) ?? cache.page(at: 0)!
  }

  /// The current spread; `nil` when ``facing`` is off.
  public var currentSpread: Spread? {
    guard let facing = facingOptions else { return nil }
    return cache.spread(at: facing.spreadIndex(ofPage: currentIndex), facing: facing)
  }

  /// The pages the reader sees: the current page, or the pages of the current spread in
  /// reading order.
  public var visiblePages: [Page] {
    currentSpread?.pages ?? [currentPage]
  }

  /// Where the reader is: page number, page count when known (and an estimate before), and the
  /// fraction through the document.
  ///
  /// For a document in memory, the fraction is by characters: those before the reader's place
  /// out of all of them. For a source read as it goes, it is the share of the source laid out
  /// by the page's end (the measure ``go(toFraction:asTransition:isolation:)`` finds a page
  /// by, so that going to the fraction shown comes back to the page); where the layout cannot
  /// say, by pages once the page count is known, before that by source line when the document
  /// has them, else against the estimated page count.
  public var position: PagingPosition {
    let page = currentPage
    let estimated = estimatedPageCount
    let fraction: Double
    if let characters = cache.documentCharacters, let place = currentAnchor {
      // The last page is the end, whatever text it starts with.
      fraction = cache.page(at: page.index + 1) == nil ? 1 : characters.fraction(of: place)
    } else if let share = cache.endFraction(ofPage: page.index) {
      fraction = cache.count.map { page.index + 1 >= $0 } == true ? 1 : share
    } else if let count = cache.count {
      fraction = count > 1 ? Double(page.index) / Double(count - 1) : 1
    } else if let line = page.anchorLine, let last = cache.reader.lastSourceLine, last > 1 {
      fraction = Double(line - 1) / Double(last - 1)
    } else {
      fraction = estimated > 1 ? Double(page.index) / Double(estimated - 1) : 0
    }
    return PagingPosition(
      pageIndex: page.index, pageNumber: page.number, pageCount: cache.count, estimatedPageCount: estimated,
      side: page.side, fraction: fraction, runningHead: page.runningHead)
  }

  // MARK: Units (pages, or spreads in facing mode)

  /// The index of what one turn moves by: the spread of page `index` in facing mode, else the
  /// page itself.
  func unit(ofPage index: Int) -> Int {
    facingOptions.map { $0.spreadIndex(ofPage: index) } ?? index
  }

  /// The pages shown for the unit holding page `index`.
  func pagesShown(atPage index: Int) -> [Page] {
    if let facing = facingOptions {
      return cache.spread(at: facing.spreadIndex(ofPage: index), facing: facing)?.pages ?? []
    }
    return cache.page(at: index).map { [$0] } ?? []
  }

  /// The index of the first page (in reading order) of the unit after (or before) the current
  /// one, wrapping when on; `nil` at an end.
  func neighbourIndex(_ direction: PagingDirection) -> Int? {
    if facingOptions != nil {
      guard let spread = currentSpread else { return nil }
      let next = direction == .forward ? self.spread(after: spread) : self.spread(before: spread)
      return next?.pages.first?.index
    }
    let page = currentPage
    return (direction == .forward ? self.page(after: page) : self.page(before: page))?.index
  }
}
