import Glibc

/// The processors the program may run on.
package enum Processors {
  /// The processors online (`sysconf(_SC_NPROCESSORS_ONLN)`), at least 1; read once.
  package static let online: Int = max(Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))), 1)
}
