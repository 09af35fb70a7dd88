import Glibc

/// This process: its identity, its environment, its end.
package enum CurrentProcess {
  /// The process id.
  package static var id: Int32 { getpid() }

  /// Whether the process runs as root (and may give a file to another owner).
  package static var isRoot: Bool { getuid() == 0 }

  /// The environment variable `name` (`getenv(3)`), or `nil` when it is not set.
  package static func environment(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
  }

  /// Sleeps the calling thread for `milliseconds`.
  package static func sleep(milliseconds: Int) {
    usleep(useconds_t(max(milliseconds, 0) * 1000))
  }

  /// Ends the process with `status`, running `atexit` handlers and flushing C's streams.
  package static func exit(_ status: Int32) -> Never {
    Glibc.exit(status)
  }
}
