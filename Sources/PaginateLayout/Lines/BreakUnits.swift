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
  /// Whether the unit is a piece of a word that may be hyphenated after it: a line that ends
  /// with it ends with a hyphen (one more cell), and the next piece follows with no space.
  var hyphenAfter = false
}

/// Splits the bytes of a paragraph segment into break units.
///
/// Break opportunities: at spaces (collapsed), after a hyphen between letters, after en and em
/// dashes, and between CJK ideographs and kana, except before closing punctuation and after
/// opening punctuation. Never inside a grapheme cluster. A unit wider than `maxWidth` is cut
/// into pieces at cluster boundaries so that no line overflows and no cell is lost.
///
/// - Complexity: O(n). Prose words are found sixteen bytes at a time (``WordBytes``), other
///   ASCII with a few comparisons per byte, and utf8proc is called only for non-ASCII clusters.
enum BreakUnits {
  /// Calls `body` with the break units of `bytes` and the length in bytes of the units joined
  /// by one space at each gap. The units live in scratch memory that is freed when `body`
  /// returns.
  static func withUnits<Result>(
    of bytes: UnsafeBufferPointer<UInt8>, maxWidth: Int,
    _ body: (_ units: UnsafeBufferPointer<BreakUnit>, _ joinedLength: Int) throws -> Result
  ) rethrows -> Result {
    var units = UnitBuffer(capacity: bytes.count / 5 + 8)
    split(bytes, maxWidth: maxWidth, into: &units)
    return try body(units.elements, units.joinedLength)
  }

  private static func split(
    _ bytes: UnsafeBufferPointer<UInt8>, maxWidth: Int, into units: inout UnitBuffer
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
    // Where the word fast path last stopped: it would stop there again at once.
    var fastPathStop = -1
    while index < count {
      let byte = bytes[index]
      // Fast path: a run of ASCII word bytes (see ``WordBytes``), each one cell, with no break
      // opportunity inside.
      if WordBytes.contains(byte) {
        if unitStart < 0 && index != fastPathStop {
          let next = takeWords(bytes, from: index, maxWidth: maxWidth, into: &units)
          if next != index {
            index = next
            fastPathStop = next
            continue
          }
        }
        var end = WordBytes.runEnd(in: bytes, from: index &+ 1)
        // A word that starts a unit and ends at a space is a unit of its own (nothing comes
        // before it in the unit, so no break rule applies). Most prose words were taken above;
        // this takes those of sixteen bytes or more, and those where no full block is left.
        if unitStart < 0 && end < count && bytes[end] == 0x20 && end &- index <= maxWidth {
          units.append(BreakUnit(start: index, end: end, width: end &- index, spaceAfter: true))
          index = end &+ 1
          while index < count && isGap(bytes[index]) { index &+= 1 }
          continue
        }
        // The last ASCII byte before a non-ASCII one may start a cluster (a combining mark).
        if end < count && bytes[end] >= 0x80 { end -= 1 }
        if end > index {
          if hasPrevious && (previousIsCJK || previousClass == .dash)
            && BreakClass.allowsBreak(
              between: previousClass, beforeIsCJK: previousIsCJK, and: BreakClass.of(UInt32(byte)), afterIsCJK: false)
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
      if isGap(byte) {
        if unitStart >= 0 {
          close(at: index, spaceAfter: true)
        } else if !units.isEmpty {
          units.markLast(spaceAfter: true)
        }
        index += 1
        continue
      }
      if byte < 0x80 && (index + 1 == count || bytes[index + 1] < 0x80) {
        let breakClass = BreakClass.of(UInt32(byte))
        if hasPrevious && BreakClass.allowsBreak(between: previousClass, beforeIsCJK: previousIsCJK, and: breakClass, afterIsCJK: false) {
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
      if hasPrevious && BreakClass.allowsBreak(between: previousClass, beforeIsCJK: previousIsCJK, and: breakClass, afterIsCJK: isCJK) {
        close(at: start, spaceAfter: false)
      }
      if unitStart < 0 { unitStart = start }
      unitWidth += width
      hasPrevious = true
      previousClass = breakClass
      previousIsCJK = isCJK
    }
    close(at: count, spaceAfter: false)
    if !units.isEmpty { units.markLast(spaceAfter: false) }
  }

  /// The fast path for prose: from `start`, where a word begins and no unit is open, appends
  /// the units of the words that are each followed by one byte of white space, sixteen bytes at a
  /// time, and returns where it stopped (`start` when it took nothing). It stops at anything
  /// else (the general path takes it from there), and before a word it cannot see the end of.
  private static func takeWords(
    _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, maxWidth: Int, into units: inout UnitBuffer
  ) -> Int {
    guard let base = bytes.baseAddress else { return start }
    let raw = UnsafeRawPointer(base)
    var index = start
    while index &+ 16 <= bytes.count {
      // A set bit past the block stops every word that reaches its end.
      let excluded = WordBytes.excludedBits(at: raw + index) | 1 << 16
      // A block holds at most eight words with their gaps.
      let free = units.reserveFree(8)
      var taken = 0
      var takenLength = 0
      var position = 0
      var stop = false
      while excluded >> position & 1 == 0 {
        let end = position &+ (excluded >> position).trailingZeroBitCount
        // The word's gap must be in the block.
        guard end < 16 else { break }
        let gap = bytes[index &+ end]
        guard isGap(gap), end &- position <= maxWidth else {
          stop = true
          break
        }
        (free + taken).initialize(
          to: BreakUnit(start: index &+ position, end: index &+ end, width: end &- position, spaceAfter: true))
        taken &+= 1
        takenLength &+= end &- position &+ 1
        position = end &+ 1
      }
      units.didAppend(taken, joinedLength: takenLength)
      if stop { return index &+ position }
      // Stopped at a word that reaches the end of the block, or at a byte that does not start
      // a word (where the next block takes nothing): the next block starts there, unless
      // nothing was taken from this one.
      guard position > 0 else { return index }
      index &+= position
    }
    return index
  }

  /// White space between units: a space, a tab or a line feed.
  @inline(__always)
  private static func isGap(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A
  }

  /// Cuts an overlong unit into pieces of at most `maxWidth` cells, after each of a URL's
  /// punctuation marks (``LineWrapping/isURLBreakAfter(_:)``), else at a cluster boundary:
  /// the line breaker then fills lines with them. One pass, straight into the buffer: text
  /// without spaces (Thai) is all overlong units.
  static func appendPieces(
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
      let end = unit.start + range.upperBound
      if range.count == 1 && end < unit.end && LineWrapping.isURLBreakAfter(slice[range.lowerBound])
        && !isPageNumberMark(slice, at: range.lowerBound)
      {
        units.append(BreakUnit(start: pieceStart, end: end, width: pieceWidth, spaceAfter: false))
        pieceStart = end
        pieceWidth = 0
      }
    }
    units.append(BreakUnit(start: pieceStart, end: unit.end, width: pieceWidth, spaceAfter: unit.spaceAfter))
  }
}

extension BreakUnits {
  /// Whether the byte at `index` is the `?` of a page reference to no heading (`→ p.  ?`):
  /// a `?` after a no-break space, which no URL has. It breaks as the figures it stands for
  /// do (not at all), so that a page laid out with provisional numbers and one laid out with
  /// the numbers known break their lines alike (``PageNumberFiller``).
  @inline(__always)
  fileprivate static func isPageNumberMark(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
    bytes[index] == UInt8(ascii: "?") && index >= 2 && bytes[index - 2] == 0xC2 && bytes[index - 1] == 0xA0
  }
}

extension UInt8 {
  fileprivate var isASCIILetter: Bool { (self | 0x20) >= 0x61 && (self | 0x20) <= 0x7A }
}

/// A growable buffer of break units that appends without the uniqueness check an array makes
/// on every append: one word of prose is one append. It cannot be copied, so its memory has
/// one owner and is freed once.
struct UnitBuffer: ~Copyable {
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
    if count == capacity { grow(toHold: count &+ 1) }
    (base + count).initialize(to: unit)
    count &+= 1
    joinedLength &+= unit.end &- unit.start &+ (unit.spaceAfter ? 1 : 0)
  }

  /// Makes room for `count` more units and returns where the next one goes. Units written
  /// there are appended by ``didAppend(_:joinedLength:)``.
  @inline(__always)
  mutating func reserveFree(_ count: Int) -> UnsafeMutablePointer<BreakUnit> {
    if self.count &+ count > capacity { grow(toHold: self.count &+ count) }
    return base + self.count
  }

  /// Appends the `count` units written at ``reserveFree(_:)``, of `joinedLength` bytes joined.
  mutating func didAppend(_ count: Int, joinedLength: Int) {
    self.count &+= count
    self.joinedLength &+= joinedLength
  }

  mutating func markLast(spaceAfter value: Bool) {
    if base[count - 1].spaceAfter != value { joinedLength += value ? 1 : -1 }
    base[count - 1].spaceAfter = value
  }

  deinit {
    base.deallocate()
  }

  @inline(never)
  private mutating func grow(toHold needed: Int) {
    let larger = max(capacity * 2, needed)
    let moved = UnsafeMutablePointer<BreakUnit>.allocate(capacity: larger)
    moved.moveInitialize(from: base, count: count)
    base.deallocate()
    base = moved
    capacity = larger
  }
}
