import PaginateModel

/// The text of a run of top-level blocks as anchors count it (Unicode scalars other than
/// whitespace), and its words, for following a place through an edit of those blocks.
struct BlockText {
  /// The scalars, whitespace left out.
  private(set) var scalars: [UInt32] = []
  /// Where each block's scalars begin; the last element is their count.
  private(set) var blockStarts = [0]
  /// Where each word (a run between whitespace, or between blocks) begins in `scalars`; the
  /// last element is their count.
  private(set) var wordStarts = [0]

  init(_ blocks: ArraySlice<Block>) {
    blocks.forEachBlockText { _, text in
      var inWord = false
      for scalar in text.unicodeScalars {
        if scalar.isSpaceForAnchors {
          if inWord { wordStarts.append(scalars.count) }
          inWord = false
        } else {
          scalars.append(scalar.value)
          inWord = true
        }
      }
      if inWord { wordStarts.append(scalars.count) }
      blockStarts.append(scalars.count)
    }
  }

  /// The words, each a slice of `scalars`: what the edit is matched by first.
  private var words: [ArraySlice<UInt32>] {
    zip(wordStarts, wordStarts.dropFirst()).map { scalars[$0..<$1] }
  }

  /// The index of the word that holds scalar `position` (`position` less than the count).
  private func word(holding position: Int) -> Int {
    var (low, high) = (0, wordStarts.count - 2)
    while low < high {
      let middle = (low + high + 1) / 2
      if wordStarts[middle] <= position { low = middle } else { high = middle - 1 }
    }
    return low
  }

  /// The position in `new` of scalar `position` of this text: words are matched first, so
  /// that a word that survives the edit keeps its place whatever changed beside it; in a run
  /// of words the edit replaced, the scalars are matched, and a place that did not survive
  /// goes to the same share of what replaced it (the character that follows, for a deletion).
  func position(of position: Int, movedTo new: BlockText) -> Int {
    guard position < scalars.count else { return new.scalars.count }
    let word = self.word(holding: position)
    let run: (old: Range<Int>, new: Range<Int>)
    switch SequenceDiff.place(of: word, in: words, movedTo: new.words) {
    case .kept(let index):
      return index < new.wordStarts.count - 1 ? new.wordStarts[index] + position - wordStarts[word] : new.scalars.count
    case .replaced(let old, let replacement):
      run = (wordStarts[old.lowerBound]..<wordStarts[old.upperBound], new.wordStarts[replacement.lowerBound]..<new.wordStarts[replacement.upperBound])
    }
    let inRun = position - run.old.lowerBound
    switch SequenceDiff.place(of: inRun, in: Array(scalars[run.old]), movedTo: Array(new.scalars[run.new])) {
    case .kept(let index):
      return run.new.lowerBound + index
    case .replaced(let old, let replacement):
      return run.new.lowerBound + replacement.lowerBound + (inRun - old.lowerBound) * replacement.count / old.count
    }
  }

  /// The block (from 0) and offset of scalar `position`: the last block that starts at or
  /// before it and has any text; `nil` at or past the end.
  func place(of position: Int) -> (block: Int, offset: Int)? {
    guard position < scalars.count else { return nil }
    var block = blockStarts.count - 2
    while block > 0 && (blockStarts[block] > position || blockStarts[block + 1] == blockStarts[block]) { block -= 1 }
    return (block, position - blockStarts[block])
  }

  /// The position of `offset` in block `block` (from 0), kept within the block's text.
  func position(block: Int, offset: Int) -> Int {
    blockStarts[block] + min(max(offset, 0), blockStarts[block + 1] - blockStarts[block])
  }
}
