import PaginateModel

/// A parsed JSON value, for formats read without Codable (pandoc's syntax tree, an external
/// adapter's description).
///
/// Parsed straight from the bytes: Foundation's `JSONSerialization` on Linux built a bridged
/// object graph that took 1 GB of memory and 1.3 s for a 6.5 MB pandoc document; this takes a
/// small multiple of the input and a tenth of the time.
enum JSONValue: Sendable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSONValue])
  /// Members in their order in the input (pandoc's objects have two or three).
  case object([(key: String, value: JSONValue)])

  /// Parses JSON text. ``JSONSyntaxCheck`` runs first, so nesting is bounded and the parse
  /// itself meets no syntax error.
  ///
  /// - Throws: `JSONSyntaxCheck.Failure` for a syntax error, with its line and column.
  init(parsing bytes: ArraySlice<UInt8>) throws(JSONSyntaxCheck.Failure) {
    // Checked and parsed in place: no copy of the input.
    let parsed = bytes.withUnsafeBufferPointer { buffer -> Result<JSONValue, JSONSyntaxCheck.Failure> in
      if let failure = JSONSyntaxCheck.firstError(in: buffer) { return .failure(failure) }
      var parser = JSONParser(bytes: buffer)
      return .success(parser.value())
    }
    self = try parsed.get()
  }

  /// The elements of an array.
  var array: [JSONValue]? {
    if case .array(let elements) = self { return elements }
    return nil
  }

  /// The text of a string.
  var string: String? {
    if case .string(let text) = self { return text }
    return nil
  }

  /// A number that is a whole number in `Int`'s range.
  var int: Int? {
    guard case .number(let number) = self, number == number.rounded(), abs(number) < 1e15 else { return nil }
    return Int(number)
  }

  /// Whether this is an object.
  var isObject: Bool {
    if case .object = self { return true }
    return false
  }

  /// The value of an object's member (the first with this key).
  subscript(key: String) -> JSONValue? {
    guard case .object(let members) = self else { return nil }
    return members.first { $0.key == key }?.value
  }
}

/// A recursive-descent parser over valid JSON (checked first by ``JSONSyntaxCheck``, which
/// also bounds the nesting and so the recursion).
private struct JSONParser {
  let bytes: UnsafeBufferPointer<UInt8>
  var index = 0

  init(bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  private var current: UInt8 { index < bytes.count ? bytes[index] : 0 }

  private mutating func skipWhitespace() {
    while index < bytes.count, ByteText.isWhitespace(bytes[index]) { index += 1 }
  }

  mutating func value() -> JSONValue {
    skipWhitespace()
    switch current {
    case UInt8(ascii: "{"):
      index += 1
      var members: [(key: String, value: JSONValue)] = []
      skipWhitespace()
      if current == UInt8(ascii: "}") {
        index += 1
        return .object(members)
      }
      while index < bytes.count {
        skipWhitespace()
        let key = string()
        skipWhitespace()
        index += 1  // ':'
        members.append((key, value()))
        skipWhitespace()
        let separator = current
        index += 1
        if separator != UInt8(ascii: ",") { break }
      }
      return .object(members)
    case UInt8(ascii: "["):
      index += 1
      var elements: [JSONValue] = []
      skipWhitespace()
      if current == UInt8(ascii: "]") {
        index += 1
        return .array(elements)
      }
      while index < bytes.count {
        elements.append(value())
        skipWhitespace()
        let separator = current
        index += 1
        if separator != UInt8(ascii: ",") { break }
      }
      return .array(elements)
    case UInt8(ascii: "\""):
      return .string(string())
    case UInt8(ascii: "t"):
      index += 4
      return .bool(true)
    case UInt8(ascii: "f"):
      index += 5
      return .bool(false)
    case UInt8(ascii: "n"):
      index += 4
      return .null
    default:
      let start = index
      while index < bytes.count, Self.isNumberByte(bytes[index]) { index += 1 }
      return .number(Double(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)) ?? 0)
    }
  }

  private static func isNumberByte(_ byte: UInt8) -> Bool {
    (0x30...0x39).contains(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".")
      || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
  }

  /// A string starting at the opening quote; escapes decoded, a lone surrogate as U+FFFD.
  private mutating func string() -> String {
    index += 1  // the opening quote
    let start = index
    while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\") { index += 1 }
    if current == UInt8(ascii: "\"") {
      defer { index += 1 }
      return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
    }
    var decoded = Array(bytes[start..<index])
    while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
      let byte = bytes[index]
      guard byte == UInt8(ascii: "\\"), index + 1 < bytes.count else {
        decoded.append(byte)
        index += 1
        continue
      }
      let escape = bytes[index + 1]
      index += 2
      switch escape {
      case UInt8(ascii: "n"): decoded.append(0x0A)
      case UInt8(ascii: "t"): decoded.append(0x09)
      case UInt8(ascii: "r"): decoded.append(0x0D)
      case UInt8(ascii: "b"): decoded.append(0x08)
      case UInt8(ascii: "f"): decoded.append(0x0C)
      case UInt8(ascii: "u"):
        var scalar = hex4()
        if (0xD800...0xDBFF).contains(scalar), current == UInt8(ascii: "\\"), index + 1 < bytes.count,
          bytes[index + 1] == UInt8(ascii: "u")
        {
          let saved = index
          index += 2
          let low = hex4()
          if (0xDC00...0xDFFF).contains(low) {
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
          } else {
            index = saved
          }
        }
        let character = Unicode.Scalar(scalar) ?? "\u{FFFD}"
        decoded.append(contentsOf: character.utf8)
      default: decoded.append(escape)  // \" \\ \/
      }
    }
    index += 1  // the closing quote
    return String(decoding: decoded, as: UTF8.self)
  }

  private mutating func hex4() -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 where index < bytes.count {
      let byte = bytes[index]
      let digit: UInt32 =
        switch byte {
        case 0x30...0x39: UInt32(byte - 0x30)
        case 0x41...0x46: UInt32(byte - 0x41 + 10)
        case 0x61...0x66: UInt32(byte - 0x61 + 10)
        default: 0
        }
      value = value << 4 | digit
      index += 1
    }
    return value
  }
}
