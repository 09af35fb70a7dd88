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
      The adapter for a file is chosen by --from NAME, else by the file's extension, else by \
      looking at its first bytes ('{' means JSON, "pandoc-api-version" pandoc's JSON), else \
      plain text.

      An external adapter is a program named paginate-adapter-NAME in \
      ~/.config/paginate/adapters/ or on PATH (the first found wins). Asked with --describe, it \
      prints {"name": ..., "extensions": [...], "summary": ...}; given a file, it reads it on \
      standard input and writes a document in paginate's JSON form. A built-in adapter wins over \
      an external one of the same name or extension; --from external:NAME chooses the external one.

      What each program answers is kept in ~/.cache/paginate/adapters.json ($XDG_CACHE_HOME) \
      until the program file changes, so a file of an unknown extension does not start every \
      adapter on every run. This command asks every program afresh and updates that file.

      Examples:
        paginate adapters
        paginate --from csv data.txt
        pandoc -t json thesis.docx | paginate --from pandoc-json
      """
  )

  @Option(
    name: .customLong("adapter-timeout"),
    help: ArgumentHelp(InputOptions.adapterTimeoutHelp, valueName: "seconds"))
  var adapterTimeout: Double = ExternalAdapter.defaultTimeout

  func validate() throws {
    try InputOptions.validateAdapterTimeout(adapterTimeout)
  }

  mutating func run() throws {
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

  private struct Row {
    var name: String
    var extensions: String
    /// Where an external adapter was found; `nil` for a built-in one.
    var location: String?
    var summary: String
  }

  private static func extensions(_ list: [String]) -> String {
    list.map { "." + $0 }.joined(separator: " ")
  }
}
