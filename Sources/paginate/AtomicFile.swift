import PaginateSystem

/// Writes a file atomically, as it is produced: the bytes go to a temporary file in the same
/// folder, which is synced and renamed over the destination only by ``commit()``. On Linux the
/// temporary file has no name until then (`O_TMPFILE`), so not even SIGKILL leaves one behind.
/// An interrupted or failed write leaves no partial file: the temporary file is removed on
/// error and on SIGINT, SIGTERM and SIGHUP.
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
  private let descriptor: FileDescriptor
  /// The temporary file renamed over ``target`` by ``commit()``; `nil` when writing into a FIFO
  /// or a device, or into an unnamed file (``isUnnamed``) not yet linked.
  private let temporary: String?
  private let target: String
  /// The file replaced, whose mode and owner the new one keeps.
  private let existing: FileStatus?
  /// The folder of ``target``, where the temporary file is.
  private let folder: String
  /// Whether the temporary file has no name yet (`O_TMPFILE`).
  private let isUnnamed: Bool
  private var buffer: [UInt8] = []
  /// The first write error, reported by ``commit()``.
  private var failure: Errno?

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
    let status = try? FileStatus(path: path)
    if let status, status.kind != .regular {
      // Written into, as a shell's `>` would.
      do {
        descriptor = try FileDescriptor.open(path, .writeOnly)
      } catch {
        throw Failure(description: "\(path): cannot write: \(error)")
      }
      (temporary, target, existing, folder, isUnnamed) = (nil, path, nil, "", false)
      return
    }
    // Through a symbolic link, the file it names is the one replaced.
    target = status != nil ? FileSystem.resolvingLinks(path) ?? path : path
    existing = status
    let folder = target.contains("/") ? String(target[..<target.lastIndex(of: "/")!]) : "."
    self.folder = folder.isEmpty ? "/" : folder
    buffer.reserveCapacity(1 << 16)
    // An unnamed file where the file system allows (Linux's O_TMPFILE): even SIGKILL leaves
    // nothing behind; it gets a name only at commit. Elsewhere a named temporary file.
    if let unnamed = try? FileSystem.openUnnamedFile(in: self.folder, permissions: 0o600) {
      descriptor = unnamed
      temporary = nil
      isUnnamed = true
      return
    }
    isUnnamed = false
    // A short name of its own, so that any name up to NAME_MAX can be written.
    do {
      (descriptor, temporary) = try FileSystem.createTemporaryFile(in: self.folder, prefix: ".paginate-")
    } catch {
      throw Failure(description: "\(path): cannot create a file in '\(folder)': \(error)")
    }
    TemporaryFile.register(temporary!)
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
    if failure == nil {
      do { try descriptor.writeAll(buffer) } catch { failure = error }
    }
    buffer.removeAll(keepingCapacity: true)
  }

  /// Finishes: the temporary file is synced and renamed over the destination, keeping the
  /// mode (and, for root, the owner) of a file it replaces.
  ///
  /// An unnamed file is synced and given its mode while it has no name, then linked: straight
  /// to the destination when there is none, else to a temporary name renamed over it at once.
  /// So a SIGKILL at any moment leaves the old file or the whole new one, and no temporary
  /// file but for the instant between that link and the rename.
  mutating func commit() throws(Failure) {
    flush()
    var failure = failure
    if failure == nil, temporary != nil || isUnnamed {
      do { try descriptor.sync() } catch { failure = error }
    }
    if temporary != nil || isUnnamed {
      if let existing {
        try? descriptor.setPermissions(existing.permissions)
        if CurrentProcess.isRoot { try? descriptor.setOwner(existing.owner, group: existing.group) }
      } else {
        // The usual permissions for a new file (a temporary file is made private).
        try? descriptor.setPermissions(0o666 & ~FileSystem.creationMask)
      }
    }
    var temporary = temporary
    if isUnnamed && failure == nil {
      do throws(Errno) {
        if existing == nil {
          do {
            try FileSystem.link(descriptor, as: target)
          } catch .fileExists {
            // Made meanwhile by someone else: replaced, as a file that was there is.
            temporary = try linkTemporaryName()
          }
        } else {
          temporary = try linkTemporaryName()
        }
      } catch {
        failure = error
      }
    }
    if let temporary {
      defer { TemporaryFile.unregister() }
      do { try descriptor.close() } catch { failure = failure ?? error }
      if failure == nil {
        do { try FileSystem.rename(temporary, to: target) } catch { failure = error }
      }
      if failure != nil { try? FileSystem.remove(temporary) }
    } else {
      // Written into a FIFO or a device, linked straight into place, or an unnamed file that
      // could not be named: closing an unnamed file removes it.
      do { try descriptor.close() } catch { failure = failure ?? error }
    }
    if let failure { throw Failure(description: "\(path): cannot write: \(failure)") }
  }

  /// Gives the unnamed file a temporary name beside the destination (a link cannot replace a
  /// file), registered so that a signal before the rename removes it.
  private func linkTemporaryName() throws(Errno) -> String {
    let name = "\(folder)/.paginate-\(CurrentProcess.id)-\(UInt32.random(in: 0...UInt32.max))"
    // Registered before it exists: a signal between the link and the registration would leave
    // the name behind (one before the link unlinks nothing).
    TemporaryFile.register(name)
    do {
      try FileSystem.link(descriptor, as: name)
    } catch {
      TemporaryFile.unregister()
      throw error
    }
    return name
  }

  /// Whether `path` and `other` name the same existing file.
  static func sameFile(_ path: String, _ other: String) -> Bool {
    guard let first = try? FileStatus(path: path), let second = try? FileStatus(path: other) else { return false }
    return first.device == second.device && first.inode == second.inode
  }
}
