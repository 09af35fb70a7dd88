#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import ArgumentParser
import PaginateAdapters
import PaginateLayout
import PaginateModel

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
    TemporaryFiles.discard()
    write("paginate: \(VisibleControls.escape(message))\n")
    exit(status)
  }

  /// Writes `text` to stderr as it is (progress lines).
  static func raw(_ text: String) {
    write(text)
  }

  private static func write(_ text: String) {
    var bytes = Array(text.utf8)
    _ = bytes.withUnsafeMutableBytes { Glibc.write(2, $0.baseAddress, $0.count) }
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
