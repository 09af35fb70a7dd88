/// How a character behaves at a possible line break, in the spirit of UAX #14 but reduced to
/// what a paginator of prose needs.
enum BreakClass: UInt8 {
  /// Letters, digits and most symbols: breaks only at spaces (and after hyphens and dashes).
  case ordinary
  /// CJK ideographs, kana and fullwidth forms: a break is allowed before and after.
  case ideographic
  /// Closing punctuation and small kana (`。、」）ー っ`): never at the start of a line.
  case closing
  /// Opening punctuation (`「（【`): never at the end of a line.
  case opening
  /// Dashes (en, em): a break is allowed after.
  case dash

  /// The class of a scalar.
  static func of(_ scalar: UInt32) -> BreakClass {
    if scalar < 0x80 {
      switch scalar {
      case 0x29, 0x5D, 0x7D, 0x2C, 0x2E, 0x21, 0x3F, 0x3A, 0x3B: return .closing  // ) ] } , . ! ? : ;
      case 0x28, 0x5B, 0x7B: return .opening  // ( [ {
      default: return .ordinary
      }
    }
    switch scalar {
    case 0x2013, 0x2014: return .dash
    case 0x3001, 0x3002, 0xFF0C, 0xFF0E, 0x30FB, 0xFF1A, 0xFF1B, 0xFF1F, 0xFF01, 0x30FC,  // 、。，．・：；？！ー
      0x300D, 0x300F, 0xFF09, 0x3011, 0x3015, 0x3009, 0x300B, 0xFF5D, 0xFF3D, 0x3019, 0x3017,  // 」』）】〕〉》｝］〙〗
      0x309D, 0x309E, 0x30FD, 0x30FE, 0x3005,  // ゝゞヽヾ々
      0x3041, 0x3043, 0x3045, 0x3047, 0x3049, 0x3063, 0x3083, 0x3085, 0x3087, 0x308E, 0x3095, 0x3096,  // small hiragana
      0x30A1, 0x30A3, 0x30A5, 0x30A7, 0x30A9, 0x30C3, 0x30E3, 0x30E5, 0x30E7, 0x30EE, 0x30F5, 0x30F6,  // small katakana
      0x2019, 0x201D, 0x00BB, 0x2026:  // ’ ” » …
      return .closing
    case 0x300C, 0x300E, 0xFF08, 0x3010, 0x3014, 0x3008, 0x300A, 0xFF5B, 0xFF3B, 0x3018, 0x3016,  // 「『（【〔〈《｛［〘〖
      0x2018, 0x201C, 0x00AB:  // ‘ “ «
      return .opening
    case 0x2E80...0x2FFF, 0x3000...0x303F, 0x3040...0x30FF, 0x3100...0x312F, 0x31A0...0x31FF,
      0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0xFF00...0xFFEF, 0x20000...0x3FFFF:
      return .ideographic
    default:
      return .ordinary
    }
  }

  /// Whether CJK-style breaking applies next to this class (ideographs and CJK punctuation).
  var isCJKish: Bool { self == .ideographic }

  /// Whether a line break is allowed between a cluster of class `before` and one of class
  /// `after` with no space between them. `beforeIsCJK`/`afterIsCJK` say whether the punctuation
  /// involved is CJK (a break after `。` before an ideograph is fine; after a Latin `.` it is not).
  static func allowsBreak(between before: BreakClass, beforeIsCJK: Bool, and after: BreakClass, afterIsCJK: Bool)
    -> Bool
  {
    if after == .closing || before == .opening { return false }
    if before == .dash { return after != .closing }
    return beforeIsCJK || afterIsCJK
  }
}
