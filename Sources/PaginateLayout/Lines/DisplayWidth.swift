internal import CUtf8proc

/// How many terminal cells text takes, per grapheme cluster.
///
/// - Printable ASCII is one cell per byte (a fast path that never calls utf8proc).
/// - A cluster takes the width of its first scalar as utf8proc reports it: East Asian wide and
///   fullwidth characters 2, combining marks and zero-width joiners 0 (they join the cluster
///   before them).
/// - An emoji presentation sequence (a base followed by U+FE0F) is 2 cells, as modern
///   terminals draw it; an emoji ZWJ sequence or a flag is one cluster of 2 cells.
/// - Control characters take no cells (the adapters have already made them visible).
///
///     DisplayWidth.of("naïve")   // 5
///     DisplayWidth.of("漢字")     // 4
///     DisplayWidth.of("👍🏽")      // 2
public enum DisplayWidth {
  /// The width of `text` in cells. Tabs count as one cell; expand them first where tab stops matter.
  ///
  /// - Complexity: O(n) in the UTF-8 length.
  public static func of(_ text: some StringProtocol) -> Int {
    var text = String(text)
    return text.withUTF8(of)
  }

  /// The width in cells of UTF-8 `bytes`.
  public static func of(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
    var total = 0
    forEachCluster(in: bytes) { _, width in total += width }
    return total
  }

  /// The longest start of `text` that fits in `width` cells, cut between grapheme clusters.
  ///
  /// - Complexity: O(m), where m is the length of the prefix: the scan stops at the first
  ///   cluster that does not fit.
  public static func prefix(of text: String, fitting width: Int) -> String {
    var text = text
    let end = text.withUTF8 { bytes -> Int in
      var used = 0
      var index = 0
      while index < bytes.count {
        let next = step(in: bytes, at: index)
        if used + next.width > width { break }
        used += next.width
        index = next.end
      }
      return index
    }
    return end == text.utf8.count ? text : String(decoding: text.utf8.prefix(end), as: UTF8.self)
  }

  /// The longest end of `text` that fits in `width` cells, cut between grapheme clusters.
  static func suffix(of text: String, fitting width: Int) -> String {
    var clusters: [(range: Range<Int>, width: Int)] = []
    forEachCluster(in: text) { clusters.append(($0, $1)) }
    var used = 0
    var start = text.utf8.count
    for cluster in clusters.reversed() {
      guard used + cluster.width <= width else { break }
      used += cluster.width
      start = cluster.range.lowerBound
    }
    return String(decoding: text.utf8.dropFirst(start), as: UTF8.self)
  }

  /// Calls `body` with the UTF-8 byte range and the width of each grapheme cluster of `text`.
  public static func forEachCluster(in text: some StringProtocol, _ body: (Range<Int>, Int) -> Void) {
    var text = String(text)
    text.withUTF8 { bytes in forEachCluster(in: bytes, body) }
  }

  /// Calls `body` with the byte range and width of each grapheme cluster in UTF-8 `bytes`.
  ///
  /// - Complexity: O(n); printable ASCII costs a few comparisons per byte, and utf8proc is
  ///   called only for non-ASCII clusters.
  public static func forEachCluster(in bytes: UnsafeBufferPointer<UInt8>, _ body: (Range<Int>, Int) -> Void) {
    var index = 0
    while index < bytes.count {
      let next = step(in: bytes, at: index)
      body(index..<next.end, next.width)
      index = next.end
    }
  }

  /// The one Unicode scalar that `bytes[range]` (a cluster) encodes; `nil` for a cluster of
  /// more than one scalar, or invalid UTF-8.
  package static func singleScalar(in bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> UInt32? {
    guard let base = bytes.baseAddress, !range.isEmpty else { return nil }
    let (value, length) = decode(base, at: range.lowerBound, count: range.upperBound)
    return length == range.count ? UInt32(value) : nil
  }

  /// The cluster that starts at `index`: where it ends and its width. An ASCII byte is a
  /// cluster of its own (one cell, a tab too; none for a control) unless a non-ASCII extender
  /// follows it; anything else goes to ``cluster(in:at:)``.
  @inline(__always)
  static func step(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (end: Int, width: Int) {
    let byte = bytes[index]
    if byte < 0x80 && (index + 1 == bytes.count || bytes[index + 1] < 0x80) {
      return (index + 1, (byte >= 0x20 && byte != 0x7F) || byte == 0x09 ? 1 : 0)
    }
    let cluster = self.cluster(in: bytes, at: index)
    return (cluster.end, cluster.width)
  }

  /// The grapheme cluster that starts at `index`: where it ends, how many cells it takes, and
  /// its first scalar (U+FFFD, one byte and one cell, for invalid UTF-8). The one place that
  /// asks utf8proc about clusters; callers handle plain ASCII themselves.
  @inline(__always)
  static func cluster(in bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> (end: Int, width: Int, first: UInt32) {
    let count = bytes.count
    let base = bytes.baseAddress!  // non-empty: `start` is a valid index
    var (scalar, length) = decode(base, at: start, count: count)
    if length <= 0 { return (start + 1, 1, 0xFFFD) }
    let simpleWidth = simpleScalarWidth(scalar)
    var width = simpleWidth ?? scalarWidth(scalar)
    // Regional indicators (flags) are drawn 2 cells wide; utf8proc says 1.
    if (0x1F1E6...0x1F1FF).contains(scalar) { width = 2 }
    var state: Int32 = 0
    var previous = scalar
    var previousIsSimple = simpleWidth != nil
    var index = start + length
    while index < count {
      let next: Int32
      (next, length) = decode(base, at: index, count: count)
      if length <= 0 { break }
      // Between two scalars of the common scripts a cluster always ends (see
      // ``simpleScalarWidth(_:)``): utf8proc is asked only about the others.
      let nextIsSimple = simpleScalarWidth(next) != nil
      if previousIsSimple && nextIsSimple { break }
      if utf8proc_grapheme_break_stateful(previous, next, &state) { break }
      previousIsSimple = nextIsSimple
      // The emoji presentation selector makes its base 2 cells; after white space (where line
      // breaking splits the cluster: a space is a gap) it selects nothing.
      if next == 0xFE0F && scalar > 0x20 { width = 2 }
      previous = next
      index += length
    }
    return (index, width, UInt32(scalar))
  }

  /// The scalar at `index` of `base` (`count` bytes) and its length in bytes, decoded here for
  /// one to three bytes of valid UTF-8 (the common scripts), by utf8proc otherwise; a length of
  /// 0 or less for invalid UTF-8.
  @inline(__always)
  static func decode(_ base: UnsafePointer<UInt8>, at index: Int, count: Int) -> (Int32, Int) {
    let lead = base[index]
    if lead < 0x80 { return (Int32(lead), 1) }
    if lead >= 0xC2 && lead < 0xE0 && index + 1 < count {
      let second = base[index + 1]
      if second & 0xC0 == 0x80 { return (Int32(lead & 0x1F) << 6 | Int32(second & 0x3F), 2) }
    } else if lead >= 0xE0 && lead < 0xF0 && index + 2 < count {
      let second = base[index + 1]
      let third = base[index + 2]
      if second & 0xC0 == 0x80 && third & 0xC0 == 0x80 {
        let value = Int32(lead & 0x0F) << 12 | Int32(second & 0x3F) << 6 | Int32(third & 0x3F)
        if value >= 0x800 && (value < 0xD800 || value > 0xDFFF) { return (value, 3) }
      }
    }
    var value: Int32 = 0
    let length = utf8proc_iterate(base + index, count - index, &value)
    return (value, length)
  }

  /// The width of a scalar of the common scripts whose grapheme cluster break property is
  /// Other (or Control, or a Hangul syllable's LV or LVT): printable ASCII, Latin, Greek,
  /// Cyrillic, Hebrew and Arabic letters, general punctuation, CJK punctuation, kana, CJK
  /// ideographs, Hangul syllables and fullwidth forms, without their combining marks. A cluster
  /// always ends between two of them (rule GB999 of UAX #29, and GB6 to GB8 only join a
  /// syllable to a jamo). `nil` for any other scalar. `DisplayWidth.fastPathMismatches()`
  /// checks every one against utf8proc.
  @inline(__always)
  static func simpleScalarWidth(_ value: Int32) -> Int? {
    switch value {
    case 0x20...0x7E, 0xA0...0xAC, 0xAE...0x2FF, 0x370...0x482, 0x48A...0x52F, 0x5D0...0x5EA, 0x620...0x64A,
      0x2010...0x2027, 0x2030...0x205E:
      return 1
    case 0x3000...0x3029, 0x3041...0x3096, 0x30A1...0x30FF, 0x4E00...0x9FFF, 0xAC00...0xD7A3, 0xFF01...0xFF60:
      return 2
    default:
      return nil
    }
  }

  /// The scalars of ``simpleScalarWidth(_:)`` whose width or grapheme break property utf8proc
  /// sees otherwise (none, or the fast path is wrong): for the tests.
  package static func fastPathMismatches() -> [UInt32] {
    var mismatches: [UInt32] = []
    for value in Int32(0)...0xFFFF {
      guard let width = simpleScalarWidth(value) else { continue }
      let boundary = Int(utf8proc_get_property(value).pointee.boundclass)
      let alwaysBreaking: Set<Int> = [
        Int(UTF8PROC_BOUNDCLASS_OTHER.rawValue), Int(UTF8PROC_BOUNDCLASS_CONTROL.rawValue),
        Int(UTF8PROC_BOUNDCLASS_LV.rawValue), Int(UTF8PROC_BOUNDCLASS_LVT.rawValue),
        Int(UTF8PROC_BOUNDCLASS_EXTENDED_PICTOGRAPHIC.rawValue),
      ]
      if width != scalarWidth(value) || !alwaysBreaking.contains(boundary) { mismatches.append(UInt32(value)) }
    }
    return mismatches
  }

  /// The width of one scalar: utf8proc's East Asian width, 0 for controls and marks.
  static func scalarWidth(_ scalar: Int32) -> Int {
    if scalar < 0x20 || (scalar >= 0x7F && scalar < 0xA0) { return 0 }
    return Int(max(utf8proc_charwidth(scalar), 0))
  }
}
