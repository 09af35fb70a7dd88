import PaginateLayout
import PaginateModel

/// The pages before page 0 of a source with earlier blocks (a chat log, a feed): laid out a
/// stretch at a time as a reader goes back, each stretch from a batch of earlier blocks.
///
/// A stretch starts a page of its own, and chapters in it start on a new page rather than a
/// recto (its first page's side is only known once it is laid out). Its pages are numbered on
/// back from page 0's number, and its blocks on back from -1, so that anchors in it keep
/// their order.
struct EarlierPages {
  /// The pages, from index -1 back: `pages[0]` is page -1.
  private var pages: [Page] = []
  private var blocks: (any BlockStream)?
  /// Blocks read so far.
  private var blocksRead = 0
  private let options: LayoutOptions
  private let identity: LayoutIdentity
  /// The most blocks read for one stretch; the first stretch reads fewer, and each next one
  /// twice as many, until a stretch holds at least two pages.
  private static let batchLimit = 4_096

  init(reader: DocumentReader, options: LayoutOptions, identity: LayoutIdentity) {
    blocks = reader.earlierBlocks()
    var options = options
    if options.effectiveChapterBreak == .recto { options.chapterBreak = .page }
    options.padsToEvenPageCount = false
    self.options = options
    self.identity = identity
  }

  /// The page at `index` (below 0), laying out earlier stretches as needed; `nil` before the
  /// earliest block.
  mutating func page(at index: Int) -> Page? {
    precondition(index < 0, "earlier pages have negative indices")
    while index + pages.count < 0 {
      guard layOutStretch() else { return nil }
    }
    return pages[-index - 1]
  }

  /// Reads a batch of earlier blocks and lays them out as pages before those laid out so far;
  /// `false` when there are no more.
  private mutating func layOutStretch() -> Bool {
    guard var source = blocks else { return false }
    var batch: [Block] = []
    var size = 32
    var laidOut: [Page] = []
    while laidOut.count < 2 && size <= Self.batchLimit {
      while batch.count < size, let block = source.nextBlock() { batch.append(block) }
      laidOut = Self.pages(of: batch.reversed(), options: options)
      if batch.count < size { break }  // the history is exhausted
      size *= 2
    }
    blocks = batch.isEmpty ? nil : source
    guard !batch.isEmpty, !laidOut.isEmpty else {
      blocks = nil
      return false
    }
    // Numbered and indexed on back from the earliest page so far; blocks likewise.
    let firstIndex = -pages.count - laidOut.count
    var numbered = options
    numbered.firstPageNumber = options.firstPageNumber + firstIndex
    let blockBase = -(blocksRead + batch.count)
    blocksRead += batch.count
    let stretch = Self.pages(of: batch.reversed(), options: numbered)
    for page in stretch.reversed() {
      var page = page
      page.index += firstIndex
      page.layout = identity
      page.lineAnchors = page.lineAnchors.map { $0.map { TextAnchor(block: $0.block + blockBase, offset: $0.offset) } }
      pages.append(page)
    }
    return true
  }

  private static func pages(of blocks: some Collection<Block>, options: LayoutOptions) -> [Page] {
    guard var set = try? PageSet(document: Document(blocks: Array(blocks)), options: options) else { return [] }
    return set.allPages()
  }
}
