extension Line {
  /// The number of characters of the line that a ``TextAnchor`` counts: Unicode scalars
  /// other than spaces and outside furniture spans (bullets, quote bars, note markers, rules).
  /// A block's lines give the same total at every width.
  ///
  /// - Complexity: O(n) in the UTF-8 length, reading the bytes in place.
  package var anchorTextCount: Int {
    withUTF8 { bytes in
      var count = 0
      var spanIndex = 0
      var index = 0
      while index < bytes.count {
        // Skip a furniture span whole.
        while spanIndex < spans.count && spans[spanIndex].range.upperBound <= index { spanIndex += 1 }
        if spanIndex < spans.count, spans[spanIndex].style.contains(.furniture), spans[spanIndex].range.lowerBound <= index {
          index = spans[spanIndex].range.upperBound
          continue
        }
        let byte = bytes[index]
        // A scalar starts at every byte but a continuation byte (10xxxxxx).
        if byte != 0x20 && byte & 0xC0 != 0x80 { count += 1 }
        index += 1
      }
      return count
    }
  }
}

extension Line {
  /// Whether the line ends with a hyphen the layout added where it broke a word (a furniture
  /// `-`): the word goes on at the start of the next line, with no space.
  public var endsWithInsertedHyphen: Bool {
    guard let last = spans.last, last.style.contains(.furniture), last.range == (utf8Count - 1)..<utf8Count else {
      return false
    }
    return withUTF8 { $0[$0.count - 1] == UInt8(ascii: "-") }
  }
}
