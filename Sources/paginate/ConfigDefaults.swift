#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Default options from the config file and the `PAGINATE_OPTIONS` environment variable, put
/// in front of the command line's own options so that those win.
///
/// The config file is `$XDG_CONFIG_HOME/paginate/config.toml` (or
/// `~/.config/paginate/config.toml`): `long-option = value` lines, where a value is a quoted
/// string, a number, or `true`/`false` (for flags: `double-sided = false` gives
/// `--no-double-sided`). `#` starts a comment.
///
///     page-size = "a5"
///     double-sided = true
///     footer = "|{page}|"
///
/// `PAGINATE_OPTIONS` holds options as on a command line: `PAGINATE_OPTIONS='--justify --wrap greedy'`.
enum ConfigDefaults {
  /// A problem in the config file or the variable.
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// Long options a default may set, by the subcommands that take them.
  static let layoutOptions: Set<String> = [
    "from", "smart", "page-size", "margins", "margin-top", "margin-bottom", "margin-inner", "margin-outer", "header",
    "footer", "double-sided", "even", "chapter-break", "facing", "facing-start", "gutter", "page-progression", "wrap",
    "justify", "links", "marks", "tab-width", "widows", "orphans", "first-page",
  ]
  static let flags: Set<String> = ["smart", "double-sided", "even", "facing", "justify"]

  static func options(for command: String) -> Set<String> {
    switch command {
    case "print", "browse": layoutOptions.union(["color"])
    case "export": layoutOptions
    default: []
    }
  }

  /// The arguments to parse: defaults first (config file, then the variable), then `arguments`.
  static func expand(_ arguments: [String], environment: [String: String]) throws(Failure) -> [String] {
    let subcommands = ["print", "export", "browse", "adapters", "help"]
    let first = arguments.first ?? ""
    let command = subcommands.contains(first) ? first : "print"
    if ["-h", "--help", "--version", "help"].contains(first) || command == "adapters" || command == "help" {
      return arguments
    }
    var defaults: [String] = []
    if let path = configPath(environment), let text = readFile(path) {
      defaults += try parseConfig(text, path: path, allowed: options(for: command))
    }
    if let variable = environment["PAGINATE_OPTIONS"], !variable.isEmpty {
      defaults += try splitWords(variable)
    }
    guard !defaults.isEmpty else { return arguments }
    if subcommands.contains(first) {
      return [first] + defaults + arguments.dropFirst()
    }
    return defaults + arguments
  }

  static func configPath(_ environment: [String: String]) -> String? {
    if let xdg = environment["XDG_CONFIG_HOME"], !xdg.isEmpty { return xdg + "/paginate/config.toml" }
    if let home = environment["HOME"], !home.isEmpty { return home + "/.config/paginate/config.toml" }
    return nil
  }

  /// Turns config lines into options.
  static func parseConfig(_ text: String, path: String, allowed: Set<String>) throws(Failure) -> [String] {
    var result: [String] = []
    for (offset, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let line = stripComment(rawLine).trimmed
      if line.isEmpty { continue }
      let place = "\(path):\(offset + 1)"
      guard let equals = line.firstIndex(of: "=") else {
        throw Failure(description: "\(place): expected 'option = value', got '\(line)'")
      }
      let key = line[..<equals].trimmed
      let rawValue = line[line.index(after: equals)...].trimmed
      guard !key.isEmpty, key.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" }) else {
        throw Failure(description: "\(place): invalid option name '\(key)'")
      }
      guard layoutOptions.contains(key) || key == "color" else {
        throw Failure(
          description: "\(place): unknown option '\(key)'; expected one of \(layoutOptions.union(["color"]).sorted().joined(separator: ", "))")
      }
      guard allowed.contains(key) else { continue }  // e.g. color for export
      let value = try parseValue(rawValue, place: place)
      if flags.contains(key) {
        guard value == "true" || value == "false" else {
          throw Failure(description: "\(place): '\(key)' is on or off: expected true or false, got \(rawValue)")
        }
        result.append(value == "true" ? "--\(key)" : "--no-\(key)")
      } else {
        result += ["--\(key)", value]
      }
    }
    return result
  }

  private static func parseValue(_ raw: String, place: String) throws(Failure) -> String {
    if raw.hasPrefix("\"") {
      guard raw.count >= 2, raw.hasSuffix("\"") else { throw Failure(description: "\(place): unterminated string \(raw)") }
      var result = ""
      var escaped = false
      for character in raw.dropFirst().dropLast() {
        if escaped {
          switch character {
          case "n": result.append("\n")
          case "t": result.append("\t")
          default: result.append(character)
          }
          escaped = false
        } else if character == "\\" {
          escaped = true
        } else {
          result.append(character)
        }
      }
      return result
    }
    if raw.hasPrefix("'") {
      guard raw.count >= 2, raw.hasSuffix("'") else { throw Failure(description: "\(place): unterminated string \(raw)") }
      return String(raw.dropFirst().dropLast())
    }
    guard raw == "true" || raw == "false" || Int(raw) != nil else {
      throw Failure(description: "\(place): expected a quoted string, a number, true or false, got \(raw)")
    }
    return raw
  }

  private static func stripComment(_ line: Substring) -> Substring {
    var quote: Character?
    for index in line.indices {
      let character = line[index]
      if let open = quote {
        if character == open { quote = nil }
      } else if character == "\"" || character == "'" {
        quote = character
      } else if character == "#" {
        return line[..<index]
      }
    }
    return line
  }

  /// Splits a string into words as a shell would: whitespace separates, quotes group, a
  /// backslash escapes the next character.
  static func splitWords(_ text: String) throws(Failure) -> [String] {
    var words: [String] = []
    var current = ""
    var inWord = false
    var quote: Character?
    var escaped = false
    for character in text {
      if escaped {
        current.append(character)
        escaped = false
      } else if character == "\\" && quote != "'" {
        escaped = true
        inWord = true
      } else if let open = quote {
        if character == open { quote = nil } else { current.append(character) }
      } else if character == "\"" || character == "'" {
        quote = character
        inWord = true
      } else if character == " " || character == "\t" || character == "\n" {
        if inWord { words.append(current) }
        current = ""
        inWord = false
      } else {
        current.append(character)
        inWord = true
      }
    }
    if quote != nil { throw Failure(description: "PAGINATE_OPTIONS: unterminated quote") }
    if inWord { words.append(current) }
    return words
  }

  private static func readFile(_ path: String) -> String? {
    guard let file = fopen(path, "r") else { return nil }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = fread(&buffer, 1, buffer.count, file)
      if count <= 0 { break }
      bytes += buffer[0..<count]
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}

extension StringProtocol {
  fileprivate var trimmed: String {
    String(drop { $0 == " " || $0 == "\t" || $0 == "\r" }.reversed().drop { $0 == " " || $0 == "\t" || $0 == "\r" }.reversed())
  }
}
