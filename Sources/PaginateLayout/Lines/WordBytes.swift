import PaginateModel

/// The bytes that continue an ASCII word run when a paragraph is split into break units:
/// printable ASCII other than the space, the hyphen and the opening brackets `(`, `[` and `{`.
/// No break opportunity falls inside such a run, and each of its bytes is one cell.
package enum WordBytes {
  /// Whether `byte` continues an ASCII word run.
  package static func contains(_ byte: UInt8) -> Bool {
    byte &- 0x21 < 0x5E && byte != 0x2D && byte != 0x28 && byte | 0x20 != 0x7B
  }

  /// The index of the first byte from `start` on that does not continue an ASCII word run, or
  /// `bytes.count` if there is none. Looks at sixteen bytes at a time.
  package static func runEnd(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    ByteBlocks.firstIndex(in: bytes, from: start, picksLanes: excludedLanes, picks: { !contains($0) })
  }

  /// Bit `i` is set when byte `i` of the sixteen at `bytes` does not continue a word run.
  @inline(__always)
  package static func excludedBits(at bytes: UnsafeRawPointer) -> UInt32 {
    ByteBlocks.bits(of: excludedLanes(bytes.loadUnaligned(as: SIMD16<UInt8>.self)))
  }

  /// 0x80 in each lane of `block` whose byte does not continue a word run, 0 in the others
  /// (see ``ByteBlocks``).
  @inline(__always)
  static func excludedLanes(_ block: SIMD16<UInt8>) -> SIMD16<UInt8> {
    // y = byte - 0x21 is below 0x5E for a printable byte other than the space. Its high bit is
    // set for a byte below 0x21 or from 0xA1, and that of y + 0x22 for a byte from 0x7F to 0xA0.
    let y = block &- SIMD16(repeating: 0x21)
    let outside = (y | (y &+ SIMD16(repeating: 0x22))) & SIMD16(repeating: 0x80)
    // `[` and `{` differ only in bit 0x20.
    return outside | ByteBlocks.zeroLanes(block ^ SIMD16(repeating: 0x2D))
      | ByteBlocks.zeroLanes(block ^ SIMD16(repeating: 0x28))
      | ByteBlocks.zeroLanes((block | SIMD16(repeating: 0x20)) ^ SIMD16(repeating: 0x7B))
  }
}
