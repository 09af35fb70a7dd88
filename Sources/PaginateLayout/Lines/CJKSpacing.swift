@_spi(Platform) import PaginateSystem

/// White space next to CJK text, as CSS Text treats it: a line end of the source between two
/// wide characters is no space (Chinese and Japanese do not separate words), and a space
/// between a wide character and CJK closing punctuation (`テスト 。`) is dropped, so that the
/// punctuation stays with what it closes instead of starting the next line.
enum CJKSpacing {
  /// Whether a source line end between `before` and `after` joins them without a space.
  static func joinsWithoutSpace(_ before: UInt32, _ after: UInt32) -> Bool {
    FoldedText.isWide(before) && FoldedText.isWide(after)
  }

  /// `text` without the white space that CJK text does not keep: a run holding a line end
  /// between two wide characters, and a run of spaces between a wide character and CJK
  /// closing punctuation. Only text with a line end (which plain text keeps only between two
  /// non-ASCII lines), or with the UTF-8 lead byte of CJK punctuation (`E3` for U+3000 to
  /// U+3FFF, `EF` for the fullwidth forms), can hold either: other text is returned as it is
  /// after three `memchr` scans.
  static func closingUp(_ text: String) -> String {
    var text = text
    let removed: [Range<Int>] = text.withUTF8 { bytes in
      guard ByteScan.contains(0x0A, in: bytes) || ByteScan.contains(0xE3, in: bytes) || ByteScan.contains(0xEF, in: bytes)
      else { return [] }
      return gapsToRemove(in: bytes)
    }
    guard !removed.isEmpty else { return text }
    var result: [UInt8] = []
    text.withUTF8 { bytes in
      result.reserveCapacity(bytes.count)
      var start = 0
      for range in removed {
        result.append(contentsOf: bytes[start..<range.lowerBound])
        start = range.upperBound
      }
      result.append(contentsOf: bytes[start...])
    }
    return String(decoding: result, as: UTF8.self)
  }

  /// The byte ranges of the white space runs to remove, in order. Only the places that can
  /// qualify are looked at, found with `memchr`: each line end, and each space.
  private static func gapsToRemove(in bytes: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
    func isGap(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x09 }
    var removed: [Range<Int>] = []
    // Line ends between two wide characters.
    var from = 0
    while let found = ByteScan.firstIndex(of: 0x0A, in: bytes, from: from) {
      var start = found
      while start > 0 && isGap(bytes[start - 1]) { start -= 1 }
      var end = found + 1
      while end < bytes.count && isGap(bytes[end]) { end += 1 }
      from = end
      guard start > 0, end < bytes.count, let before = scalar(endingAt: start, in: bytes),
        let after = scalar(startingAt: end, in: bytes), FoldedText.isWide(before), FoldedText.isWide(after)
      else { continue }
      removed.append(start..<end)
    }
    // Spaces between a wide character and CJK closing punctuation: at each space (rare in CJK
    // text) the next byte says whether CJK punctuation follows.
    from = 0
    while let space = ByteScan.firstIndex(of: 0x20, in: bytes, from: from) {
      var end = space + 1
      while end < bytes.count && isGap(bytes[end]) { end += 1 }
      from = end
      guard end < bytes.count, bytes[end] == 0xE3 || bytes[end] == 0xEF, let after = scalar(startingAt: end, in: bytes),
        BreakClass.of(after) == .closing, FoldedText.isWide(after)
      else { continue }
      var start = space
      while start > 0 && isGap(bytes[start - 1]) { start -= 1 }
      guard start > 0, let before = scalar(endingAt: start, in: bytes), FoldedText.isWide(before) else { continue }
      removed.append(start..<end)
    }
    // In order, each run once (a run before a closing mark may hold a line end too).
    removed.sort { $0.lowerBound < $1.lowerBound }
    var merged: [Range<Int>] = []
    for range in removed {
      if let last = merged.last, range.lowerBound < last.upperBound {
        merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
      } else {
        merged.append(range)
      }
    }
    return merged
  }

  /// The scalar whose UTF-8 ends just before `end`.
  static func scalar(endingAt end: Int, in bytes: UnsafeBufferPointer<UInt8>) -> UInt32? {
    var start = end - 1
    while start > 0 && bytes[start] & 0xC0 == 0x80 { start -= 1 }
    return scalar(startingAt: start, in: bytes)
  }

  /// The scalar whose UTF-8 starts at `start`.
  private static func scalar(startingAt start: Int, in bytes: UnsafeBufferPointer<UInt8>) -> UInt32? {
    let lead = bytes[start]
    let length = lead < 0x80 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 0
    guard length > 0, start + length <= bytes.count else { return nil }
    var value = length == 1 ? UInt32(lead) : UInt32(lead) & (0xFF >> (length + 1))
    for offset in 1..<max(length, 1) where length > 1 {
      value = value << 6 | UInt32(bytes[start + offset] & 0x3F)
    }
    return value
  }
}
