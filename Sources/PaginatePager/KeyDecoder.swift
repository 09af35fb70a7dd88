/// Turns the bytes a terminal sends into keys: plain characters (UTF-8), control keys, and the
/// escape sequences of arrows, page keys, Home/End, F1 and SGR mouse wheel reports.
///
/// Bytes are fed as they arrive; an incomplete sequence waits for more. A lone ESC followed by
/// nothing within the read is the Escape key (see ``flush()``).
package struct KeyDecoder: Sendable {
  private var pending: [UInt8] = []

  /// Creates a decoder.
  package init() {}

  /// Feeds bytes; returns the keys they complete.
  package mutating func feed(_ bytes: some Sequence<UInt8>) -> [Key] {
    pending.append(contentsOf: bytes)
    var keys: [Key] = []
    while let (key, length) = Self.decode(pending[...]) {
      pending.removeFirst(length)
      if let key { keys.append(key) }
    }
    return keys
  }

  /// Ends a read: a lone ESC still waiting is the Escape key; other partial input is dropped.
  package mutating func flush() -> [Key] {
    defer { pending.removeAll() }
    return pending == [0x1B] ? [.escape] : []
  }

  /// Decodes one key at the start of `bytes`: the key (nil for something ignored) and the bytes
  /// it took, or nil when more bytes are needed.
  static func decode(_ bytes: ArraySlice<UInt8>) -> (Key?, Int)? {
    guard let first = bytes.first else { return nil }
    switch first {
    case 0x1B:
      return escape(bytes)
    case 0x0D, 0x0A: return (.enter, 1)
    case 0x09: return (.tab, 1)
    case 0x7F, 0x08: return (.backspace, 1)
    case 0x01...0x1A: return (.control(Character(Unicode.Scalar(first + 0x60))), 1)
    case 0x00, 0x1C...0x1F: return (nil, 1)
    case 0x20..<0x80: return (.character(Character(Unicode.Scalar(first))), 1)
    default:
      // UTF-8: the length comes from the first byte.
      let length = first >= 0xF0 ? 4 : first >= 0xE0 ? 3 : first >= 0xC0 ? 2 : 1
      guard bytes.count >= length else { return nil }
      let scalar = String(decoding: bytes.prefix(length), as: UTF8.self)
      return (scalar.first.map(Key.character), length)
    }
  }

  private static func escape(_ bytes: ArraySlice<UInt8>) -> (Key?, Int)? {
    let start = bytes.startIndex
    guard bytes.count >= 2 else { return nil }
    let second = bytes[start + 1]
    if second == UInt8(ascii: "O") {  // SS3: ESC O P (F1), ESC O H/F (Home/End), ESC O A-D
      guard bytes.count >= 3 else { return nil }
      switch bytes[start + 2] {
      case UInt8(ascii: "P"): return (.function(1), 3)
      case UInt8(ascii: "H"): return (.home, 3)
      case UInt8(ascii: "F"): return (.end, 3)
      case UInt8(ascii: "A"): return (.up, 3)
      case UInt8(ascii: "B"): return (.down, 3)
      case UInt8(ascii: "C"): return (.right, 3)
      case UInt8(ascii: "D"): return (.left, 3)
      default: return (nil, 3)
      }
    }
    guard second == UInt8(ascii: "[") else {
      // ESC followed by another key: Alt-key; treat as Escape then that key.
      return (.escape, 1)
    }
    // CSI: parameters and intermediates, then a final byte in 0x40...0x7E.
    var index = start + 2
    while index < bytes.endIndex && !(0x40...0x7E).contains(bytes[index]) { index += 1 }
    guard index < bytes.endIndex else { return bytes.count > 32 ? (nil, bytes.count) : nil }
    let final = bytes[index]
    let parameters = String(decoding: bytes[(start + 2)..<index], as: UTF8.self)
    let length = index - start + 1
    switch final {
    case UInt8(ascii: "A"): return (.up, length)
    case UInt8(ascii: "B"): return (.down, length)
    case UInt8(ascii: "C"): return (.right, length)
    case UInt8(ascii: "D"): return (.left, length)
    case UInt8(ascii: "H"): return (.home, length)
    case UInt8(ascii: "F"): return (.end, length)
    case UInt8(ascii: "~"):
      switch parameters {
      case "1", "7": return (.home, length)
      case "4", "8": return (.end, length)
      case "5": return (.pageUp, length)
      case "6": return (.pageDown, length)
      case "11": return (.function(1), length)
      default: return (nil, length)
      }
    case UInt8(ascii: "M"), UInt8(ascii: "m"):
      // SGR mouse: ESC [ < button ; x ; y M. Wheel up is 64, wheel down 65.
      guard parameters.hasPrefix("<"), final == UInt8(ascii: "M") else { return (nil, length) }
      let button = parameters.dropFirst().split(separator: ";").first.flatMap { Int($0) }
      switch button {
      case 64: return (.wheelUp, length)
      case 65: return (.wheelDown, length)
      default: return (nil, length)
      }
    default:
      return (nil, length)
    }
  }
}
