#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A buffered writer to a file descriptor. A closed pipe (`paginate big.md | head`) ends the
/// program quietly instead of raising SIGPIPE or printing an error.
struct OutputWriter {
  let fileDescriptor: Int32
  private var buffer: [UInt8] = []
  private let capacity = 1 << 16

  init(fileDescriptor: Int32) {
    self.fileDescriptor = fileDescriptor
    buffer.reserveCapacity(capacity)
    signal(SIGPIPE, SIG_IGN)
  }

  /// Appends bytes produced in place by `produce` (a renderer), without an intermediate array.
  mutating func write(_ produce: (inout [UInt8]) -> Void) {
    produce(&buffer)
    if buffer.count >= capacity { flush() }
  }

  mutating func write(_ bytes: [UInt8]) {
    buffer.append(contentsOf: bytes)
    if buffer.count >= capacity { flush() }
  }

  mutating func write(_ text: String) {
    buffer.append(contentsOf: text.utf8)
    if buffer.count >= capacity { flush() }
  }

  mutating func flush() {
    var offset = 0
    while offset < buffer.count {
      let written = buffer.withUnsafeBytes { Glibc.write(fileDescriptor, $0.baseAddress! + offset, $0.count - offset) }
      if written >= 0 {
        offset += written
      } else if errno == EINTR {
        continue
      } else if errno == EPIPE {
        exit(0)  // the reader went away: stop quietly, as `yes | head` does
      } else {
        Diagnostics.fail("cannot write output: \(String(cString: strerror(errno)))")
      }
    }
    buffer.removeAll(keepingCapacity: true)
  }
}
