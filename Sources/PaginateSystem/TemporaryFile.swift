import CPaginateSystem

/// The temporary file an export is writing, removed if SIGINT, SIGTERM, SIGHUP or a crash ends
/// the program before it is renamed into place. The path lives in C, with the one handler that
/// owns paginate's signals (`signals.c`: a handler may read only storage written before it
/// runs); it removes the file after giving the terminal back and before killing children.
package enum TemporaryFile {
  /// Names the file being written; its first call installs the handlers. One at a time: a
  /// second call replaces the first.
  package static func register(_ path: String) {
    // A path too long for the handler's buffer (4 KiB) cannot have been created.
    _ = paginate_temporary_file_register(path)
  }

  /// Forgets the file (renamed into place, or removed).
  package static func unregister() {
    paginate_temporary_file_unregister()
  }

  /// Removes the file being written, if there is one: the program is ending with an error,
  /// and nothing half-written may stay behind.
  package static func discard() {
    paginate_temporary_file_remove()
  }
}
