import PaginateModel

/// Finds, in a changed document, the block that was at a given index in the old one: by
/// content, so that blocks inserted or deleted before it do not move the reader off it.
///
/// Each block is known by the hash of its content (not of its source lines, which an edit
/// above shifts). The block itself is looked for first; if its content appears more than once,
/// the occurrence nearest to where the nearest unique block before it moved is taken; if the
/// block was edited away, the nearest unchanged block before it stands in for it.
enum BlockMatching {
  /// How far back to look for a block that is still there.
  static let searchLimit = 64

  /// The index in `new` of the block at `index` in `old`, and whether it is the same block
  /// (`false`: the block itself changed, and the index is that of its neighbour's successor).
  static func index(of index: Int, in old: [Block], movedTo new: [Block]) -> (index: Int, same: Bool) {
    guard !new.isEmpty else { return (0, false) }
    guard index >= 0, index < old.count else { return (min(max(index, 0), new.count - 1), false) }
    var positions: [Int: [Int]] = [:]
    for (position, block) in new.enumerated() { positions[block.content.hashValue, default: []].append(position) }
    func matches(_ oldIndex: Int) -> [Int] { positions[old[oldIndex].content.hashValue] ?? [] }

    // How far the text moved, from the nearest block before `index` found once in `new`.
    var shift = new.count - old.count
    for back in stride(from: index - 1, through: max(index - searchLimit, 0), by: -1) {
      let found = matches(back)
      if found.count == 1 {
        shift = found[0] - back
        break
      }
    }
    let expected = index + shift
    let candidates = matches(index)
    if let best = candidates.min(by: { abs($0 - expected) < abs($1 - expected) }) {
      return (best, true)
    }
    // The block itself changed: the block after the nearest one still there.
    for back in stride(from: index - 1, through: max(index - searchLimit, 0), by: -1) {
      let target = back + shift
      if let found = matches(back).min(by: { abs($0 - target) < abs($1 - target) }) {
        return (min(found + (index - back), new.count - 1), false)
      }
    }
    return (min(max(expected, 0), new.count - 1), false)
  }
}
