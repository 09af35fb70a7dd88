import PaginateLayout
import PaginateModel

extension PagingController {
  // MARK: Turning pages

  /// Moves to the next page (or spread), telling observers `willTransition` and
  /// `didTransition`; `false` at the end when not wrapping. An interactive transition in
  /// progress is cancelled first.
  ///
  /// - Parameter isolation: The caller's actor, filled in for you: observers registered on it
  ///   are called before this returns.
  @discardableResult
  public mutating func goForward(isolation: isolated (any Actor)? = #isolation) -> Bool {
    turn(.forward, context: .isolated(isolation))
  }

  /// Moves to the previous page (or spread), telling observers `willTransition` and
  /// `didTransition`; `false` at the start when not wrapping. An interactive transition in
  /// progress is cancelled first.
  @discardableResult
  public mutating func goBack(isolation: isolated (any Actor)? = #isolation) -> Bool {
    turn(.backward, context: .isolated(isolation))
  }

  mutating func turn(_ direction: PagingDirection, context: DeliveryContext) -> Bool {
    cancelInteractiveTransition(context: context)
    guard let target = neighbourIndex(direction) else { return false }
    let transition = makeTransition(to: target, direction: direction)
    observers.deliver(.willTransition(transition), from: context)
    moveWithoutTelling(to: target)
    observers.deliver(.didTransition(transition, completed: true), from: context)
    return true
  }

  // MARK: Jumps

  /// Moves to the first page; `true` (the reader is there afterwards).
  ///
  /// - Parameters:
  ///   - asTransition: Tell observers `willTransition` and `didTransition`, as for a page turn,
  ///     rather than `didJump` (the default, like UIKit's programmatic moves).
  ///   - isolation: The caller's actor, filled in for you (see ``goForward(isolation:)``).
  @discardableResult
  public mutating func goToFirst(asTransition: Bool = false, isolation: isolated (any Actor)? = #isolation) -> Bool {
    jump(to: 0, asTransition: asTransition, context: .isolated(isolation))
  }

  /// Moves to the last page, laying out the rest of the document; `true`. `false`, at once and
  /// without moving, for an endless source, which has no last page.
  @discardableResult
  public mutating func goToLast(asTransition: Bool = false, isolation: isolated (any Actor)? = #isolation) -> Bool {
    guard !cache.isEndless else { return false }
    let last = max(cache.layOutAll() - 1, 0)
    return jump(to: last, asTransition: asTransition, context: .isolated(isolation))
  }

  /// Moves to the page at `index` (from 0); `true` when the reader is on it afterwards
  /// (already being there counts), `false` when there is no such page.
  @discardableResult
  public mutating func go(
    toPageAt index: Int, asTransition: Bool = false, isolation: isolated (any Actor)? = #isolation
  ) -> Bool {
    guard cache.page(at: index) != nil else { return false }
    return jump(to: index, asTransition: asTransition, context: .isolated(isolation))
  }

  /// Moves to the page with printed number `number`; `true` when the reader is on it
  /// afterwards (already being there counts), `false` when there is none.
  @discardableResult
  public mutating func go(
    toPageNumber number: Int, asTransition: Bool = false, isolation: isolated (any Actor)? = #isolation
  ) -> Bool {
    guard let page = page(number: number) else { return false }
    return jump(to: page.index, asTransition: asTransition, context: .isolated(isolation))
  }

  /// Moves to the page that holds source line `line` (the last page whose top is at or before
  /// it); `false`, without moving, when no page carries source lines (a document built in
  /// code).
  @discardableResult
  public mutating func go(
    toSourceLine line: Int, asTransition: Bool = false, isolation: isolated (any Actor)? = #isolation
  ) -> Bool {
    guard let index = pageIndex(containingSourceLine: line) else { return false }
    return jump(to: index, asTransition: asTransition, context: .isolated(isolation))
  }

  /// Moves to `index`, telling observers as asked; `true` (the reader is on the target). A
  /// move within the unit shown (the other page of a spread) changes no view and tells no one.
  @discardableResult
  mutating func jump(to index: Int, asTransition: Bool, context: DeliveryContext) -> Bool {
    cancelInteractiveTransition(context: context)
    guard unit(ofPage: index) != unit(ofPage: currentIndex) else {
      currentIndex = index
      anchor = topAnchor(ofPageAt: index)
      return true
    }
    let direction: PagingDirection = index > currentIndex ? .forward : .backward
    let transition = makeTransition(to: index, direction: direction)
    if asTransition { observers.deliver(.willTransition(transition), from: context) }
    moveWithoutTelling(to: index)
    observers.deliver(asTransition ? .didTransition(transition, completed: true) : .didJump(transition), from: context)
    return true
  }

  // MARK: Helpers

  /// A transition from what is shown now to the unit of page `index` (with no pages when no
  /// one observes: nobody would look at them).
  func makeTransition(to index: Int, direction: PagingDirection) -> PageTransition {
    guard !observers.isEmpty else { return PageTransition(from: currentIndex, to: index, direction: direction) }
    return PageTransition(
      from: currentIndex, to: index, direction: direction, previousPages: visiblePages,
      pendingPages: pagesShown(atPage: index))
  }

  mutating func moveWithoutTelling(to index: Int) {
    currentIndex = index
    anchor = topAnchor(ofPageAt: index)
  }

  /// The anchor at the top of the page at `index`; for a blank page, that of the next page
  /// with text (the place a reader of the blank page is about to read).
  func topAnchor(ofPageAt index: Int) -> TextAnchor? {
    var index = index
    // At most a blank page or two (a verso before a chapter, the even count's last).
    for _ in 0..<4 {
      if let anchor = cache.anchor(ofPageAt: index) { return anchor }
      index += 1
    }
    return nil
  }

  /// The page that holds `anchor`: the last page whose first character is at or before it
  /// (the first page for an anchor before any text); `nil` when no page has anchors.
  ///
  /// - Complexity: lays out the document as far as the anchor, and one page more.
  func pageIndex(containing anchor: TextAnchor) -> Int? {
    if anchor.block < 0 {
      // Earlier content: back from page -1 to the first page that starts at or before it.
      var index = -1
      while let page = cache.page(at: index) {
        if let top = page.anchor, top <= anchor { return index }
        index -= 1
      }
      // Before all the history there is: the earliest page.
      return index + 1 < 0 ? index + 1 : 0
    }
    return cache.pageIndex(containing: anchor)
  }

  /// The last page whose top source line is at or before `line`; `nil` when no page carries
  /// source lines.
  func pageIndex(containingSourceLine line: Int) -> Int? {
    var found: Int?
    var carriesLines = false
    var index = 0
    while let page = cache.page(at: index) {
      if let anchor = page.anchorLine {
        carriesLines = true
        if anchor > line { break }
        found = index
      } else if let source = page.source, source.firstLine > line {
        break
      }
      index += 1
    }
    // A line before the first page's top (blank lines open the document) is on the first page.
    return found ?? (carriesLines ? 0 : nil)
  }
}
