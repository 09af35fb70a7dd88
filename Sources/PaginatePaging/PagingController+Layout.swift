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

  /// Replaces the document (the file changed and was read again) and keeps the reader on the
  /// character they were at (``currentAnchor``), wherever edits moved it. Blocks are matched by
  /// content, so blocks inserted or deleted before the page shown do not move the reader off
  /// theirs; a block that changed is compared character by character with what replaced it, so
  /// a word changed, inserted or deleted in the paragraph the page opens in, a paragraph split
  /// or two merged leave the reader on the same character. When that character itself was
  /// deleted, the reader lands on what replaced it, or on the character that follows; past the
  /// new end, on the last page.
  public mutating func reload(_ document: Document, isolation: isolated (any Actor)? = #isolation) {
    replaceReader(DocumentReader(document), context: .isolated(isolation))
  }

  /// Replaces the document with a new source (an incrementally read file) and keeps the reader
  /// on the text they were at: for a source read as it goes, the words at the top of the page
  /// shown are searched for in the new text, nearest to where they were.
  public mutating func reload(_ reader: DocumentReader, isolation: isolated (any Actor)? = #isolation) {
    replaceReader(reader, context: .isolated(isolation))
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
    let cache = try PageLayoutCache(reader: self.cache.reader, options: options)
    cancelInteractiveTransition(context: context)
    let before = (index: currentIndex, pages: observers.isEmpty ? [] : visiblePages)
    let anchor = currentAnchor
    self.cache = cache
    facingOptions = facing
    layoutError = nil
    land(on: anchor)
    tellRelayout(from: before.index, previousPages: before.pages, context: context)
  }

  mutating func replaceReader(_ reader: DocumentReader, context: DeliveryContext) {
    cancelInteractiveTransition(context: context)
    let before = (index: currentIndex, pages: observers.isEmpty ? [] : visiblePages)
    let anchor = currentAnchor
    let oldDocument = cache.reader.document
    let words = anchor.flatMap { wordsAt($0) }
    // The options in force were checked when they were set.
    guard let cache = try? PageLayoutCache(reader: reader, options: cache.options) else { return }
    self.cache = cache
    if let anchor, let old = oldDocument, let new = reader.document {
      land(on: BlockMatching(old: old.blocks, new: new.blocks).anchor(following: anchor))
    } else if let words, let found = nearestMatch(of: words, toPageAt: before.index) {
      land(on: found)
    } else {
      land(on: anchor)
    }
    tellRelayout(from: before.index, previousPages: before.pages, context: context)
  }

  /// The first words of the text at `anchor`, on the page shown, for finding it again in a
  /// changed source: up to ten words, at least three when the text has them.
  private func wordsAt(_ anchor: TextAnchor) -> String? {
    let page = currentPage
    guard let line = page.lineAnchors.indices.last(where: { (page.lineAnchors[$0] ?? anchor) <= anchor && page.lineAnchors[$0] != nil })
    else { return nil }
    var words: [Substring] = []
    for index in line..<page.noteLines.lowerBound where words.count < 10 {
      let text = page.lines[index].text
      let furniture = page.lines[index].spans.filter { $0.style.contains(.furniture) }
      // Words of the line, its furniture (quote bars, note markers) left out.
      var plain = ""
      var offset = 0
      for character in text.unicodeScalars {
        let width = String(character).utf8.count
        if !furniture.contains(where: { $0.range.contains(offset) }) { plain.unicodeScalars.append(character) }
        offset += width
      }
      var lineWords = plain.split(separator: " ")
      // A word hyphenated at the end of the line before goes on here: its halves are one word.
      if index > line, page.lines[index - 1].endsWithInsertedHyphen, let first = lineWords.first, let half = words.popLast() {
        lineWords[0] = Substring(half + first)
      }
      words += lineWords.prefix(10 - words.count)
      if text.isEmpty && !words.isEmpty { break }  // the end of the paragraph
    }
    return words.count >= 3 || (!words.isEmpty && words.joined().count >= 8) ? words.joined(separator: " ") : nil
  }

  /// The anchor of the line where `words` begin, on the page nearest to `index` that has them,
  /// looking no further than a few pages past `index` beyond the nearest found.
  private func nearestMatch(of words: String, toPageAt index: Int) -> TextAnchor? {
    var best: (distance: Int, anchor: TextAnchor)?
    var page = 0
    let limit = index * 2 + 64
    while page <= limit, let current = cache.page(at: page) {
      if let best, page - index > best.distance { break }
      for match in matches(of: words, startingOnPageAt: page) {
        guard let piece = match.pieces.first, piece.line < current.lineAnchors.count,
          let anchor = current.lineAnchors[piece.line]
        else { continue }
        let distance = abs(page - index)
        if distance < best?.distance ?? Int.max { best = (distance, anchor) }
      }
      page += 1
    }
    return best?.anchor
  }

  /// Moves to the page holding `anchor` (page 1 without one), keeping the anchor for the next
  /// relayout.
  mutating func land(on anchor: TextAnchor?) {
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
