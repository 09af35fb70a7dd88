#if canImport(Glibc)
  import Glibc
#else
  #error("paginate's platform layer is written for Linux and the GNU C library")
#endif

/// A C library error number (`errno`): what every call of the platform layer throws.
package struct Errno: Error, Hashable, Sendable, CustomStringConvertible {
  /// The number, as `<errno.h>` defines it.
  package var rawValue: Int32

  /// The error with this number.
  package init(rawValue: Int32) {
    self.rawValue = rawValue
  }

  /// The calling thread's `errno`, as the call that just failed left it.
  package static var current: Errno { Errno(rawValue: errno) }

  /// `EINTR`: a signal arrived during the call (the layer retries these itself).
  package static let interrupted = Errno(rawValue: EINTR)
  /// `EAGAIN`: a descriptor in non-blocking mode has nothing to give or no room.
  package static let wouldBlock = Errno(rawValue: EAGAIN)
  /// `EPIPE`: the reader of a pipe went away.
  package static let brokenPipe = Errno(rawValue: EPIPE)
  /// `ENOENT`.
  package static let noSuchFile = Errno(rawValue: ENOENT)
  /// `ENOTDIR`: a part of the path is not a folder.
  package static let notADirectory = Errno(rawValue: ENOTDIR)
  /// `EEXIST`: the name is taken.
  package static let fileExists = Errno(rawValue: EEXIST)
  /// `EACCES`.
  package static let permissionDenied = Errno(rawValue: EACCES)
  /// `EISDIR`.
  package static let isDirectory = Errno(rawValue: EISDIR)
  /// `ENOEXEC`: not an executable the kernel can run.
  package static let notExecutable = Errno(rawValue: ENOEXEC)

  /// The C library's text for the error (`strerror`), such as "No such file or directory".
  package var description: String { String(cString: strerror(rawValue)) }
}
