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
  private var base: UnsafeMutableRawPointer?
  private var capacity = 0
  /// The number of bytes read.
  private(set) var count = 0
  /// Where the text starts: after a byte-order mark, if there is one.
  private(set) var start = 0

  /// Reads all of `read` (a function that fills a buffer and returns the count, 0 at the end,
  /// negative on an error, which ends the input too).
  init(reading read: (UnsafeMutableRawBufferPointer) -> Int) {
    while true {
      if capacity - count < 1 << 16 {
        capacity = max(capacity * 2, 1 << 18)
        // As an array's growth would, stop rather than go on with part of the input.
        guard let grown = realloc(base, capacity) else { fatalError("out of memory reading the input") }
        base = grown
      }
      let read = read(UnsafeMutableRawBufferPointer(start: base! + count, count: capacity - count))
      guard read > 0 else { break }
      count += read
    }
    if bytes.starts(with: ByteText.byteOrderMark) { start = ByteText.byteOrderMark.count }
  }

  deinit { free(base) }

  /// The bytes read, from `start`.
  var bytes: UnsafeBufferPointer<UInt8> {
    guard let base else { return UnsafeBufferPointer(start: nil, count: 0) }
    return UnsafeBufferPointer(start: base.assumingMemoryBound(to: UInt8.self) + start, count: count - start)
  }
}
