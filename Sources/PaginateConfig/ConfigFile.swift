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
    if let (line, column) = tableHeaderWithoutName(in: text) {
      throw Failure("\(path):\(line):\(column): expected a table name after '['")
    }
    let table: TOMLTable
    do {
      table = try TOMLTable(string: text)
    } catch let error as TOMLParseError {
      throw Failure("\(path):\(error.source.begin.line):\(error.source.begin.column): \(error.description)")
    } catch {
      throw Failure("\(path): \(error)")
    }
    let lines = keyLines(of: text)
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

  /// The line and column of a table header whose name does not start as a key does (`[=x]`,
  /// `[ .a]`, `[` alone), which toml++ 3 (TOMLKit 0.6.0) meets with a failed assertion, aborting the
  /// program, instead of an error (found by fuzzing). A line of a multi-line value that starts
  /// so is refused too: no option takes an array, and such a string is unlikely.
  static func tableHeaderWithoutName(in text: String) -> (line: Int, column: Int)? {
    // Bytes, not characters: a combining mark after `[` joins it in one character.
    var number = 0
    for line in text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false) {
      number += 1
      var index = line.startIndex
      func skipBlanks() { while index < line.endIndex && (line[index] == 0x20 || line[index] == 0x09) { index = line.index(after: index) } }
      skipBlanks()
      guard index < line.endIndex, line[index] == UInt8(ascii: "[") else { continue }
      index = line.index(after: index)
      if index < line.endIndex && line[index] == UInt8(ascii: "[") { index = line.index(after: index) }
      skipBlanks()
      let column = line.distance(from: line.startIndex, to: index) + 1
      guard index < line.endIndex else { return (number, column) }
      let first = line[index]
      let isKeyStart =
        (0x61...0x7A).contains(first) || (0x41...0x5A).contains(first) || (0x30...0x39).contains(first)
        || first == UInt8(ascii: "_") || first == UInt8(ascii: "-") || first == UInt8(ascii: "\"")
        || first == UInt8(ascii: "'")
      if !isKeyStart { return (number, column) }
    }
    return nil
  }

  /// The line of each top-level key: where a line starts with it (bare or quoted) before `=`.
  /// TOMLKit gives values without their places; keys are unique, so each has one line.
  static func keyLines(of text: String) -> [String: Int] {
    var lines: [String: Int] = [:]
    func record(_ raw: Substring, _ line: Int) {
      var key = raw.drop { $0 == " " || $0 == "\t" }
      while let last = key.last, last == " " || last == "\t" { key.removeLast() }
      if key.count >= 2, let first = key.first, first == "\"" || first == "'", key.last == first {
        key = key.dropFirst().dropLast()
      }
      if lines[String(key)] == nil { lines[String(key)] = line }
    }
    var number = 0
    var inTable = false
    for line in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
      number += 1
      let trimmed = line.drop { $0 == " " || $0 == "\t" }
      if trimmed.hasPrefix("[") {
        // A table header: the table is a top-level key here; the keys after it are its own.
        inTable = true
        let name = trimmed.drop { $0 == "[" }.prefix { $0 != "]" && $0 != "." }
        record(name, number)
        continue
      }
      guard !inTable, let equals = trimmed.firstIndex(of: "=") else { continue }
      record(trimmed[..<equals].prefix { $0 != "." }, number)
    }
    return lines
  }
}
