import TOMLKit

/// paginate's configuration file, `config.toml`, read with a TOML parser (toml++, through
/// TOMLKit): each top-level key is a long option, each value its value.
///
///     page-size = "a5"        # a string
///     widows = 2              # a number
///     double-sided = true     # a flag: false gives --no-double-sided
///     footer = "|{page}|  \u00e9 \"quoted\" # not a comment"
///
/// This reads the file only: which options exist, and what their values may be, is the
/// command line's to say (the tool parses each setting with its own option definitions).
public enum ConfigFile {
  /// One `key = value` of the file.
  public struct Setting: Sendable, Equatable {
    /// The key: a long option's name without `--`.
    public var key: String
    /// The value.
    public var value: Value
    /// The line of the key in the file, from 1.
    public var line: Int

    public init(key: String, value: Value, line: Int) {
      self.key = key
      self.value = value
      self.line = line
    }
  }

  /// A setting's value: what an option can take.
  public enum Value: Sendable, Equatable, CustomStringConvertible {
    case string(String)
    case integer(Int)
    case number(Double)
    case bool(Bool)

    /// The value as it goes after the option on a command line.
    public var description: String {
      switch self {
      case .string(let text): text
      case .integer(let number): String(number)
      case .number(let number): String(number)
      case .bool(let flag): String(flag)
      }
    }
  }

  /// Why the file could not be read: one line, with the file's path and the line.
  public struct Failure: Error, Sendable, CustomStringConvertible {
    public var description: String

    public init(_ description: String) {
      self.description = description
    }
  }

  /// The settings of the TOML `text` (the file at `path`, for messages), in the order of their
  /// lines.
  ///
  /// - Throws: ``Failure`` for a TOML syntax error (with its line and column), a table or an
  ///   array (no option takes one), or a date.
  public static func settings(fromTOML text: String, path: String) throws(Failure) -> [Setting] {
    let scan = scanLines(of: text)
    if let refused = scan.refused { throw Failure("\(path):\(refused.line): \(refused.message)") }
    let table: TOMLTable
    do {
      table = try TOMLTable(string: text)
    } catch let error as TOMLParseError {
      throw Failure("\(path):\(error.source.begin.line):\(error.source.begin.column): \(error.description)")
    } catch {
      throw Failure("\(path): \(error)")
    }
    let lines = scan.keyLines
    var settings: [Setting] = []
    for (key, node) in table {
      let line = lines[key] ?? 1
      let value: Value
      switch node.type {
      case .string: value = .string(node.string ?? "")
      case .int: value = .integer(node.int ?? 0)
      case .double: value = .number(node.double ?? 0)
      case .bool: value = .bool(node.bool ?? false)
      case .table:
        throw Failure("\(path):\(line): '\(key)' is a table; settings are top-level `option = value` lines")
      case .array:
        throw Failure("\(path):\(line): '\(key)' is an array; an option takes one value")
      default:
        throw Failure("\(path):\(line): '\(key)' is a date or time; expected a string, a number, true or false")
      }
      settings.append(Setting(key: key, value: value, line: line))
    }
    return settings.sorted { $0.line < $1.line }
  }

  /// The line of each key (TOMLKit gives values without their places; keys are unique, so each
  /// has one line), and the first line that is not a scalar setting: a table header (`[name]`,
  /// `[[name]]`) or a value that is an array or an inline table, none of which an option takes.
  /// Those are refused here, before toml++ reads the text: toml++ 3 (TOMLKit 0.6.0) meets some
  /// malformed headers and nested arrays with a failed assertion, aborting the program, instead
  /// of an error (found by fuzzing: `[=x`, `[` alone, `x = [[[[}`). Lines inside a multi-line
  /// string are skipped.
  static func scanLines(of text: String) -> (keyLines: [String: Int], refused: (line: Int, message: String)?) {
    var keyLines: [String: Int] = [:]
    // Bytes, not characters: a combining mark after `[` joins it in one character.
    var number = 0
    var closing: [UInt8]? = nil  // the delimiter that ends the multi-line string being skipped
    for line in text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false) {
      number += 1
      let bytes = Array(line)
      if let delimiter = closing {
        if contains(bytes[...], delimiter) { closing = nil }
        continue
      }
      var index = 0
      func skipBlanks() { while index < bytes.count && (bytes[index] == 0x20 || bytes[index] == 0x09) { index += 1 } }
      skipBlanks()
      guard index < bytes.count, bytes[index] != UInt8(ascii: "#") else { continue }
      if bytes[index] == UInt8(ascii: "[") {
        let name = bytes[index...].drop { $0 == UInt8(ascii: "[") || $0 == 0x20 || $0 == 0x09 }.prefix { $0 != UInt8(ascii: "]") }
        let shown = String(decoding: name.prefix(40), as: UTF8.self).trimmingTrailingBlanks
        return (keyLines, (number, "'\(shown)' is a table; settings are top-level `option = value` lines"))
      }
      // The value: after the first `=` outside a quoted key.
      var quote: UInt8? = nil
      while index < bytes.count {
        let byte = bytes[index]
        if let open = quote {
          if byte == open { quote = nil }
        } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
          quote = byte
        } else if byte == UInt8(ascii: "=") {
          break
        }
        index += 1
      }
      var key = String(decoding: bytes[..<min(index, bytes.count)], as: UTF8.self).trimmingTrailingBlanks.trimmingLeadingBlanks
      guard index < bytes.count else { continue }
      if isOneQuotedKey(key), let first = key.first {
        // A quoted key: a basic string's escapes are what toml++ names it by.
        key = first == "'" ? String(key.dropFirst().dropLast()) : unescaped(key.dropFirst().dropLast())
      } else if let dot = key.firstIndex(of: ".") {
        // A dotted key makes a table of its first part: refused here, before toml++ builds a
        // table as deep as the key has parts (200,000 parts overflowed its stack).
        let first = String(key[..<dot].prefix(40)).trimmingTrailingBlanks
        return (keyLines, (number, "'\(first)' is a table (a dotted key); settings are top-level `option = value` lines"))
      }
      if keyLines[key] == nil { keyLines[key] = number }
      index += 1
      skipBlanks()
      guard index < bytes.count else { continue }
      switch bytes[index] {
      case UInt8(ascii: "["): return (keyLines, (number, "'\(key)' is an array; an option takes one value"))
      case UInt8(ascii: "{"): return (keyLines, (number, "'\(key)' is a table; settings are top-level `option = value` lines"))
      case UInt8(ascii: "\""), UInt8(ascii: "'"):
        let delimiter = Array(repeating: bytes[index], count: 3)
        if bytes.count >= index + 3 && Array(bytes[index..<(index + 3)]) == delimiter,
          !contains(bytes[(index + 3)...], delimiter)
        {
          closing = delimiter
        }
      default: break
      }
    }
    return (keyLines, nil)
  }

  /// Whether `key` is one quoted key, `"…"` or `'…'` (not `"a"."b"`, a dotted one).
  static func isOneQuotedKey(_ key: String) -> Bool {
    guard key.count >= 2, let first = key.first, first == "\"" || first == "'", key.last == first else { return false }
    var escaped = false
    for character in key.dropFirst().dropLast() {
      if escaped {
        escaped = false
      } else if character == "\\" && first == "\"" {
        escaped = true
      } else if character == first {
        return false
      }
    }
    return !escaped
  }

  /// The text of a TOML basic string's body `text` with its escapes (`\\`, `\"`, `\b`, `\t`,
  /// `\n`, `\f`, `\r`, `\e`, `\uXXXX`, `\UXXXXXXXX`) resolved; an invalid one is kept as it is
  /// (toml++ then reports it).
  static func unescaped(_ text: Substring) -> String {
    var result = ""
    var scalars = text.unicodeScalars[...]
    while let scalar = scalars.popFirst() {
      guard scalar == "\\", let kind = scalars.popFirst() else {
        result.unicodeScalars.append(scalar)
        continue
      }
      switch kind {
      case "b": result += "\u{8}"
      case "t": result += "\t"
      case "n": result += "\n"
      case "f": result += "\u{C}"
      case "r": result += "\r"
      case "e": result += "\u{1B}"
      case "\"", "\\": result.unicodeScalars.append(kind)
      case "u", "U":
        let count = kind == "u" ? 4 : 8
        let digits = String(String.UnicodeScalarView(scalars.prefix(count)))
        if digits.count == count, let value = UInt32(digits, radix: 16), let decoded = Unicode.Scalar(value) {
          result.unicodeScalars.append(decoded)
          scalars = scalars.dropFirst(count)
        } else {
          result.unicodeScalars.append(contentsOf: ["\\", kind])
        }
      default: result.unicodeScalars.append(contentsOf: ["\\", kind])
      }
    }
    return result
  }

  private static func contains(_ bytes: ArraySlice<UInt8>, _ needle: [UInt8]) -> Bool {
    guard bytes.count >= needle.count else { return false }
    var start = bytes.startIndex
    while start + needle.count <= bytes.endIndex {
      if bytes[start..<(start + needle.count)].elementsEqual(needle) { return true }
      start += 1
    }
    return false
  }
}

extension String {
  fileprivate var trimmingTrailingBlanks: String {
    var text = Substring(self)
    while let last = text.last, last == " " || last == "\t" || last == "\r" { text.removeLast() }
    return String(text)
  }

  fileprivate var trimmingLeadingBlanks: String {
    String(drop { $0 == " " || $0 == "\t" })
  }
}
