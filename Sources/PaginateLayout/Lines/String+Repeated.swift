extension String {
  /// `piece` written `count` times (empty for a count of zero or less), built in one buffer.
  ///
  /// The standard `String(repeating:count:)` appends the piece once per repetition, which
  /// costs more than the rest of a line's layout; rules, indents and padding are made for
  /// nearly every line, so this copies bytes instead.
  static func repeated(_ piece: String, count: Int) -> String {
    guard count > 0 else { return "" }
    var piece = piece
    return piece.withUTF8 { unit in
      guard let source = unit.baseAddress else { return "" }
      return String(unsafeUninitializedCapacity: unit.count * count) { buffer in
        guard let base = buffer.baseAddress else { return 0 }
        if unit.count == 1 {
          base.initialize(repeating: source.pointee, count: count)
        } else {
          // One piece, then the bytes written so far copied after themselves, doubling.
          let total = unit.count * count
          base.initialize(from: source, count: unit.count)
          var written = unit.count
          while written < total {
            let chunk = Swift.min(written, total - written)
            (base + written).initialize(from: base, count: chunk)
            written += chunk
          }
        }
        return unit.count * count
      }
    }
  }
}
