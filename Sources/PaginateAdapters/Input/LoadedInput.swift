public import PaginateModel
import Synchronization

/// A document ready for layout, read from a file or from memory, and what to tell the user
/// about it.
///
/// Where the chosen adapter can stream (plain text, Markdown), ``reader`` reads its blocks as
/// the layout asks for them: the first page appears before the whole input is converted, and
/// plain text is never in memory whole. Warnings about what the read repaired are known in
/// full only once the layout has read to the end: see ``finalWarnings``.
public struct LoadedInput: Sendable {
  /// The document, for `PageSet` (PaginateLayout) or `PagingController` (PaginatePaging).
  public var reader: DocumentReader
  /// The adapter that reads it.
  public var adapter: any InputAdapter
  /// The input's name: its path, or `<stdin>`, or the name given for text in memory.
  public var name: String
  /// Warnings known now, one line each.
  public var warnings: [String]
  /// Counts gathered while reading incrementally.
  let passes: ReadPasses?

  /// Creates a loaded source (for tests and previews; ``AdapterRegistry`` makes real ones).
  public init(reader: DocumentReader, adapter: any InputAdapter, name: String, warnings: [String] = []) {
    self.reader = reader
    self.adapter = adapter
    self.name = name
    self.warnings = warnings
    passes = nil
  }

  init(reader: DocumentReader, adapter: any InputAdapter, name: String, warnings: [String], passes: ReadPasses?) {
    self.reader = reader
    self.adapter = adapter
    self.name = name
    self.warnings = warnings
    self.passes = passes
  }

  /// Why the input could not be read to its end (more than 1 GiB of Markdown from an endless
  /// stream), once the layout has read as far as it could; `nil` when it was read whole. One
  /// line, with the input's name.
  public var finalError: String? {
    passes?.failure.map { "\(name): \($0)" }
  }

  /// Warnings known once the layout has read the input: what the adapter had to change to
  /// read it, and invalid UTF-8 replaced, as far as any layout read it (each counted once).
  public var finalWarnings: [String] {
    guard let passes else { return [] }
    var warnings = passes.warnings.map { "\(name): \($0)" }
    let count = passes.invalidUTF8Count
    if count > 0 {
      warnings.append("\(name): replaced \(count) invalid UTF-8 sequence\(count == 1 ? "" : "s") with U+FFFD")
    }
    return warnings
  }
}

/// What each pass over an input read incrementally repaired. Every pass reads from the start
/// and may stop early (a layout stops at the last page asked for), so the pass that read the
/// furthest has counted the most: that count is the input's, counted once.
final class ReadPasses: Sendable {
  private let passes = Mutex<[ReadDiagnostics]>([])

  /// A record for a new pass.
  func newPass() -> ReadDiagnostics {
    let pass = ReadDiagnostics()
    passes.withLock { $0.append(pass) }
    return pass
  }

  /// Why the input could not be read to its end, as the first pass to fail said.
  var failure: String? { passes.withLock { $0.lazy.compactMap(\.failure).first } }

  /// The warnings of the pass that recorded the most (every pass reads the same input).
  var warnings: [String] { passes.withLock { $0.map(\.warnings).max { $0.count < $1.count } ?? [] } }

  /// The invalid UTF-8 sequences replaced in the input, as far as any pass read it.
  var invalidUTF8Count: Int { passes.withLock { $0.map(\.invalidUTF8Count).max() ?? 0 } }
}

extension AdapterRegistry {
  /// Opens the file at `path` (`-` for standard input) and chooses its adapter: by `format`
  /// (an adapter's name, as `--from` takes it), else the extension, else sniffing.
  ///
  ///     let loaded = try AdapterRegistry.builtIn.loadInput(contentsOfFile: "README.md")
  ///     let reader = try PagingController(reader: loaded.reader)
  ///
  /// - Parameters:
  ///   - path: The file's path, or `-` for standard input.
  ///   - format: An adapter's name (`markdown`, `md`, `text`, `external:NAME`), or `nil` to
  ///     choose by extension and content.
  ///   - incremental: Read the blocks as the layout asks when the adapter can (the default).
  ///     A later layout of the same source (a relayout) opens the file again; standard input,
  ///     which cannot be read twice, is read whole when `false`.
  /// - Throws: ``InputError`` when the file cannot be opened or read, the format is unknown,
  ///   the input looks binary, or (reading whole) the adapter refuses it.
  public func loadInput(contentsOfFile path: String, format: String? = nil, incremental: Bool = true)
    throws(InputError) -> LoadedInput
  {
    let file = try OpenFile(path)
    let head = try file.readHead(AdapterRegistry.sniffLength)
    let reopenable = path != "-"
    let name = file.name
    if let compressed = try decompressing(file, head: head, format: format) {
      // The text inside, read as it is decompressed; a regular file is opened and
      // decompressed again for a relayout, or to the offset a page starts at.
      let reader = compressed.reader
      let again: @Sendable () -> DecompressingReader? = {
        guard reopenable, let file = try? OpenFile(path), file.size != nil else { return nil }
        return try? DecompressingReader(
          format: compressed.format, name: name, reading: ChunkReader(file: file, head: []).read(into:))
      }
      let source = ReopenableInput(
        first: ClaimOnce(reader.read(into:)),
        onFailure: { diagnostics in reader.onFailure = { diagnostics.fail($0) } },
        reopen: { again().map { again in again.read(into:) } },
        reopen: { offset in
          guard let again = again(), again.skip(offset) else { return nil }
          return again.read(into:)
        }, size: nil, canReadAgain: reopenable && file.size != nil,
        readRest: { Result { () throws(InputError) in try reader.readAll() } })
      return try loadInput(
        source, head: compressed.head, name: name, adapter: compressed.adapter, incremental: incremental,
        reopenable: reopenable)
    }
    let adapter = try adapter(for: AdapterInput(bytes: head, name: file.name), named: format)
    let chunkReader = ChunkReader(file: file, head: head)
    let source = ReopenableInput(
      first: ClaimOnce(chunkReader.read(into:)), onFailure: { _ in },
      reopen: {
        guard let file = try? OpenFile(path) else { return nil }
        return ChunkReader(file: file, head: []).read(into:)
      },
      reopen: { offset in
        guard let file = try? OpenFile(path), file.seek(to: offset) else { return nil }
        return ChunkReader(file: file, head: []).read(into:)
      }, size: file.size, canReadAgain: reopenable && file.size != nil,
      readRest: { Result { () throws(InputError) in try file.readAll() } })
    return try loadInput(source, head: head, name: name, adapter: adapter, incremental: incremental, reopenable: reopenable)
  }

  /// A reader of standard input kept in `spool` as it is read: the adapter chosen by `format`,
  /// else by the input's first bytes (``SpooledInput/head(_:pause:)``), and pages laid out as the layout asks,
  /// read again from the spool for a relayout or a page before the window. gzip and xz input
  /// is decompressed as it is read.
  ///
  /// - Throws: ``InputError`` when the format is unknown, the input looks binary, or (an
  ///   adapter that reads its input whole) the adapter refuses it.
  package func loadInput(spooled spool: SpooledInput, name: String, format: String? = nil) throws(InputError)
    -> LoadedInput
  {
    let head = spool.head(AdapterRegistry.sniffLength)
    if let compression = Decompression.format(of: head), !(format.flatMap { adapter(named: $0) }?.readsBinaryInput ?? false) {
      let decompressing: @Sendable (Int) -> DecompressingReader? = { offset in
        guard let reader = try? DecompressingReader(format: compression, name: name, reading: spool.reader()),
          reader.skip(offset)
        else { return nil }
        return reader
      }
      guard let reader = decompressing(0) else { throw InputError(input: name, message: "cannot read") }
      let text = try reader.readHead(AdapterRegistry.sniffLength)
      let chosen = try adapter(
        for: AdapterInput(bytes: text, name: Decompression.innerName(of: name, compression)), named: format)
      let source = ReopenableInput(
        first: ClaimOnce(reader.read(into:)), onFailure: { diagnostics in reader.onFailure = { diagnostics.fail($0) } },
        reopen: { decompressing(0).map { again in again.read(into:) } },
        reopen: { offset in decompressing(offset).map { again in again.read(into:) } }, size: nil, canReadAgain: true,
        readRest: { Result { () throws(InputError) in try reader.readAll() } })
      return try loadInput(source, head: [], name: name, adapter: chosen, incremental: true, reopenable: true)
    }
    let chosen = try adapter(for: AdapterInput(bytes: head, name: name), named: format)
    let source = ReopenableInput(
      first: ClaimOnce(spool.reader()), onFailure: { _ in }, reopen: { spool.reader() },
      reopen: { offset in spool.reader(from: offset) }, size: nil, canReadAgain: true,
      readRest: {
        switch WholeRead.reading(spool.reader(), limit: OpenFile.maximumWholeInput) {
        case .complete(let bytes): return .success(bytes)
        case .failed: return .failure(InputError(input: name, message: spool.failure ?? "cannot read"))
        case .tooLarge: return .failure(InputError(input: name, message: OpenFile.tooLargeMessage))
        }
      })
    return try loadInput(source, head: [], name: name, adapter: chosen, incremental: true, reopenable: true)
  }

  /// A reader of `source` through `adapter`: as the layout asks when the adapter can stream
  /// and `incremental`, else read whole (`head` is what was read of it already).
  private func loadInput(
    _ source: ReopenableInput, head: [UInt8], name: String, adapter: any InputAdapter, incremental: Bool, reopenable: Bool
  ) throws(InputError) -> LoadedInput {
    guard incremental, let streaming = adapter as? any StreamingInputAdapter else {
      let bytes = try source.readRest().get()
      let loaded = try load(AdapterInput(bytes: head + bytes, name: name), using: adapter)
      return LoadedInput(
        reader: DocumentReader(loaded.document), adapter: adapter, name: name, warnings: loaded.warnings, passes: nil)
    }
    let passes = ReadPasses()
    let size = source.size
    let makeBlocks: @Sendable () -> any BlockStream = {
      // The first layout reads the open file; a later one (a relayout) opens it again.
      let diagnostics = passes.newPass()
      let read: @Sendable (UnsafeMutableRawBufferPointer) -> Int
      if let first = source.first.claim() {
        source.onFailure(diagnostics)
        read = first
      } else {
        guard reopenable, let again = source.reopen() else { return ArrayBlockStream([]) }
        read = again
      }
      // A regular file can be read twice (not a named pipe, which would wait for a writer).
      guard source.canReadAgain else {
        return streaming.blockStream(reading: read, name: name, diagnostics: diagnostics, inputSize: size)
      }
      return streaming.blockStream(
        reading: read, name: name, diagnostics: diagnostics, inputSize: size,
        readingAgain: { source.reopen() })
    }
    guard reopenable else {
      // Standard input cannot be read again from a mark: its pages are all kept.
      let reader = DocumentReader(title: nil, makeBlocks: makeBlocks)
      return LoadedInput(reader: reader, adapter: adapter, name: name, warnings: [], passes: passes)
    }
    let reader = DocumentReader(title: nil, makeBlocks: makeBlocks) { mark -> (any BlockStream)? in
      // A page laid out again: the input opened anew at the mark's offset.
      guard let offset = mark.inputOffset, let read = source.reopenAt(offset) else { return nil }
      return streaming.blockStream(resuming: mark, reading: read, name: name, inputSize: size)
    }
    return LoadedInput(reader: reader, adapter: adapter, name: name, warnings: [], passes: passes)
  }

  /// Reads the file at `path` (`-` for standard input) whole, with the adapter `format` names,
  /// else the one its extension or first bytes choose.
  ///
  /// - Throws: ``InputError`` when the file cannot be opened or read, the format is unknown,
  ///   the input looks binary, or the adapter refuses it.
  public func load(contentsOfFile path: String, format: String? = nil) throws(InputError) -> LoadedDocument {
    let file = try OpenFile(path)
    let bytes = try file.readHead(AdapterRegistry.sniffLength)
    if let compressed = try decompressing(file, head: bytes, format: format) {
      let input = AdapterInput(bytes: compressed.head + (try compressed.reader.readAll()), name: file.name)
      return try load(input, using: compressed.adapter)
    }
    let input = AdapterInput(bytes: bytes + (try file.readAll()), name: file.name)
    return try load(input, using: try adapter(for: AdapterInput(bytes: bytes, name: file.name), named: format))
  }

  /// Chooses the adapter for text in memory (by `format`, else `name`'s extension, else
  /// sniffing) and makes a reader that converts it as the layout asks when the adapter can
  /// stream. Its source lines are counted, so that how far through a reader is can be told
  /// before the end is laid out.
  ///
  /// - Throws: ``InputError`` when the format is unknown or, for an adapter that cannot
  ///   stream, when it refuses the input.
  public func loadInput(bytes: [UInt8], name: String = "<memory>", format: String? = nil) throws(InputError)
    -> LoadedInput
  {
    let input = AdapterInput(bytes: bytes, name: name)
    let adapter = try adapter(for: input, named: format)
    guard let streaming = adapter as? any StreamingInputAdapter else {
      let loaded = try load(input, using: adapter)
      return LoadedInput(
        reader: DocumentReader(loaded.document), adapter: adapter, name: name, warnings: loaded.warnings, passes: nil)
    }
    let reader = DocumentReader(streaming: streaming, bytes: bytes, name: name)
    var warnings: [String] = []
    let invalid = input.invalidUTF8Count
    if invalid > 0 {
      warnings.append("\(name): replaced \(invalid) invalid UTF-8 sequence\(invalid == 1 ? "" : "s") with U+FFFD")
    }
    return LoadedInput(reader: reader, adapter: adapter, name: name, warnings: warnings, passes: nil)
  }
}

extension DocumentReader {
  /// A reader of `bytes` through a streaming adapter, afresh for each layout, with the
  /// number of the last source line known.
  init(streaming adapter: any StreamingInputAdapter, bytes: [UInt8], name: String) {
    let lines = ByteText.lineCount(bytes)
    self.init(
      title: nil, lastSourceLine: lines,
      makeBlocks: { () -> any BlockStream in
        let reader = MemoryReader(bytes)
        return adapter.blockStream(
          reading: { reader.read(into: $0) }, name: name, diagnostics: ReadDiagnostics(), inputSize: bytes.count,
          readingAgain: {
            let again = MemoryReader(bytes)
            return { again.read(into: $0) }
          })
      },
      resumeBlocks: { mark -> (any BlockStream)? in
        guard let offset = mark.inputOffset else { return nil }
        let reader = MemoryReader(bytes, from: offset)
        return adapter.blockStream(resuming: mark, reading: { reader.read(into: $0) }, name: name, inputSize: bytes.count)
      })
  }
}

/// Hands out bytes held in memory, a buffer at a time.
///
/// Safety: `@unchecked Sendable` because its offset changes without a lock: each belongs to
/// one block stream, which reads from one thread at a time.
final class MemoryReader: @unchecked Sendable {
  private let bytes: [UInt8]
  private var offset = 0

  init(_ bytes: [UInt8], from offset: Int = 0) {
    self.bytes = bytes
    self.offset = min(max(offset, 0), bytes.count)
  }

  func read(into buffer: UnsafeMutableRawBufferPointer) -> Int {
    let count = min(buffer.count, bytes.count - offset)
    guard count > 0 else { return 0 }
    bytes.withUnsafeBytes { source in
      buffer.baseAddress!.copyMemory(from: source.baseAddress! + offset, byteCount: count)
    }
    offset += count
    return count
  }
}

extension AdapterRegistry {
  /// A reader of the text inside a gzip- or xz-compressed file, with its first
  /// ``sniffLength`` bytes read ahead, and the adapter for it (chosen by `format`, else the
  /// name without `.gz` or `.xz`, else those first bytes); `nil` when `head` is not
  /// compressed, or `format` names an adapter that reads binary input itself.
  /// The adapter that reads the file at `path` (`-`: standard input), chosen from its name and
  /// first bytes as ``loadInput(contentsOfFile:format:incremental:)`` chooses it (inside a
  /// compressed file too), without reading or converting the rest: what `paginate adapters
  /// FILE` names.
  ///
  /// - Throws: ``InputError`` when the file cannot be opened or read, or looks binary.
  public func adapter(forFile path: String, format: String? = nil) throws(InputError) -> any InputAdapter {
    let file = try OpenFile(path)
    let head = try file.readHead(AdapterRegistry.sniffLength)
    if let compressed = try decompressing(file, head: head, format: format) { return compressed.adapter }
    return try adapter(for: AdapterInput(bytes: head, name: file.name), named: format)
  }

  func decompressing(_ file: OpenFile, head: [UInt8], format: String?) throws(InputError)
    -> (reader: DecompressingReader, head: [UInt8], format: Decompression.Format, adapter: any InputAdapter)?
  {
    guard let compression = Decompression.format(of: head) else { return nil }
    if let format, let named = adapter(named: format), named.readsBinaryInput { return nil }
    let reader = try DecompressingReader(
      format: compression, name: file.name, reading: ChunkReader(file: file, head: head).read(into:))
    let text = try reader.readHead(AdapterRegistry.sniffLength)
    let inner = AdapterInput(bytes: text, name: Decompression.innerName(of: file.name, compression))
    return (reader, [], compression, try adapter(for: inner, named: format))
  }
}

/// Where an input's bytes come from: the open file (claimed by the first layout), and the
/// input opened again from its start or at an offset where it can be.
struct ReopenableInput: Sendable {
  typealias Read = @Sendable (UnsafeMutableRawBufferPointer) -> Int
  /// The input as opened.
  let first: ClaimOnce<Read>
  /// Hands the first read's failures to a layout's diagnostics.
  let onFailure: @Sendable (ReadDiagnostics) -> Void
  /// The input read again from its start, if it can be.
  let reopen: @Sendable () -> Read?
  /// The input read again from an offset of its text, if it can be.
  let reopenAt: @Sendable (Int) -> Read?
  /// The size in bytes, for progress (a regular file's; `nil` when not known).
  let size: Int?
  /// Whether it can be read again from its start (a regular file).
  let canReadAgain: Bool
  /// The rest of the input as opened (after what was read ahead), read whole within the limit
  /// for an input read whole.
  let readRest: @Sendable () -> Result<[UInt8], InputError>

  init(
    first: ClaimOnce<Read>, onFailure: @escaping @Sendable (ReadDiagnostics) -> Void,
    reopen: @escaping @Sendable () -> Read?, reopen reopenAt: @escaping @Sendable (Int) -> Read?, size: Int?,
    canReadAgain: Bool, readRest: @escaping @Sendable () -> Result<[UInt8], InputError>
  ) {
    self.readRest = readRest
    self.first = first
    self.onFailure = onFailure
    self.reopen = reopen
    self.reopenAt = reopenAt
    self.size = size
    self.canReadAgain = canReadAgain
  }

}

/// A value handed out once: to the first who claims it.
///
/// Safety: `@unchecked Sendable` because the value is read only by the one claim that wins
/// the atomic exchange.
final class ClaimOnce<Value>: @unchecked Sendable {
  private let value: Value
  private let claimed = Atomic(false)

  init(_ value: Value) {
    self.value = value
  }

  /// The value, the first time; `nil` after.
  func claim() -> Value? {
    claimed.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged ? value : nil
  }
}
