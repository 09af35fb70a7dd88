/// Scans of UTF-8 bytes sixteen at a time.
///
/// A test of sixteen bytes is written with wrapping arithmetic on `SIMD16<UInt8>` only: that
/// compiles to vector instructions, where comparisons of SIMD values go lane by lane. It
/// gives 0x80 in each lane the test picks out and 0 in the others.
@usableFromInline
package enum ByteBlocks {
  /// The index of the first byte at or after `start` that `picks` is true of, or `bytes.count`
  /// when there is none. `picksLanes` is the same test of sixteen bytes at a time (see the
  /// type's documentation); `picks` tests the bytes after the last full block.
  @inlinable @inline(__always)
  package static func firstIndex(
    in bytes: UnsafeBufferPointer<UInt8>, from start: Int, picksLanes: (SIMD16<UInt8>) -> SIMD16<UInt8>,
    picks: (UInt8) -> Bool
  ) -> Int {
    var index = start
    let count = bytes.count
    if let base = bytes.baseAddress {
      let raw = UnsafeRawPointer(base)
      while index &+ 16 <= count {
        let lanes = picksLanes(raw.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self))
        let halves = unsafeBitCast(lanes, to: SIMD2<UInt64>.self)
        if halves[0] | halves[1] != 0 {
          // The first lane picked out is the lowest byte with a bit set (counting zeros in the
          // halves costs less than gathering the lanes into bits, as `bits(of:)` does).
          let low = UInt64(littleEndian: halves[0])
          let bit = low != 0 ? low.trailingZeroBitCount : 64 &+ UInt64(littleEndian: halves[1]).trailingZeroBitCount
          return index &+ bit >> 3
        }
        index &+= 16
      }
    }
    while index < count && !picks(bytes[index]) { index &+= 1 }
    return index
  }

  /// The lanes picked out (0x80, the others 0) as bits: bit `i` for lane `i`.
  @inlinable @inline(__always)
  package static func bits(of lanes: SIMD16<UInt8>) -> UInt32 {
    let halves = unsafeBitCast(lanes, to: SIMD2<UInt64>.self)
    return UInt32(gatherHighBits(UInt64(littleEndian: halves[0])))
      | UInt32(gatherHighBits(UInt64(littleEndian: halves[1]))) << 8
  }

  /// The high bits of the eight bytes of `word` (whose other bits are clear) as one byte, the
  /// lowest byte's as bit 0. The multiplication moves bit 7 of byte `i` to bit 56 + `i`, and
  /// none of its other products reach the top byte or carry into it.
  @inlinable @inline(__always)
  static func gatherHighBits(_ word: UInt64) -> UInt8 {
    UInt8(truncatingIfNeeded: ((word >> 7) &* 0x0102_0408_1020_4080) >> 56)
  }

  /// 0x80 in each lane that is zero, 0 in the others: v - 1 and not-v both have the high bit
  /// set only for 0 (lanes do not borrow from each other).
  @inlinable @inline(__always)
  package static func zeroLanes(_ value: SIMD16<UInt8>) -> SIMD16<UInt8> {
    (value &- SIMD16(repeating: 1)) & ~value & SIMD16(repeating: 0x80)
  }
}
