import PaginateModel

/// Follows a reader's place from a document to a changed copy of it (a file read again): the
/// blocks are matched by content, and the text of the blocks that changed around the place is
/// compared character by character.
///
/// Each block is known by the hash of its content (not of its source lines, which an edit
/// above shifts). An unchanged block is found where the blocks around it moved, the nearest
/// occurrence if its content appears more than once. A changed block is compared, with the
/// changed blocks beside it, against what stands between the nearest unchanged blocks before
/// and after it in the new document: a word changed, inserted or deleted, a paragraph split or
/// two merged keep the place on its character (see ``BlockText``).
struct BlockMatching {
  /// How far from the place to look for blocks that are still there.
  static let searchLimit = 64

  let old: [Block]
  let new: [Block]
  /// The positions in `new` of each content hash.
  private let positions: [Int: [Int]]

  init(old: [Block], new: [Block]) {
    self.old = old
    self.new = new
    var positions: [Int: [Int]] = [:]
    for (position, block) in new.enumerated() { positions[block.content.hashValue, default: []].append(position) }
    self.positions = positions
  }

  /// Where `anchor`, a place in `old`, is in `new`.
  func anchor(following anchor: TextAnchor) -> TextAnchor {
    guard !new.isEmpty else { return TextAnchor(block: 0) }
    guard anchor.block >= 0, anchor.block < old.count else {
      return TextAnchor(block: min(max(anchor.block, 0), new.count - 1))
    }
    let index = anchor.block
    let shift = self.shift(before: index)
    if let same = nearest(match(index), to: index + shift) {
      return TextAnchor(block: same, offset: anchor.offset)
    }
    // The block changed: compare the text between the unchanged blocks around it.
    let lower = max(index - Self.searchLimit, 0)
    // Without an unchanged block within reach, the region starts where the shift puts it, or
    // at the document's start when that is within reach.
    var before = lower == 0 ? (old: -1, new: -1) : (old: lower - 1, new: min(max(lower + shift, 0), new.count) - 1)
    for back in stride(from: index - 1, through: lower, by: -1) {
      if let found = nearest(match(back), to: back + shift) {
        before = (back, found)
        break
      }
    }
    let upper = min(index + Self.searchLimit, old.count - 1)
    var after =
      upper == old.count - 1
      ? (old: old.count, new: new.count) : (old: upper + 1, new: min(max(upper + 1 + shift, before.new + 1), new.count))
    for forward in (index + 1)..<(upper + 1) {
      if let found = nearest(match(forward).filter { $0 > before.new }, to: forward + shift) {
        after = (forward, found)
        break
      }
    }
    return Self.anchor(
      anchor, inChanged: old[(before.old + 1)..<after.old], replacedBy: new[(before.new + 1)..<max(after.new, before.new + 1)])
  }

  /// Where `anchor`, in one of the blocks `old`, is in `new`, the blocks that replaced them:
  /// by the words, then the characters of their text (see ``BlockText``); the text's end stays
  /// the end, the start of the block after `new`.
  static func anchor(_ anchor: TextAnchor, inChanged old: ArraySlice<Block>, replacedBy new: ArraySlice<Block>) -> TextAnchor {
    guard !new.isEmpty else { return TextAnchor(block: new.startIndex) }
    let (oldText, newText) = (BlockText(old), BlockText(new))
    let position = oldText.position(block: anchor.block - old.startIndex, offset: anchor.offset)
    guard let (block, offset) = newText.place(of: oldText.position(of: position, movedTo: newText)) else {
      return TextAnchor(block: new.endIndex)
    }
    return TextAnchor(block: new.startIndex + block, offset: offset)
  }

  /// The positions in `new` of block `index` of `old`.
  private func match(_ index: Int) -> [Int] {
    (positions[old[index].content.hashValue] ?? []).filter { new[$0].content == old[index].content }
  }

  /// The position nearest to `expected`, if any.
  private func nearest(_ positions: [Int], to expected: Int) -> Int? {
    positions.min { abs($0 - expected) < abs($1 - expected) }
  }

  /// How far the text before block `index` moved: from the nearest block before it found
  /// once in `new`; the change in the block count when none is.
  private func shift(before index: Int) -> Int {
    for back in stride(from: index - 1, through: max(index - Self.searchLimit, 0), by: -1) {
      let found = match(back)
      if found.count == 1 { return found[0] - back }
    }
    return new.count - old.count
  }
}
