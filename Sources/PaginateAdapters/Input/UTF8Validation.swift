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
      if isWellFormed(UnsafeBufferPointer(rebasing: bytes[index..<end])) {
        index = end
        continue
      }
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

  /// The length of the sequence `bytes` end in that more bytes could complete (0 to 3): a
  /// text read a buffer at a time counts the same as whole when each buffer's count leaves
  /// it for the next.
  static func incompleteTailLength(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
    for back in 1...min(3, max(bytes.count, 1)) where back <= bytes.count {
      let byte = bytes[bytes.count - back]
      if byte < 0x80 { return 0 }
      guard byte >= 0xC0 else { continue }  // a continuation byte: look further back
      let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
      return length > back ? back : 0
    }
    return 0
  }

  /// Whether a run of non-ASCII bytes is well-formed UTF-8 (RFC 3629: no overlong form, no
  /// surrogate, nothing past U+10FFFF), checked sequence by sequence: the common case, a few
  /// comparisons a character, before the decoder counts what is wrong in a run that is not.
  private static func isWellFormed(_ run: UnsafeBufferPointer<UInt8>) -> Bool {
    var index = 0
    let count = run.count
    while index < count {
      let lead = run[index]
      let length: Int
      var low: UInt8 = 0x80
      var high: UInt8 = 0xBF
      switch lead {
      case 0xC2...0xDF: length = 2
      case 0xE0: length = 3; low = 0xA0
      case 0xE1...0xEC, 0xEE...0xEF: length = 3
      case 0xED: length = 3; high = 0x9F
      case 0xF0: length = 4; low = 0x90
      case 0xF1...0xF3: length = 4
      case 0xF4: length = 4; high = 0x8F
      default: return false
      }
      guard index + length <= count, run[index + 1] >= low, run[index + 1] <= high else { return false }
      if length > 2 && run[index + 2] & 0xC0 != 0x80 { return false }
      if length > 3 && run[index + 3] & 0xC0 != 0x80 { return false }
      index += length
    }
    return true
  }
}
