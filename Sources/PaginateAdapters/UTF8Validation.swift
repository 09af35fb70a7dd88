import PaginateModel

/// Counting invalid UTF-8 the way Swift's decoder replaces it (one U+FFFD per maximal
/// invalid subpart).
enum UTF8Validation {
  /// The number of replacement characters decoding `bytes` would produce beyond those already
  /// in the input.
  static func invalidSequenceCount(_ bytes: [UInt8]) -> Int {
    bytes.withUnsafeBufferPointer { invalidSequenceCount($0) }
  }

  /// The same, over a buffer. An ASCII byte ends any UTF-8 sequence, so each run of non-ASCII
  /// bytes decodes on its own: ASCII is skipped sixteen bytes at a time, and the decoder only
  /// sees the runs.
  static func invalidSequenceCount(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
    var count = 0
    var index = 0
    while true {
      index = ByteBlocks.firstIndex(
        in: bytes, from: index, picksLanes: { $0 & SIMD16(repeating: 0x80) }, picks: { $0 >= 0x80 })
      guard index < bytes.count else { return count }
      var end = index + 1
      while end < bytes.count && bytes[end] >= 0x80 { end += 1 }
      var iterator = UnsafeBufferPointer(rebasing: bytes[index..<end]).makeIterator()
      var decoder = UTF8()
      decoding: while true {
        switch decoder.decode(&iterator) {
        case .scalarValue: continue
        case .emptyInput: break decoding
        case .error: count += 1
        }
      }
      index = end
    }
  }
}
