/// A fast syntax check of JSON text that finds the first error with its line and column, and
/// refuses nesting deeper than a limit (so that decoding can never exhaust the stack).
///
/// Foundation's decoder on Linux reports only "The given data was not valid JSON"; this check
/// runs first and says where and what was expected: `line 3, column 14: expected ',' or '}'
/// after an object member, got ']'`.
package struct JSONSyntaxCheck {
  /// The deepest nesting of arrays and objects accepted.
  package static let maximumDepth = 256

  package struct Failure: Error {
    package var line: Int
    package var column: Int
    package var message: String

    package var description: String { "line \(line), column \(column): \(message)" }
  }

  private let bytes: UnsafeBufferPointer<UInt8>
  private var index = 0
  private var depth = 0

  /// Checks `json`; returns the first problem, or `nil` when the text is valid JSON.
  package static func firstError(in json: some Collection<UInt8>) -> Failure? {
    if let found = json.withContiguousStorageIfAvailable({ firstError(in: $0) }) { return found }
    return Array(json).withUnsafeBufferPointer { firstError(in: $0) }
  }

  /// Checks the JSON text in `buffer` in place.
  package static func firstError(in buffer: UnsafeBufferPointer<UInt8>) -> Failure? {
    var check = JSONSyntaxCheck(bytes: buffer)
    do throws(Failure) {
      check.skipWhitespace()
      try check.value()
      check.skipWhitespace()
      if check.index < buffer.count { throw check.failure("unexpected \(check.found) after the document") }
      return nil
    } catch {
      return error
    }
  }

  private init(bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  private var found: String {
    guard index < bytes.count else { return "the end of the input" }
    let byte = bytes[index]
    if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
    return "byte 0x" + String(byte, radix: 16, uppercase: true)
  }

  private func failure(_ message: String) -> Failure {
    var line = 1
    var lineStart = 0
    for position in 0..<min(index, bytes.count) where bytes[position] == 0x0A {
      line += 1
      lineStart = position + 1
    }
    // Columns count characters, not bytes: skip UTF-8 continuation bytes.
    var column = 1
    for position in lineStart..<min(index, bytes.count) where bytes[position] & 0xC0 != 0x80 {
      column += 1
    }
    return Failure(line: line, column: column, message: message)
  }

  private mutating func skipWhitespace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x09, 0x0A, 0x0D: index += 1
      default: return
      }
    }
  }

  private mutating func value() throws(Failure) {
    guard index < bytes.count else { throw failure("expected a value, got the end of the input (truncated?)") }
    switch bytes[index] {
    case UInt8(ascii: "{"): try container(close: UInt8(ascii: "}"), isObject: true)
    case UInt8(ascii: "["): try container(close: UInt8(ascii: "]"), isObject: false)
    case UInt8(ascii: "\""): try string()
    case UInt8(ascii: "t"): try literal("true")
    case UInt8(ascii: "f"): try literal("false")
    case UInt8(ascii: "n"): try literal("null")
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try number()
    default: throw failure("expected a value, got \(found)")
    }
  }

  private mutating func container(close: UInt8, isObject: Bool) throws(Failure) {
    depth += 1
    guard depth <= Self.maximumDepth else {
      throw failure("nesting deeper than \(Self.maximumDepth) levels")
    }
    index += 1
    skipWhitespace()
    if index < bytes.count && bytes[index] == close {
      index += 1
      depth -= 1
      return
    }
    while true {
      if isObject {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
          throw failure("expected a member name in double quotes, got \(found)")
        }
        try string()
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
          throw failure("expected ':' after a member name, got \(found)")
        }
        index += 1
        skipWhitespace()
      }
      try value()
      skipWhitespace()
      guard index < bytes.count else {
        throw failure("expected ',' or '\(Character(Unicode.Scalar(close)))', got the end of the input (truncated?)")
      }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
        skipWhitespace()
        continue
      }
      if bytes[index] == close {
        index += 1
        depth -= 1
        return
      }
      let what = isObject ? "after an object member" : "after an array element"
      throw failure("expected ',' or '\(Character(Unicode.Scalar(close)))' \(what), got \(found)")
    }
  }

  private mutating func string() throws(Failure) {
    index += 1  // opening quote
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        index += 1
        return
      }
      if byte == UInt8(ascii: "\\") {
        index += 1
        guard index < bytes.count else { break }
        switch bytes[index] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
          UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
          index += 1
        case UInt8(ascii: "u"):
          for offset in 1...4 {
            guard index + offset < bytes.count, bytes[index + offset].isHexDigit else {
              index += offset
              throw failure("expected four hex digits after \\u")
            }
          }
          index += 5
        default:
          throw failure("invalid escape '\\\(Character(Unicode.Scalar(bytes[index])))' in a string")
        }
        continue
      }
      if byte < 0x20 { throw failure("control character in a string (escape it as \\u00\(byte < 0x10 ? "0" : "")\(String(byte, radix: 16)))") }
      index += 1
    }
    throw failure("unterminated string (truncated?)")
  }

  private mutating func literal(_ word: StaticString) throws(Failure) {
    let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
    for byte in expected {
      guard index < bytes.count, bytes[index] == byte else { throw failure("expected '\(word)', got \(found)") }
      index += 1
    }
  }

  private mutating func number() throws(Failure) {
    let start = index
    if bytes[index] == UInt8(ascii: "-") { index += 1 }
    guard index < bytes.count, bytes[index].isDigit else { throw failure("expected a digit, got \(found)") }
    if bytes[index] == UInt8(ascii: "0") {
      index += 1
    } else {
      while index < bytes.count && bytes[index].isDigit { index += 1 }
    }
    if index < bytes.count && bytes[index] == UInt8(ascii: ".") {
      index += 1
      guard index < bytes.count, bytes[index].isDigit else { throw failure("expected a digit after '.', got \(found)") }
      while index < bytes.count && bytes[index].isDigit { index += 1 }
    }
    if index < bytes.count && (bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E")) {
      index += 1
      if index < bytes.count && (bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")) { index += 1 }
      guard index < bytes.count, bytes[index].isDigit else { throw failure("expected an exponent, got \(found)") }
      while index < bytes.count && bytes[index].isDigit { index += 1 }
    }
    // Foundation refuses numbers a Double cannot hold, without saying where: say it here.
    if index - start > 15 || bytes[start..<index].contains(where: { $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }) {
      let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
      if let value = Double(text), !value.isFinite {
        index = start  // the failure's line and column are the number's
        throw failure("number out of range: \(text)")
      }
    }
  }
}

extension UInt8 {
  fileprivate var isDigit: Bool { self >= 0x30 && self <= 0x39 }
  fileprivate var isHexDigit: Bool { isDigit || (self | 0x20 >= 0x61 && self | 0x20 <= 0x66) }
}
