import PaginateLayout
import PaginateTestSupport
import Testing

@Suite("Word runs of ASCII bytes")
struct WordBytesTests {
  @Test("word bytes are printable ASCII other than the space, the hyphen and opening brackets")
  func membership() {
    for value in 0...255 {
      let byte = UInt8(value)
      let expected = (0x21...0x7E).contains(value) && !"-([{".utf8.contains(byte)
      #expect(WordBytes.contains(byte) == expected, "byte \(value)")
    }
  }

  @Test("a run ends at the first byte that is not a word byte, for every byte value at every position")
  func runEnd() {
    // 40 bytes: two full blocks of sixteen and a tail, so that every position of a block and
    // of the byte-by-byte tail is tried, from starts inside the first block too. Another
    // excluded byte follows: the first one must be found.
    for value in 0...255 {
      for position in 0..<40 {
        var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 40)
        bytes[position] = UInt8(value)
        for later in [position + 2, position + 11] where later < 40 { bytes[later] = 0x20 }
        for start in [0, 5, 15] {
          let found = bytes.withUnsafeBufferPointer { WordBytes.runEnd(in: $0, from: start) }
          let expected = bytes.indices.first { $0 >= start && !WordBytes.contains(bytes[$0]) } ?? 40
          #expect(found == expected, "byte \(value) at \(position) from \(start)")
        }
      }
    }
  }

  @Test("the excluded bits of a block mark exactly the bytes that are not word bytes")
  func excludedBits() {
    for value in 0...255 {
      for position in 0..<16 {
        var bytes = [UInt8](repeating: UInt8(ascii: "z"), count: 16)
        bytes[position] = UInt8(value)
        let bits = bytes.withUnsafeBytes { WordBytes.excludedBits(at: $0.baseAddress!) }
        let expected: UInt32 = WordBytes.contains(UInt8(value)) ? 0 : 1 << position
        #expect(bits == expected, "byte \(value) at \(position)")
      }
    }
    // Blocks with several lanes excluded at once, as prose has them.
    var random = SplitMix(seed: 16)
    for _ in 0..<2_000 {
      let bytes = (0..<16).map { _ in UInt8.random(in: 0...255, using: &random) & (Bool.random(using: &random) ? 0x7F : 0xFF) }
      let bits = bytes.withUnsafeBytes { WordBytes.excludedBits(at: $0.baseAddress!) }
      let expected = bytes.indices.reduce(UInt32(0)) { $0 | (WordBytes.contains(bytes[$1]) ? 0 : 1 << $1) }
      #expect(bits == expected, "\(bytes)")
    }
  }
}
