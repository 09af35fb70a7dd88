import ArgumentParser
import PaginateAdapters
import PaginateLayout
import PaginateModel

/// `paginate adapters`: list the input formats, built-in and external.
struct AdaptersCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "adapters",
    abstract: "List the input adapters, built-in and external, and the file extensions each reads.",
    discussion: """
      The adapter for a file is chosen by --from NAME, else by the file's name (Makefile, \
      .bashrc) or extension, else by looking at its first bytes ('{' means JSON, \
      "pandoc-api-version" pandoc's JSON, Markdown's headings and links), else plain text: \
      read as lines (logs, code, configuration) unless it is mostly paragraphs of prose. \
      'paginate adapters FILE...' names the adapter each file is read with.

      An external adapter is a program named paginate-adapter-NAME in \
      ~/.config/paginate/adapters/ or on PATH (the first found wins). Asked with --describe, it \
      prints {"name": ..., "extensions": [...], "summary": ...}; given a file, it reads it on \
      standard input and writes a document in paginate's JSON form. A built-in adapter wins over \
      an external one of the same name or extension; --from external:NAME chooses the external one.

      What each program answers is kept in ~/.cache/paginate/adapters.json ($XDG_CACHE_HOME) \
      until the program file changes, so a file of an unknown extension does not start every \
      adapter on every run. This command asks every program afresh and updates that file.

      Programs read as lines are highlighted with GNU source-highlight's language definitions; \
      --languages lists the names --language takes.

      Examples:
        paginate adapters
        paginate adapters /var/log/dpkg.log README notes.txt
        paginate adapters --languages
        paginate --from csv data.txt
        pandoc -t json thesis.docx | paginate --from pandoc-json
      """
  )

  @Option(
    name: .customLong("adapter-timeout"),
    help: ArgumentHelp(InputOptions.adapterTimeoutHelp, valueName: "seconds"))
  var adapterTimeout: Double = ExternalAdapter.defaultTimeout

  @Argument(
    help: ArgumentHelp(
      "Files to name the input format of (the adapter each is read with, when no --from chooses), rather than list the adapters.",
      valueName: "file"),
    completion: .file())
  var files: [String] = []

  @Flag(help: "List the languages --language takes (and the extensions highlighted), rather than the adapters.")
  var languages = false

  func validate() throws {
    try InputOptions.validateAdapterTimeout(adapterTimeout)
  }

  mutating func run() throws {
    if languages {
      if let reason = SyntaxHighlighting.unavailableReason { Diagnostics.fail(reason) }
      var writer = OutputWriter()
      writer.write(SyntaxHighlighting.languages.joined(separator: "\n") + "\n")
      writer.flush()
      return
    }
    guard files.isEmpty else { return try nameFormats() }
    let builtIn = AdapterRegistry.builtIn.adapters
    var rows = builtIn.map { adapter in
      Row(name: adapter.name, extensions: Self.extensions(adapter.fileExtensions), location: nil, summary: adapter.summary)
    }
    let builtInNames = Set(builtIn.map(\.name))
    // Every program is asked afresh here, and the answers refresh the cache the other commands read.
    let cache = InputOptions.adapterCache
    for (found, described) in InputOptions.discovery.describeAll(
      timeout: adapterTimeout, cache: cache, refresh: true, warn: Diagnostics.warn) {
      let location = VisibleControls.escape(found.path)
      switch described {
      case .success(let adapter):
        let shadowed = builtInNames.contains(adapter.name) ? " (a built-in has this name: use --from external:\(adapter.name))" : ""
        rows.append(
          Row(
            name: adapter.name, extensions: Self.extensions(adapter.fileExtensions), location: location,
            summary: adapter.summary + shadowed))
      case .failure(let error):
        rows.append(Row(name: found.name, extensions: "", location: location, summary: "not usable: \(error.message)"))
      }
    }
    // Columns are aligned in terminal cells: an extension may be written in any script.
    let nameWidth = max(4, rows.map { DisplayWidth.of($0.name) }.max() ?? 0)
    let extensionWidth = max(10, rows.map { DisplayWidth.of($0.extensions) }.max() ?? 0)
    func pad(_ text: String, _ width: Int) -> String {
      text + String(repeating: " ", count: max(width - DisplayWidth.of(text), 0))
    }
    var output = OutputWriter()
    output.write(pad("NAME", nameWidth) + "  " + pad("EXTENSIONS", extensionWidth) + "  DESCRIPTION\n")
    for row in rows {
      output.write(pad(row.name, nameWidth) + "  " + pad(row.extensions, extensionWidth) + "  " + row.summary + "\n")
      if let location = row.location {
        output.write(pad("", nameWidth) + "  " + pad("", extensionWidth) + "  found at " + location + "\n")
      }
    }
    output.flush()
  }

  /// Prints `FILE: NAME` for each file: the adapter that reads it when nothing is named.
  private func nameFormats() throws {
    var registry = AdapterRegistry.builtIn
    for (_, described) in InputOptions.discovery.describeAll(
      timeout: adapterTimeout, cache: InputOptions.adapterCache, warn: Diagnostics.warn) {
      if case .success(let adapter) = described { registry.add(external: adapter) }
    }
    var output = OutputWriter()
    var failed = false
    for path in files {
      do {
        let adapter = try registry.adapter(forFile: path)
        output.write(VisibleControls.escape(path) + ": " + adapter.name + "\n")
      } catch {
        output.flush()
        Diagnostics.error(error.description)
        failed = true
      }
    }
    output.flush()
    if failed { throw ExitCode.failure }
  }

  private struct Row {
    var name: String
    var extensions: String
    /// Where an external adapter was found; `nil` for a built-in one.
    var location: String?
    var summary: String
  }

  /// The extensions, as many as fit in ``extensionsWidth`` cells, then how many more.
  private static func extensions(_ list: [String]) -> String {
    var shown = ""
    for (index, name) in list.enumerated() {
      let next = (shown.isEmpty ? "" : shown + " ") + "." + name
      let more = index + 1 < list.count ? " +\(list.count - index - 1)" : ""
      if DisplayWidth.of(next + more) > extensionsWidth && !shown.isEmpty {
        return shown + " +\(list.count - index)"
      }
      shown = next
    }
    return shown
  }

  /// The widest list of extensions in the table: a long one ends with how many it leaves out.
  static let extensionsWidth = 30
}
