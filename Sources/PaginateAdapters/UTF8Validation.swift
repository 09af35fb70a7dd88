/// Counting invalid UTF-8 the way Swift's decoder replaces it (one U+FFFD per maximal
/// invalid subpart).
enum UTF8Validation {
  /// The number of replacement characters decoding `bytes` would produce beyond those already
  /// in the input.
  static func invalidSequenceCount(_ bytes: [UInt8]) -> Int {
    bytes.withUnsafeBufferPointer { invalidSequenceCount($0) }
  }

  /// The same, over a buffer. An ASCII byte ends any UTF-8 sequence, so each run of non-ASCII
  /// bytes decodes on its own: ASCII is skipped eight bytes at a time where it can be, and the
  /// decoder only sees the runs.
  static func invalidSequenceCount(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
    var count = 0
    var index = 0
    let raw = UnsafeRawPointer(bytes.baseAddress)
    while index < bytes.count {
      if let raw, index + 8 <= bytes.count,
        raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0
      {
        index += 8
        continue
      }
      if bytes[index] < 0x80 {
        index += 1
        continue
      }
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
    return count
  }
}
