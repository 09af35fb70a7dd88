import PaginateModel

/// The colours and emphasis a program wrote for a terminal (`ls --color=always`, `git log
/// --color`, `grep --color=always`), read as `less -R` reads them: SGR sequences (`ESC [ … m`)
/// become styles of the text they precede, and are taken out of it; so is erase in line
/// (`ESC [ K`, which `grep --color` writes after each colour and which clears nothing on a
/// page). Every other escape sequence stays in the text (made visible later, as `^[`).
///
/// The style carries from line to line, as on a terminal, until a sequence resets it.
struct TerminalColours: Sendable, Hashable {
  /// The style the next character is written in.
  private(set) var style = RunStyle()

  /// Appends `line` without its SGR sequences to `output`, and the runs of its styled text
  /// (in `output`'s offsets) to `runs`.
  mutating func read(_ line: UnsafeBufferPointer<UInt8>, into output: inout [UInt8], runs: inout [TextRun]) {
    var index = 0
    var segmentStart = 0
    func flush(upTo end: Int) {
      guard segmentStart < end else { return }
      let start = output.count
      output.append(contentsOf: UnsafeBufferPointer(rebasing: line[segmentStart..<end]))
      guard !style.isPlain else { return }
      if let last = runs.last, last.range.upperBound == start, last.style == style {
        runs[runs.count - 1].range = last.range.lowerBound..<output.count
      } else {
        runs.append(TextRun(range: start..<output.count, style: style))
      }
    }
    while index < line.count {
      guard line[index] == 0x1B, index + 1 < line.count, line[index + 1] == UInt8(ascii: "[") else {
        index += 1
        continue
      }
      // A control sequence: parameter bytes 0x30–0x3F, intermediates 0x20–0x2F, a final byte.
      var end = index + 2
      while end < line.count && (0x30...0x3F).contains(line[end]) { end += 1 }
      let parameters = (index + 2)..<end
      while end < line.count && (0x20...0x2F).contains(line[end]) { end += 1 }
      guard end < line.count, (0x40...0x7E).contains(line[end]) else {
        index += 1
        continue
      }
      if (line[end] == UInt8(ascii: "m") || line[end] == UInt8(ascii: "K")) && end == parameters.upperBound {
        flush(upTo: index)
        if line[end] == UInt8(ascii: "m") { apply(UnsafeBufferPointer(rebasing: line[parameters])) }
        segmentStart = end + 1
      }
      index = end + 1
    }
    flush(upTo: line.count)
  }

  /// Whether the next character is plain.
  var isPlain: Bool { style.isPlain }

  /// Applies the parameters of one SGR sequence (`1;31`, `38;5;208`, `38;2;255;128;0`).
  private mutating func apply(_ parameters: UnsafeBufferPointer<UInt8>) {
    // The numbers, `:` and `;` both separating (ISO 8613-6 writes `38:5:208`); an empty one is 0.
    var numbers: [Int] = [0]
    for byte in parameters {
      if byte == UInt8(ascii: ";") || byte == UInt8(ascii: ":") {
        numbers.append(0)
      } else if (0x30...0x39).contains(byte) {
        numbers[numbers.count - 1] = min(numbers[numbers.count - 1] * 10 + Int(byte - 0x30), 1 << 20)
      }
    }
    var index = 0
    while index < numbers.count {
      let code = numbers[index]
      index += 1
      switch code {
      case 0: style = RunStyle()
      case 1: style.emphasis.insert(.bold)
      case 3: style.emphasis.insert(.italic)
      case 4: style.emphasis.insert(.underline)
      case 7: style.emphasis.insert(.inverse)
      case 9: style.emphasis.insert(.strikethrough)
      case 21, 22: style.emphasis.remove(.bold)
      case 23: style.emphasis.remove(.italic)
      case 24: style.emphasis.remove(.underline)
      case 27: style.emphasis.remove(.inverse)
      case 29: style.emphasis.remove(.strikethrough)
      case 30...37: style.foreground = UInt8(code - 30)
      case 39: style.foreground = nil
      case 40...47: style.background = UInt8(code - 40)
      case 49: style.background = nil
      case 90...97: style.foreground = UInt8(code - 90 + 8)
      case 100...107: style.background = UInt8(code - 100 + 8)
      case 38, 48:
        let colour = Self.extendedColour(numbers, at: &index)
        if code == 38 { style.foreground = colour } else { style.background = colour }
      default: break
      }
    }
  }

  /// The colour of `38;5;N` or `38;2;R;G;B` whose parameters start at `index` (moved past
  /// them); a true colour is brought to the nearest of the palette's.
  private static func extendedColour(_ numbers: [Int], at index: inout Int) -> UInt8? {
    guard index < numbers.count else { return nil }
    let kind = numbers[index]
    if kind == 5, index + 1 < numbers.count {
      defer { index += 2 }
      return UInt8(clamping: numbers[index + 1])
    }
    if kind == 2, index + 3 < numbers.count {
      defer { index += 4 }
      func step(_ value: Int) -> Int {
        let value = min(max(value, 0), 255)
        return value < 48 ? 0 : value < 115 ? 1 : (value - 35) / 40
      }
      let (red, green, blue) = (numbers[index + 1], numbers[index + 2], numbers[index + 3])
      return UInt8(16 + 36 * step(red) + 6 * step(green) + step(blue))
    }
    index += 1
    return nil
  }
}
