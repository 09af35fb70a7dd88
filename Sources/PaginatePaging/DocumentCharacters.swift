import PaginateModel

/// How many characters each top-level block of a document in memory holds, counted as a
/// ``TextAnchor`` counts them (leaving out spaces), for measuring how far through the document
/// an anchor is and for turning a fraction (a slider) into an anchor.
///
/// Counted from each block's plain text, which leaves out what the layout adds (bullets, note
/// markers) and keeps what it may drop: close to the layout's count, not always equal, which
/// only makes a fraction a little less exact within a block.
struct DocumentCharacters: Sendable {
  /// `before[i]`: the characters of blocks `0..<i`; the last element is the total.
  private let before: [Int]

  init(_ document: Document) {
    var before = [0]
    before.reserveCapacity(document.blocks.count + 1)
    document.forEachBlockText { _, text in
      var count = 0
      for scalar in text.unicodeScalars where !scalar.isSpaceForAnchors { count += 1 }
      before.append(before[before.count - 1] + count)
    }
    self.before = before
  }

  /// All the characters of the document.
  var total: Int { before[before.count - 1] }

  /// How far through the document `anchor` is, from 0 to 1.
  func fraction(of anchor: TextAnchor) -> Double {
    guard total > 0, anchor.block >= 0 else { return 0 }
    guard anchor.block < before.count - 1 else { return 1 }
    let inBlock = before[anchor.block + 1] - before[anchor.block]
    return Double(before[anchor.block] + min(max(anchor.offset, 0), inBlock)) / Double(total)
  }

  /// The share of its block's characters before `anchor` (0 to 1); `nil` for an anchor in no block.
  func share(of anchor: TextAnchor) -> Double? {
    guard anchor.block >= 0, anchor.block < before.count - 1 else { return nil }
    let inBlock = before[anchor.block + 1] - before[anchor.block]
    return inBlock == 0 ? 0 : Double(min(max(anchor.offset, 0), inBlock)) / Double(inBlock)
  }

  /// The anchor `fraction` of the way through the document.
  func anchor(at fraction: Double) -> TextAnchor {
    let target = Int((min(max(fraction, 0), 1) * Double(total)).rounded(.down))
    // The last block that starts at or before the target.
    var low = 0
    var high = before.count - 2
    guard high >= 0 else { return TextAnchor(block: 0) }
    while low < high {
      let middle = (low + high + 1) / 2
      if before[middle] <= target { low = middle } else { high = middle - 1 }
    }
    return TextAnchor(block: low, offset: target - before[low])
  }
}

extension Document {
  /// Calls `body` with each top-level block and its plain text (see
  /// ``/PaginateModel/Block/plainText``), in one buffer that each block's text replaces.
  func forEachBlockText(_ body: (Block, String) -> Void) {
    blocks.forEachBlockText(body)
  }
}

extension Collection<Block> {
  /// Calls `body` with each block and its plain text (``/PaginateModel/Block/plainText``), in
  /// one buffer that each block's text replaces.
  func forEachBlockText(_ body: (Block, String) -> Void) {
    var text = ""
    for block in self {
      text.removeAll(keepingCapacity: true)
      block.appendPlainText(to: &text)
      body(block, text)
    }
  }
}

extension Unicode.Scalar {
  /// Whether anchors leave the scalar out: whitespace. ASCII is answered without the Unicode
  /// property table, whose lookup took half the time of a slider's first jump.
  var isSpaceForAnchors: Bool {
    value < 0x80 ? value == 0x20 || (value >= 0x09 && value <= 0x0D) : properties.isWhitespace
  }
}
