import PaginateModel

/// Plain text read in chunks of 256 KiB, yielding blocks as they complete.
struct PlainTextStream: BlockStream {
  private let read: @Sendable (UnsafeMutableRawBufferPointer) -> Int
  private let diagnostics: ReadDiagnostics
  private var builder: PlainTextBuilder
  private var pending: [UInt8] = []
  private var ready: [Block] = []
  private var readyIndex = 0
  private var isDone = false
  private static let chunkSize = 1 << 18
  /// The chunk read when the text is highlighted (about 1.4 µs a byte in source-highlight's
  /// regular expressions): 256 KiB would be a third of a second before the first page.
  private static let highlightedChunkSize = 1 << 13
  private var chunkSize: Int { builder.highlights ? Self.highlightedChunkSize : Self.chunkSize }
  /// The input's size, when known, and the bytes turned into blocks before and after the
  /// last chunk (its blocks share out the difference, for ``progress``).
  private let inputSize: Int?
  private var bytesDoneBefore = 0
  /// The bytes of the input turned into blocks (or into the paragraph being gathered): where
  /// `pending` starts in the input.
  private var bytesDone = 0
  /// The state before the fill that made `ready`: where its bytes start and the builder then,
  /// for ``mark`` (compacted the first time a mark needs it).
  private var fillStart = 0
  private var builderBeforeFill: PlainTextBuilder
  private var builderBeforeFillIsCompact = true
  /// Blocks still to be skipped after resuming at a mark.
  private var toSkip = 0

  /// Where a reader can start again: the input offset its bytes resume at, the builder's state
  /// there, and how many of the blocks made from that point were already returned. `builder`
  /// is `nil` at the end of the input.
  struct Mark: Sendable {
    var offset: Int
    var builder: PlainTextBuilder?
    var skip: Int
  }

  init(
    read: @escaping @Sendable (UnsafeMutableRawBufferPointer) -> Int, diagnostics: ReadDiagnostics, inputSize: Int?,
    keepsLines: Bool = false, readsColours: Bool = false, highlighting: LinesAdapter.Highlighting = .off, name: String = ""
  ) {
    self.read = read
    self.diagnostics = diagnostics
    self.inputSize = inputSize
    builder = PlainTextBuilder(keepsLines: keepsLines, readsColours: readsColours, highlighting: highlighting, name: name)
    builderBeforeFill = builder
  }

  /// A reader that goes on from `mark`, reading with `read` from the mark's offset.
  init(resuming mark: Mark, read: @escaping @Sendable (UnsafeMutableRawBufferPointer) -> Int, inputSize: Int?) {
    self.read = read
    // Invalid UTF-8 was counted the first time these bytes were read.
    diagnostics = ReadDiagnostics()
    self.inputSize = inputSize
    bytesDone = mark.offset
    bytesDoneBefore = mark.offset
    if let builder = mark.builder {
      self.builder = builder
      toSkip = mark.skip
    } else {
      builder = PlainTextBuilder()
      isDone = true
    }
    builderBeforeFill = builder
  }

  /// Before the next block: resumable by the input offset and the builder's state.
  var mark: BlockStreamMark? {
    mutating get {
      if readyIndex < ready.count {
        if !builderBeforeFillIsCompact {
          builderBeforeFill = builderBeforeFill.compacted()
          builderBeforeFillIsCompact = true
        }
        return BlockStreamMark(Mark(offset: fillStart, builder: builderBeforeFill, skip: readyIndex), inputOffset: fillStart)
      }
      if isDone { return BlockStreamMark(Mark(offset: bytesDone, builder: nil, skip: 0), inputOffset: bytesDone) }
      return BlockStreamMark(Mark(offset: bytesDone, builder: builder.compacted(), skip: 0), inputOffset: bytesDone)
    }
  }

  /// The bytes the blocks returned stand for, out of the input's size.
  var progress: Double? {
    if isDone && readyIndex == ready.count { return 1 }
    guard let inputSize, inputSize > 0 else { return nil }
    let share = ready.isEmpty ? 0 : Double(readyIndex) / Double(ready.count)
    return min((Double(bytesDoneBefore) + Double(bytesDone - bytesDoneBefore) * share) / Double(inputSize), 1)
  }

  mutating func nextBlock() -> Block? {
    while readyIndex == ready.count || toSkip > 0 {
      if readyIndex < ready.count {
        // Resumed: these were returned before the mark.
        readyIndex += 1
        toSkip -= 1
        continue
      }
      guard !isDone else { return nil }
      fill()
    }
    defer { readyIndex += 1 }
    return ready[readyIndex]
  }

  private mutating func fill() {
    let kept = pending.count
    let chunkSize = chunkSize
    pending.reserveCapacity(kept + chunkSize)
    pending.append(contentsOf: repeatElement(0, count: chunkSize))
    let count = pending.withUnsafeMutableBytes { buffer in
      read(UnsafeMutableRawBufferPointer(rebasing: buffer[kept...]))
    }
    pending.removeLast(chunkSize - max(count, 0))
    let isFinal = count <= 0
    // The first feed decides how the text is read from its first 256 KiB
    // (`PlainTextBuilder.sampleSize`): it gets all of them, however the reads come.
    // Kept lines need no sample of the text's first 256 KiB: their first page waits for none.
    if bytesDone == 0 && !isFinal && !builder.keepsLines && pending.count < PlainTextBuilder.sampleSize { return }
    // A chunk with no line end completes nothing: read on (so a huge line is scanned once),
    // up to the longest line read as one.
    if !isFinal && pending.count <= PlainTextBuilder.lineLimit && !pending[kept...].contains(where: { $0 <= 0x0D && ($0 == 0x0A || $0 == 0x0D || $0 == 0x0C) }) {
      return
    }
    fillStart = bytesDone
    builderBeforeFill = builder
    builderBeforeFillIsCompact = false
    let (consumed, invalid) = pending.withUnsafeBufferPointer { buffer in
      let consumed = builder.feed(buffer, isFinal: isFinal)
      // Bytes the scan left at the end (a partial line) are fed again with the next chunk, so
      // a high byte among them is seen again then.
      guard builder.takeSawNonASCII() else { return (consumed, 0) }
      return (consumed, UTF8Validation.invalidSequenceCount(UnsafeBufferPointer(rebasing: buffer[..<consumed])))
    }
    if invalid > 0 { diagnostics.addInvalidUTF8(invalid) }
    pending.removeFirst(consumed)
    bytesDoneBefore = bytesDone
    bytesDone += consumed
    ready = builder.takeBlocks()
    if isFinal {
      ready += builder.finish()
      isDone = true
    }
    readyIndex = 0
  }
}
