#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes a file atomically: the bytes go to a temporary file in the same folder, which is
/// synced and renamed over the destination only when complete. An interrupted or failed write
/// leaves no partial file: the temporary file is removed on error and on SIGINT, SIGTERM and
/// SIGHUP.
enum AtomicFile {
  /// Why a file could not be written.
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// Writes `bytes` to `path`.
  static func write(_ bytes: [UInt8], to path: String) throws(Failure) {
    let folder = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : "."
    let base = path.split(separator: "/").last.map(String.init) ?? path
    var template = Array("\(folder.isEmpty ? "/" : folder)/.\(base).paginate-XXXXXX".utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard descriptor >= 0 else {
      throw Failure(description: "\(path): cannot create a file in '\(folder)': \(String(cString: strerror(errno)))")
    }
    let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    TemporaryFiles.register(temporary)
    defer { TemporaryFiles.unregister() }
    var failure: String?
    var offset = 0
    bytes.withUnsafeBytes { buffer in
      while offset < buffer.count {
        let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        if written > 0 {
          offset += written
        } else if written < 0 && errno == EINTR {
          continue
        } else {
          failure = String(cString: strerror(errno))
          return
        }
      }
    }
    if failure == nil && fsync(descriptor) != 0 { failure = String(cString: strerror(errno)) }
    // Give the file the usual permissions (mkstemp makes it private).
    let mask = umask(0)
    umask(mask)
    fchmod(descriptor, 0o666 & ~mask)
    if close(descriptor) != 0 && failure == nil { failure = String(cString: strerror(errno)) }
    if failure == nil && rename(temporary, path) != 0 { failure = String(cString: strerror(errno)) }
    if let failure {
      unlink(temporary)
      throw Failure(description: "\(path): cannot write: \(failure)")
    }
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
}
