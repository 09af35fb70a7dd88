/// Overstrike as `man` and `nroff` write it for a terminal without a pager of their own
/// (`MANPAGER=paginate`, `MAN_KEEP_FORMATTING=1`): `X` backspace `X` for a bold X, `_` backspace
/// `X` for an underlined one.
///
/// A line read as lines keeps what a terminal would show, as `col -b` and `less` do: the
/// character written last in each place, except that an underscore does not cover the
/// character under it. (The bold and the underline themselves are not kept yet: the text of a
/// block of lines carries no styles.)
enum Overstrike {
  /// Whether `line` holds a backspace between two characters.
  static func isStruck(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
    line.count >= 3 && line[1..<(line.count - 1)].contains(0x08)
  }

  /// `line` as it shows on a terminal: every `A` backspace `B` as `B`, or `A` when `B` is an
  /// underscore (a run of backspaces is one). A backspace with no character before it, or
  /// none after, is left as it is (made visible later, as `^H`).
  static func shown(_ line: UnsafeBufferPointer<UInt8>) -> [UInt8] {
    var result: [UInt8] = []
    result.reserveCapacity(line.count)
    // Where the last character written starts in `result`, for a backspace to replace it.
    var lastStart: Int?
    var index = 0
    while index < line.count {
      let byte = line[index]
      // A run of backspaces steps back once (some write two for a wide character).
      var after = index + 1
      while byte == 0x08 && after < line.count && line[after] == 0x08 { after += 1 }
      if byte == 0x08, let start = lastStart, after < line.count {
        let next = after
        let length = sequenceLength(line, at: next)
        let covering = UnsafeBufferPointer(rebasing: line[next..<(next + length)])
        let covered = result[start...]
        if covering.count == 1 && covering[0] == UInt8(ascii: "_") && !(covered.count == 1 && covered.first == UInt8(ascii: "_")) {
          // `X` backspace `_`: underlined, as `_` backspace `X` is.
        } else {
          result.removeSubrange(start...)
          result.append(contentsOf: covering)
        }
        index = next + length
        continue
      }
      let length = byte == 0x08 ? 1 : sequenceLength(line, at: index)
      lastStart = byte == 0x08 ? nil : result.count
      result.append(contentsOf: UnsafeBufferPointer(rebasing: line[index..<(index + length)]))
      index += length
    }
    return result
  }

  /// The length of the UTF-8 sequence at `index` (1 for a byte that starts none), cut at the
  /// line's end.
  private static func sequenceLength(_ line: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
    let lead = line[index]
    var length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
    length = min(length, line.count - index)
    var valid = 1
    while valid < length && line[index + valid] & 0xC0 == 0x80 { valid += 1 }
    return valid
  }
}
