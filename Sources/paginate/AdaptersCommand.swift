import ArgumentParser
import PaginateAdapters

/// `paginate adapters`: list the input formats.
struct AdaptersCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "adapters",
    abstract: "List the input adapters and the file extensions each reads.",
    discussion: """
      The adapter for a file is chosen by --from NAME, else by the file's extension, else by \
      looking at its first bytes ('{' means JSON), else plain text.

      Example:
        paginate adapters
      """
  )

  mutating func run() throws {
    let adapters = AdapterRegistry.builtIn.adapters
    let rows = adapters.map { adapter in
      (adapter.name, adapter.fileExtensions.map { "." + $0 }.joined(separator: " "), adapter.summary)
    }
    let nameWidth = max(4, rows.map(\.0.count).max() ?? 0)
    let extensionWidth = max(10, rows.map(\.1.count).max() ?? 0)
    func pad(_ text: String, _ width: Int) -> String { text + String(repeating: " ", count: width - text.count) }
    var output = OutputWriter(fileDescriptor: 1)
    output.write(pad("NAME", nameWidth) + "  " + pad("EXTENSIONS", extensionWidth) + "  DESCRIPTION\n")
    for row in rows {
      output.write(pad(row.0, nameWidth) + "  " + pad(row.1, extensionWidth) + "  " + row.2 + "\n")
    }
    output.flush()
  }
}
