#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import CPaginateSystem

/// Writes a file atomically, as it is produced: the bytes go to a temporary file in the same
/// folder, which is synced and renamed over the destination only by ``commit()``. On Linux the
/// temporary file has no name until then (`O_TMPFILE`), so not even SIGKILL leaves one behind. An interrupted or failed write
/// leaves no partial file: the temporary file is removed on error and on SIGINT, SIGTERM and
/// SIGHUP.
///
/// What is not a regular file is never replaced: a FIFO, a device (`/dev/null`, a terminal) or
/// a symbolic link to one is written into. A symbolic link to a regular file keeps being a
/// link: its target is replaced. A file replaced keeps its mode (and, for root, its owner).
struct AtomicFile {
  /// Why a file could not be written.
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// The path asked for, for messages.
  private let path: String
  private let descriptor: Int32
  /// The temporary file renamed over ``target`` by ``commit()``; `nil` when writing into a FIFO
  /// or a device.
  private let temporary: String?
  private let target: String
  /// The file replaced, whose mode and owner the new one keeps.
  private let existing: stat?
  /// The folder of ``target``, where the temporary file is.
  private let folder: String
  /// Whether the temporary file has no name yet (`O_TMPFILE`).
  private let isUnnamed: Bool
  private var buffer: [UInt8] = []
  /// The first write error, reported by ``commit()``.
  private var failure: String?

  /// Writes `bytes` to `path`.
  static func write(_ bytes: [UInt8], to path: String) throws(Failure) {
    var file = try AtomicFile(path)
    file.write(bytes)
    try file.commit()
  }

  /// Starts writing `path`: a temporary file beside it, or, for what is not a regular file, the
  /// thing itself.
  init(_ path: String) throws(Failure) {
    self.path = path
    var status = stat()
    let exists = stat(path, &status) == 0
    if exists && (status.st_mode & S_IFMT) != S_IFREG {
      // Written into, as a shell's `>` would.
      descriptor = open(path, O_WRONLY | O_CLOEXEC)
      guard descriptor >= 0 else { throw Failure(description: "\(path): cannot write: \(String(cString: strerror(errno)))") }
      (temporary, target, existing, folder, isUnnamed) = (nil, path, nil, "", false)
      return
    }
    // Through a symbolic link, the file it names is the one replaced.
    target = exists ? Self.resolved(path) ?? path : path
    existing = exists ? status : nil
    let folder = target.contains("/") ? String(target[..<target.lastIndex(of: "/")!]) : "."
    self.folder = folder.isEmpty ? "/" : folder
    buffer.reserveCapacity(1 << 16)
    // An unnamed file where the file system allows (Linux's O_TMPFILE): even SIGKILL leaves
    // nothing behind; it gets a name only at commit. Elsewhere a named temporary file.
    let unnamed = paginate_open_unnamed_file(self.folder, 0o600)
    if unnamed >= 0 {
      descriptor = unnamed
      temporary = nil
      isUnnamed = true
      return
    }
    isUnnamed = false
    // A short name of its own, so that any name up to NAME_MAX can be written.
    var template = Array("\(self.folder)/.paginate-XXXXXX".utf8CString)
    descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard descriptor >= 0 else {
      throw Failure(description: "\(path): cannot create a file in '\(folder)': \(String(cString: strerror(errno)))")
    }
    let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    self.temporary = temporary
    TemporaryFiles.register(temporary)
  }

  /// Appends `bytes`, written out in blocks of 64 KiB.
  mutating func write(_ bytes: some Collection<UInt8>) {
    buffer.append(contentsOf: bytes)
    if buffer.count >= 1 << 16 { flush() }
  }

  /// Appends `text` as UTF-8.
  mutating func write(_ text: String) {
    write(text.utf8)
  }

  private mutating func flush() {
    if failure == nil { failure = Self.writeAll(buffer, to: descriptor) }
    buffer.removeAll(keepingCapacity: true)
  }

  /// Finishes: the temporary file is synced and renamed over the destination, keeping the
  /// mode (and, for root, the owner) of a file it replaces.
  mutating func commit() throws(Failure) {
    flush()
    var failure = failure
    var temporary = temporary
    if isUnnamed && failure == nil {
      // Named for the moment between the link and the rename (a link cannot replace a file).
      let name = "\(folder)/.paginate-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
      if linkat(AT_FDCWD, "/proc/self/fd/\(descriptor)", AT_FDCWD, name, AT_SYMLINK_FOLLOW) == 0 {
        temporary = name
        TemporaryFiles.register(name)
      } else {
        failure = String(cString: strerror(errno))
      }
    }
    if isUnnamed && temporary == nil {
      close(descriptor)
    } else if let temporary {
      defer { TemporaryFiles.unregister() }
      if failure == nil && fsync(descriptor) != 0 { failure = String(cString: strerror(errno)) }
      if let existing {
        fchmod(descriptor, existing.st_mode & 0o7777)
        if getuid() == 0 { _ = fchown(descriptor, existing.st_uid, existing.st_gid) }
      } else {
        // The usual permissions for a new file (mkstemp makes it private).
        let mask = umask(0)
        umask(mask)
        fchmod(descriptor, 0o666 & ~mask)
      }
      if close(descriptor) != 0 && failure == nil { failure = String(cString: strerror(errno)) }
      if failure == nil && rename(temporary, target) != 0 { failure = String(cString: strerror(errno)) }
      if failure != nil { unlink(temporary) }
    } else {
      close(descriptor)
    }
    if let failure { throw Failure(description: "\(path): cannot write: \(failure)") }
  }

  /// Writes every byte; the reason when that fails.
  private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> String? {
    var offset = 0
    return bytes.withUnsafeBytes { buffer -> String? in
      while offset < buffer.count {
        let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        if written > 0 {
          offset += written
        } else if written < 0 && errno == EINTR {
          continue
        } else {
          return String(cString: strerror(errno))
        }
      }
      return nil
    }
  }

  /// The path with its symbolic links resolved.
  private static func resolved(_ path: String) -> String? {
    guard let real = realpath(path, nil) else { return nil }
    defer { free(real) }
    return String(cString: real)
  }

  /// Whether `path` and `other` name the same existing file.
  static func sameFile(_ path: String, _ other: String) -> Bool {
    var first = stat()
    var second = stat()
    guard stat(path, &first) == 0, stat(other, &second) == 0 else { return false }
    return first.st_dev == second.st_dev && first.st_ino == second.st_ino
  }
}

/// The temporary file being written, removed by a signal handler if the program is interrupted.
enum TemporaryFiles {
  /// The path as a C string, readable from a signal handler.
  nonisolated(unsafe) private static var path: UnsafeMutablePointer<CChar>?

  static func register(_ temporary: String) {
    path = strdup(temporary)
    for signal in [SIGINT, SIGTERM, SIGHUP] {
      Glibc.signal(signal) { number in
        if let path = TemporaryFiles.path { unlink(path) }
        Glibc.signal(number, SIG_DFL)
        raise(number)
      }
    }
  }

  static func unregister() {
    let old = path
    path = nil
    free(old)
  }

  /// Removes the temporary file being written, if there is one: the program is ending with an
  /// error, and nothing half-written may stay behind.
  static func discard() {
    if let path { unlink(path) }
    unregister()
  }
}
