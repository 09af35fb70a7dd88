import PaginateModel

/// Where the flow of blocks can be laid out again from: the start of a block, with the state
/// the flow had before it (a page break waiting, a heading to keep with what follows).
struct FlowResumePoint: Sendable {
  /// Where the block stream was before the block.
  var mark: BlockStreamMark
  /// The block's index from the first (page breaks count).
  var block: Int
  var hasEmitted: Bool
  var pendingBreak: ChapterBreak?
  var keepPending: Bool
  /// Whether the block before was text kept line by line (see ``LineFlow``).
  var afterLines: Bool
  /// Lines emitted before the first chapter heading; `nil` once it came.
  var linesBeforeFirstChapter: Int?
}

/// The layout state at the start of a page, from which the page (and those after it) can be
/// laid out again exactly as the first time: a page set that keeps only a window of its pages
/// rebuilds the others from these.
///
/// It holds where the block the page starts in can be read again, how many of that block's
/// flow lines earlier pages took, and the running head so far. The footnote numbers need no
/// saving: a block laid out again cites the same numbers (``FootnoteRegistry`` numbers each
/// destination and note once), so the live registry, which has seen more, serves.
struct PageCheckpoint: Sendable {
  var flow: FlowResumePoint
  /// Flow lines of the block (its spacing line included) taken by earlier pages.
  var consumed: Int
  var runningHead: String
  /// Notes begun on earlier pages that continue at the foot of this one.
  var carriedNotes: [CarriedNote] = []
}

/// A note whose lines did not all fit at the foot of its page: they continue at the foot of
/// the next pages, before those pages' own notes (as TeX splits a long footnote).
struct CarriedNote: Sendable, Hashable {
  /// The note's number in the ``FootnoteRegistry``.
  var number: Int
  /// How many of its lines earlier pages showed.
  var shown: Int
}
