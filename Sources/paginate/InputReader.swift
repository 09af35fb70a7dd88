#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import PaginateAdapters
import PaginateModel
import Synchronization

/// Opens inputs (files or standard input) and reads them whole or in chunks.
enum InputReader {
  /// The document in `path`: read incrementally when the chosen adapter can, else read whole.
  /// Plain text streams from input to pages, so that a huge file needs little memory and its
  /// first page comes at once; Markdown is read whole (libcmark's parse needs all of it) and
  /// its blocks are converted while the layout takes them.
  ///
  /// - Parameter incremental: Read incrementally when the adapter can. A pager reading
  ///   standard input says `false`: a relayout reads the blocks again, and a pipe can be read
  ///   only once.
  static func load(_ path: String, registry: AdapterRegistry, from: String?, incremental: Bool = true)
    throws(InputError) -> LoadedInput
  {
    let file = try OpenFile(path)
    let head = try file.readHead(AdapterRegistry.sniffLength)
    let adapter = try registry.adapter(for: InputSource(bytes: head, name: file.name), named: from)
    if incremental, let streaming = adapter as? any StreamingInputAdapter {
      let passes = ReadPasses()
      let reader = ChunkReader(file: file, head: head)
      let reopenable = path != "-"
      let name = file.name
      let source = DocumentSource(title: nil) { () -> any BlockSource in
        // The first layout reads the open file; a later one (a relayout) opens it again.
        let chunks: ChunkReader
        if let first = reader.claim() {
          chunks = first
        } else {
          guard reopenable, let file = try? OpenFile(path) else { return ArrayBlockSource([]) }
          chunks = ChunkReader(file: file, head: [])
        }
        return streaming.blockSource(reading: { chunks.read(into: $0) }, name: name, diagnostics: passes.newPass())
      }
      return LoadedInput(source: source, warnings: [], passes: passes, name: name)
    }
    let bytes = head + (try file.readAll())
    let loaded = try registry.load(InputSource(bytes: bytes, name: file.name), using: adapter)
    return LoadedInput(source: DocumentSource(loaded.document), warnings: loaded.warnings, passes: nil, name: file.name)
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

  /// The invalid UTF-8 sequences replaced in the input, as far as any pass read it.
  var invalidUTF8Count: Int { passes.withLock { $0.map(\.invalidUTF8Count).max() ?? 0 } }
}

/// A document ready for layout, and what to tell the user about it.
struct LoadedInput {
  var source: DocumentSource
  /// Warnings known now.
  var warnings: [String]
  /// Counts gathered while reading incrementally; check after the layout.
  var passes: ReadPasses?
  var name: String

  /// Warnings known once the whole input has been read.
  var finalWarnings: [String] {
    guard let count = passes?.invalidUTF8Count, count > 0 else { return [] }
    return ["\(name): replaced \(count) invalid UTF-8 sequence\(count == 1 ? "" : "s") with U+FFFD"]
  }
}

/// An open file descriptor for an input; closed when the last reference goes.
final class OpenFile: @unchecked Sendable {
  let descriptor: Int32
  let name: String
  private let owned: Bool

  init(_ path: String) throws(InputError) {
    if path == "-" {
      descriptor = 0
      name = "<stdin>"
      owned = false
      return
    }
    name = path
    descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw InputError(input: path, message: InputError.reason(errno)) }
    owned = true
    var status = stat()
    if fstat(descriptor, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR {
      close(descriptor)
      throw InputError(input: path, message: InputError.reason(EISDIR))
    }
  }

  deinit {
    if owned { close(descriptor) }
  }

  /// Reads into `buffer`; returns the count, 0 at the end, or -1 with `errno` set.
  func read(into buffer: UnsafeMutableRawBufferPointer) -> Int {
    while true {
      let count = Glibc.read(descriptor, buffer.baseAddress, buffer.count)
      if count >= 0 || errno != EINTR { return count }
    }
  }

  /// Reads up to `limit` bytes (fewer only at the end of the input).
  func readHead(_ limit: Int) throws(InputError) -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: limit)
    var filled = 0
    while filled < limit {
      let count = bytes.withUnsafeMutableBytes { read(into: UnsafeMutableRawBufferPointer(rebasing: $0[filled...])) }
      if count == 0 { break }
      if count < 0 { throw InputError(input: name, message: InputError.reason(errno)) }
      filled += count
    }
    bytes.removeLast(limit - filled)
    return bytes
  }

  /// Reads the rest of the input.
  func readAll() throws(InputError) -> [UInt8] {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(into: $0) }
      if count > 0 {
        bytes.append(contentsOf: chunk[0..<count])
        if chunk.count < 1 << 22 && bytes.count > chunk.count * 4 {
          chunk = [UInt8](repeating: 0, count: chunk.count * 4)
        }
      } else if count == 0 {
        return bytes
      } else {
        throw InputError(input: name, message: InputError.reason(errno))
      }
    }
  }
}

/// Hands out the bytes already read for sniffing, then the rest of the file.
final class ChunkReader: @unchecked Sendable {
  private let file: OpenFile
  private var head: [UInt8]
  private var headOffset = 0
  private var claimed = false

  init(file: OpenFile, head: [UInt8]) {
    self.file = file
    self.head = head
  }

  /// This reader, the first time it is asked for; `nil` after (the file must be opened again).
  func claim() -> ChunkReader? {
    guard !claimed else { return nil }
    claimed = true
    return self
  }

  func read(into buffer: UnsafeMutableRawBufferPointer) -> Int {
    if headOffset < head.count {
      let count = min(buffer.count, head.count - headOffset)
      head.withUnsafeBytes { bytes in
        buffer.baseAddress!.copyMemory(from: bytes.baseAddress! + headOffset, byteCount: count)
      }
      headOffset += count
      return count
    }
    return file.read(into: buffer)
  }
}
