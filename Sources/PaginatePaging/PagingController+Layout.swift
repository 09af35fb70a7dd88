public import PaginateLayout
public import PaginateModel

extension PagingController {
  /// How pages pair into spreads; `nil` shows single pages. Setting it keeps the reader on the
  /// same page and tells observers `didRelayout` (the pages themselves do not change).
  ///
  /// A setter cannot learn the caller's actor: observers registered on an actor hear of it in
  /// a task on that actor, after the setter returns (in order with the other events).
  /// ``setFacing(_:isolation:)`` tells observers on the caller's actor at once.
  public var facing: FacingOptions? {
    get { facingOptions }
    set { changeFacing(newValue, context: .unknown) }
  }

  /// Turns spreads on or off (see ``facing``), telling observers on the caller's actor before
  /// it returns.
  public mutating func setFacing(_ facing: FacingOptions?, isolation: isolated (any Actor)? = #isolation) {
    changeFacing(facing, context: .isolated(isolation))
  }

  /// The layout options. Setting them lays the document out again and keeps the reader on the
  /// page that holds the text that was at the top of the page shown (observers hear
  /// `didRelayout`).
  ///
  /// Options that ``/PaginateLayout/LayoutOptions/validate()`` refuses leave the layout as it was and set
  /// ``layoutError``; ``relayout(options:facing:isolation:)`` throws instead, and tells
  /// observers on the caller's actor at once (a setter cannot learn the caller's actor: see
  /// ``facing``).
  public var options: LayoutOptions {
    get { cache.options }
    set {
      do {
        try relayout(options: newValue, facing: facingOptions, context: .unknown)
      } catch {
        layoutError = error
      }
    }
  }

  /// Lays the document out again with new options and spread settings, keeping the reader on
  /// the page that holds the text that was at the top of the page shown, and tells observers
  /// `didRelayout`.
  ///
  /// - Throws: ``/PaginateLayout/LayoutError`` when the options leave no room for text; nothing changes then.
  public mutating func relayout(
    options: LayoutOptions, facing: FacingOptions?, isolation: isolated (any Actor)? = #isolation
  ) throws(LayoutError) {
    try relayout(options: options, facing: facing, context: .isolated(isolation))
  }

  /// Replaces the document (the file changed and was read again) and keeps the reader's place
  /// as closely as the source allows: the page holding the same source line, clamped to the
  /// new end.
  public mutating func reload(_ document: Document, isolation: isolated (any Actor)? = #isolation) {
    replaceSource(DocumentSource(document), context: .isolated(isolation))
  }

  /// Replaces the document with a new source (an incrementally read file) and keeps the place.
  public mutating func reload(_ source: DocumentSource, isolation: isolated (any Actor)? = #isolation) {
    replaceSource(source, context: .isolated(isolation))
  }

  // MARK: Helpers

  mutating func changeFacing(_ facing: FacingOptions?, context: DeliveryContext) {
    guard facing != facingOptions else { return }
    cancelInteractiveTransition(context: context)
    let before = visiblePages
    facingOptions = facing
    tellRelayout(from: currentIndex, previousPages: before, context: context)
  }

  mutating func relayout(options: LayoutOptions, facing: FacingOptions?, context: DeliveryContext) throws(LayoutError) {
    guard options != cache.options else {
      layoutError = nil
      changeFacing(facing, context: context)
      return
    }
    let cache = try PageLayoutCache(source: self.cache.source, options: options)
    cancelInteractiveTransition(context: context)
    let before = (index: currentIndex, pages: observers.isEmpty ? [] : visiblePages)
    let anchor = currentAnchor
    self.cache = cache
    facingOptions = facing
    layoutError = nil
    land(on: anchor)
    tellRelayout(from: before.index, previousPages: before.pages, context: context)
  }

  mutating func replaceSource(_ source: DocumentSource, context: DeliveryContext) {
    cancelInteractiveTransition(context: context)
    let before = (index: currentIndex, pages: observers.isEmpty ? [] : visiblePages)
    let anchor = currentAnchor
    // The options in force were checked when they were set.
    guard let cache = try? PageLayoutCache(source: source, options: cache.options) else { return }
    self.cache = cache
    land(on: anchor)
    tellRelayout(from: before.index, previousPages: before.pages, context: context)
  }

  /// Moves to the page holding `anchor` (page 1 without one), keeping the anchor for the next
  /// relayout.
  private mutating func land(on anchor: TextAnchor?) {
    currentIndex = anchor.flatMap { pageIndex(containing: $0) } ?? 0
    self.anchor = anchor
  }

  private func tellRelayout(from index: Int, previousPages: [Page], context: DeliveryContext) {
    guard !observers.isEmpty else { return }
    let transition = PageTransition(
      from: index, to: currentIndex, direction: currentIndex >= index ? .forward : .backward,
      previousPages: previousPages, pendingPages: visiblePages)
    observers.deliver(.didRelayout(transition), from: context)
  }
}
