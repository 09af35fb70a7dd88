import Glibc

/// A folder of this user's own, open, in which files are read and replaced as a careful program
/// does where another user may have been: `ssh` with its keys, say.
///
/// The folder is opened without following a symbolic link and used only when it is owned by
/// the effective user and writable by nobody else; every file in it is then reached through
/// the open folder (`openat`, `renameat`), so renaming or replacing the path afterwards
/// changes nothing. A file is read only when it is a regular file of the same owner, not
/// writable by group or others, and opened without following a link or waiting on a FIFO. A
/// file is replaced by a new one created with `O_CREAT|O_EXCL|O_NOFOLLOW` under a random name,
/// renamed into place.
package struct PrivateFolder: Sendable {
  /// Why a folder or a file in it is not used.
  package enum Refusal: Error, Equatable, Sendable, CustomStringConvertible {
    /// It is a symbolic link.
    case symbolicLink
    /// It is not a folder (or, for a file, not a regular file).
    case wrongKind
    /// Another user owns it.
    case owned(by: UInt32)
    /// Its group or others may write to it.
    case writableByOthers(permissions: UInt32)
    /// A system call failed.
    case system(Errno)

    package var description: String {
      switch self {
      case .symbolicLink: "it is a symbolic link"
      case .wrongKind: "it is not what was expected (a folder, or a regular file in it)"
      case .owned(let owner): "it is owned by user \(owner), not by you (user \(geteuid()))"
      case .writableByOthers(let permissions):
        "others may write to it (mode \(String(permissions, radix: 8)))"
      case .system(let errno): errno.description
      }
    }
  }

  /// The folder's path, as it was opened.
  package let path: String
  private let descriptor: FileDescriptor

  /// Opens the folder `path`, creating it and its missing parents (mode 0700) when
  /// `create` and it does not exist.
  ///
  /// - Throws: ``Refusal`` when it is a symbolic link, not a folder, another user's, or
  ///   writable by group or others; `.system(.noSuchFile)` when it does not exist.
  package static func open(_ path: String, create: Bool) throws(Refusal) -> PrivateFolder {
    if create { makeFolders(path) }
    let raw = Glibc.open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
    guard raw >= 0 else {
      let error = Errno.current
      // O_NOFOLLOW on a link: ELOOP, or ENOTDIR (O_DIRECTORY is looked at first); O_DIRECTORY
      // on anything else: ENOTDIR.
      guard error.rawValue == ELOOP || error.rawValue == ENOTDIR else { throw .system(error) }
      var raw = stat()
      throw lstat(path, &raw) == 0 && raw.st_mode & S_IFMT == S_IFLNK ? .symbolicLink : .wrongKind
    }
    let descriptor = FileDescriptor(rawValue: raw)
    do {
      try check(descriptor, kind: .directory)
    } catch {
      try? descriptor.close()
      throw error
    }
    return PrivateFolder(path: path, descriptor: descriptor)
  }

  private init(path: String, descriptor: FileDescriptor) {
    self.path = path
    self.descriptor = descriptor
  }

  /// Closes the folder.
  package func close() {
    try? descriptor.close()
  }

  /// The bytes of the file `name` in the folder (at most `limit`), or `nil` when there is none.
  ///
  /// - Throws: ``Refusal`` when it is a link, not a regular file, another user's, writable by
  ///   others, larger than `limit`, or cannot be read.
  package func read(_ name: String, limit: Int) throws(Refusal) -> [UInt8]? {
    let raw = openat(descriptor.rawValue, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
    guard raw >= 0 else {
      let error = Errno.current
      if error == .noSuchFile { return nil }
      if error.rawValue == ELOOP { throw .symbolicLink }
      throw .system(error)
    }
    let file = FileDescriptor(rawValue: raw)
    defer { try? file.close() }
    try Self.check(file, kind: .regular)
    let read: (bytes: [UInt8], isComplete: Bool)
    do { read = try file.readToEnd(limit: limit) } catch { throw .system(error) }
    guard read.isComplete else { throw .wrongKind }
    return read.bytes
  }

  /// Replaces the file `name` in the folder with `bytes` (mode 0600) in one step: a concurrent
  /// reader sees the old file or the new one.
  package func replace(_ name: String, with bytes: [UInt8]) throws(Errno) {
    var temporary = ""
    var raw: Int32 = -1
    // A random name, so that nothing can be waiting at it; EEXIST only if it was taken anyway.
    for _ in 0..<8 where raw < 0 {
      temporary = ".\(name).\(UInt64.random(in: 0...UInt64.max)).tmp"
      raw = openat(descriptor.rawValue, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
      if raw < 0 && errno != EEXIST { throw .current }
    }
    guard raw >= 0 else { throw Errno(rawValue: EEXIST) }
    let file = FileDescriptor(rawValue: raw)
    let written = Result { () throws(Errno) in try file.writeAll(bytes) }
    let closed = Result { () throws(Errno) in try file.close() }
    do throws(Errno) {
      try written.get()
      try closed.get()
      guard renameat(descriptor.rawValue, temporary, descriptor.rawValue, name) == 0 else { throw .current }
    } catch {
      unlinkat(descriptor.rawValue, temporary, 0)
      throw error
    }
  }

  /// Whether what `descriptor` is open on is of `kind`, the effective user's, and writable by
  /// no one else.
  private static func check(_ descriptor: FileDescriptor, kind: FileStatus.Kind) throws(Refusal) {
    let status: FileStatus
    do { status = try descriptor.status() } catch { throw .system(error) }
    guard status.kind == kind else { throw .wrongKind }
    guard status.owner == geteuid() else { throw .owned(by: status.owner) }
    guard status.permissions & 0o022 == 0 else { throw .writableByOthers(permissions: status.permissions & 0o777) }
  }

  /// Creates `path` and its missing parents, 0700 each (as the XDG base directory spec asks).
  private static func makeFolders(_ path: String) {
    var prefix = ""
    let parts = path.split(separator: "/", omittingEmptySubsequences: true)
    for part in parts {
      prefix += "/" + part
      mkdir(prefix, 0o700)
    }
  }
}
