import ArgumentParser
import PaginateAdapters

/// Options that choose and configure the input adapter.
struct InputOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "The input format: markdown, text or json (default: from the file extension, else sniffed).",
      valueName: "name"))
  var from: String?

  @Flag(inversion: .prefixedNo, help: "Typographic punctuation in Markdown: curly quotes, dashes, ellipses.")
  var smart = false

  /// The built-in adapters, configured by these options.
  var registry: AdapterRegistry {
    var registry = AdapterRegistry.builtIn
    registry.register(MarkdownAdapter(smartPunctuation: smart))
    return registry
  }

  func validate() throws {
    if let from, AdapterRegistry.builtIn.adapter(named: from) == nil {
      let names = AdapterRegistry.builtIn.adapters.map(\.name).joined(separator: ", ")
      throw ValidationError("Unknown input format '\(from)'; expected one of \(names).")
    }
  }
}
