#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import ArgumentParser
import PaginateAdapters

/// Messages for the user on standard error, one line each, prefixed with `paginate:`.
enum Diagnostics {
  static func warn(_ message: String) {
    write("paginate: warning: \(message)\n")
  }

  static func fail(_ message: String, status: Int32 = 1) -> Never {
    write("paginate: \(message)\n")
    exit(status)
  }

  /// Ends the process with status 0 without tearing down its memory.
  static func finishSuccessfully() -> Never {
    exit(0)
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

/// An error the command reports as one line and exit status 1.
struct CommandFailure: Error, CustomStringConvertible {
  var description: String

  /// Runs `body`, turning an ``InputError`` into a one-line failure.
  static func wrap<T>(_ body: () throws(InputError) -> T) throws(CommandFailure) -> T {
    do {
      return try body()
    } catch {
      Diagnostics.fail(error.description)
    }
  }
}
