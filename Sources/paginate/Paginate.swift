import ArgumentParser
import PaginateModel
#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
import PaginateSystem

/// The `paginate` command: prints pages by default; `adapters` lists the input formats.
@main
struct Paginate: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "paginate",
    abstract: "Turn documents into fixed-size pages of character cells.",
    discussion: """
      Reads Markdown, plain text (prose, reflowed; or logs, code and configuration, kept line \
      by line), paginate's JSON document form, pandoc's JSON (pandoc -t json) or any format an \
      external adapter (a program named paginate-adapter-NAME) reads, and prints it as pages: \
      each page exactly as many lines as the page is tall, pages separated by form feeds. \
      'paginate adapters' lists the formats.
      """,
    version: PaginateVersion.current,
    subcommands: [PrintCommand.self, ExportCommand.self, BrowseCommand.self, AdaptersCommand.self],
    defaultSubcommand: PrintCommand.self
  )
}

extension Paginate {
  /// Parses the command line with the defaults from the config file and `PAGINATE_OPTIONS`
  /// in front, then runs the command.
  static func main() {
    Signals.unblockTermination()
    tuneAllocator()
    var arguments = Array(CommandLine.arguments.dropFirst())
    if arguments.count == 2, arguments[0] == "--generate-completion-script",
      let script = CompletionScripts.script(for: arguments[1])
    {
      print(script)
      return
    }
    // `paginate -b FILE` is `paginate browse FILE`: as the first argument only, so that `-b`
    // as an option's value (`--header -b`) or a file name after `--` stays what it is.
    if let first = arguments.first, first == "-b" || first == "--browse" {
      arguments[0] = "browse"
    }
    let expanded: [String]
    do {
      expanded = try ConfigDefaults.expand(arguments)
    } catch {
      Diagnostics.fail(error.description, status: 64)
    }
    if expanded == ["--version"] {
      print(PaginateVersion.current)
      return
    }
    do {
      var command = try parseDirectly(expanded) ?? parseAsRoot(expanded)
      try command.run()
    } catch {
      exitShowingSafely(error, arguments: arguments)
    }
  }

  /// A hint for an option of `export` given to print (`paginate f.md -o f.pdf`): where it
  /// belongs, as a command to copy.
  static func exportHint(for message: String, arguments: [String]) -> String? {
    let exportOnly = ["-o", "--output", "--format", "--paper", "--imposition", "--author"]
    guard arguments.first != "export",
      let option = exportOnly.first(where: { message.hasPrefix("Error: Unknown option '\($0)'") })
    else { return nil }
    let rest = arguments.first.map { ["print", "browse"].contains($0) } == true ? Array(arguments.dropFirst()) : arguments
    let quoted = rest.map { $0.contains(where: { " '\"$`\\".contains($0) }) ? "'" + $0.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'" : $0 }
    return "Hint: \(option) is an option of 'paginate export': paginate export \(quoted.joined(separator: " "))"
  }

  /// The command the arguments give, parsed by its subcommand alone, or `nil` to parse them
  /// from the root.
  ///
  /// The usual run names a subcommand, or none (print), and asks for no help. Parsing from
  /// the root costs more reflections over the print command's forty options (the root's default
  /// subcommand is looked at for arguments it might pass through), about a tenth of the
  /// start-up (Benchmarks/README.md, "Optimisation history"). Help, the version and the completion scripts go through the root,
  /// which knows every command, and so does a mistake: the root's message names the command
  /// in full (`paginate print`).
  static func parseDirectly(_ arguments: [String]) -> (any ParsableCommand)? {
    guard !arguments.contains(where: rootOnly.contains), arguments.first != "help" else { return nil }
    let subcommand = configuration.subcommands.first { $0.configuration.commandName == arguments.first }
    // `adapters`, `help`: the root's.
    guard subcommand == nil || direct.contains(where: { $0 == subcommand }) else { return nil }
    let command = subcommand ?? PrintCommand.self
    return try? command.parseAsRoot(subcommand == nil ? arguments : Array(arguments.dropFirst()))
  }

  /// The subcommands parsed on their own when no help is asked for (see ``main()``).
  static let direct: [any ParsableCommand.Type] = [PrintCommand.self, ExportCommand.self, BrowseCommand.self]

  /// Arguments only the root command answers: help, the version and the completion scripts.
  static let rootOnly: Set<String> = [
    "-h", "--help", "--help-hidden", "--version", "--experimental-dump-help", "--generate-completion-script",
  ]

  /// Ends the program as swift-argument-parser would for `error` (help and version on
  /// standard output, anything else on standard error with its exit code), except that the
  /// message's control characters are made visible: an argument echoed back (a file name
  /// holding `ESC ] 0 ;`, say) never reaches the terminal raw.
  static func exitShowingSafely(_ error: any Error, arguments: [String] = []) -> Never {
    let code = exitCode(for: error)
    if code != .success { TemporaryFile.discard() }  // nothing half-written stays behind
    var message = fullMessage(for: error)
    if code != .success, let hint = exportHint(for: message, arguments: arguments) { message += "\n" + hint }
    if code == .success {
      if !message.isEmpty { print(message) }
      CurrentProcess.exit(0)
    }
    if !message.isEmpty { Diagnostics.raw(VisibleControls.escape(message, keepingTabsAndNewlines: true) + "\n") }
    CurrentProcess.exit(code.rawValue)
  }
}

extension Paginate {
  /// Turns off glibc's fast bins. Markdown is converted on one thread and laid out on
  /// another, so most small blocks are freed by a thread other than the one that made them;
  /// with fast bins, every later allocation of 1 KiB or more on the converter's thread would
  /// first merge all of them (`malloc_consolidate`). Without them a free goes to the thread's
  /// cache or is merged at once.
  ///
  /// It also pads each extension of the heap to 64 MiB of address space (pages are only made
  /// resident when used). A thread's arena otherwise grows a page or so at a time, one
  /// `mprotect` call each, and Markdown's blocks are built on the converter's thread. Setting
  /// it also fixes glibc's mmap threshold at 128 KiB (not raised as large blocks are freed),
  /// so larger blocks are mapped and unmapped each time; plain text, whose read buffers are
  /// that size, is no slower for it. The price: glibc also keeps up to 64 MiB of freed memory
  /// at the top of each arena instead of returning it, which a long pager session over a big
  /// Markdown file holds on to.
  static func tuneAllocator() {
    SystemMemory.tuneAllocator(fastBins: false, topPad: 64 << 20)
  }
}

/// The version printed by `paginate --version`.
enum PaginateVersion {
  static let current = "0.1.0"
}
