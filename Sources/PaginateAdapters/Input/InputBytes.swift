import PaginateSystem

/// A whole input read into one block of memory that grows in place: `realloc` moves the pages
/// of a large block rather than copying them, so reading 8 MB touches each page once instead
/// of once for every time an array doubles. Shared, read-only, between the thread that reads
/// and the one that converts.
///
/// Safety: `@unchecked Sendable` because its memory is written only by the initialiser; after
/// that every thread only reads it, and `deinit` frees it when the last reference goes.
final class InputBytes: @unchecked Sendable {
  /// The bytes; `nil` only when not even the first block could be allocated.
  private let base: UnsafeMutablePointer<UInt8>?
  /// The number of bytes read.
  private let count: Int
  /// Where the text starts: after a byte-order mark, if there is one.
  private let start: Int

  /// Why the input was not read to its end (it holds more than the limit, or memory ran out),
  /// or `nil` when it was read whole.
  let cutShort: String?

  /// Reads all of `read` (a function that fills a buffer and returns the count, 0 at the end,
  /// negative on an error, which ends the input too), up to `limit` bytes: an endless input
  /// (`/dev/zero`) stops there, with ``cutShort`` saying so, and so does a read that runs out
  /// of memory, rather than trap.
  init(reading read: (UnsafeMutableRawBufferPointer) -> Int, limit: Int = OpenFile.maximumWholeInput) {
    var memory: UnsafeMutableRawPointer? = SystemMemory.allocate(byteCount: 1 << 18)
    var capacity = memory == nil ? 0 : 1 << 18
    var count = 0
    var cutShort: String? = nil
    while memory != nil {
      if capacity - count < 1 << 16 {
        guard capacity < limit + (1 << 16) else {
          cutShort = "more than \(limit >> 30) GiB to read whole; only plain text is read as it goes (is it an endless stream?)"
          break
        }
        let grown = SystemMemory.reallocate(memory, byteCount: min(capacity * 2, limit + (1 << 16)))
        guard let grown else {
          cutShort = "out of memory after reading \(count >> 20) MiB of the input"
          break
        }
        memory = grown
        capacity = min(capacity * 2, limit + (1 << 16))
      }
      guard let memory else { break }
      let filled = read(UnsafeMutableRawBufferPointer(start: memory + count, count: capacity - count))
      guard filled > 0 else { break }
      count += filled
    }
    if memory == nil { cutShort = "out of memory reading the input" }
    base = memory?.bindMemory(to: UInt8.self, capacity: capacity)
    self.count = count
    self.cutShort = cutShort
    start = ByteText.byteOrderMarkLength(UnsafeBufferPointer(start: base, count: count))
  }

  deinit { SystemMemory.free(base) }

  /// Calls `body` with the bytes read, from after a byte-order mark; the bytes live while it
  /// runs.
  func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
    try withExtendedLifetime(self) { try body(UnsafeBufferPointer(start: base.map { $0 + start }, count: count - start)) }
  }
}
