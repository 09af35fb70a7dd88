#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif
public import PaginateModel

/// The name of an input format: a built-in adapter's (``markdown``, ``text``, ``lines``,
/// ``json``, ``pandocJSON``) or any other registered in an ``AdapterRegistry``, as `--from`
/// takes it.
public struct DocumentFormat: Sendable, Hashable, ExpressibleByStringLiteral, CustomStringConvertible {
  /// The adapter's name (or one of its file extensions: `md`, `txt`).
  public var name: String

  /// A format by its adapter's name.
  public init(_ name: String) {
    self.name = name
  }

  public init(stringLiteral name: String) {
    self.name = name
  }

  public var description: String { name }

  /// CommonMark through libcmark, with pipe tables (``MarkdownAdapter``).
  public static let markdown = DocumentFormat("markdown")
  /// Plain text: paragraphs reflowed, indented lines kept (``PlainTextAdapter``).
  public static let text = DocumentFormat("text")
  /// Text kept line by line: logs, source code, configuration (``LinesAdapter``).
  public static let lines = DocumentFormat("lines")
  /// paginate's document JSON form, version 1 (``JSONAdapter``).
  public static let json = DocumentFormat("json")
  /// pandoc's JSON syntax tree (``PandocJSONAdapter``).
  public static let pandocJSON = DocumentFormat("pandoc-json")
  /// The format the registry finds: by the name's extension, else by the first bytes (text
  /// from memory is Markdown on one sign of it; see ``AdapterInput/isInMemory``), else plain
  /// text.
  public static let automatic = DocumentFormat("automatic")

  /// The adapter name to ask the registry for; `nil` for ``automatic``.
  var adapterName: String? { self == .automatic ? nil : name }
}

extension Document {
  /// Reads Markdown (CommonMark, with pipe tables and `<!-- pagebreak -->`).
  ///
  ///     let document = Document(markdown: "# Notes\n\nFirst paragraph.")
  ///     document.title   // "Notes"
  ///
  /// Markdown has no syntax errors: this never fails. Control characters are made visible.
  public init(markdown: String, smartPunctuation: Bool = false) {
    let registry = AdapterRegistry([MarkdownAdapter(smartPunctuation: smartPunctuation)])
    // Markdown has no syntax errors: loading it never throws.
    let input = AdapterInput(text: markdown, name: "<markdown>")
    self = (try? registry.load(input, named: "markdown").document) ?? Document(blocks: [])
  }

  /// Reads plain text: blank lines separate paragraphs, which are reflowed; indented lines are
  /// kept as they are; a form feed breaks the page. Never fails.
  public init(text: String) {
    // Plain text has no syntax errors: loading it never throws.
    let input = AdapterInput(text: text, name: "<text>")
    self = (try? AdapterRegistry([PlainTextAdapter()]).load(input, named: "text").document) ?? Document(blocks: [])
  }

  /// Reads text line by line, as `pr` and `less` show it (a log, a program, a configuration
  /// file): every line a line of the page, wrapped with `↪` when wider. Never fails.
  ///
  ///     let document = Document(lines: "2026-11-29 14:36 start\n2026-11-29 14:37 stop\n")
  ///     document.blocks.count   // 1: a block of two lines
  public init(lines: String) {
    let input = AdapterInput(text: lines, name: "<lines>")
    self = (try? AdapterRegistry([LinesAdapter()]).load(input, named: "lines").document) ?? Document(blocks: [])
  }

  /// Reads paginate's document JSON form (version 1).
  ///
  /// - Throws: ``InputError`` naming the JSON path and what was expected.
  public init(json: String) throws(InputError) {
    try self.init(bytes: Array(json.utf8), format: .json, name: "<json>")
  }

  /// Reads text whose format the app does not know, as the registry finds it: Markdown on one
  /// sign of it (a heading, an emphasis pair, a link, a list item, a fence), a log or a
  /// program as lines, else plain text. An explicit `format` overrides.
  ///
  ///     let document = try Document(string: "Intro with *emphasis*.\n\n## Part")
  ///     document.blocks.count   // 2: a paragraph and a heading
  ///
  /// - Throws: ``InputError`` for an unknown format or an input the adapter refuses (JSON
  ///   that does not parse); text read as Markdown, plain text or lines never fails.
  public init(string: String, format: DocumentFormat = .automatic, registry: AdapterRegistry = .builtIn)
    throws(InputError)
  {
    self = try registry.load(AdapterInput(text: string, name: "<text>"), named: format.adapterName).document
  }

  /// Reads `bytes` in `format` (any adapter in `registry`, external ones included); with
  /// ``DocumentFormat/automatic``, in the format `name`'s extension or the first bytes name.
  ///
  /// - Throws: ``InputError`` for an unknown format or an input the adapter refuses.
  public init(
    bytes: [UInt8], format: DocumentFormat = .automatic, name: String = "<memory>", registry: AdapterRegistry = .builtIn
  ) throws(InputError) {
    self = try registry.load(AdapterInput(bytes: bytes, name: name), named: format.adapterName).document
  }

  /// Reads `data` in `format`; see ``init(bytes:format:name:registry:)``.
  public init(
    data: Data, format: DocumentFormat = .automatic, name: String = "<memory>", registry: AdapterRegistry = .builtIn
  ) throws(InputError) {
    try self.init(bytes: Array(data), format: format, name: name, registry: registry)
  }

  /// Reads the file at `url` (a file URL) whole, in `format`, or, when `nil` or
  /// ``DocumentFormat/automatic``, in the format its extension or its first bytes name (plain
  /// text when nothing does).
  ///
  /// - Throws: ``InputError`` when the file cannot be read (`no such file`, `permission
  ///   denied`), looks binary, or is refused by its adapter.
  public init(contentsOf url: URL, format: DocumentFormat? = nil, registry: AdapterRegistry = .builtIn)
    throws(InputError)
  {
    self = try registry.load(contentsOfFile: url.path, format: format?.adapterName).document
  }
}

extension DocumentReader {
  /// Markdown held in memory, converted a block at a time as the layout asks for pages: the
  /// first page of a long text comes before the rest is converted. Its source lines are
  /// counted, so how far through a reader is can be told before the end is laid out.
  public init(markdown: String, smartPunctuation: Bool = false) {
    self.init(
      streaming: MarkdownAdapter(smartPunctuation: smartPunctuation), bytes: Array(markdown.utf8), name: "<markdown>")
  }

  /// Plain text held in memory, read a chunk at a time as the layout asks for pages.
  public init(text: String) {
    self.init(streaming: PlainTextAdapter(), bytes: Array(text.utf8), name: "<text>")
  }
}
