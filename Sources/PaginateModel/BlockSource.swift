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
}

extension BlockSource {
  /// No title unless the source says so.
  public var title: String? { nil }
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
}

/// A document as the layout reads it: a title and a way to read its blocks from the start
/// (again, when the layout is redone with other options).
public struct DocumentSource: Sendable {
  /// The title, for running heads (`{title}`).
  public var title: String?
  /// The source line of the document's last block, when known (for "how far through").
  public var lastSourceLine: Int?
  /// The number of top-level blocks, when known before they are read (a document in memory).
  public var blockCount: Int?
  private let makeBlocks: @Sendable () -> any BlockSource

  /// A source that reads a document held in memory.
  public init(_ document: Document) {
    title = document.title
    lastSourceLine = document.blocks.last { $0.source != nil }?.source?.lastLine
    blockCount = document.blocks.count
    makeBlocks = { ArrayBlockSource(document.blocks) }
  }

  /// A source whose blocks are produced by `makeBlocks`, called once per layout.
  ///
  /// - Parameters:
  ///   - title: The title, if known before the blocks are read.
  ///   - lastSourceLine: The number of the input's last line, if known: how far through the
  ///     reader is, and the estimated page count, are measured against it.
  ///   - blockCount: The number of top-level blocks, if known.
  ///   - makeBlocks: Makes a fresh reader of the blocks, from the first.
  public init(
    title: String?, lastSourceLine: Int? = nil, blockCount: Int? = nil,
    makeBlocks: @escaping @Sendable () -> any BlockSource
  ) {
    self.title = title
    self.lastSourceLine = lastSourceLine
    self.blockCount = blockCount
    self.makeBlocks = makeBlocks
  }

  /// A fresh reader of the blocks, from the first.
  public func blocks() -> any BlockSource { makeBlocks() }
}
