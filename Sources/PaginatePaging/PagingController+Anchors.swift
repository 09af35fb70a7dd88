public import PaginateLayout
public import PaginateModel

extension PagingController {
  /// The reader's place: the first character of the page shown (or the anchor last gone to
  /// with ``go(to:asTransition:isolation:)``, which may be further down the page). Relayouts
  /// and reloads keep the reader on the page that holds it. `nil` only for a document with no
  /// text.
  public var currentAnchor: TextAnchor? {
    anchor ?? topAnchor(ofPageAt: currentIndex)
  }

  /// The place a reader of `page` is at: its first character; for a blank page, the first of
  /// the page after. `nil` for a page of another layout (see ``isCurrent(_:)``) or with no
  /// text.
  public func anchor(of page: Page) -> TextAnchor? {
    guard isCurrent(page) else { return nil }
    return topAnchor(ofPageAt: page.index)
  }

  /// The index of the page that holds `anchor`, laying out as far as it; `nil` when the
  /// document has no text.
  public func pageIndex(of anchor: TextAnchor) -> Int? {
    pageIndex(containing: anchor)
  }

  /// Moves to the page that holds `anchor` and makes it the reader's place (later relayouts
  /// keep that very character in view). `true` when the reader is on that page afterwards;
  /// `false`, without moving, for a document with no text.
  @discardableResult
  public mutating func go(
    to anchor: TextAnchor, asTransition: Bool = false, isolation: isolated (any Actor)? = #isolation
  ) -> Bool {
    guard let index = pageIndex(containing: anchor) else { return false }
    jump(to: index, asTransition: asTransition, context: .isolated(isolation))
    self.anchor = anchor
    return true
  }

  /// Moves to the page `fraction` of the way through the document (0: the first, 1: the last),
  /// as a slider does. For a document in memory the fraction is by characters; for a source
  /// read as it goes, by how much of it had been laid out by each page's end (kept with the
  /// page: once laid out, a place is found at once). `false`, without moving, when there is
  /// no such page: an endless source, or a document with no text.
  @discardableResult
  public mutating func go(
    toFraction fraction: Double, asTransition: Bool = false, isolation: isolated (any Actor)? = #isolation
  ) -> Bool {
    guard !cache.isEndless else { return false }
    let fraction = fraction.isNaN ? 0 : min(max(fraction, 0), 1)
    if let characters = cache.documentCharacters {
      let target = fraction >= 1 ? nil : characters.anchor(at: fraction)
      let index = target.flatMap { pageIndex(containing: $0) } ?? max(cache.layOutAll() - 1, 0)
      jump(to: index, asTransition: asTransition, context: .isolated(isolation))
      if let target { anchor = target }
      return true
    }
    // The first page by whose end the layout had read that far: each page's share is kept,
    // so a place already laid out is found at once.
    let index = fraction >= 1 ? cache.layOutAll() - 1 : cache.pageIndex(atFraction: fraction)
    guard let index, index >= 0 else { return false }
    jump(to: index, asTransition: asTransition, context: .isolated(isolation))
    return true
  }
}
