import Glibc

/// Waiting for descriptors to become ready (`poll(2)`).
package enum Poll {
  /// What to wait for on a descriptor.
  package enum Event: Sendable {
    /// Bytes to read, or the end (the other side closed).
    case readable
    /// Room to write, or an error to find by writing.
    case writable
  }

  /// Waits up to `milliseconds` (-1: without a limit; 0: only looks) until one of `entries` is
  /// ready. A signal ends the wait early, as a time-out does.
  ///
  /// - Returns: for each entry, whether it is ready (readable or writable as asked, or closed,
  ///   or in error: the read or write then says which).
  package static func wait(
    _ entries: [(descriptor: FileDescriptor, event: Event)], milliseconds: Int32
  ) throws(Errno) -> [Bool] {
    var descriptors = entries.map { entry in
      pollfd(fd: entry.descriptor.rawValue, events: Int16(entry.event == .readable ? POLLIN : POLLOUT), revents: 0)
    }
    let ready = poll(&descriptors, nfds_t(descriptors.count), milliseconds)
    if ready < 0 {
      guard errno == EINTR else { throw .current }
      return entries.map { _ in false }
    }
    return descriptors.map { $0.revents != 0 }
  }
}
