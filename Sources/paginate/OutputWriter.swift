import PaginateSystem

/// A buffered writer to a file descriptor. A closed pipe (`paginate big.md | head`) ends the
/// program quietly instead of raising SIGPIPE or printing an error.
struct OutputWriter {
  let fileDescriptor: FileDescriptor
  private var buffer: [UInt8] = []
  private let capacity = 1 << 16

  init(fileDescriptor: FileDescriptor = .standardOutput) {
    self.fileDescriptor = fileDescriptor
    buffer.reserveCapacity(capacity)
    Signals.ignoreBrokenPipe()
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
    do {
      try fileDescriptor.writeAll(buffer)
    } catch .brokenPipe {
      CurrentProcess.exit(0)  // the reader went away: stop quietly, as `yes | head` does
    } catch {
      Diagnostics.fail("cannot write output: \(error)")
    }
    buffer.removeAll(keepingCapacity: true)
  }
}
