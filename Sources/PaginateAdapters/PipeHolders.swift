#if canImport(Glibc)
  import Glibc
#endif

/// The processes, other than this one, that hold an end of one of our pipes: an adapter's
/// descendant that left its process group (`setsid`, a daemon's double fork) still writes into
/// the pipe paginate reads, and killing the group does not reach it. Linux: read from
/// `/proc/PID/fd`, whose links name a pipe `pipe:[INODE]`.
enum PipeHolders {
  /// Kills (SIGKILL) every other process holding an end of the pipes `descriptors` are ends of.
  /// Best effort: a process that cannot be read or signalled is left.
  static func kill(holdersOf descriptors: [Int32]) {
    var names = Set<String>()
    for descriptor in descriptors where descriptor >= 0 {
      var status = stat()
      guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFIFO else { continue }
      names.insert("pipe:[\(status.st_ino)]")
    }
    guard !names.isEmpty else { return }
    for pid in holders(of: names) { _ = Glibc.kill(pid, SIGKILL) }
  }

  /// The ids of the other processes with a descriptor whose link is one of `names`.
  static func holders(of names: Set<String>) -> [pid_t] {
    guard let processes = opendir("/proc") else { return [] }
    defer { closedir(processes) }
    let own = getpid()
    var found: [pid_t] = []
    var link = [CChar](repeating: 0, count: 64)
    while let entry = readdir(processes) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
      guard let pid = pid_t(name), pid != own, let descriptors = opendir("/proc/\(name)/fd") else { continue }
      defer { closedir(descriptors) }
      while let descriptor = readdir(descriptors) {
        let fd = withUnsafeBytes(of: descriptor.pointee.d_name) {
          String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
        }
        guard fd.first?.isNumber == true else { continue }
        let count = readlink("/proc/\(name)/fd/\(fd)", &link, link.count - 1)
        guard count > 0 else { continue }
        let target = link.prefix(count).withUnsafeBufferPointer {
          String(decoding: UnsafeRawBufferPointer($0), as: UTF8.self)
        }
        if names.contains(target) {
          found.append(pid)
          break
        }
      }
    }
    return found
  }
}
