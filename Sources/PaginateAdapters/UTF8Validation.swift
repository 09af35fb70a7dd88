/// Counting invalid UTF-8 the way Swift's decoder replaces it (one U+FFFD per maximal
/// invalid subpart).
enum UTF8Validation {
  /// The number of replacement characters decoding `bytes` would produce beyond those already
  /// in the input.
  static func invalidSequenceCount(_ bytes: [UInt8]) -> Int {
    // ASCII fast path: most inputs are mostly ASCII.
    var asciiEnd = 0
    bytes.withUnsafeBufferPointer { buffer in
      while asciiEnd < buffer.count && buffer[asciiEnd] < 0x80 { asciiEnd += 1 }
    }
    if asciiEnd == bytes.count { return 0 }
    var count = 0
    var iterator = bytes[asciiEnd...].makeIterator()
    var decoder = UTF8()
    loop: while true {
      switch decoder.decode(&iterator) {
      case .scalarValue: continue
      case .emptyInput: break loop
      case .error: count += 1
      }
    }
    return count
  }
}
