import ArgumentParser
import PaginateAdapters
import PaginateLayout
import PaginateModel
import PaginateSystem

/// Messages for the user on standard error, one line each, prefixed with `paginate:`.
/// Every message has its control characters made visible (as document text has): a file name,
/// an adapter's name or a configuration value holding an escape sequence is shown, never sent.
enum Diagnostics {
  static func warn(_ message: String) {
    write("paginate: warning: \(VisibleControls.escape(message))\n")
  }

  /// An error that does not end the program (a file skipped); the caller exits non-zero later.
  static func error(_ message: String) {
    write("paginate: \(VisibleControls.escape(message))\n")
  }

  static func fail(_ message: String, status: Int32 = 1) -> Never {
    TemporaryFile.discard()
    write("paginate: \(VisibleControls.escape(message))\n")
    CurrentProcess.exit(status)
  }

  /// Writes `text` to stderr as it is (progress lines).
  static func raw(_ text: String) {
    write(text)
  }

  private static func write(_ text: String) {
    // A message while the pager holds the terminal (standard input is read before the first
    // page) would vanish with the alternate screen: the terminal is given back first.
    Terminal.restore()
    // Nothing to be done when standard error is gone.
    try? FileDescriptor.standardError.writeAll(Array(text.utf8))
  }
}

extension Diagnostics {
  /// Runs `body`; its error (an ``InputError``, a ``LayoutError``, a file that cannot be
  /// written) ends the program with its one line and status 1.
  static func orFail<T, Failure: Error & CustomStringConvertible>(_ body: () throws(Failure) -> T) -> T {
    do {
      return try body()
    } catch {
      fail(error.description)
    }
  }
}
