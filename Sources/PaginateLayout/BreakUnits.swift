/// An unbreakable run of text between two break opportunities: a word, a CJK character with its
/// punctuation, a piece of an overlong word.
struct BreakUnit {
  /// UTF-8 offsets of the unit in the paragraph's bytes.
  var start: Int
  var end: Int
  /// Width in cells.
  var width: Int
  /// Whether a space separates this unit from the next (the space disappears at a line break).
  var spaceAfter: Bool
}

/// Splits the bytes of a paragraph segment into break units.
///
/// Break opportunities: at spaces (collapsed), after a hyphen between letters, after en and em
/// dashes, and between CJK ideographs and kana, except before closing punctuation and after
/// opening punctuation. Never inside a grapheme cluster. A unit wider than `maxWidth` is cut
/// into pieces at cluster boundaries so that no line overflows and no cell is lost.
///
/// - Complexity: O(n); ASCII costs a few comparisons per byte, and utf8proc is called only for
///   non-ASCII clusters.
enum BreakUnits {
  /// For each byte: 1 when it can continue an ASCII word run (printable ASCII other than the
  /// space, the hyphen and the opening brackets), else 0.
  private static let wordByte: [UInt8] = (0..<256).map { byte in
    byte > 0x20 && byte < 0x7F && byte != 0x2D && byte != 0x28 && byte != 0x5B && byte != 0x7B ? 1 : 0
  }

  /// Calls `body` with the break units of `bytes` and the length in bytes of the units joined
  /// by one space at each gap. The units live in scratch memory that is freed when `body`
  /// returns.
  static func withUnits<Result>(
    of bytes: UnsafeBufferPointer<UInt8>, maxWidth: Int,
    _ body: (_ units: UnsafeBufferPointer<BreakUnit>, _ joinedLength: Int) throws -> Result
  ) rethrows -> Result {
    var units = UnitBuffer(capacity: bytes.count / 5 + 8)
    wordByte.withUnsafeBufferPointer { table in split(bytes, maxWidth: maxWidth, wordByte: table, into: &units) }
    return try body(units.elements, units.joinedLength)
  }

  private static func split(
    _ bytes: UnsafeBufferPointer<UInt8>, maxWidth: Int, wordByte: UnsafeBufferPointer<UInt8>,
    into units: inout UnitBuffer
  ) {
    let count = bytes.count
    var unitStart = -1
    var unitWidth = 0
    var previousClass = BreakClass.ordinary
    var previousIsCJK = false
    var hasPrevious = false  // a cluster precedes in the current unit

    func close(at end: Int, spaceAfter: Bool) {
      guard unitStart >= 0 else { return }
      let unit = BreakUnit(start: unitStart, end: end, width: unitWidth, spaceAfter: spaceAfter)
      if unitWidth > maxWidth {
        appendPieces(of: unit, bytes: bytes, maxWidth: maxWidth, to: &units)
      } else {
        units.append(unit)
      }
      unitStart = -1
      unitWidth = 0
      hasPrevious = false
    }

    var index = 0
    while index < count {
      let byte = bytes[index]
      // Fast path: a run of ASCII word bytes (no space, hyphen or opening bracket), each one
      // cell, with no break opportunity inside.
      if wordByte[Int(byte)] != 0 {
        var end = index &+ 1
        while end < count && wordByte[Int(bytes[end])] != 0 { end &+= 1 }
        // Most of prose: a word that starts a unit and ends at a space is a unit of its own
        // (nothing comes before it in the unit, so no break rule applies).
        if unitStart < 0 && end < count && bytes[end] == 0x20 && end &- index <= maxWidth {
          units.append(BreakUnit(start: index, end: end, width: end &- index, spaceAfter: true))
          index = end &+ 1
          while index < count && (bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0A) { index &+= 1 }
          continue
        }
        // The last ASCII byte before a non-ASCII one may start a cluster (a combining mark).
        if end < count && bytes[end] >= 0x80 { end -= 1 }
        if end > index {
          if hasPrevious && (previousIsCJK || previousClass == .dash)
            && BreakClass.allowsBreak(between: previousClass, previousIsCJK, and: BreakClass.of(UInt32(byte)), false)
          {
            close(at: index, spaceAfter: false)
          }
          if unitStart < 0 { unitStart = index }
          unitWidth += end - index
          hasPrevious = true
          previousClass = .ordinary
          previousIsCJK = false
          index = end
          continue
        }
      }
      // White space ends the unit; the next one starts after it.
      if byte == 0x20 || byte == 0x09 || byte == 0x0A {
        if unitStart >= 0 {
          close(at: index, spaceAfter: true)
        } else if !units.isEmpty {
          units.setLastSpaceAfter(true)
        }
        index += 1
        continue
      }
      if byte < 0x80 && (index + 1 == count || bytes[index + 1] < 0x80) {
        let breakClass = BreakClass.of(UInt32(byte))
        if hasPrevious && BreakClass.allowsBreak(between: previousClass, previousIsCJK, and: breakClass, false) {
          close(at: index, spaceAfter: false)
        }
        if unitStart < 0 { unitStart = index }
        unitWidth += byte >= 0x20 && byte != 0x7F ? 1 : 0
        hasPrevious = true
        previousClass = breakClass
        previousIsCJK = false
        index += 1
        // A hyphen between letters is a break opportunity after it.
        if byte == 0x2D, index - 2 >= unitStart, index < count, bytes[index - 2].isASCIILetter,
          bytes[index].isASCIILetter
        {
          close(at: index, spaceAfter: false)
        }
        continue
      }
      // A non-ASCII cluster (or an ASCII byte that starts one).
      let start = index
      let cluster = DisplayWidth.cluster(in: bytes, at: index)
      let width = cluster.width
      let value = cluster.first
      index = cluster.end
      if value == 0xA0 || value == 0x202F {  // no-break spaces join words
        if unitStart < 0 { unitStart = start }
        unitWidth += width
        hasPrevious = true
        previousClass = .ordinary
        previousIsCJK = false
        continue
      }
      let breakClass = BreakClass.of(value)
      let isCJK = breakClass == .ideographic || (value >= 0x2E80 && breakClass != .ordinary)
      if hasPrevious && BreakClass.allowsBreak(between: previousClass, previousIsCJK, and: breakClass, isCJK) {
        close(at: start, spaceAfter: false)
      }
      if unitStart < 0 { unitStart = start }
      unitWidth += width
      hasPrevious = true
      previousClass = breakClass
      previousIsCJK = isCJK
    }
    close(at: count, spaceAfter: false)
    if !units.isEmpty { units.setLastSpaceAfter(false) }
  }

  /// Cuts an overlong unit into pieces of at most `maxWidth` cells at cluster boundaries.
  private static func appendPieces(
    of unit: BreakUnit, bytes: UnsafeBufferPointer<UInt8>, maxWidth: Int, to units: inout UnitBuffer
  ) {
    let slice = UnsafeBufferPointer(rebasing: bytes[unit.start..<unit.end])
    var pieceStart = unit.start
    var pieceWidth = 0
    DisplayWidth.forEachCluster(in: slice) { range, width in
      let clusterStart = unit.start + range.lowerBound
      if pieceWidth + width > maxWidth && clusterStart > pieceStart {
        units.append(BreakUnit(start: pieceStart, end: clusterStart, width: pieceWidth, spaceAfter: false))
        pieceStart = clusterStart
        pieceWidth = 0
      }
      pieceWidth += width
    }
    units.append(BreakUnit(start: pieceStart, end: unit.end, width: pieceWidth, spaceAfter: unit.spaceAfter))
  }
}

extension UInt8 {
  fileprivate var isASCIILetter: Bool { (self | 0x20) >= 0x61 && (self | 0x20) <= 0x7A }
}

/// A growable buffer of break units that appends without the uniqueness check an array makes
/// on every append: one word of prose is one append. It cannot be copied, so its memory has
/// one owner and is freed once.
private struct UnitBuffer: ~Copyable {
  private var base: UnsafeMutablePointer<BreakUnit>
  private var capacity: Int
  private(set) var count = 0
  /// The bytes of the units plus one for each space after one.
  private(set) var joinedLength = 0

  init(capacity: Int) {
    self.capacity = max(capacity, 1)
    base = .allocate(capacity: self.capacity)
  }

  var isEmpty: Bool { count == 0 }

  var elements: UnsafeBufferPointer<BreakUnit> { UnsafeBufferPointer(start: base, count: count) }

  mutating func append(_ unit: BreakUnit) {
    if count == capacity { grow() }
    (base + count).initialize(to: unit)
    count &+= 1
    joinedLength &+= unit.end &- unit.start &+ (unit.spaceAfter ? 1 : 0)
  }

  mutating func setLastSpaceAfter(_ value: Bool) {
    if base[count - 1].spaceAfter != value { joinedLength += value ? 1 : -1 }
    base[count - 1].spaceAfter = value
  }

  deinit {
    base.deallocate()
  }

  private mutating func grow() {
    let larger = UnsafeMutablePointer<BreakUnit>.allocate(capacity: capacity * 2)
    larger.moveInitialize(from: base, count: count)
    base.deallocate()
    base = larger
    capacity *= 2
  }
}
