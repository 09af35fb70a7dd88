/// Why JSON text could not be parsed: the line and column of the first problem and what was
/// expected there, e.g. `line 3, column 14: expected ',' or '}' after an object member, got ']'`.
package struct JSONParseError: Error, Sendable, CustomStringConvertible {
  /// The line of the problem, from 1.
  package var line: Int
  /// The column of the problem, from 1, counted in Unicode scalars.
  package var column: Int
  /// What was wrong and what was expected.
  package var message: String

  package var description: String { "line \(line), column \(column): \(message)" }
}

/// The one JSON parser: strict RFC 8259 text in, a ``JSONValue`` out, or the first problem with
/// its line and column.
///
/// Strict where a lenient reader would quietly misread: a key twice in one object is refused
/// with its JSON path (`duplicate key 'text' at $.blocks[0]`), as are a lone UTF-16 surrogate in
/// a `\u` escape, invalid UTF-8, control characters in strings, numbers a `Double` cannot hold,
/// and nesting deeper than ``maximumDepth`` (so that parsing and decoding cannot exhaust the
/// stack). Parsed straight from the bytes in one pass: Foundation's `JSONSerialization` on Linux
/// builds a bridged object graph many times the size of the document.
package struct JSONParser {
  /// The deepest nesting of arrays and objects accepted.
  package static let maximumDepth = 256

  /// Parses `json`.
  package static func parse(_ json: some Collection<UInt8>) throws(JSONParseError) -> JSONValue {
    let parsed = json.withContiguousStorageIfAvailable { buffer in Result { () throws(JSONParseError) in try parse(buffer) } }
    if let parsed { return try parsed.get() }
    return try Array(json).withUnsafeBufferPointer { buffer in Result { () throws(JSONParseError) in try parse(buffer) } }.get()
  }

  /// Parses the JSON text in `buffer` in place.
  package static func parse(_ buffer: UnsafeBufferPointer<UInt8>) throws(JSONParseError) -> JSONValue {
    var parser = JSONParser(bytes: buffer)
    do throws(Failure) {
      parser.skipWhitespace()
      let value = try parser.value()
      parser.skipWhitespace()
      if parser.index < buffer.count { throw parser.failure("unexpected \(parser.found) after the document") }
      return value
    } catch {
      throw error.resolved(in: buffer)
    }
  }

  /// A problem found at a byte offset, with the path it was found under (innermost first, as
  /// the failure passes out through the containers).
  private struct Failure: Error {
    var offset: Int
    var message: String
    /// Where a duplicate key was found: its message names the path once the path is known.
    var isDuplicateKey = false
    var reversedPath: [PathComponent] = []

    enum PathComponent {
      case key(String)
      case index(Int)
    }

    func inside(_ component: PathComponent) -> Failure {
      var copy = self
      if copy.isDuplicateKey { copy.reversedPath.append(component) }
      return copy
    }

    func resolved(in bytes: UnsafeBufferPointer<UInt8>) -> JSONParseError {
      var line = 1
      var lineStart = 0
      let end = min(offset, bytes.count)
      for position in 0..<end where bytes[position] == 0x0A {
        line += 1
        lineStart = position + 1
      }
      // Columns count characters, not bytes: skip UTF-8 continuation bytes.
      var column = 1
      for position in lineStart..<end where bytes[position] & 0xC0 != 0x80 { column += 1 }
      var message = message
      if isDuplicateKey {
        var path = "$"
        for component in reversedPath.reversed() {
          switch component {
          case .key(let key): path += ".\(key)"
          case .index(let index): path += "[\(index)]"
          }
        }
        message += " at \(path)"
      }
      return JSONParseError(line: line, column: column, message: message)
    }
  }

  private let bytes: UnsafeBufferPointer<UInt8>
  private var index = 0
  private var depth = 0

  private init(bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

  /// The byte at the current place, as a message shows it.
  private var found: String {
    guard let byte = current else { return "the end of the input" }
    if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
    return "byte 0x" + String(byte, radix: 16, uppercase: true)
  }

  private func failure(_ message: String, at offset: Int? = nil) -> Failure {
    Failure(offset: offset ?? index, message: message)
  }

  private mutating func skipWhitespace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x09, 0x0A, 0x0D: index += 1
      default: return
      }
    }
  }

  private mutating func value() throws(Failure) -> JSONValue {
    guard let byte = current else { throw failure("expected a value, got the end of the input (truncated?)") }
    switch byte {
    case UInt8(ascii: "{"): return try object()
    case UInt8(ascii: "["): return try array()
    case UInt8(ascii: "\""): return .string(try string())
    case UInt8(ascii: "t"):
      try literal("true")
      return .bool(true)
    case UInt8(ascii: "f"):
      try literal("false")
      return .bool(false)
    case UInt8(ascii: "n"):
      try literal("null")
      return .null
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
    default: throw failure("expected a value, got \(found)")
    }
  }

  private mutating func enter() throws(Failure) {
    depth += 1
    guard depth <= Self.maximumDepth else { throw failure("nesting deeper than \(Self.maximumDepth) levels") }
    index += 1  // the opening bracket
    skipWhitespace()
  }

  /// After a member or element: a comma (true), the closing bracket (false), or a failure.
  private mutating func next(close: UInt8, what: StaticString) throws(Failure) -> Bool {
    skipWhitespace()
    guard let byte = current else {
      throw failure("expected ',' or '\(Character(Unicode.Scalar(close)))', got the end of the input (truncated?)")
    }
    index += 1
    if byte == UInt8(ascii: ",") {
      skipWhitespace()
      return true
    }
    if byte == close {
      depth -= 1
      return false
    }
    index -= 1
    throw failure("expected ',' or '\(Character(Unicode.Scalar(close)))' after \(what), got \(found)")
  }

  private mutating func object() throws(Failure) -> JSONValue {
    try enter()
    var members: [(key: String, value: JSONValue)] = []
    if current == UInt8(ascii: "}") {
      index += 1
      depth -= 1
      return .object(members)
    }
    // Objects in documents have a handful of keys: a linear look for duplicates is cheapest;
    // a set takes over for large ones.
    var keys: Set<String>? = nil
    repeat {
      guard current == UInt8(ascii: "\"") else { throw failure("expected a member name in double quotes, got \(found)") }
      let keyOffset = index
      let key = try string()
      if keys != nil {
        // In place: a copy of the set for each key would make a large object quadratic.
        if keys?.insert(key).inserted == false { throw duplicate(key, at: keyOffset) }
      } else {
        if members.contains(where: { $0.key == key }) { throw duplicate(key, at: keyOffset) }
        if members.count == 16 { keys = Set(members.map(\.key) + [key]) }
      }
      skipWhitespace()
      guard current == UInt8(ascii: ":") else { throw failure("expected ':' after a member name, got \(found)") }
      index += 1
      skipWhitespace()
      do {
        members.append((key, try value()))
      } catch {
        throw error.inside(.key(key))
      }
    } while try next(close: UInt8(ascii: "}"), what: "an object member")
    return .object(members)
  }

  private func duplicate(_ key: String, at offset: Int) -> Failure {
    var failure = failure("duplicate key '\(key)'", at: offset)
    failure.isDuplicateKey = true
    return failure
  }

  private mutating func array() throws(Failure) -> JSONValue {
    try enter()
    var elements: [JSONValue] = []
    if current == UInt8(ascii: "]") {
      index += 1
      depth -= 1
      return .array(elements)
    }
    repeat {
      do {
        elements.append(try value())
      } catch {
        throw error.inside(.index(elements.count))
      }
    } while try next(close: UInt8(ascii: "]"), what: "an array element")
    return .array(elements)
  }

  /// A string starting at the opening quote, escapes decoded.
  private mutating func string() throws(Failure) -> String {
    let opening = index
    index += 1
    let start = index
    var highBits: UInt8 = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { break }
      highBits |= byte
      index += 1
    }
    if current == UInt8(ascii: "\"") {
      let utf8 = UnsafeBufferPointer(rebasing: bytes[start..<index])
      // Most strings are ASCII, which needs no validation (the standard library's generic
      // validation asks for type metadata on every call).
      let text = highBits < 0x80 ? String(decoding: utf8, as: UTF8.self) : try validated(utf8, at: start)
      index += 1
      return text
    }
    var decoded = Array(bytes[start..<index])
    while let byte = current {
      switch byte {
      case UInt8(ascii: "\""):
        index += 1
        return try decoded.withUnsafeBufferPointer { buffer throws(Failure) in try validated(buffer, at: start) }
      case UInt8(ascii: "\\"):
        try escape(into: &decoded)
      case ..<0x20:
        let hex = String(byte, radix: 16)
        throw failure("control character in a string (escape it as \\u\(String(repeating: "0", count: 4 - hex.count))\(hex))")
      default:
        decoded.append(byte)
        index += 1
      }
    }
    throw failure("unterminated string (truncated?)", at: opening)
  }

  private func validated(_ utf8: UnsafeBufferPointer<UInt8>, at offset: Int) throws(Failure) -> String {
    if let text = String(validating: utf8, as: UTF8.self) { return text }
    var position = 0
    var decoder = UTF8()
    var iterator = utf8.makeIterator()
    while case .scalarValue(let scalar) = decoder.decode(&iterator) { position += UTF8.width(scalar) }
    throw failure("invalid UTF-8 in a string", at: offset + position)
  }

  /// Decodes the escape at the current backslash.
  private mutating func escape(into decoded: inout [UInt8]) throws(Failure) {
    let backslash = index
    index += 1
    guard let letter = current else { throw failure("unterminated string (truncated?)") }
    index += 1
    switch letter {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): decoded.append(letter)
    case UInt8(ascii: "n"): decoded.append(0x0A)
    case UInt8(ascii: "t"): decoded.append(0x09)
    case UInt8(ascii: "r"): decoded.append(0x0D)
    case UInt8(ascii: "b"): decoded.append(0x08)
    case UInt8(ascii: "f"): decoded.append(0x0C)
    case UInt8(ascii: "u"):
      var scalar = try hex4()
      if (0xDC00...0xDFFF).contains(scalar) {
        throw failure("lone low surrogate \\u\(String(scalar, radix: 16, uppercase: true)) in a string", at: backslash)
      }
      if (0xD800...0xDBFF).contains(scalar) {
        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
          throw failure(
            "lone high surrogate \\u\(String(scalar, radix: 16, uppercase: true)) in a string (expected \\uDC00...\\uDFFF after it)",
            at: backslash)
        }
        index += 2
        let low = try hex4()
        guard (0xDC00...0xDFFF).contains(low) else {
          throw failure(
            "lone high surrogate \\u\(String(scalar, radix: 16, uppercase: true)) in a string (expected \\uDC00...\\uDFFF after it)",
            at: backslash)
        }
        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
      }
      // Every value left is a scalar: surrogates were refused or paired above.
      decoded.append(contentsOf: (Unicode.Scalar(scalar) ?? "\u{FFFD}").utf8)
    default:
      throw failure("invalid escape '\\\(Character(Unicode.Scalar(letter)))' in a string", at: backslash)
    }
  }

  private mutating func hex4() throws(Failure) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      let digit: UInt32
      switch current {
      case let byte? where (0x30...0x39).contains(byte): digit = UInt32(byte - 0x30)
      case let byte? where (0x41...0x46).contains(byte): digit = UInt32(byte - 0x41 + 10)
      case let byte? where (0x61...0x66).contains(byte): digit = UInt32(byte - 0x61 + 10)
      default: throw failure("expected four hex digits after \\u")
      }
      value = value << 4 | digit
      index += 1
    }
    return value
  }

  private mutating func literal(_ word: StaticString) throws(Failure) {
    let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
    for byte in expected {
      guard current == byte else { throw failure("expected '\(word)', got \(found)") }
      index += 1
    }
  }

  private mutating func digits() {
    while let byte = current, (0x30...0x39).contains(byte) { index += 1 }
  }

  private mutating func number() throws(Failure) -> Double {
    let start = index
    if current == UInt8(ascii: "-") { index += 1 }
    guard let first = current, (0x30...0x39).contains(first) else { throw failure("expected a digit, got \(found)") }
    if first == UInt8(ascii: "0") { index += 1 } else { digits() }
    if current == UInt8(ascii: ".") {
      index += 1
      guard let byte = current, (0x30...0x39).contains(byte) else {
        throw failure("expected a digit after '.', got \(found)")
      }
      digits()
    }
    if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
      index += 1
      if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
      guard let byte = current, (0x30...0x39).contains(byte) else { throw failure("expected an exponent, got \(found)") }
      digits()
    }
    let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
    // The grammar was checked above, so Double's parser accepts the text; only its range is left.
    guard let number = Double(text), number.isFinite else { throw failure("number out of range: \(text)", at: start) }
    return number
  }
}
