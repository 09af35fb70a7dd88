import PaginateSystem

/// An open file descriptor for an input; closed when the last reference goes.
///
/// Safety: `@unchecked Sendable` because the descriptor is only read; a reader hands it to
/// one block stream at a time (the first layout claims it, see `ReopenableInput`).
final class OpenFile: @unchecked Sendable {
  let descriptor: FileDescriptor
  let name: String
  /// The size in bytes of a regular file; `nil` for a pipe, a terminal or a device.
  let size: Int?
  private let owned: Bool

  init(_ path: String) throws(InputError) {
    if path == "-" {
      descriptor = .standardInput
      name = "<stdin>"
      owned = false
    } else {
      name = path
      do {
        descriptor = try FileDescriptor.open(path, .readOnly)
      } catch {
        throw InputError(input: path, message: InputError.reason(error.rawValue))
      }
      owned = true
    }
    let status = try? descriptor.status()
    if status?.kind == .directory {
      if owned { try? descriptor.close() }
      throw InputError(input: path, message: InputError.reason(Errno.isDirectory.rawValue))
    }
    // Standard input redirected from a file has a size too; whatever was read of it before
    // does not count against it, but nothing reads it before paginate does.
    size = status?.kind == .regular ? status?.size : nil
  }

  deinit {
    if owned { try? descriptor.close() }
  }

  /// Moves the reading position to `offset` from the start; `false` when the file cannot seek
  /// (a pipe).
  func seek(to offset: Int) -> Bool {
    descriptor.seek(to: offset)
  }

  /// Reads into `buffer`; returns the count, 0 at the end, or -1 on an error (which ends the
  /// input: a block stream has no other way to say so).
  func read(into buffer: UnsafeMutableRawBufferPointer) -> Int {
    (try? descriptor.read(into: buffer)) ?? -1
  }

  /// Reads up to `limit` bytes (fewer only at the end of the input).
  func readHead(_ limit: Int) throws(InputError) -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: limit)
    var filled = 0
    while filled < limit {
      let count: Int
      do {
        count = try descriptor.read(into: &bytes, from: filled)
      } catch {
        throw InputError(input: name, message: InputError.reason(error.rawValue))
      }
      if count == 0 { break }
      filled += count
    }
    bytes.removeLast(limit - filled)
    return bytes
  }

  /// The most an input read whole (JSON, pandoc's JSON, a compressed file, what an external
  /// adapter is given) may hold: more is refused with a message rather than read until memory
  /// runs out (`/dev/zero`, an endless pipe). Plain text streams and is not bounded by it.
  static let maximumWholeInput = 1 << 30

  /// What an input read whole that holds more than ``maximumWholeInput`` is told.
  static let tooLargeMessage = "more than 1 GiB to read whole; only plain text is read as it goes (is it an endless stream?)"

  /// Reads the rest of the input.
  ///
  /// - Throws: ``InputError`` on a read error, or when the input holds more than
  ///   ``maximumWholeInput`` bytes.
  func readAll() throws(InputError) -> [UInt8] {
    let read: (bytes: [UInt8], isComplete: Bool)
    do {
      read = try descriptor.readToEnd(limit: Self.maximumWholeInput)
    } catch {
      throw InputError(input: name, message: InputError.reason(error.rawValue))
    }
    guard read.isComplete else {
      throw InputError(input: name, message: Self.tooLargeMessage)
    }
    return read.bytes
  }
}

/// Hands out the bytes already read for sniffing, then the rest of the file.
///
/// Safety: `@unchecked Sendable` because its reading state changes without a lock: it is
/// claimed once (`ReopenableInput`'s `ClaimOnce`, atomic) by one block stream, which reads it
/// from one thread at a time.
final class ChunkReader: @unchecked Sendable {
  private let file: OpenFile
  private var head: [UInt8]
  private var headOffset = 0

  init(file: OpenFile, head: [UInt8]) {
    self.file = file
    self.head = head
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

/// All that a reading function gives, read into one array within a limit: more than the
/// limit is found before memory for it is taken.
enum WholeRead {
  /// The bytes, read to the end.
  case complete([UInt8])
  /// The function reported an error (a negative count).
  case failed
  /// There was more than the limit.
  case tooLarge

  /// Reads with `read` (the count, 0 at the end, negative on an error) a buffer at a time.
  static func reading(_ read: (UnsafeMutableRawBufferPointer) -> Int, limit: Int) -> WholeRead {
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 1 << 18)
    while true {
      let count = buffer.withUnsafeMutableBytes { read($0) }
      if count < 0 { return .failed }
      if count == 0 { return .complete(bytes) }
      guard bytes.count + count <= limit else { return .tooLarge }
      bytes += buffer[0..<count]
    }
  }
}
