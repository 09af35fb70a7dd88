/// Replaces control characters with visible escapes, so that no byte of the input can reach a
/// terminal as a control sequence.
///
/// - C0 controls and DEL become caret notation: ESC is `^[`, NUL is `^@`, DEL is `^?`.
/// - C1 controls (U+0080–U+009F) and the bidirectional embedding, override and isolate
///   characters (U+202A–U+202E, U+2066–U+2069) become `\u{202E}`-style escapes.
/// - Tab and newline are kept when the caller asks (verbatim text); otherwise they are escaped too.
///
///     VisibleControls.escape("a\u{1B}[31mred")   // "a^[[31mred"
public enum VisibleControls {
  /// Returns `text` with every control character replaced by a visible escape.
  ///
  /// - Parameters:
  ///   - text: The text to clean.
  ///   - keepingTabsAndNewlines: Keep `\t` and `\n` as they are (for code blocks and plain
  ///     text that the layout expands itself).
  /// - Complexity: O(n) in the UTF-8 length; no allocation when nothing needs escaping.
  public static func escape(_ text: String, keepingTabsAndNewlines: Bool = false) -> String {
    guard needsEscaping(text, keepingTabsAndNewlines: keepingTabsAndNewlines) else { return text }
    var result = ""
    result.reserveCapacity(text.utf8.count + 8)
    for scalar in text.unicodeScalars {
      let value = scalar.value
      if value < 0x20 || value == 0x7F {
        if keepingTabsAndNewlines && (value == 0x09 || value == 0x0A) {
          result.unicodeScalars.append(scalar)
        } else {
          result += "^"
          result.unicodeScalars.append(Unicode.Scalar(UInt8(value ^ 0x40)))
        }
      } else if isEscapedNonASCII(value) {
        result += "\\u{" + String(value, radix: 16, uppercase: true) + "}"
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// Returns running text (a paragraph's words, inline code, inline HTML, a link's
  /// destination) made safe for a page: a tab, a line feed, a carriage return or a CR LF
  /// becomes one space, as the eye reads them in a line of text; every other control
  /// character becomes a visible escape with a space on either side, so that it is never
  /// glued to a word (`a\u{1B}b` gives `a ^[ b`).
  ///
  ///     VisibleControls.escapeInline("Name:\tvalue")   // "Name: value"
  ///
  /// - Complexity: O(n) in the UTF-8 length; no allocation when nothing needs changing.
  public static func escapeInline(_ text: String) -> String {
    guard needsEscaping(text, keepingTabsAndNewlines: false) else { return text }
    var result = ""
    result.reserveCapacity(text.utf8.count + 8)
    var previous: Unicode.Scalar?
    var pendingSpace = false
    for scalar in text.unicodeScalars {
      let value = scalar.value
      if value == 0x09 || value == 0x0A || value == 0x0D {
        // A CR LF is one line end: one space.
        if !(value == 0x0A && previous == "\r") { result += " " }
        previous = scalar
        pendingSpace = false
        continue
      }
      let escaped: String?
      if value < 0x20 || value == 0x7F {
        escaped = "^" + String(Unicode.Scalar(UInt8(value ^ 0x40)))
      } else if isEscapedNonASCII(value) {
        escaped = "\\u{" + String(value, radix: 16, uppercase: true) + "}"
      } else {
        escaped = nil
      }
      if let escaped {
        if let last = result.unicodeScalars.last, last != " " { result += " " }
        result += escaped
        pendingSpace = true
      } else {
        if pendingSpace && scalar != " " { result += " " }
        pendingSpace = false
        result.unicodeScalars.append(scalar)
      }
      previous = scalar
    }
    return result
  }

  /// Whether ``escape(_:keepingTabsAndNewlines:)`` would change `text`.
  ///
  /// Scans UTF-8 bytes: ASCII controls are single bytes, C1 controls are `C2 80`–`C2 9F`, and the
  /// bidirectional controls are `E2 80 AA`–`E2 80 AE` and `E2 81 A6`–`E2 81 A9`.
  public static func needsEscaping(_ text: String, keepingTabsAndNewlines: Bool = false) -> Bool {
    var utf8 = text.utf8
    if let answer = utf8.withContiguousStorageIfAvailable({ scan($0, keepingTabsAndNewlines: keepingTabsAndNewlines) }) {
      return answer
    }
    var copy = text
    copy.makeContiguousUTF8()
    utf8 = copy.utf8
    return utf8.withContiguousStorageIfAvailable({ scan($0, keepingTabsAndNewlines: keepingTabsAndNewlines) }) ?? true
  }

  /// Whether UTF-8 `bytes` (valid, or with invalid sequences that decoding will replace) hold
  /// a character that ``escape(_:keepingTabsAndNewlines:)`` would change: an adapter asks
  /// before it makes a string of them.
  package static func needsEscaping(_ bytes: UnsafeBufferPointer<UInt8>, keepingTabsAndNewlines: Bool) -> Bool {
    scan(bytes, keepingTabsAndNewlines: keepingTabsAndNewlines)
  }

  /// The index of the first byte at or after `start` that is not printable ASCII (0x20 to
  /// 0x7E), or `bytes.count` when there is none. Looks at sixteen bytes at a time.
  @inlinable
  package static func firstNonPrintableASCII(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    ByteBlocks.firstIndex(
      in: bytes, from: start,
      picksLanes: { block in
        // y = byte - 0x20 is below 0x5F for a printable byte. Its high bit is set for a byte
        // below 0x20 or from 0xA0, and that of y + 0x21 for a byte from 0x7F to 0x9F.
        let y = block &- SIMD16(repeating: 0x20)
        return (y | (y &+ SIMD16(repeating: 0x21))) & SIMD16(repeating: 0x80)
      },
      picks: { $0 &- 0x20 >= 0x5F })
  }

  private static func scan(_ bytes: UnsafeBufferPointer<UInt8>, keepingTabsAndNewlines keepTabs: Bool) -> Bool {
    let count = bytes.count
    var index = 0
    while true {
      // Printable ASCII, the common case, never needs escaping: skip to the next other byte.
      index = firstNonPrintableASCII(in: bytes, from: index)
      guard index < count else { return false }
      let byte = bytes[index]
      if byte < 0x80 {
        if byte == 0x7F || !(keepTabs && (byte == 0x09 || byte == 0x0A)) { return true }
        index += 1
        continue
      }
      // A run of non-ASCII text (a CJK or Cyrillic sentence), stepped over here rather than
      // through a sixteen-byte test for each character: only the lead bytes C2 (C1 controls)
      // and E2 (bidirectional controls) can start something to escape, and no continuation
      // byte is either.
      while index < count && bytes[index] >= 0x80 {
        let lead = bytes[index]
        if lead == 0xC2, index + 1 < count, bytes[index + 1] >= 0x80, bytes[index + 1] <= 0x9F {
          return true
        } else if lead == 0xE2, index + 2 < count {
          let second = bytes[index + 1]
          let third = bytes[index + 2]
          if (second == 0x80 && (0xAA...0xAE).contains(third)) || (second == 0x81 && (0xA6...0xA9).contains(third)) {
            return true
          }
        }
        index += 1
      }
    }
  }

  private static func isEscapedNonASCII(_ value: UInt32) -> Bool {
    (0x80...0x9F).contains(value) || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
  }
}
