import Glibc

/// What `stat(2)` says about a file.
package struct FileStatus: Sendable {
  /// What kind of file it is.
  package enum Kind: Sendable, Hashable {
    case regular, directory, fifo, characterDevice, blockDevice, symbolicLink, socket, other
  }

  package var kind: Kind
  /// The size in bytes (of a regular file; 0 or meaningless for others).
  package var size: Int
  /// The permission bits, set-id and sticky bits (`st_mode & 0o7777`).
  package var permissions: UInt32
  package var owner: UInt32
  package var group: UInt32
  package var device: UInt64
  package var inode: UInt64
  /// The last modification, in seconds and nanoseconds since the epoch.
  package var modified: (seconds: Int, nanoseconds: Int)
  /// The last status change (`ctime`): a rename, a `chmod`, a write.
  package var changed: (seconds: Int, nanoseconds: Int)

  /// The status of the file `path` names, through symbolic links.
  package init(path: String) throws(Errno) {
    var raw = stat()
    guard stat(path, &raw) == 0 else { throw .current }
    self.init(raw)
  }

  init(_ raw: stat) {
    kind =
      switch raw.st_mode & S_IFMT {
      case S_IFREG: .regular
      case S_IFDIR: .directory
      case S_IFIFO: .fifo
      case S_IFCHR: .characterDevice
      case S_IFBLK: .blockDevice
      case S_IFLNK: .symbolicLink
      case S_IFSOCK: .socket
      default: .other
      }
    size = Int(raw.st_size)
    permissions = raw.st_mode & 0o7777
    owner = raw.st_uid
    group = raw.st_gid
    device = UInt64(raw.st_dev)
    inode = UInt64(raw.st_ino)
    modified = (raw.st_mtim.tv_sec, raw.st_mtim.tv_nsec)
    changed = (raw.st_ctim.tv_sec, raw.st_ctim.tv_nsec)
  }
}
