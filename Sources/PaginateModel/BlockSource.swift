/// Blocks produced one at a time, so that layout can start before the input is all converted.
///
/// Plain text reads its input a chunk at a time, so a large file is never in memory whole;
/// Markdown holds the input and libcmark's tree, and converts it a block at a time on a thread
/// of its own. A ``Document`` is read through ``ArrayBlockSource``. A source is consumed once, from one task at a time.
public protocol BlockSource: Sendable {
  /// The next block, or `nil` at the end of the input.
  mutating func nextBlock() -> Block?

  /// The document's title, when the source finds one as it reads (Markdown's first level-1
  /// heading); `nil` by default.
  var title: String? { get }

  /// How much of the input the blocks returned so far stand for, from 0 to 1, when the source
  /// can tell (by bytes, lines or blocks); `nil` by default. A layout estimates the page count
  /// from it before the end is reached. (`mutating`: a source may measure its input the first
  /// time it is asked.)
  var progress: Double? { mutating get }
}

extension BlockSource {
  /// No title unless the source says so.
  public var title: String? { nil }

  /// Unknown unless the source says so.
  public var progress: Double? { nil }
}

/// The blocks of an array, in order.
public struct ArrayBlockSource: BlockSource {
  private let blocks: [Block]
  private var index = 0

  /// Creates a source over `blocks`.
  public init(_ blocks: [Block]) {
    self.blocks = blocks
  }

  public mutating func nextBlock() -> Block? {
    guard index < blocks.count else { return nil }
    defer { index += 1 }
    return blocks[index]
  }

  /// The share of the blocks returned.
  public var progress: Double? { blocks.isEmpty ? 1 : Double(index) / Double(blocks.count) }
}

/// A document as the layout reads it: a title and a way to read its blocks from the start
/// (again, when the layout is redone with other options).
public struct DocumentSource: Sendable {
  /// The title, for running heads (`{title}`).
  public var title: String?
  /// The source line of the document's last block, when known (for "how far through").
  public var lastSourceLine: Int?
  /// The document, when the source reads one held in memory: its blocks can be counted,
  /// measured and edited without reading the source.
  public let document: Document?
  /// Whether the blocks never end (a feed, a log that grows): nothing looks for the end, so
  /// the last page, the page count and wrapping round do not exist, and asking for them
  /// returns at once.
  public var isEndless = false
  private let makeBlocks: @Sendable () -> any BlockSource
  private let makeEarlierBlocks: (@Sendable () -> any BlockSource)?

  /// A source that reads a document held in memory.
  public init(_ document: Document) {
    title = document.title
    lastSourceLine = document.blocks.last { $0.source != nil }?.source?.lastLine
    self.document = document
    makeBlocks = { ArrayBlockSource(document.blocks) }
    makeEarlierBlocks = nil
  }

  /// A source whose blocks are produced by `makeBlocks`, called once per layout.
  ///
  /// - Parameters:
  ///   - title: The title, if known before the blocks are read.
  ///   - lastSourceLine: The number of the input's last line, if known: how far through the
  ///     reader is is measured against it.
  ///   - makeBlocks: Makes a fresh reader of the blocks, from the first.
  public init(title: String?, lastSourceLine: Int? = nil, makeBlocks: @escaping @Sendable () -> any BlockSource) {
    self.title = title
    self.lastSourceLine = lastSourceLine
    document = nil
    self.makeBlocks = makeBlocks
    makeEarlierBlocks = nil
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
    title: String?, isEndless: Bool, makeBlocks: @escaping @Sendable () -> any BlockSource,
    makeEarlierBlocks: @escaping @Sendable () -> any BlockSource
  ) {
    self.title = title
    lastSourceLine = nil
    document = nil
    self.isEndless = isEndless
    self.makeBlocks = makeBlocks
    self.makeEarlierBlocks = makeEarlierBlocks
  }

  /// A fresh reader of the blocks, from the first.
  public func blocks() -> any BlockSource { makeBlocks() }

  /// A fresh reader of the blocks before the first, the nearest first; `nil` when the source
  /// has none.
  public func earlierBlocks() -> (any BlockSource)? { makeEarlierBlocks?() }

  /// Whether the source has blocks before its first.
  public var hasEarlierBlocks: Bool { makeEarlierBlocks != nil }
}
