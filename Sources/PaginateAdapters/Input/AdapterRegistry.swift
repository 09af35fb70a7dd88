public import PaginateModel

/// The input adapters paginate knows, and the rules that choose one for an input.
///
/// Choosing, in order: an explicit name (`--from NAME`), else the file's name
/// (``InputAdapter/fileNames``), else its extension (the lines adapter's last: an external
/// adapter for `.xml` or `.diff` is chosen over it), else the first adapter whose
/// ``InputAdapter/sniff(_:)`` accepts the start of the input (text an app holds in memory is
/// Markdown on one sign of it: ``AdapterInput/isInMemory``), else plain text. Plain text is
/// read as prose or as lines: text that its extension (`.txt`) or nothing chose is read by
/// the lines adapter (``linesName``) when that adapter's sniff says it is made of lines. An
/// input with a NUL byte in its first 8 KiB is taken for binary and refused, unless the
/// adapter was named explicitly or its extension chose an adapter that reads binary formats
/// (``InputAdapter/readsBinaryInput``).
///
///     let registry = AdapterRegistry.builtIn
///     let loaded = try registry.load(AdapterInput(bytes: bytes, name: "notes.md"))
///     print(loaded.adapter.name)   // "markdown"
public struct AdapterRegistry: Sendable {
  /// The adapters in the order they are listed and sniffed.
  public private(set) var adapters: [any InputAdapter]

  /// The name of the adapter used when nothing else chooses one.
  public var fallbackName = "text"

  /// The name of the adapter that reads plain text kept line by line, chosen over the
  /// fallback when its sniff accepts the text.
  public var linesName = "lines"

  /// How many leading bytes sniffing and the binary check look at.
  public static let sniffLength = 8192

  /// Creates a registry with the given adapters.
  public init(_ adapters: [any InputAdapter]) {
    self.adapters = adapters
  }

  /// Markdown, plain text, paginate's JSON form, pandoc's JSON (sniffed before the JSON
  /// form, since both start with `{`) and text kept line by line (sniffed last: most text
  /// that is not prose is).
  public static var builtIn: AdapterRegistry {
    AdapterRegistry([MarkdownAdapter(), PlainTextAdapter(), PandocJSONAdapter(), JSONAdapter(), LinesAdapter()])
  }

  /// Adds an adapter, replacing any adapter of the same name.
  public mutating func register(_ adapter: any InputAdapter) {
    if let index = adapters.firstIndex(where: { $0.name == adapter.name }) {
      adapters[index] = adapter
    } else {
      adapters.append(adapter)
    }
  }

  /// Adds an external adapter after the others, so that a built-in adapter of the same name or
  /// file extension still wins (`external:NAME` chooses it by name). An external adapter of a
  /// name already added is ignored: the first one found wins.
  public mutating func add(external adapter: ExternalAdapter) {
    guard !adapters.contains(where: { ($0 as? ExternalAdapter)?.name == adapter.name }) else { return }
    adapters.append(adapter)
  }

  /// The prefix that names an external adapter even where a built-in one has the same name.
  public static let externalPrefix = "external:"

  /// The adapter with this name (case-insensitive), if any. `md` and `txt` work too, as aliases
  /// through the file extensions; `external:NAME` names only an external adapter.
  public func adapter(named name: String) -> (any InputAdapter)? {
    if let external = Self.externalName(name) {
      return adapters.first { $0 is ExternalAdapter && $0.name == external }
    }
    let wanted = name.lowercased()
    return adapters.first { $0.name == wanted } ?? adapters.first { $0.fileExtensions.contains(wanted) }
  }

  /// `NAME`, in lowercase, when `name` is `external:NAME`; otherwise `nil`.
  public static func externalName(_ name: String) -> String? {
    let lowered = name.lowercased()
    guard lowered.hasPrefix(externalPrefix) else { return nil }
    return String(lowered.dropFirst(externalPrefix.count))
  }

  /// Chooses the adapter for an input.
  ///
  /// - Parameters:
  ///   - input: The input.
  ///   - name: The adapter the user asked for (`--from`), if any.
  /// - Throws: ``InputError`` when `name` is unknown, or when the input looks binary and no
  ///   adapter was named.
  public func adapter(for input: AdapterInput, named name: String? = nil) throws(InputError) -> any InputAdapter {
    if let name {
      guard let adapter = adapter(named: name) else {
        let known = adapters.map(\.name).joined(separator: ", ")
        throw InputError(input: input.name, message: "unknown input format '\(name)'; expected one of \(known)")
      }
      return adapter
    }
    let head = input.bytes.prefix(Self.sniffLength)
    let fileExtension = input.fileExtension
    let fileName = AdapterInput.fileName(of: input.name)
    // The lines adapter's many extensions are a default: any other adapter's, an external
    // one's included, come first.
    let byExtension =
      adapters.first { $0.fileNames.contains(fileName) }
      ?? (fileExtension.isEmpty
        ? nil
        : adapters.first { $0.name != linesName && $0.fileExtensions.contains(fileExtension) }
          ?? adapters.first { $0.fileExtensions.contains(fileExtension) })
    if let byExtension, byExtension.readsBinaryInput { return byExtension }
    if head.contains(0) {
      throw InputError(
        input: input.name,
        message: "looks like a binary file (NUL bytes in the first 8 KB); use '--from text' to read it anyway")
    }
    if let byExtension {
      // `.txt` says plain text, not which reading of it.
      if byExtension.name == fallbackName, let lines = adapter(named: linesName), lines.sniff(head) { return lines }
      return byExtension
    }
    // Text from an app's memory: one sign of Markdown is enough.
    if input.isInMemory, let markdown = adapters.first(where: { $0 is MarkdownAdapter }),
      MarkdownSniffer.hasMarkdownSign(head)
    {
      return markdown
    }
    if let adapter = adapters.first(where: { $0.sniff(head) }) {
      return adapter
    }
    guard let fallback = adapter(named: fallbackName) ?? adapters.first else {
      throw InputError(input: input.name, message: "no input adapters are registered")
    }
    return fallback
  }

  /// Chooses an adapter and reads the document.
  ///
  /// - Returns: The document, the adapter that read it, and warnings for the user (invalid
  ///   UTF-8 replaced, reported once per input).
  /// - Throws: ``InputError`` from choosing or from the adapter.
  public func load(_ input: AdapterInput, named name: String? = nil) throws(InputError) -> LoadedDocument {
    try load(input, using: try adapter(for: input, named: name))
  }

  /// Reads the document with an adapter already chosen (see ``adapter(for:named:)``).
  public func load(_ input: AdapterInput, using adapter: any InputAdapter) throws(InputError) -> LoadedDocument {
    var warnings: [String] = []
    if adapter.name != "json" && !adapter.readsBinaryInput {
      let invalid = input.invalidUTF8Count
      if invalid > 0 {
        warnings.append(
          "\(input.name): replaced \(invalid) invalid UTF-8 sequence\(invalid == 1 ? "" : "s") with U+FFFD")
      }
    }
    // Paragraphs past a bound are split, so that the layout's memory is bounded too.
    var document = try adapter.document(from: input).splittingLongParagraphs()
    if !adapter.guaranteesVisibleText { document = document.withVisibleControls() }
    return LoadedDocument(document: document, adapter: adapter, warnings: warnings)
  }
}

/// A document as read by ``AdapterRegistry/load(_:named:)``.
public struct LoadedDocument: Sendable {
  /// The document, with control characters made visible.
  public var document: Document
  /// The adapter that read it.
  public var adapter: any InputAdapter
  /// Things the user should know, one line each (printed on stderr by the CLI).
  public var warnings: [String]

  /// Creates a loaded document (for tests and previews; ``AdapterRegistry/load(_:named:)``
  /// makes real ones).
  public init(document: Document, adapter: any InputAdapter, warnings: [String] = []) {
    self.document = document
    self.adapter = adapter
    self.warnings = warnings
  }
}
