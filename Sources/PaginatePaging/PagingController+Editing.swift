public import PaginateModel

extension PagingController {
  /// Inserts `blocks` before the top-level block at `index` (the block count appends them),
  /// keeping the reader on the text they were at, and tells observers `didChangeContent`.
  ///
  /// Pages kept from before the edit belong to the old layout: the data source refuses them
  /// (see ``isCurrent(_:)``).
  ///
  /// - Throws: ``PagingError`` when the document is read from a source rather than held in
  ///   memory (``/PaginateModel/DocumentReader/document`` is `nil`), or when `index` is not a
  ///   block index or the block count; nothing changes then.
  public mutating func insert(_ blocks: [Block], at index: Int, isolation: isolated (any Actor)? = #isolation)
    throws(PagingError)
  {
    try edit(replacing: index..<index, with: blocks, context: .isolated(isolation))
  }

  /// Removes the top-level blocks in `range`, keeping the reader on the text they were at (on
  /// what follows, if that text is removed), and tells observers `didChangeContent`.
  ///
  /// - Throws: ``PagingError`` for a document not held in memory or a range outside it.
  public mutating func remove(blocksIn range: Range<Int>, isolation: isolated (any Actor)? = #isolation)
    throws(PagingError)
  {
    try edit(replacing: range, with: [], context: .isolated(isolation))
  }

  /// Replaces the top-level blocks in `range` with `blocks`, keeping the reader on the text
  /// they were at, and tells observers `didChangeContent`. A reader in the blocks replaced
  /// stays on their character when the replacement keeps it (a word changed, a paragraph
  /// split or merged: the texts are compared character by character), else lands on what took
  /// its place.
  ///
  /// - Throws: ``PagingError`` for a document not held in memory or a range outside it.
  public mutating func replace(
    blocksIn range: Range<Int>, with blocks: [Block], isolation: isolated (any Actor)? = #isolation
  ) throws(PagingError) {
    try edit(replacing: range, with: blocks, context: .isolated(isolation))
  }

  mutating func edit(replacing range: Range<Int>, with blocks: [Block], context: DeliveryContext) throws(PagingError) {
    guard let document = cache.reader.document else {
      throw PagingError("the document is read from a source, not held in memory: it cannot be edited in place; reload it instead")
    }
    guard range.lowerBound >= 0, range.upperBound <= document.blocks.count else {
      throw PagingError(
        "blocks \(range.lowerBound)..<\(range.upperBound) are outside the document's \(document.blocks.count) blocks")
    }
    var edited = document
    edited.blocks.replaceSubrange(range, with: blocks)
    let change = ContentChange(removed: range, inserted: range.lowerBound..<(range.lowerBound + blocks.count))
    cancelInteractiveTransition(context: context)
    let before = (index: currentIndex, pages: observers.isEmpty ? [] : visiblePages)
    let place = currentAnchor.map { Self.anchor($0, through: change, from: document.blocks, to: edited.blocks) }
    // The options in force were checked when they were set.
    guard let cache = try? PageLayoutCache(reader: DocumentReader(edited), options: cache.options) else { return }
    self.cache = cache
    land(on: place)
    guard !observers.isEmpty else { return }
    let transition = PageTransition(
      from: before.index, to: currentIndex, direction: currentIndex >= before.index ? .forward : .backward,
      previousPages: before.pages, pendingPages: visiblePages)
    observers.deliver(.didChangeContent(change, transition), from: context)
  }

  /// Where `anchor` is after `change`: the same text, moved by the blocks inserted or removed
  /// before it. In a block replaced, the same character of the replacement when it has it (a
  /// word changed, a paragraph split: see ``BlockText``), else what took its place; in a
  /// block removed, the start of what follows.
  static func anchor(_ anchor: TextAnchor, through change: ContentChange, from old: [Block], to new: [Block]) -> TextAnchor {
    if anchor.block < change.removed.lowerBound { return anchor }
    if anchor.block >= change.removed.upperBound {
      return TextAnchor(block: anchor.block + change.inserted.count - change.removed.count, offset: anchor.offset)
    }
    return BlockMatching.anchor(anchor, inChanged: old[change.removed], replacedBy: new[change.inserted])
  }
}
