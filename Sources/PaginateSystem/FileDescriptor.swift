import CPaginateSystem
import Glibc

/// An open file descriptor: the one place paginate reads, writes, opens and closes files.
///
/// Every call retries `EINTR` itself, so that a signal (a terminal resize, a child ending) never
/// reaches a caller as a failure, and throws any other failure as an ``Errno``. Descriptors
/// this layer opens are close-on-exec: a child process gets only the ones handed to it.
///
/// A value, not an owner: closing is explicit (``close()``), as with `FileDescriptor` of
/// swift-system.
package struct FileDescriptor: Hashable, Sendable {
  /// The number the kernel gave.
  package let rawValue: Int32

  /// The descriptor with this number (already open).
  package init(rawValue: Int32) {
    self.rawValue = rawValue
  }

  package static let standardInput = FileDescriptor(rawValue: 0)
  package static let standardOutput = FileDescriptor(rawValue: 1)
  package static let standardError = FileDescriptor(rawValue: 2)

  /// How a file is opened.
  package enum Access: Sendable {
    case readOnly, writeOnly, readWrite

    var flags: Int32 {
      switch self {
      case .readOnly: O_RDONLY
      case .writeOnly: O_WRONLY
      case .readWrite: O_RDWR
      }
    }
  }

  /// Options of `open(2)` besides the access.
  package struct Options: OptionSet, Sendable {
    package let rawValue: Int32
    package init(rawValue: Int32) { self.rawValue = rawValue }

    /// Creates the file when it does not exist (`O_CREAT`).
    package static let create = Options(rawValue: O_CREAT)
    /// Empties an existing file (`O_TRUNC`).
    package static let truncate = Options(rawValue: O_TRUNC)
    /// Opens without waiting (a FIFO with no writer) and reads without blocking (`O_NONBLOCK`).
    package static let nonBlocking = Options(rawValue: O_NONBLOCK)
  }

  /// Opens `path` (close-on-exec); `permissions` apply to a file `.create` makes.
  package static func open(
    _ path: String, _ access: Access, options: Options = [], permissions: UInt32 = 0o644
  ) throws(Errno) -> FileDescriptor {
    while true {
      let descriptor = Glibc.open(path, access.flags | options.rawValue | O_CLOEXEC, permissions)
      if descriptor >= 0 { return FileDescriptor(rawValue: descriptor) }
      if errno != EINTR { throw .current }
    }
  }

  /// A pipe: bytes written to `write` come out of `read`. Both ends are close-on-exec.
  package static func pipe() throws(Errno) -> (read: FileDescriptor, write: FileDescriptor) {
    var ends: [Int32] = [-1, -1]
    guard paginate_open_pipe(&ends) == 0 else { throw .current }
    return (FileDescriptor(rawValue: ends[0]), FileDescriptor(rawValue: ends[1]))
  }

  /// Closes the descriptor. An error (a write the file system could not complete) is
  /// reported, but the descriptor is closed all the same, and is not retried on `EINTR`
  /// (Linux has closed it by then).
  package func close() throws(Errno) {
    guard Glibc.close(rawValue) == 0 else { throw .current }
  }

  /// Reads up to `buffer.count` bytes; returns how many, 0 at the end.
  package func read(into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> Int {
    while true {
      let count = Glibc.read(rawValue, buffer.baseAddress, buffer.count)
      if count >= 0 { return count }
      if errno != EINTR { throw .current }
    }
  }

  /// Reads into `buffer` from `offset` of the file, leaving the file's position as it is
  /// (`pread(2)`, so threads may read one descriptor at once); returns the count, 0 at the end.
  package func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) throws(Errno) -> Int {
    while true {
      let count = pread(rawValue, buffer.baseAddress, buffer.count, off_t(offset))
      if count >= 0 { return count }
      if errno != EINTR { throw .current }
    }
  }

  /// Writes what one `write(2)` takes of `bytes`; returns how many (fewer than given when a
  /// pipe or a non-blocking descriptor has less room).
  package func write(_ bytes: UnsafeRawBufferPointer) throws(Errno) -> Int {
    guard bytes.count > 0 else { return 0 }
    while true {
      let count = Glibc.write(rawValue, bytes.baseAddress, bytes.count)
      if count >= 0 { return count }
      if errno != EINTR { throw .current }
    }
  }

  /// Writes all of `bytes`, however many calls that takes: partial writes continue where
  /// they stopped, and a non-blocking descriptor without room is waited for.
  package func writeAll(_ bytes: UnsafeRawBufferPointer) throws(Errno) {
    var offset = 0
    while offset < bytes.count {
      do throws(Errno) {
        offset += try write(UnsafeRawBufferPointer(rebasing: bytes[offset...]))
      } catch .wouldBlock {
        _ = try Poll.wait([(self, .writable)], milliseconds: -1)
      }
    }
  }

  /// Writes all of `bytes` (see ``writeAll(_:)-(UnsafeRawBufferPointer)``).
  package func writeAll(_ bytes: [UInt8]) throws(Errno) {
    // `withUnsafeBytes` rethrows untyped: the error comes out through a Result.
    try bytes.withUnsafeBytes { buffer in Result { () throws(Errno) in try writeAll(buffer) } }.get()
  }

  /// Reads into `buffer` from `offset` on; returns how many bytes, 0 at the end.
  package func read(into buffer: inout [UInt8], from offset: Int = 0) throws(Errno) -> Int {
    try buffer.withUnsafeMutableBytes { bytes in
      Result { () throws(Errno) in try read(into: UnsafeMutableRawBufferPointer(rebasing: bytes[offset...])) }
    }.get()
  }

  /// Writes what one `write(2)` takes of `bytes[range]`; returns how many.
  package func write(_ bytes: [UInt8], _ range: Range<Int>) throws(Errno) -> Int {
    try bytes.withUnsafeBytes { buffer in
      Result { () throws(Errno) in try write(UnsafeRawBufferPointer(rebasing: buffer[range])) }
    }.get()
  }

  /// Reads to the end of the input, or until it has given more than `limit` bytes.
  ///
  /// - Returns: the bytes, and whether that was the end (`false`: the input holds more than
  ///   `limit` bytes, and `limit + 1` or more were read).
  package func readToEnd(limit: Int) throws(Errno) -> (bytes: [UInt8], isComplete: Bool) {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = try read(into: &chunk)
      if count == 0 { return (bytes, true) }
      bytes.append(contentsOf: chunk[0..<count])
      if bytes.count > limit { return (bytes, false) }
      // Larger reads for a large input: fewer calls, each page touched once.
      if chunk.count < 1 << 22 && bytes.count > chunk.count * 4 {
        chunk = [UInt8](repeating: 0, count: chunk.count * 4)
      }
    }
  }

  /// Moves the reading position to `offset` from the start; `false` when the file cannot seek
  /// (a pipe, a terminal).
  package func seek(to offset: Int) -> Bool {
    lseek(rawValue, off_t(offset), SEEK_SET) == off_t(offset)
  }

  /// What `fstat(2)` says about the file.
  package func status() throws(Errno) -> FileStatus {
    var raw = stat()
    guard fstat(rawValue, &raw) == 0 else { throw .current }
    return FileStatus(raw)
  }

  /// Whether the descriptor is a terminal.
  package var isTerminal: Bool { isatty(rawValue) == 1 }

  /// Makes reads and writes return `wouldBlock` instead of waiting.
  package func setNonBlocking() throws(Errno) {
    let flags = fcntl(rawValue, F_GETFL)
    guard flags >= 0, fcntl(rawValue, F_SETFL, flags | O_NONBLOCK) == 0 else { throw .current }
  }

  /// Writes the file's data to the disk (`fsync(2)`).
  package func sync() throws(Errno) {
    while fsync(rawValue) != 0 {
      if errno != EINTR { throw .current }
    }
  }

  /// Sets the file's permission bits (`fchmod(2)`).
  package func setPermissions(_ permissions: UInt32) throws(Errno) {
    guard fchmod(rawValue, permissions) == 0 else { throw .current }
  }

  /// Sets the file's owner and group (`fchown(2)`; only root may give a file away).
  package func setOwner(_ owner: UInt32, group: UInt32) throws(Errno) {
    guard fchown(rawValue, owner, group) == 0 else { throw .current }
  }
}
