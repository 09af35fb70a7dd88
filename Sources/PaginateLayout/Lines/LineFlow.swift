import Dispatch
import PaginateModel
import PaginateSystem
import Synchronization

/// Produces flow lines block by block, only as far as the page breaker asks.
///
/// It joins blocks with spacing lines, turns page-break blocks and chapter headings into forced
/// breaks, and keeps each heading with the first two lines of what follows.
struct LineFlow {
  private var blocks: any BlockStream
  private(set) var layout: BlockLayout
  private let width: Int
  private var nextBlock = 0
  private var isExhausted = false
  /// Blocks read ahead, and the lines of those laid out ahead of need on every core.
  private var batch: [Block] = []
  /// The stream's progress after each block of the batch was read.
  private var batchProgress: [Double?] = []
  /// Where the source was before each block of the batch was read (when tracking and the
  /// source can say), to lay the flow out again from there.
  private var batchMarks: [BlockStreamMark?] = []
  private var batchLines: [[FlowLine]?] = []
  private var batchIndex = 0
  private var batchSize = 4
  private var sourceDone = false
  /// The lines laid out and not yet consumed, left in the arrays the layout made (one per
  /// block, and one for each spacing line): gathering them into one array would copy every
  /// line, and each copy retains the line's text and arrays.
  private var chunks: [[FlowLine]] = []
  /// For each chunk, where its block's layout can start again and how many lines of that
  /// block's (spacing included) come before the chunk; `nil` when not tracking.
  private var chunkPoints: [(point: FlowResumePoint, linesBefore: Int)?] = []
  /// The number of the chunk `chunks[0]` (chunks are numbered from the first ever added).
  private var firstChunk = 0
  /// Where each line is: its chunk's number and its index there, packed as `chunk << 32 | index`.
  private var locations: [Int] = []
  /// The index in `locations` of the current line.
  private var head = 0
  private var hasEmitted = false
  private var pendingBreak: ChapterBreak?
  /// Lines emitted before the first level-1 heading; `nil` once it came. A short preamble (a
  /// row of badges, a logo) stays on the first chapter's page instead of a page of its own.
  private var linesBeforeFirstChapter: Int? = 0
  private var keepPending = false
  /// Whether the last block emitted was text kept line by line: a block of lines after it
  /// goes on the same run, with no space between.
  private var afterLines = false

  /// Whether ``progress`` is measured and lines get their ``FlowLine/anchor`` (both cost a
  /// little: printing, which never asks, does without).
  private let tracksProgress: Bool
  /// Reads the stream a batch ahead on another thread, when nothing but its blocks is asked
  /// for (see ``BlockPrefetcher``) and it does not make them ahead itself.
  private var prefetcher: BlockPrefetcher?

  init(reader: DocumentReader, options: LayoutOptions, tracksProgress: Bool = true) {
    self.tracksProgress = tracksProgress
    blocks = reader.blocks()
    layout = BlockLayout(options: options, documentLanguage: reader.language)
    width = options.bodyWidth
    if !tracksProgress && !blocks.makesBlocksAhead {
      prefetcher = BlockPrefetcher(blocks)
      blocks = ArrayBlockStream([])  // the prefetcher's now
    }
  }

  /// A flow that starts again at `point`, its first `consumed` lines already taken, laying
  /// blocks out with `layout` (a copy of the first flow's, whose footnote numbers it reuses);
  /// `nil` when the source cannot be read from the point's mark.
  init?(resumingAt point: FlowResumePoint, consumed: Int, reader: DocumentReader, layout: BlockLayout) {
    guard let blocks = reader.blocks(from: point.mark) else { return nil }
    self.blocks = blocks
    self.layout = layout
    width = layout.options.bodyWidth
    tracksProgress = true
    nextBlock = point.block
    hasEmitted = point.hasEmitted
    pendingBreak = point.pendingBreak
    keepPending = point.keepPending
    afterLines = point.afterLines
    linesBeforeFirstChapter = point.linesBeforeFirstChapter
    guard consumed == 0 || hasLine(at: consumed - 1) else { return nil }
    consume(consumed)
  }

  /// Where the flow can be laid out again so as to give the current line first: the point of
  /// the block it belongs to and how many of that block's lines come before it; `nil` when
  /// the source cannot say (it cannot be resumed, or anchors are not tracked).
  mutating func resumePoint() -> (point: FlowResumePoint, consumed: Int)? {
    guard tracksProgress else { return nil }
    if head < locations.count {
      let location = locations[head]
      guard let recorded = chunkPoints[(location >> 32) - firstChunk] else { return nil }
      return (recorded.point, recorded.linesBefore + (location & 0xFFFF_FFFF))
    }
    // Nothing queued: the next block to be appended.
    let mark = batchIndex < batch.count ? batchMarks[batchIndex] : blocks.mark
    guard let mark else { return nil }
    let point = FlowResumePoint(
      mark: mark, block: nextBlock, hasEmitted: hasEmitted, pendingBreak: pendingBreak, keepPending: keepPending,
      afterLines: afterLines, linesBeforeFirstChapter: linesBeforeFirstChapter)
    return (point, 0)
  }

  /// Whether there is a line `offset` lines ahead of the current one, laying out more blocks
  /// as needed; `false` past the end of the document.
  mutating func hasLine(at offset: Int) -> Bool {
    while head + offset >= locations.count {
      guard !isExhausted else { return false }
      appendNextBlock()
    }
    return true
  }

  /// The line `offset` lines ahead of the current one, which ``hasLine(at:)`` must have
  /// confirmed. Read one field at a time (`source[offset].penalty`): the line is lent in place,
  /// not copied.
  subscript(offset: Int) -> FlowLine {
    @inline(__always) _read {
      let location = locations[head + offset]
      yield chunks[(location >> 32) - firstChunk][location & 0xFFFF_FFFF]
    }
  }

  /// Takes the text of the line `offset` lines ahead (which ``hasLine(at:)`` must have
  /// confirmed), leaving an empty line in its place: the page gets the text without a copy
  /// (which would retain it), and dropping the flow line later releases only its other fields.
  mutating func takeLine(at offset: Int) -> Line {
    let location = locations[head + offset]
    var line = Line()
    swap(&line, &chunks[(location >> 32) - firstChunk][location & 0xFFFF_FFFF].line)
    return line
  }

  /// Drops the first `count` lines.
  mutating func consume(_ count: Int) {
    head += count
    let current = head < locations.count ? locations[head] >> 32 : firstChunk + chunks.count
    if current > firstChunk {
      chunks.removeFirst(current - firstChunk)
      chunkPoints.removeFirst(current - firstChunk)
      firstChunk = current
    }
    if head > 1024 && head * 2 > locations.count {
      locations.removeFirst(head)
      head = 0
    }
  }

  /// Queues a block's lines (or a spacing line) after the others, with where its block's
  /// layout can start again.
  private mutating func append(_ lines: consuming [FlowLine], point: (FlowResumePoint, Int)?) {
    let number = firstChunk + chunks.count
    for index in lines.indices { locations.append(number << 32 | index) }
    chunks.append(lines)
    chunkPoints.append(point)
  }

  /// Swaps the layout's footnote registry with `notes` (lent to the layout of a note, and
  /// taken back, without a copy).
  mutating func swapNotes(with notes: inout FootnoteRegistry) {
    swap(&layout.notes, &notes)
  }

  /// The title the block stream found, if any.
  var blockTitle: String? { prefetcher?.title ?? blocks.title }

  /// The number of blocks laid out so far (for tests of laziness).
  var blocksLaidOut: Int { nextBlock }

  /// How much of the input the blocks laid out so far stand for, when the source can tell
  /// (untracked, as of the last batch).
  private(set) var progress: Double?

  private mutating func appendNextBlock() {
    if batchIndex == batch.count { refill() }
    guard batchIndex < batch.count else {
      isExhausted = true
      return
    }
    let block = batch[batchIndex]
    // Taken out of the batch, so that the lines are changed in place rather than copied.
    let prepared = batchLines[batchIndex].take()
    if let reached = batchProgress[batchIndex] { progress = reached }
    let point = batchMarks[batchIndex].map {
      FlowResumePoint(
        mark: $0, block: nextBlock, hasEmitted: hasEmitted, pendingBreak: pendingBreak, keepPending: keepPending,
      afterLines: afterLines, linesBeforeFirstChapter: linesBeforeFirstChapter)
    }
    batchIndex += 1
    nextBlock += 1
    if case .pageBreak = block.content {
      if hasEmitted { pendingBreak = max(pendingBreak, .page) }
      return
    }
    var lines = prepared ?? layout.lines(for: block, width: width)
    guard !lines.isEmpty else { return }
    var forced = pendingBreak
    pendingBreak = nil
    if case .heading(1, _) = block.content {
      // The first chapter does not start a page of its own after less than half a page.
      let preamble = linesBeforeFirstChapter
      linesBeforeFirstChapter = nil
      if layout.options.effectiveChapterBreak != .none && (preamble ?? .max) >= layout.options.bodyHeight / 2 {
        forced = max(forced, layout.options.effectiveChapterBreak)
      }
    } else if let preamble = linesBeforeFirstChapter {
      linesBeforeFirstChapter = preamble + lines.count
    }
    let isLines = block.content.isLines
    var spacing: FlowLine?
    if hasEmitted {
      if let forced {
        lines[0].forcedBreak = forced
      } else if !(isLines && afterLines) {
        spacing = .spacing(source: block.source)
      }
    }
    afterLines = isLines
    if keepPending {
      spacing?.penalty = Penalty.keepWithHeading
      for index in lines.indices.prefix(2) {
        lines[index].penalty = max(lines[index].penalty, Penalty.keepWithHeading)
      }
    }
    if case .heading = block.content { keepPending = true } else { keepPending = false }
    hasEmitted = true
    Self.interpolateSourceLines(&lines)
    if tracksProgress { Self.setAnchors(&lines, block: nextBlock - 1) }
    if let spacing { append([spacing], point: point.map { ($0, 0) }) }
    append(lines, point: point.map { ($0, spacing == nil ? 0 : 1) })
  }
}

extension LineFlow {
  /// The most bytes of text a batch holds (a batch is laid out ahead, lines and all: bounded by
  /// its text too, so that long code blocks, 10,000 lines each, are not laid out hundreds at a
  /// time).
  static let batchByteLimit = 1 << 20

  /// The bytes of text a block counts for in a batch: a code or HTML block's, a paragraph's
  /// first run's.
  static func batchWeight(of block: Block) -> Int {
    switch block.content {
    case .codeBlock(_, let text), .htmlBlock(let text), .lines(let text, _): return text.utf8.count
    case .paragraph(let inlines): if case .text(let text)? = inlines.first { return text.utf8.count }
    default: break
    }
    return 0
  }

  /// Reads the next batch of blocks and lays out, on every core (``layoutThreads``), those
  /// whose layout does not depend on what comes before them (all but tables, once the batch's
  /// links and notes are numbered). The batch doubles in size each time, up to 512 blocks, so the first page never
  /// waits for much.
  private mutating func refill() {
    batch.removeAll(keepingCapacity: true)
    batchProgress.removeAll(keepingCapacity: true)
    batchMarks.removeAll(keepingCapacity: true)
    batchIndex = 0
    var batchBytes = 0
    if let prefetcher, !sourceDone {
      // The batch read ahead while the last one was set; the next is read while this one is.
      let (blocks, isLast) = prefetcher.take(count: batchSize)
      batch = blocks
      batchMarks = Array(repeating: nil, count: blocks.count)
      batchProgress = Array(repeating: nil, count: blocks.count)
      sourceDone = isLast
      if !isLast { prefetcher.readAhead(count: min(batchSize * 2, 512)) }
    }
    while prefetcher == nil, batch.count < batchSize, batchBytes < Self.batchByteLimit, !sourceDone {
      let mark = tracksProgress ? blocks.mark : nil
      if let block = blocks.nextBlock() {
        batchBytes += Self.batchWeight(of: block)
        batch.append(block)
        batchMarks.append(mark)
        batchProgress.append(tracksProgress ? blocks.progress : nil)
      } else {
        sourceDone = true
      }
    }
    // Untracked (printing), the progress is read once a batch, for its last block: what a
    // printer that waits for page numbers judges the document's length by.
    if !tracksProgress && prefetcher == nil && !batch.isEmpty { batchProgress[batch.count - 1] = blocks.progress }
    batchLines = Array(repeating: nil, count: batch.count)
    defer { batchSize = min(batchSize * 2, 512) }
    let independent = batch.indices.filter { Self.isIndependent(batch[$0]) }
    guard independent.count >= 16 else { return }
    // Number the batch's notes and links in document order first: then every block but a
    // table lays out the same wherever it is done.
    for block in batch { layout.notes.register(block, links: layout.options.links) }
    let width = self.width
    let template = layout
    let blocks = batch
    // Safety: both threads write `shared`, at distinct indices only: each index of
    // `independent` is claimed once, by the atomic increment of `next`, by the thread that
    // then writes it, and nothing reads the buffer before `concurrentPerform` has returned
    // (it waits for every thread). Debug builds check that exactly the claimed indices were written.
    let results = UnsafeMutableBufferPointer<[FlowLine]?>.allocate(capacity: blocks.count)
    results.initialize(repeating: nil)
    defer { results.deallocate() }
    nonisolated(unsafe) let shared = results
    // Each thread takes the next block not yet taken, so that a helper that starts late (both
    // cores busy: Markdown is converted on a thread of its own) leaves its share to this
    // thread rather than making it wait.
    let next = Atomic<Int>(0)
    DispatchQueue.concurrentPerform(iterations: Self.layoutThreads) { _ in
      var local = template
      while true {
        let position = next.wrappingAdd(1, ordering: .relaxed).oldValue
        guard position < independent.count else { break }
        let index = independent[position]
        shared[index] = local.lines(for: blocks[index], width: width)
      }
    }
    #if DEBUG
      let claimed = Set(independent)
      for index in batch.indices {
        precondition((results[index] != nil) == claimed.contains(index), "block \(index) laid out once, if claimed")
      }
    #endif
    for index in batch.indices { batchLines[index] = (results.baseAddress! + index).move() }
  }

  /// The threads that lay out a batch of blocks: one a processor, up to eight (a batch holds at
  /// most 512 blocks; more threads than that share little of it).
  static let layoutThreads = min(Processors.online, 8)

  /// Whether a block's layout depends on no state but the footnote numbers: it holds no table
  /// (tables register their header for repetition).
  static func isIndependent(_ block: Block) -> Bool {
    switch block.content {
    case .heading, .paragraph, .codeBlock, .htmlBlock, .lines, .thematicBreak, .pageBreak: return true
    case .blockQuote(let children), .centered(let children), .callout(_, let children):
      return children.allSatisfy(isIndependent)
    case .list(let list): return list.items.allSatisfy { $0.blocks.allSatisfy(isIndependent) }
    case .definitionList(let items):
      return items.allSatisfy { $0.definitions.allSatisfy { $0.allSatisfy(isIndependent) } }
    case .table: return false
    }
  }

  /// Gives each line of block `block` the anchor of its first character (a line with no text
  /// of its own, a rule or a blank line, gets the anchor of what follows it).
  static func setAnchors(_ lines: inout [FlowLine], block: Int) {
    var offset = 0
    for index in lines.indices {
      lines[index].anchor = TextAnchor(block: block, offset: offset)
      offset += lines[index].line.anchorTextCount
    }
  }

  /// Gives each line the source line it stands for: within each run of lines from the same
  /// block, lines are spread evenly over the block's source lines.
  static func interpolateSourceLines(_ lines: inout [FlowLine]) {
    var start = 0
    while start < lines.count {
      var end = start + 1
      while end < lines.count && lines[end].source == lines[start].source { end += 1 }
      if let range = lines[start].source {
        let count = end - start
        let span = range.lastLine - range.firstLine + 1
        for index in start..<end {
          lines[index].sourceLine = range.firstLine + (index - start) * span / count
        }
      }
      start = end
    }
  }
}

extension ChapterBreak: Comparable {
  public static func < (lhs: ChapterBreak, rhs: ChapterBreak) -> Bool {
    lhs.strength < rhs.strength
  }

  private var strength: Int {
    switch self {
    case .none: 0
    case .page: 1
    case .recto: 2
    }
  }
}

private func max(_ lhs: ChapterBreak?, _ rhs: ChapterBreak) -> ChapterBreak {
  guard let lhs else { return rhs }
  return Swift.max(lhs, rhs)
}
