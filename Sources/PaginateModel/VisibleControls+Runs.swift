extension VisibleControls {
  /// Returns text kept line by line with every control character but tab and newline made
  /// visible, as ``escape(_:keepingTabsAndNewlines:)`` does, and `styles` moved to the same
  /// characters in the result (an escape is longer than the control it stands for). Runs
  /// past the text's end are cut at it.
  ///
  /// - Complexity: O(n + r) in the UTF-8 length and the runs; no allocation when nothing
  ///   needs escaping.
  public static func escape(_ text: String, styles: [TextRun]) -> (String, [TextRun]) {
    guard needsEscaping(text, keepingTabsAndNewlines: true) else { return (text, styles) }
    return escape(utf8: Array(text.utf8), styles: styles)
  }

  /// UTF-8 `bytes` decoded (invalid sequences replaced with U+FFFD) and escaped as
  /// ``escape(_:styles:)`` escapes text, `styles` moved to the same characters.
  package static func escape(utf8 bytes: [UInt8], styles: [TextRun]) -> (String, [TextRun]) {
    // Valid UTF-8 with nothing to escape keeps its offsets.
    let whole = String(decoding: bytes, as: UTF8.self)
    if whole.utf8.count == bytes.count && !needsEscaping(whole, keepingTabsAndNewlines: true) { return (whole, styles) }    // Every run boundary cuts the text; each piece is escaped on its own, so a boundary
    // maps to the end of the escaped pieces before it.
    var cuts = Set<Int>([0, bytes.count])
    for run in styles {
      cuts.insert(min(run.range.lowerBound, bytes.count))
      cuts.insert(min(run.range.upperBound, bytes.count))
    }
    let ordered = cuts.sorted()
    var result = ""
    var moved: [Int: Int] = [0: 0]
    for (start, end) in zip(ordered, ordered.dropFirst()) {
      result += escape(String(decoding: bytes[start..<end], as: UTF8.self), keepingTabsAndNewlines: true)
      moved[end] = result.utf8.count
    }
    let runs = styles.compactMap { run -> TextRun? in
      guard let lower = moved[min(run.range.lowerBound, bytes.count)], let upper = moved[min(run.range.upperBound, bytes.count)],
        lower < upper
      else { return nil }
      return TextRun(range: lower..<upper, style: run.style)
    }
    return (result, runs)
  }
}
