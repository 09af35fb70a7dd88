import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An open file descriptor for an input; closed when the last reference goes.
///
/// Safety: `@unchecked Sendable` because the descriptor is only read; a reader hands it to
/// one block source at a time (``ChunkReader/claim()``).
final class OpenFile: @unchecked Sendable {
  let descriptor: Int32
  let name: String
  /// The size in bytes of a regular file; `nil` for a pipe, a terminal or a device.
  let size: Int?
  private let owned: Bool

  init(_ path: String) throws(InputError) {
    if path == "-" {
      descriptor = 0
      name = "<stdin>"
      owned = false
    } else {
      name = path
      descriptor = open(path, O_RDONLY | O_CLOEXEC)
      guard descriptor >= 0 else { throw InputError(input: path, message: InputError.reason(errno)) }
      owned = true
    }
    var status = stat()
    let known = fstat(descriptor, &status) == 0
    if known && (status.st_mode & S_IFMT) == S_IFDIR {
      if owned { close(descriptor) }
      throw InputError(input: path, message: InputError.reason(EISDIR))
    }
    // Standard input redirected from a file has a size too; whatever was read of it before
    // does not count against it, but nothing reads it before paginate does.
    size = known && (status.st_mode & S_IFMT) == S_IFREG ? Int(status.st_size) : nil
  }

  deinit {
    if owned { close(descriptor) }
  }

  /// Moves the reading position to `offset` from the start; `false` when the file cannot seek
  /// (a pipe).
  func seek(to offset: Int) -> Bool {
    lseek(descriptor, off_t(offset), SEEK_SET) == off_t(offset)
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

  /// The most an input read whole (JSON, pandoc's JSON, a compressed file, what an external
  /// adapter is given) may hold: more is refused with a message rather than read until memory
  /// runs out (`/dev/zero`, an endless pipe). Plain text streams and is not bounded by it.
  static let maximumWholeInput = 1 << 30

  /// Reads the rest of the input.
  ///
  /// - Throws: ``InputError`` on a read error, or when the input holds more than
  ///   ``maximumWholeInput`` bytes.
  func readAll() throws(InputError) -> [UInt8] {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(into: $0) }
      if count > 0 {
        guard bytes.count + count <= Self.maximumWholeInput else {
          throw InputError(
            input: name,
            message: "more than 1 GiB to read whole; only plain text is read as it goes (is it an endless stream?)")
        }
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
///
/// Safety: `@unchecked Sendable` because its reading state changes without a lock: it is
/// claimed once (``claim()``, atomic) by one block source, which reads it from one thread at a
/// time.
final class ChunkReader: @unchecked Sendable {
  private let file: OpenFile
  private var head: [UInt8]
  private var headOffset = 0
  private let claimed = Atomic(false)

  init(file: OpenFile, head: [UInt8]) {
    self.file = file
    self.head = head
  }

  /// This reader, the first time it is asked for; `nil` after (the file must be opened again).
  func claim() -> ChunkReader? {
    claimed.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged ? self : nil
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
