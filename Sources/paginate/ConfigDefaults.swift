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

  /// Options about the terminal output, which print and browse take.
  static let outputOptions: Set<String> = ["color", "hyperlinks"]

  static func options(for command: String) -> Set<String> {
    switch command {
    case "print", "browse": layoutOptions.union(outputOptions)
    case "export": layoutOptions
    default: []
    }
  }

  /// The longest configuration file read: a file larger than this is a mistake (or
  /// `/dev/zero`), not a configuration.
  static let maximumConfigSize = 1 << 20

  /// The arguments to parse: defaults first (config file, then the variable), then `arguments`.
  static func expand(_ arguments: [String], environment: [String: String]) throws(Failure) -> [String] {
    let subcommands = ["print", "export", "browse", "adapters", "help"]
    let first = arguments.first ?? ""
    let command = subcommands.contains(first) ? first : "print"
    if ["-h", "--help", "--version", "help"].contains(first) || command == "adapters" || command == "help" {
      return arguments
    }
    var defaults: [String] = []
    if let path = configPath(environment), let text = try readFile(path) {
      defaults += try parseConfig(text, path: path, allowed: options(for: command))
    }
    if let variable = environment["PAGINATE_OPTIONS"], !variable.isEmpty {
      defaults += try checkedEnvironmentOptions(try splitWords(variable))
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
    // "\r\n" is one Character in Swift: a file with CRLF line ends splits on it too.
    for (offset, rawLine) in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
      .enumerated()
    {
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
      guard layoutOptions.contains(key) || outputOptions.contains(key) else {
        throw Failure(
          description:
            "\(place): unknown option '\(key)'; expected one of \(layoutOptions.union(outputOptions).sorted().joined(separator: ", "))")
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

  /// The configuration file's text; `nil` when there is none. A FIFO, a device or a file of
  /// more than ``maximumConfigSize`` is refused: reading it could block or never end.
  private static func readFile(_ path: String) throws(Failure) -> String? {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    guard (status.st_mode & S_IFMT) == S_IFREG else {
      throw Failure(description: "\(path): not a regular file; a configuration file is one")
    }
    guard Int(status.st_size) <= maximumConfigSize else {
      throw Failure(description: "\(path): larger than 1 MiB; is it the configuration file?")
    }
    // O_NONBLOCK: should the path have become a FIFO since, opening it does not wait.
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while bytes.count <= maximumConfigSize {
      let count = read(descriptor, &buffer, buffer.count)
      if count <= 0 { break }
      bytes += buffer[0..<count]
    }
    guard bytes.count <= maximumConfigSize else {
      throw Failure(description: "\(path): larger than 1 MiB; is it the configuration file?")
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The words of `PAGINATE_OPTIONS` when they are all options (and their values): a
  /// subcommand, a file name or `--output` there would act on every run.
  static func checkedEnvironmentOptions(_ words: [String]) throws(Failure) -> [String] {
    let takingValues = layoutOptions.subtracting(flags).union(outputOptions).union(["html", "adapter-timeout"])
    let switches = flags.union(flags.map { "no-" + $0 }).union(["mouse"])
    var index = 0
    while index < words.count {
      let word = words[index]
      let name = word.hasPrefix("--") ? String(word.dropFirst(2).prefix { $0 != "=" }) : ""
      if switches.contains(name) && !word.contains("=") {
        index += 1
      } else if takingValues.contains(name) {
        index += word.contains("=") ? 1 : 2
      } else {
        throw Failure(
          description:
            "PAGINATE_OPTIONS: '\(word)' is not an option it may hold (layout and output options only: no subcommand, file or --output)"
        )
      }
    }
    if index > words.count { throw Failure(description: "PAGINATE_OPTIONS: \(words.last ?? "") needs a value") }
    return words
  }
}

extension StringProtocol {
  fileprivate var trimmed: String {
    String(drop { $0 == " " || $0 == "\t" || $0 == "\r" }.reversed().drop { $0 == " " || $0 == "\t" || $0 == "\r" }.reversed())
  }
}
