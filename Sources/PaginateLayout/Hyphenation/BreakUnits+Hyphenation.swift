extension BreakUnits {
  /// Calls `body` with `units` (split with no width limit) where each word that may be
  /// hyphenated (see ``Hyphenator/syllables(of:)``) is in pieces, every piece but its last
  /// marked ``BreakUnit/hyphenAfter``, and where what is still wider than `maxWidth` is cut as
  /// ``withUnits(of:maxWidth:_:)`` cuts it. Units that overlap `excluded` (code) are not
  /// hyphenated, nor are words narrower than five cells or units with no space before or after
  /// them (parts of a compound joined by a hyphen or a dash). The joined length is that of
  /// `units`: pieces join with no space.
  ///
  /// - Parameter excluded: Byte ranges of `bytes`, in ascending order.
  static func withHyphenatedUnits<Result>(
    _ units: UnsafeBufferPointer<BreakUnit>, of bytes: UnsafeBufferPointer<UInt8>, hyphenator: Hyphenator,
    maxWidth: Int, excluding excluded: [Range<Int>], _ body: (_ units: UnsafeBufferPointer<BreakUnit>) throws -> Result
  ) rethrows -> Result {
    var pieces = UnitBuffer(capacity: units.count + units.count / 4 + 8)
    /// Appends `unit`, cut when it is wider than the line.
    func append(_ unit: BreakUnit) {
      if unit.width > maxWidth {
        appendPieces(of: unit, bytes: bytes, maxWidth: maxWidth, to: &pieces)
      } else {
        pieces.append(unit)
      }
    }
    func width(_ range: Range<Int>, oneCellPerByte: Bool) -> Int {
      oneCellPerByte ? range.count : DisplayWidth.of(UnsafeBufferPointer(rebasing: bytes[range]))
    }
    var cursor = 0
    for (index, unit) in units.enumerated() {
      let isWord = (index == 0 || units[index - 1].spaceAfter) && (unit.spaceAfter || index == units.count - 1)
      guard unit.width >= 5 && isWord else {
        append(unit)
        continue
      }
      while cursor < excluded.count && excluded[cursor].upperBound <= unit.start { cursor += 1 }
      if cursor < excluded.count && excluded[cursor].lowerBound < unit.end {
        append(unit)
        continue
      }
      let oneCellPerByte = unit.width == unit.end - unit.start
      var pieceStart = unit.start
      hyphenator.forEachBreak(in: UnsafeBufferPointer(rebasing: bytes[unit.start..<unit.end])) { offset in
        let pieceEnd = unit.start + offset
        let pieceWidth = width(pieceStart..<pieceEnd, oneCellPerByte: oneCellPerByte)
        // A piece must leave room for its hyphen; a longer one runs on to the next break.
        guard pieceWidth < maxWidth else { return }
        pieces.append(BreakUnit(start: pieceStart, end: pieceEnd, width: pieceWidth, spaceAfter: false, hyphenAfter: true))
        pieceStart = pieceEnd
      }
      var last = unit
      if pieceStart != unit.start {
        last.start = pieceStart
        last.width = width(pieceStart..<unit.end, oneCellPerByte: oneCellPerByte)
      }
      append(last)
    }
    return try body(pieces.elements)
  }
}
