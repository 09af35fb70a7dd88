import PaginateModel

/// Overstrike as `man` and `nroff` write it for a terminal without a pager of their own
/// (`MANPAGER=paginate`, `MAN_KEEP_FORMATTING=1`): `X` backspace `X` for a bold X, `_` backspace
/// `X` for an underlined one.
///
/// A line read as lines keeps what `less` shows: the character written last in each place
/// (an underscore does not cover the character under it), bold where a character was struck
/// over itself, underlined where an underscore was.
enum Overstrike {
  /// Whether `line` holds a backspace between two characters.
  static func isStruck(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
    line.count >= 3 && line[1..<(line.count - 1)].contains(0x08)
  }

  /// Appends `line` as it shows on a terminal to `output`, and its bold and underlined runs
  /// (in `output`'s offsets) to `runs`: every `A` backspace `B` as `B`, or `A` when `B` is an
  /// underscore (a run of backspaces is one). A backspace with no character before it, or
  /// none after, is left as it is (made visible later, as `^H`).
  static func show(_ line: UnsafeBufferPointer<UInt8>, into output: inout [UInt8], runs: inout [TextRun]) {
    // Where the last character written starts in `output`, for a backspace to replace it, and
    // its emphasis so far.
    var lastStart: Int?
    var lastEmphasis: RunStyle.Emphasis = []
    func close() {
      guard let start = lastStart, !lastEmphasis.isEmpty else { return }
      let range = start..<output.count
      if let last = runs.last, last.range.upperBound == start, last.style.emphasis == lastEmphasis {
        runs[runs.count - 1].range = last.range.lowerBound..<range.upperBound
      } else {
        runs.append(TextRun(range: range, style: RunStyle(emphasis: lastEmphasis)))
      }
    }
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
        let covered = output[start...]
        let coveringIsUnderscore = covering.count == 1 && covering[0] == UInt8(ascii: "_")
        let coveredIsUnderscore = covered.count == 1 && covered.first == UInt8(ascii: "_")
        if coveringIsUnderscore && !coveredIsUnderscore {
          // `X` backspace `_`: underlined, as `_` backspace `X` is.
          lastEmphasis.insert(.underline)
        } else if coveredIsUnderscore && !coveringIsUnderscore {
          output.removeSubrange(start...)
          output.append(contentsOf: covering)
          lastEmphasis.insert(.underline)
        } else if covered.elementsEqual(covering) {
          lastEmphasis.insert(.bold)
        } else {
          output.removeSubrange(start...)
          output.append(contentsOf: covering)
          lastEmphasis = []
        }
        index = next + length
        continue
      }
      close()
      let length = byte == 0x08 ? 1 : sequenceLength(line, at: index)
      lastStart = byte == 0x08 ? nil : output.count
      lastEmphasis = []
      output.append(contentsOf: UnsafeBufferPointer(rebasing: line[index..<(index + length)]))
      index += length
    }
    close()
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
