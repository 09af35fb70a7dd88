internal import CUtf8proc

/// Text folded for searching: canonically decomposed (so `é` and `e` + U+0301 match), and,
/// as asked, case-folded and stripped of combining marks. Each folded scalar remembers where
/// in the input it came from, so that a match can be mapped back for highlighting.
///
///     var folded = FoldedText()
///     folded.append("Café", options: .ignoringCaseAndMarks, origin: 0)
///     folded.scalars   // c a f e (as Unicode scalar values)
package struct FoldedText: Sendable, Hashable {
  /// How text is folded.
  package struct Options: OptionSet, Sendable, Hashable {
    package let rawValue: UInt8
    package init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Fold case: `Straße` matches `STRASSE`.
    package static let ignoringCase = Options(rawValue: 1 << 0)
    /// Drop combining marks after decomposition: `café` matches `cafe`.
    package static let ignoringMarks = Options(rawValue: 1 << 1)
    /// Both.
    package static let ignoringCaseAndMarks: Options = [.ignoringCase, .ignoringMarks]
  }

  /// The folded Unicode scalar values.
  package private(set) var scalars: [UInt32] = []
  /// For each scalar, the caller's origin value and the UTF-8 offsets (in the text appended)
  /// of the input scalar it came from.
  package private(set) var origins: [Origin] = []

  /// Where a folded scalar came from.
  package struct Origin: Sendable, Hashable {
    /// The value passed to `append(_:options:origin:skipping:)` (a line number, say).
    package var origin: Int32
    /// The UTF-8 offsets of the input scalar within the text appended.
    package var start: Int32
    package var end: Int32
  }

  /// Creates empty folded text.
  package init() {}

  /// Folds `text` as a whole (a search query, say), with no origins worth keeping.
  package init(_ text: String, options: Options) {
    append(text, options: options, origin: 0)
  }

  /// The number of folded scalars.
  package var count: Int { scalars.count }

  /// Appends one scalar that stands for no input text (a space joining two lines), placed at
  /// `offset` of `origin`.
  package mutating func appendSeparator(_ scalar: UInt32, origin: Int32, at offset: Int) {
    scalars.append(scalar)
    origins.append(Origin(origin: origin, start: Int32(offset), end: Int32(offset)))
  }

  /// Removes the folded scalar at `position`.
  package mutating func remove(at position: Int) {
    scalars.remove(at: position)
    origins.remove(at: position)
  }

  /// Appends `other`'s scalars, their origins moved into slot `slot` (``Origin/origin`` +
  /// `slot << 24`), so that text from two sources (two pages) can be told apart.
  package mutating func append(_ other: FoldedText, slot: Int32) {
    scalars += other.scalars
    origins += other.origins.map { Origin(origin: $0.origin + (slot << 24), start: $0.start, end: $0.end) }
  }

  /// Whether `scalar` takes two cells (East Asian wide or fullwidth): no space joins two such
  /// characters across a line end.
  package static func isWide(_ scalar: UInt32) -> Bool {
    scalar >= 0x1100 && utf8proc_charwidth(Int32(bitPattern: scalar)) == 2
  }

  /// Whether `scalar` is a hyphen or dash that a line may end with inside a word (`well-` /
  /// `known`): the line end then joins without a space.
  package static func isHyphen(_ scalar: UInt32) -> Bool {
    scalar == 0x2D || scalar == 0x2010 || scalar == 0x2011
  }

  /// Appends the folded scalars of `text`. Runs of spaces become one space (a justified
  /// line's stretched gaps match one space), and a space is not appended at the start or after
  /// a space or a line feed (a paragraph separator).
  ///
  /// - Parameters:
  ///   - text: The text.
  ///   - options: How to fold it.
  ///   - origin: A value each folded scalar keeps, to tell where it came from.
  ///   - skipping: UTF-8 ranges of `text` left out (the layout's furniture: quote bars,
  ///     note markers), sorted.
  package mutating func append(_ text: String, options: Options, origin: Int32, skipping: [Range<Int>] = []) {
    var text = text
    text.withUTF8 { append($0, options: options, origin: origin, skipping: skipping) }
  }

  /// Appends the folded scalars of UTF-8 `bytes`, as for a string.
  package mutating func append(
    _ bytes: UnsafeBufferPointer<UInt8>, options: Options, origin: Int32, skipping: [Range<Int>] = []
  ) {
    var flags = UTF8PROC_DECOMPOSE.rawValue
    if options.contains(.ignoringCase) { flags |= UTF8PROC_CASEFOLD.rawValue }
    if options.contains(.ignoringMarks) { flags |= UTF8PROC_STRIPMARK.rawValue }
    let foldCase = options.contains(.ignoringCase)
    var skip = 0
    var index = 0
    var decomposed = (Int32(0), Int32(0), Int32(0), Int32(0), Int32(0), Int32(0), Int32(0), Int32(0))
    while index < bytes.count {
      while skip < skipping.count && skipping[skip].upperBound <= index { skip += 1 }
      if skip < skipping.count && skipping[skip].contains(index) {
        index = skipping[skip].upperBound
        continue
      }
      let byte = bytes[index]
      if byte < 0x80 {
        if byte == 0x20 || byte == 0x09 {
          if let last = scalars.last, last != 0x20 && last != 0x0A { appendScalar(0x20, origin, index, index + 1) }
        } else {
          let folded = foldCase && byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
          appendScalar(UInt32(folded), origin, index, index + 1)
        }
        index += 1
        continue
      }
      var codepoint: Int32 = 0
      let length = utf8proc_iterate(bytes.baseAddress! + index, bytes.count - index, &codepoint)
      guard length > 0 else {
        index += 1  // not UTF-8 (lines never hold such bytes): skip the byte
        continue
      }
      var boundary: Int32 = 0
      let written = withUnsafeMutableBytes(of: &decomposed) { buffer in
        utf8proc_decompose_char(
          codepoint, buffer.baseAddress!.assumingMemoryBound(to: Int32.self), 8, utf8proc_option_t(rawValue: flags),
          &boundary)
      }
      if written > 0 && written <= 8 {
        withUnsafeBytes(of: &decomposed) { buffer in
          let values = buffer.bindMemory(to: Int32.self)
          for position in 0..<written { appendScalar(UInt32(values[position]), origin, index, index + length) }
        }
      } else if written > 8 || written < 0 {
        appendScalar(UInt32(codepoint), origin, index, index + length)  // no room or no mapping: as it is
      }
      index += length
    }
  }

  private mutating func appendScalar(_ scalar: UInt32, _ origin: Int32, _ start: Int, _ end: Int) {
    scalars.append(scalar)
    origins.append(Origin(origin: origin, start: Int32(start), end: Int32(end)))
  }

  /// The offsets in ``scalars`` where `needle` occurs, at or after `start`, in order;
  /// matches do not overlap.
  ///
  /// - Complexity: O(n·m) in the worst case, O(n) for text that rarely repeats the needle's
  ///   first scalar.
  package func occurrences(of needle: [UInt32], from start: Int = 0, below limit: Int? = nil) -> [Int] {
    guard let first = needle.first, needle.count <= scalars.count else { return [] }
    let end = min(limit ?? scalars.count, scalars.count - needle.count + 1)
    var found: [Int] = []
    var index = start
    scalars.withUnsafeBufferPointer { haystack in
      needle.withUnsafeBufferPointer { pattern in
        while index < end {
          if haystack[index] == first {
            var matched = 1
            while matched < pattern.count && haystack[index + matched] == pattern[matched] { matched += 1 }
            if matched == pattern.count {
              found.append(index)
              index += pattern.count
              continue
            }
          }
          index += 1
        }
      }
    }
    return found
  }
}

extension FoldedText {
  /// The matches of `regex` in the text, as offsets in ``scalars`` and lengths, starting below
  /// `limit`, in order; empty matches are left out.
  ///
  /// - Complexity: builds the text as a string once, then as the regular expression engine.
  package func occurrences(of regex: Regex<AnyRegexOutput>, below limit: Int? = nil) -> [(start: Int, count: Int)] {
    var view = String.UnicodeScalarView()
    for scalar in scalars { view.append(Unicode.Scalar(scalar) ?? "\u{FFFD}") }
    let text = String(view)
    let limit = limit ?? scalars.count
    var found: [(start: Int, count: Int)] = []
    // Offsets are counted forward from the last match, so the walk is linear in all.
    var index = text.unicodeScalars.startIndex
    var offset = 0
    for match in text.matches(of: regex) where !match.range.isEmpty {
      let start = offset + text.unicodeScalars.distance(from: index, to: match.range.lowerBound)
      guard start < limit else { break }
      let count = text.unicodeScalars.distance(from: match.range.lowerBound, to: match.range.upperBound)
      found.append((start, count))
      index = match.range.upperBound
      offset = start + count
    }
    return found
  }
}
