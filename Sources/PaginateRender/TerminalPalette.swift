/// The shades of xterm's 256 colours on a light page (HTML, PDF): what `ls --color` and
/// `git log --color` asked for, read with `--ansi`.
///
/// The sixteen standard colours are darkened where a terminal's shade is unreadable on white
/// (yellow, the bright ones); 16–231 are the 6×6×6 cube and 232–255 the grey ramp, as xterm
/// defines them.
public enum TerminalPalette {
  /// The shades of colours 0–15 on paper.
  private static let standard: [(UInt8, UInt8, UInt8)] = [
    (0x1D, 0x1D, 0x1B), (0xB0, 0x1E, 0x1E), (0x2E, 0x7D, 0x1F), (0x8A, 0x6A, 0x00),
    (0x1F, 0x4E, 0xA8), (0x8B, 0x2F, 0x9A), (0x0E, 0x7C, 0x86), (0x6E, 0x6E, 0x6A),
    (0x5A, 0x5A, 0x56), (0xD0, 0x2B, 0x2B), (0x3F, 0x9A, 0x2C), (0xA6, 0x80, 0x00),
    (0x2F, 0x6C, 0xD6), (0xA8, 0x3F, 0xB8), (0x12, 0x98, 0xA4), (0x9A, 0x9A, 0x94),
  ]

  /// Red, green and blue of palette colour `index`.
  public static func rgb(_ index: UInt8) -> (red: UInt8, green: UInt8, blue: UInt8) {
    switch index {
    case 0..<16:
      return standard[Int(index)]
    case 16..<232:
      let cube = Int(index) - 16
      func level(_ step: Int) -> UInt8 { step == 0 ? 0 : UInt8(55 + step * 40) }
      return (level(cube / 36), level(cube / 6 % 6), level(cube % 6))
    default:
      let grey = UInt8(8 + (Int(index) - 232) * 10)
      return (grey, grey, grey)
    }
  }

  /// `#rrggbb` for palette colour `index`, for CSS.
  public static func css(_ index: UInt8) -> String {
    let (red, green, blue) = rgb(index)
    func hex(_ byte: UInt8) -> String {
      let digits = Array("0123456789abcdef")
      return String([digits[Int(byte >> 4)], digits[Int(byte & 15)]])
    }
    return "#" + hex(red) + hex(green) + hex(blue)
  }

  /// The standard colour (0–15) nearest to palette colour `index`.
  public static func nearestStandard(_ index: UInt8) -> UInt8 {
    guard index >= 16 else { return index }
    let (red, green, blue) = rgb(index)
    var best: UInt8 = 0
    var bestDistance = Int.max
    for candidate in 0..<16 {
      let (r, g, b) = standard[candidate]
      let distance = [(Int(red) - Int(r)), (Int(green) - Int(g)), (Int(blue) - Int(b))].reduce(0) { $0 + $1 * $1 }
      if distance < bestDistance {
        best = UInt8(candidate)
        bestDistance = distance
      }
    }
    return best
  }
}
