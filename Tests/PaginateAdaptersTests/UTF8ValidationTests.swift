import PaginateTestSupport
import Testing

@testable import PaginateAdapters

/// Invalid UTF-8 is counted as Swift's decoder replaces it: one U+FFFD per maximal invalid
/// subpart, whatever the fast path for well-formed runs skips.
@Suite("Counting invalid UTF-8")
struct UTF8ValidationTests {
  /// The count by Swift's own decoder over the whole buffer.
  static func reference(_ bytes: [UInt8]) -> Int {
    var iterator = bytes.makeIterator()
    var decoder = UTF8()
    var count = 0
    while true {
      switch decoder.decode(&iterator) {
      case .scalarValue: continue
      case .emptyInput: return count
      case .error: count += 1
      }
    }
  }

  @Test("well-formed text of every length counts nothing; each kind of malformed sequence counts as the decoder does", arguments: [
    Array("plain ASCII".utf8), Array("Привет, 世界, 𝄞 and é".utf8), [0xC0, 0x80], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80],
    [0xF4, 0x90, 0x80, 0x80], [0xF5], [0xE2, 0x82], [0xE2, 0x82, 0x41], [0x80, 0x80], [0xF0, 0x9F, 0x98], [0xEF, 0xBF, 0xBD],
    [0xC2, 0x41, 0xE3, 0x81, 0x82, 0xFF],
  ])
  func cases(bytes: [UInt8]) {
    #expect(UTF8Validation.invalidSequenceCount(bytes) == Self.reference(bytes))
  }

  @Test("random bytes near UTF-8: the same count as the decoder's")
  func random() {
    var generator = testGenerator()
    let pieces: [[UInt8]] = [
      [0x41], [0x20], Array("é".utf8), Array("世".utf8), Array("𝄞".utf8), [0x80], [0xC2], [0xE2, 0x82], [0xF0, 0x9F],
      [0xED, 0xA0], [0xF4, 0x90], [0xFF], [0xE0, 0x9F],
    ]
    for _ in 0..<2000 {
      var bytes: [UInt8] = []
      for _ in 0..<Int.random(in: 0...40, using: &generator) {
        bytes += pieces[Int.random(in: 0..<pieces.count, using: &generator)]
      }
      #expect(UTF8Validation.invalidSequenceCount(bytes) == Self.reference(bytes), "\(bytes)")
    }
  }
}
