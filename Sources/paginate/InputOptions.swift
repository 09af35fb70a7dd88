import ArgumentParser
#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
import PaginateAdapters

/// Options that choose and configure the input adapter.
struct InputOptions: ParsableArguments {
  @Option(
    name: .customLong("from"),
    help: ArgumentHelp(
      """
      The input format: markdown, text (prose, reflowed), lines (kept line by line), json, \
      pandoc-json, or an external adapter's name (external:NAME when a built-in has the same \
      name). Default: from the file's name or extension, else sniffed.
      """,
      valueName: "name"))
  var fromOption: String?

  @Flag(
    name: [.customShort("L"), .customLong("keep-lines")],
    help: "Read text line by line, as pr and less show it (logs, code, configuration): the same as --from lines.")
  var keepLines = false

  @Flag(
    name: [.customShort("R"), .customLong("ansi")],
    help: """
      Colours and emphasis a program wrote for a terminal (ls --color=always, git log --color) \
      become styles, as less -R shows them; without it they are shown as ^[[31m. Text read as lines.
      """)
  var ansi = false

  @Option(
    help: ArgumentHelp(
      """
      Syntax highlighting of programs read as lines: auto (the language from the file's name or \
      its #! line, when the output shows styles: a terminal, HTML, PDF, JSON; not past 8 MiB, \
      as source-highlight takes about 11 s for that) or none. --language highlights any size.
      """,
      valueName: "mode"))
  var highlight: HighlightMode = .auto

  @Option(
    help: ArgumentHelp(
      "The language to highlight in, whatever the file's name: c, cpp, java, python, sh, perl, ruby, go, javascript, … (GNU source-highlight's).",
      valueName: "language"))
  var language: String?

  /// Whether programs are highlighted.
  enum HighlightMode: String, ExpressibleByArgument, CaseIterable {
    case auto, none
  }

  /// The input format asked for: `--from`, or `lines` for `--keep-lines`.
  var from: String? { keepLines ? "lines" : fromOption }

  @Flag(inversion: .prefixedNo, help: "Typographic punctuation in Markdown: curly quotes, dashes, ellipses.")
  var smart = false

  @Option(
    help: ArgumentHelp(
      "Raw HTML in Markdown and pandoc JSON: render (as the document's own text, links, tables), strip (text only) or show (the source). Comments never show.",
      valueName: "mode"))
  var html: HTMLHandling = .render

  @Option(
    name: .customLong("adapter-timeout"),
    help: ArgumentHelp(Self.adapterTimeoutHelp, valueName: "seconds"))
  var adapterTimeout: Double = ExternalAdapter.defaultTimeout

  /// The help of `--adapter-timeout`, here and in `paginate adapters`.
  static let adapterTimeoutHelp = "Seconds an external adapter may run (or take to describe itself) before it is stopped."

  /// The built-in adapters, configured by these options; programs read as lines are
  /// highlighted when the output `showsStyles`.
  func builtIn(showsStyles: Bool = false) -> AdapterRegistry {
    var registry = AdapterRegistry.builtIn
    registry.register(MarkdownAdapter(smartPunctuation: smart, html: html))
    registry.register(PandocJSONAdapter(html: html))
    registry.register(JSONAdapter(html: html))
    // The highlighter's library is opened only when text read as lines asks for it (a
    // Markdown file on a terminal never loads it).
    let highlighting: LinesAdapter.Highlighting =
      if highlight == .none || !showsStyles {
        .off
      } else if let language {
        .language(language)
      } else {
        .automatic
      }
    registry.register(LinesAdapter(readsColours: ansi, highlighting: highlighting))
    return registry
  }

  /// Where external adapters are looked for.
  static var discovery: ExternalAdapterDiscovery {
    ExternalAdapterDiscovery(environment: ProcessInfo.processInfo.environment)
  }

  /// Where what external adapters said to `--describe` is kept between runs.
  static var adapterCache: ExternalAdapterCache? {
    ExternalAdapterCache(environment: ProcessInfo.processInfo.environment)
  }

  /// The adapters for reading `paths`: the built-ins, and the external adapters when `--from`
  /// names one or a file's extension is not a built-in's (asking programs to describe
  /// themselves costs a process start each, so it is done only then).
  ///
  /// - Throws: ``InputError`` when the external adapter named by `--from` cannot describe
  ///   itself. Others that cannot are left out with a warning.
  func registry(for paths: [String], showsStyles: Bool = false) throws(InputError) -> AdapterRegistry {
    var registry = builtIn(showsStyles: showsStyles)
    if let from, registry.adapter(named: from) == nil {
      let name = Self.programName(from)
      guard let found = Self.discovery.find(name) else { return registry }  // validate() reported it
      registry.add(external: try ExternalAdapter.describe(name: found.name, path: found.path, timeout: adapterTimeout))
      return registry
    }
    guard from == nil else { return registry }
    let extensions = paths.map(AdapterInput.fileExtension(of:)).filter { !$0.isEmpty }
    // The lines adapter's extensions are a default an external adapter may take over: theirs
    // are asked for (once: the answers are cached).
    let known = Set(registry.adapters.filter { $0.name != registry.linesName }.flatMap(\.fileExtensions))
    guard extensions.contains(where: { !known.contains($0) }) else { return registry }
    for (_, described) in Self.discovery.describeAll(
      timeout: adapterTimeout, cache: Self.adapterCache, warn: Diagnostics.warn) {
      switch described {
      case .success(let adapter): registry.add(external: adapter)
      case .failure(let error): Diagnostics.warn("skipping \(error.description)")
      }
    }
    return registry
  }

  /// The adapter program's name for `--from external:NAME` or `--from NAME`, in lowercase.
  static func programName(_ from: String) -> String {
    AdapterRegistry.externalName(from) ?? from.lowercased()
  }

  /// Refuses a time limit that is not a positive number of seconds.
  static func validateAdapterTimeout(_ seconds: Double) throws {
    guard seconds > 0, seconds.isFinite else {
      throw ValidationError("--adapter-timeout must be a number of seconds above 0; got \(seconds).")
    }
  }

  func validate() throws {
    try Self.validateAdapterTimeout(adapterTimeout)
    if let language, highlight != .none {
      if let reason = SyntaxHighlighting.unavailableReason {
        throw ValidationError("--language \(language): \(reason).")
      }
      guard SyntaxHighlighting.knows(language: language) else {
        throw ValidationError(
          "Unknown language '\(language)' for --language; for example c, cpp, java, python, sh, perl, ruby, go (all: paginate adapters --languages).")
      }
    }
    if keepLines, let fromOption, fromOption.lowercased() != "lines" {
      throw ValidationError("--keep-lines reads the input as lines; it cannot be combined with --from \(fromOption).")
    }
    guard let from else { return }
    let isExternal = AdapterRegistry.externalName(from) != nil
    if !isExternal && builtIn().adapter(named: from) != nil { return }
    if Self.discovery.find(Self.programName(from)) != nil { return }
    let names = builtIn().adapters.map(\.name) + Self.discovery.all().map(\.name)
    let what = isExternal ? "No external adapter '\(Self.programName(from))'" : "Unknown input format '\(from)'"
    throw ValidationError(
      "\(what); expected one of \(names.joined(separator: ", ")) (external adapters are programs named paginate-adapter-NAME on PATH or in ~/.config/paginate/adapters)."
    )
  }
}
