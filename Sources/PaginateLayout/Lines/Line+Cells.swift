extension Line {
  /// The part of the line that shows in display columns `columns` (counted from 0), styles
  /// kept: for a view scrolled sideways, or cut at the screen's edge. A wide character cut by
  /// either edge is left out (a space stands for its half inside), so the result is never wider
  /// than the range.
  public func cells(_ columns: Range<Int>) -> Line {
    guard columns.lowerBound > 0 || width > columns.upperBound else { return self }
    var leading = 0
    var trailing = 0
    var byteRange: Range<Int>? = nil
    withUTF8 { bytes in
      var column = 0
      DisplayWidth.forEachCluster(in: bytes) { range, width in
        defer { column += width }
        let end = column + width
        if end <= columns.lowerBound || column >= columns.upperBound { return }
        if column < columns.lowerBound {
          leading = end - columns.lowerBound  // the right half of a wide character
          return
        }
        if end > columns.upperBound {
          trailing = columns.upperBound - column  // its left half
          return
        }
        byteRange = (byteRange?.lowerBound ?? range.lowerBound)..<range.upperBound
      }
    }
    var result = Line()
    result.appendSpaces(leading)
    if let byteRange {
      let text = withUTF8 { String(decoding: UnsafeBufferPointer(rebasing: $0[byteRange]), as: UTF8.self) }
      let piece = Line(text: text, spans: spans.compactMap { span in
        let lower = max(span.range.lowerBound, byteRange.lowerBound)
        let upper = min(span.range.upperBound, byteRange.upperBound)
        guard lower < upper else { return nil }
        return StyleSpan(range: (lower - byteRange.lowerBound)..<(upper - byteRange.lowerBound), style: span.style)
      })
      result.append(piece)
    }
    if trailing > 0 { result.appendSpaces(trailing) }
    return result
  }
}
