#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import PaginateAdapters

/// Reads a whole input, from a file or standard input, as bytes.
enum InputReader {
  /// Reads `path` (`-` for standard input).
  ///
  /// - Throws: ``InputError`` with a readable reason: no such file, permission denied, a
  ///   directory, and so on.
  static func read(_ path: String) throws(InputError) -> InputSource {
    if path == "-" {
      return InputSource(bytes: try readAll(fileDescriptor: 0, name: "<stdin>"), name: "<stdin>")
    }
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw InputError(input: path, message: reason(errno)) }
    defer { close(descriptor) }
    var status = stat()
    if fstat(descriptor, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR {
      throw InputError(input: path, message: "is a directory; expected a file")
    }
    return InputSource(bytes: try readAll(fileDescriptor: descriptor, name: path), name: path)
  }

  private static func readAll(fileDescriptor: Int32, name: String) throws(InputError) -> [UInt8] {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { Glibc.read(fileDescriptor, $0.baseAddress, $0.count) }
      if count > 0 {
        bytes.append(contentsOf: chunk[0..<count])
        if chunk.count < 1 << 22 && bytes.count > chunk.count * 4 {
          chunk = [UInt8](repeating: 0, count: chunk.count * 4)
        }
      } else if count == 0 {
        return bytes
      } else if errno != EINTR {
        throw InputError(input: name, message: reason(errno))
      }
    }
  }

  private static func reason(_ code: Int32) -> String {
    switch code {
    case ENOENT: "no such file"
    case EACCES: "permission denied"
    case EISDIR: "is a directory; expected a file"
    default: String(cString: strerror(code)).lowercased()
    }
  }
}
