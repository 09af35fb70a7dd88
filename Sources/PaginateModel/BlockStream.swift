/// Blocks produced one at a time, so that layout can start before the input is all converted.
///
/// Plain text reads its input a chunk at a time, so a large file is never in memory whole;
/// Markdown holds the input and libcmark's tree, and converts it a block at a time on a thread
/// of its own. A ``Document`` is read through ``ArrayBlockStream``. A stream is consumed once,
/// from one task at a time.
public protocol BlockStream: Sendable {
  /// The next block, or `nil` at the end of the input.
  mutating func nextBlock() -> Block?

  /// The document's title, when the stream finds one as it reads (Markdown's first level-1
  /// heading); `nil` by default.
  var title: String? { get }

  /// How much of the input the blocks returned so far stand for, from 0 to 1, when the source
  /// can tell (by bytes, lines or blocks); `nil` by default. A layout estimates the page count
  /// from it before the end is reached. (`mutating`: a source may measure its input the first
  /// time it is asked.)
  var progress: Double? { mutating get }

  /// Where the source is (before the next block), so that a reader can start there again
  /// (``DocumentReader/blocks(from:)``) rather than from the first block: a layout that keeps
  /// only some of its pages rebuilds the others from such marks. `nil` (the default) when the
  /// source cannot be resumed; its pages are then all kept.
  var mark: BlockStreamMark? { mutating get }

  /// Whether the blocks are made ahead of the reader: in memory already, or on a thread of
  /// the stream's own (Markdown's converter). A layout reads a stream that is not (plain text,
  /// read and split on the reader's thread) a batch ahead on another thread when it can.
  /// `false` by default.
  var makesBlocksAhead: Bool { get }
}

extension BlockStream {
  /// No title unless the source says so.
  public var title: String? { nil }

  /// Unknown unless the source says so.
  public var progress: Double? { nil }

  /// Not resumable unless the source says so.
  public var mark: BlockStreamMark? { nil }

  /// Made as they are read, unless the source says otherwise.
  public var makesBlocksAhead: Bool { false }
}

/// A place in a block stream to start reading again: what the source needs to resume there,
/// in a form only it reads, and where in its input a resumed reader must start reading.
public struct BlockStreamMark: Sendable {
  /// The stream's own state (an index, or what it had read of a paragraph).
  public let state: any Sendable
  /// The byte offset in the input at which a reader resumed at this mark reads on, for a
  /// source that reads bytes (`nil` for one that does not, such as an array of blocks).
  public let inputOffset: Int?

  /// Creates a mark holding `state`, resuming the input at `inputOffset`.
  public init(_ state: any Sendable, inputOffset: Int? = nil) {
    self.state = state
    self.inputOffset = inputOffset
  }
}

/// The blocks of an array, in order.
public struct ArrayBlockStream: BlockStream {
  private let blocks: [Block]
  private var index = 0

  /// Creates a source over `blocks`.
  public init(_ blocks: [Block]) {
    self.blocks = blocks
  }

  /// Creates a source over `blocks` that starts at `mark` (one this source type gave).
  public init(_ blocks: [Block], from mark: BlockStreamMark) {
    self.blocks = blocks
    index = min(max(mark.state as? Int ?? 0, 0), blocks.count)
  }

  /// The index of the next block.
  public var mark: BlockStreamMark? { BlockStreamMark(index) }

  /// The blocks are in memory.
  public var makesBlocksAhead: Bool { true }

  public mutating func nextBlock() -> Block? {
    guard index < blocks.count else { return nil }
    defer { index += 1 }
    return blocks[index]
  }

  /// The share of the blocks returned.
  public var progress: Double? { blocks.isEmpty ? 1 : Double(index) / Double(blocks.count) }
}

/// A document as the layout reads it: a title and a way to read its blocks from the start
/// (again, when the layout is redone with other options), as a ``BlockStream`` each time.
/// ("Source" in paginate means only where text came from: ``SourceRange``, ``Block/source``.)
public struct DocumentReader: Sendable {
  /// The title, for running heads (`{title}`).
  public var title: String?
  /// The language of the text, a BCP 47 tag (`en`, `de-CH`), when known: hyphenation uses it
  /// unless `LayoutOptions` name one.
  public var language: String?
  /// The source line of the document's last block, when known (for "how far through").
  public var lastSourceLine: Int?
  /// The document, when the reader reads one held in memory: its blocks can be counted,
  /// measured and edited without reading the source.
  public let document: Document?
  /// Whether the blocks never end (a feed, a log that grows): nothing looks for the end, so
  /// the last page, the page count and wrapping round do not exist, and asking for them
  /// returns at once.
  public var isEndless = false
  private let makeBlocks: @Sendable () -> any BlockStream
  private let makeEarlierBlocks: (@Sendable () -> any BlockStream)?
  private let resumeBlocks: (@Sendable (BlockStreamMark) -> (any BlockStream)?)?

  /// A reader of a document held in memory.
  public init(_ document: Document) {
    title = document.title
    language = document.language
    lastSourceLine = document.blocks.last { $0.source != nil }?.source?.lastLine
    self.document = document
    makeBlocks = { ArrayBlockStream(document.blocks) }
    makeEarlierBlocks = nil
    resumeBlocks = { ArrayBlockStream(document.blocks, from: $0) }
  }

  /// A source whose blocks are produced by `makeBlocks`, called once per layout.
  ///
  /// - Parameters:
  ///   - title: The title, if known before the blocks are read.
  ///   - lastSourceLine: The number of the input's last line, if known: how far through the
  ///     reader is is measured against it.
  ///   - makeBlocks: Makes a fresh reader of the blocks, from the first.
  public init(title: String?, lastSourceLine: Int? = nil, makeBlocks: @escaping @Sendable () -> any BlockStream) {
    self.title = title
    self.lastSourceLine = lastSourceLine
    document = nil
    self.makeBlocks = makeBlocks
    makeEarlierBlocks = nil
    resumeBlocks = nil
  }

  /// A source whose blocks are produced by `makeBlocks`, and can be read again from a mark
  /// its readers gave (``BlockStream/mark``) by `resumeBlocks` (which returns `nil` when it
  /// cannot, the file having gone, say).
  public init(
    title: String?, lastSourceLine: Int? = nil, makeBlocks: @escaping @Sendable () -> any BlockStream,
    resumeBlocks: @escaping @Sendable (BlockStreamMark) -> (any BlockStream)?
  ) {
    self.title = title
    self.lastSourceLine = lastSourceLine
    document = nil
    self.makeBlocks = makeBlocks
    makeEarlierBlocks = nil
    self.resumeBlocks = resumeBlocks
  }

  /// A source with content before its first block as well as after (a chat log, a feed):
  /// `makeEarlierBlocks` gives the blocks before the first, the nearest first, going back as
  /// far as it has history. Their pages come before page 0 (at indices -1, -2, …), laid out a
  /// stretch at a time as a reader goes back.
  ///
  /// - Parameters:
  ///   - title: The title, if known.
  ///   - isEndless: Whether the blocks after the first never end (see ``isEndless``).
  ///   - makeBlocks: Makes a reader of the blocks from the first on.
  ///   - makeEarlierBlocks: Makes a reader of the blocks before the first, backwards.
  public init(
    title: String?, isEndless: Bool, makeBlocks: @escaping @Sendable () -> any BlockStream,
    makeEarlierBlocks: @escaping @Sendable () -> any BlockStream
  ) {
    self.title = title
    lastSourceLine = nil
    document = nil
    self.isEndless = isEndless
    self.makeBlocks = makeBlocks
    self.makeEarlierBlocks = makeEarlierBlocks
    resumeBlocks = nil
  }

  /// A fresh reader of the blocks, from the first.
  public func blocks() -> any BlockStream { makeBlocks() }

  /// A reader of the blocks from `mark` (one that a reader of this source gave) on; `nil` when
  /// the source cannot resume.
  public func blocks(from mark: BlockStreamMark) -> (any BlockStream)? { resumeBlocks?(mark) }

  /// Whether readers can start again from their marks.
  public var canResume: Bool { resumeBlocks != nil }

  /// A fresh reader of the blocks before the first, the nearest first; `nil` when the source
  /// has none.
  public func earlierBlocks() -> (any BlockStream)? { makeEarlierBlocks?() }

  /// Whether the source has blocks before its first.
  public var hasEarlierBlocks: Bool { makeEarlierBlocks != nil }
}
