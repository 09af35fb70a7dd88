import CPaginateSystem
import Glibc

/// Calls on paths: names, links and temporary files.
package enum FileSystem {
  /// Whether `path` names a regular file this process may execute.
  package static func isExecutableFile(_ path: String) -> Bool {
    guard let status = try? FileStatus(path: path), status.kind == .regular else { return false }
    return access(path, X_OK) == 0
  }

  /// The path with its symbolic links, `.` and `..` resolved (`realpath(3)`); `nil` when a
  /// part of it does not exist.
  package static func resolvingLinks(_ path: String) -> String? {
    guard let real = realpath(path, nil) else { return nil }
    defer { free(real) }
    return String(cString: real)
  }

  /// Renames `source` to `destination`, replacing a file there in one step (`rename(2)`).
  package static func rename(_ source: String, to destination: String) throws(Errno) {
    guard Glibc.rename(source, destination) == 0 else { throw .current }
  }

  /// The names in the folder at `path`, `.` and `..` left out, in the order the file system
  /// gives them (`opendir(3)`, `readdir(3)`).
  package static func names(inFolder path: String) throws(Errno) -> [String] {
    guard let folder = opendir(path) else { throw .current }
    defer { closedir(folder) }
    var names: [String] = []
    while let entry = readdir(folder) {
      // `d_name` is a NUL-terminated array inside the entry, valid until the next readdir.
      let name = withUnsafePointer(to: &entry.pointee.d_name) { field in
        field.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: field.pointee)) { String(cString: $0) }
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return names
  }

  /// Removes the name `path` (`unlink(2)`).
  package static func remove(_ path: String) throws(Errno) {
    guard unlink(path) == 0 else { throw .current }
  }

  /// Creates a new private file `folder/prefixXXXXXX` (`mkstemp(3)`, close-on-exec) and
  /// opens it for writing.
  package static func createTemporaryFile(in folder: String, prefix: String) throws(Errno) -> (
    descriptor: FileDescriptor, path: String
  ) {
    var template = Array("\(folder)/\(prefix)XXXXXX".utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { paginate_make_temporary_file($0.baseAddress!) }
    guard descriptor >= 0 else { throw .current }
    let path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return (FileDescriptor(rawValue: descriptor), path)
  }

  /// Opens a new file in `folder` that has no name (Linux's `O_TMPFILE`): not even SIGKILL
  /// leaves it behind. ``link(_:as:)`` names it. Throws where the file system does not allow it.
  package static func openUnnamedFile(in folder: String, permissions: UInt32) throws(Errno) -> FileDescriptor {
    let descriptor = paginate_open_unnamed_file(folder, permissions, 0)
    guard descriptor >= 0 else { throw .current }
    return FileDescriptor(rawValue: descriptor)
  }

  /// Opens a new file for reading and writing that no other process can open: unnamed
  /// (`O_TMPFILE`) in `folder` where the file system allows, else made private and removed at
  /// once. It is gone when its descriptor is closed, or the process ends however it ends.
  package static func openScratchFile(in folder: String) throws(Errno) -> FileDescriptor {
    let descriptor = paginate_open_unnamed_file(folder, 0o600, 1)
    if descriptor >= 0 { return FileDescriptor(rawValue: descriptor) }
    let (named, path) = try createTemporaryFile(in: folder, prefix: ".paginate-spool-")
    try? remove(path)
    // mkstemp opens for reading and writing.
    return named
  }

  /// Gives the unnamed file open as `descriptor` the name `path` (`linkat(2)` through
  /// `/proc/self/fd`). The name must not exist.
  package static func link(_ descriptor: FileDescriptor, as path: String) throws(Errno) {
    guard linkat(AT_FDCWD, "/proc/self/fd/\(descriptor.rawValue)", AT_FDCWD, path, AT_SYMLINK_FOLLOW) == 0 else {
      throw .current
    }
  }

  /// The process's file creation mask (`umask(2)`): the permission bits a new file does not get.
  ///
  /// Reading it means setting it and setting it back: call it from one thread at a time.
  package static var creationMask: UInt32 {
    let mask = umask(0)
    umask(mask)
    return mask
  }
}
