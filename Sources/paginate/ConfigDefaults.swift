import ArgumentParser
import PaginateConfig
import PaginateSystem

/// Default options from the config file and the `PAGINATE_OPTIONS` environment variable, put
/// in front of the command line's own options so that those win.
///
/// The config file is `$XDG_CONFIG_HOME/paginate/config.toml` (or
/// `~/.config/paginate/config.toml`), read as TOML (``ConfigFile``): each top-level key is a
/// long option of any subcommand, its value a string, a number, or `true`/`false` (for flags:
/// `double-sided = false` gives `--no-double-sided`).
///
///     page-size = "a5"
///     double-sided = true
///     footer = "|{page}|"
///
/// Each setting is checked by parsing it with the subcommand's own option definitions, so the
/// file takes exactly the options `--help` shows: a setting another subcommand takes (`color`
/// for export) is left out, one no subcommand takes or with a value its option refuses is an
/// error naming the file, the line and the key. `output` (and `help`, `version`) cannot be a
/// default: it would act on every run.
///
/// `PAGINATE_OPTIONS` holds options as on a command line: `PAGINATE_OPTIONS='--justify --wrap greedy'`.
enum ConfigDefaults {
  /// A problem in the config file or the variable.
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// The subcommands whose options defaults may set.
  static let commands: [(name: String, type: any ParsableCommand.Type)] = [
    ("print", PrintCommand.self), ("export", ExportCommand.self), ("browse", BrowseCommand.self),
  ]

  /// Options no default may set: they would act on every run, or are not options of a run.
  static let refused: Set<String> = ["output", "help", "version"]

  /// The most words `PAGINATE_OPTIONS` may hold: every option paginate has, with its value,
  /// several times over.
  static let maximumEnvironmentWords = 256

  /// The longest configuration file read: a file larger than this is a mistake (or
  /// `/dev/zero`), not a configuration.
  static let maximumConfigSize = 1 << 20

  /// The arguments to parse: defaults first (config file, then the variable), then `arguments`.
  /// `environment` gives a variable's value (the process's, one `getenv` each: building
  /// Foundation's dictionary of them all was a seventh of a start).
  static func expand(
    _ arguments: [String], environment: (String) -> String? = CurrentProcess.environment
  ) throws(Failure) -> [String] {
    let subcommands = ["print", "export", "browse", "adapters", "help"]
    let first = arguments.first ?? ""
    let command = subcommands.contains(first) ? first : "print"
    if ["-h", "--help", "--version", "help"].contains(first) || command == "adapters" || command == "help" {
      return arguments
    }
    var defaults: [String] = []
    if let path = configPath(environment), let text = try readFile(path) {
      defaults += try parseConfig(text, path: path, command: command)
    }
    if let variable = environment("PAGINATE_OPTIONS"), !variable.isEmpty {
      let words = try splitWords(variable)
      // swift-argument-parser's parse takes time with the square of the arguments (2,000
      // options: 26 s): more words than any set of options needs are refused, not parsed.
      guard words.count <= maximumEnvironmentWords else {
        throw Failure(
          description:
            "PAGINATE_OPTIONS: \(words.count) words; at most \(maximumEnvironmentWords) are read (options as on a command line)")
      }
      defaults += try checkedEnvironmentOptions(words, command: command)
    }
    guard !defaults.isEmpty else { return arguments }
    if subcommands.contains(first) {
      return [first] + defaults + arguments.dropFirst()
    }
    return defaults + arguments
  }

  static func configPath(_ environment: (String) -> String?) -> String? {
    if let xdg = environment("XDG_CONFIG_HOME"), !xdg.isEmpty { return xdg + "/paginate/config.toml" }
    if let home = environment("HOME"), !home.isEmpty { return home + "/.config/paginate/config.toml" }
    return nil
  }

  /// Turns the config file's settings into options for `command`.
  static func parseConfig(_ text: String, path: String, command: String) throws(Failure) -> [String] {
    let settings: [ConfigFile.Setting]
    do {
      settings = try ConfigFile.settings(fromTOML: text, path: path)
    } catch {
      throw Failure(description: error.description)
    }
    var result: [String] = []
    for setting in settings {
      let place = "\(path):\(setting.line)"
      guard !refused.contains(setting.key) else {
        throw Failure(description: "\(place): '\(setting.key)' cannot be a default: it would act on every run")
      }
      let arguments = Self.arguments(for: setting)
      if let problem = problem(with: arguments, command: command) {
        guard isUnknownOption(problem) else {
          throw Failure(description: "\(place): \(setting.key) = \(setting.value): \(problem)")
        }
        // Another subcommand's option (color for export): not a default of this one.
        let elsewhere = commands.contains { other in
          other.name != command && !isUnknownOption(Self.problem(with: arguments, command: other.name) ?? "")
        }
        if elsewhere { continue }
        if setting.value == .bool(false), Self.problem(with: ["--\(setting.key)"], command: command) == nil {
          throw Failure(description: "\(place): '\(setting.key)' can only be true (leave it out for false)")
        }
        throw Failure(description: "\(place): unknown option '\(setting.key)' (see paginate \(command) --help)")
      }
      result += arguments
    }
    return result
  }

  /// A setting as command-line arguments: a flag for `true` (`--no-` for `false`), else
  /// `--key=value` (one word, so that a value is never read as a file or another option; an
  /// empty string, which that form cannot carry, as two).
  static func arguments(for setting: ConfigFile.Setting) -> [String] {
    switch setting.value {
    case .bool(let on): [on ? "--\(setting.key)" : "--no-\(setting.key)"]
    case .string(""): ["--\(setting.key)", ""]
    default: ["--\(setting.key)=\(setting.value)"]
    }
  }

  /// What swift-argument-parser says of `arguments` as the options of `command` alone, or `nil`
  /// when they parse.
  static func problem(with arguments: [String], command: String) -> String? {
    guard let type = commands.first(where: { $0.name == command })?.type else { return nil }
    do {
      _ = try type.parse(arguments + requiredArguments(command))
      return nil
    } catch {
      return type.message(for: error)
    }
  }

  /// The arguments a parse of `command` needs besides the defaults: export's output.
  private static func requiredArguments(_ command: String) -> [String] {
    command == "export" ? ["--output", "-"] : []
  }

  private static func isUnknownOption(_ message: String) -> Bool {
    message.hasPrefix("Unknown option")
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
  ///
  /// A file that is there but cannot be read (its permissions, or its folder's) is one warning
  /// line, and its settings are not used.
  private static func readFile(_ path: String) throws(Failure) -> String? {
    func unreadable(_ error: Errno) -> String? {
      if error != .noSuchFile && error != .notADirectory {
        Diagnostics.warn("\(path): cannot read the configuration file (\(error)); its settings are not used")
      }
      return nil
    }
    let status: FileStatus
    do { status = try FileStatus(path: path) } catch { return unreadable(error) }
    guard status.kind == .regular else {
      throw Failure(description: "\(path): not a regular file; a configuration file is one")
    }
    let tooLarge = Failure(description: "\(path): larger than 1 MiB; is it the configuration file?")
    guard status.size <= maximumConfigSize else { throw tooLarge }
    // Non-blocking: should the path have become a FIFO since, opening it does not wait.
    let file: FileDescriptor
    do { file = try FileDescriptor.open(path, .readOnly, options: .nonBlocking) } catch { return unreadable(error) }
    defer { try? file.close() }
    let read: (bytes: [UInt8], isComplete: Bool)
    do {
      read = try file.readToEnd(limit: maximumConfigSize)
    } catch {
      throw Failure(description: "\(path): cannot read: \(error)")
    }
    guard read.isComplete else { throw tooLarge }
    return String(decoding: read.bytes, as: UTF8.self)
  }

  /// The words of `PAGINATE_OPTIONS` when they are all options (and their values) of
  /// `command`: a subcommand, a file name or `--output` there would act on every run.
  static func checkedEnvironmentOptions(_ words: [String], command: String) throws(Failure) -> [String] {
    for word in words where word == "-o" || word == "--output" || word.hasPrefix("--output=") {
      throw Failure(description: "PAGINATE_OPTIONS: '\(shortened(word))' cannot be a default: it would act on every run")
    }
    // One parse, with a file given after `--`: a word left over as a file (a subcommand, a
    // file name) shows among the files before it.
    let marker = "\u{1}paginate-options-end"
    guard let type = commands.first(where: { $0.name == command })?.type else { return words }
    let parsed: any ParsableCommand
    do {
      parsed = try type.parse(words + requiredArguments(command) + ["--", marker])
    } catch {
      throw Failure(description: "PAGINATE_OPTIONS: \(shortenedQuotes(type.message(for: error)))")
    }
    guard (parsed as? any TakesFiles)?.files == [marker] else {
      throw Failure(
        description:
          "PAGINATE_OPTIONS: '\(shortened(words.joined(separator: " ")))' holds more than options (no subcommand or file name there)"
      )
    }
    return words
  }
}

extension ConfigDefaults {
  /// The most characters of the user's text quoted in a message.
  static let quotedLimit = 80

  /// `text`, or its first ``quotedLimit`` - 1 characters and "…" when it is longer.
  static func shortened(_ text: some StringProtocol) -> String {
    text.count <= quotedLimit ? String(text) : String(text.prefix(quotedLimit - 1)) + "…"
  }

  /// `message` with each part in single quotes (the user's words, in swift-argument-parser's
  /// messages) shortened to ``quotedLimit`` characters.
  static func shortenedQuotes(_ message: String) -> String {
    let parts = message.split(separator: "'", omittingEmptySubsequences: false)
    guard parts.count >= 3 else { return message }
    return parts.enumerated().map { $0.offset % 2 == 1 && $0.offset < parts.count - 1 ? shortened($0.element) : String($0.element) }
      .joined(separator: "'")
  }
}

/// A subcommand that reads files.
protocol TakesFiles {
  var files: [String] { get }
}

extension PrintCommand: TakesFiles {}
extension ExportCommand: TakesFiles {}
extension BrowseCommand: TakesFiles {}
