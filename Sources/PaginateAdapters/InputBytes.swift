#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A whole input read into one block of memory that grows in place: `realloc` moves the pages
/// of a large block rather than copying them, so reading 8 MB touches each page once instead
/// of once for every time an array doubles. Shared, read-only, between the thread that reads
/// and the one that converts.
final class InputBytes: @unchecked Sendable {
  private let base: UnsafeMutablePointer<UInt8>
  /// The number of bytes read.
  private let count: Int
  /// Where the text starts: after a byte-order mark, if there is one.
  private let start: Int

  /// Reads all of `read` (a function that fills a buffer and returns the count, 0 at the end,
  /// negative on an error, which ends the input too).
  init(reading read: (UnsafeMutableRawBufferPointer) -> Int) {
    var memory: UnsafeMutableRawPointer?
    var capacity = 0
    var count = 0
    while true {
      if capacity - count < 1 << 16 {
        capacity = max(capacity * 2, 1 << 18)
        // As an array's growth would, stop rather than go on with part of the input.
        guard let grown = realloc(memory, capacity) else { fatalError("out of memory reading the input") }
        memory = grown
      }
      let filled = read(UnsafeMutableRawBufferPointer(start: memory! + count, count: capacity - count))
      guard filled > 0 else { break }
      count += filled
    }
    base = memory!.bindMemory(to: UInt8.self, capacity: capacity)
    self.count = count
    start = ByteText.byteOrderMarkLength(UnsafeBufferPointer(start: base, count: count))
  }

  deinit { free(base) }

  /// Calls `body` with the bytes read, from after a byte-order mark; the bytes live while it
  /// runs.
  func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
    try withExtendedLifetime(self) { try body(UnsafeBufferPointer(start: base + start, count: count - start)) }
  }
}
