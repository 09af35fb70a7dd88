public import PaginateModel

/// Reads pandoc's JSON syntax tree (`pandoc -t json`), so that every format pandoc reads
/// (docx, reStructuredText, LaTeX, HTML, EPUB, Org, …) can be paginated:
///
/// ```sh
/// pandoc -t json thesis.docx | paginate --from pandoc-json
/// ```
///
/// Every pandoc block and inline with a counterpart in the model is mapped to it: notes become
/// footnotes on the page that cites them, definition lists stay definition lists, tables keep
/// their alignment (spanning cells are spread over empty ones). Constructs without one keep
/// their words: a `Div` or `Span` gives its content, math and raw LaTeX are shown verbatim,
/// and an element this version does not know gives the text of every string inside it.
/// The metadata's title, subtitle, authors and date open the document.
///
/// Chosen by `--from pandoc-json`, or by sniffing: a JSON input whose first 8 KiB name
/// `"pandoc-api-version"` (also when it is named `*.json`).
public struct PandocJSONAdapter: InputAdapter {
  public let name = "pandoc-json"
  public let fileExtensions: [String] = []
  public let summary = "pandoc's JSON syntax tree (pandoc -t json): docx, rst, LaTeX, HTML, EPUB, org, …"

  /// The oldest pandoc-types API this adapter reads (pandoc 2.0 wrote 1.17).
  static let oldestMinorVersion = 17

  /// What raw HTML in the document becomes (see ``HTMLHandling``).
  public var html: HTMLHandling

  /// Creates the adapter.
  public init(html: HTMLHandling = .render) {
    self.html = html
  }

  /// Chooses pandoc JSON when the input is a JSON object that names `pandoc-api-version`.
  public func sniff(_ head: ArraySlice<UInt8>) -> Bool {
    Self.looksLikePandoc(head)
  }

  /// Whether `head`, the start of an input, is a JSON object with a `"pandoc-api-version"`
  /// key (followed by its colon: the same words as a string value do not count).
  static func looksLikePandoc(_ head: ArraySlice<UInt8>) -> Bool {
    guard JSONAdapter().sniff(head) else { return false }
    let key = Array(#""pandoc-api-version""#.utf8)
    var rest = head[...]
    while let match = rest.firstRange(of: key) {
      rest = rest[match.upperBound...]
      if rest.first(where: { !ByteText.isWhitespace($0) }) == UInt8(ascii: ":") { return true }
    }
    return false
  }

  /// Converts the syntax tree.
  ///
  /// - Throws: ``InputError`` when the input is not JSON (with its line and column), is not a
  ///   pandoc document, or comes from a pandoc-types API this adapter does not know.
  public func document(from input: AdapterInput) throws(InputError) -> Document {
    let bytes = ByteText.droppingByteOrderMark(input.bytes[...])
    if ByteText.isBlank(bytes) {
      throw InputError(input: input.name, message: "empty input; expected pandoc JSON (pandoc -t json FILE)")
    }
    let root: JSONValue
    do {
      root = try JSONParser.parse(bytes)
    } catch {
      throw InputError(input: input.name, message: "invalid JSON at \(error.description)")
    }
    guard root.isObject, let version = root["pandoc-api-version"]?.array else {
      throw InputError(
        input: input.name,
        message: "not pandoc JSON: expected an object with \"pandoc-api-version\" (write it with pandoc -t json)")
    }
    let numbers = version.compactMap(\.int)
    guard numbers.count >= 2, numbers[0] == 1, numbers[1] >= Self.oldestMinorVersion else {
      let shown = numbers.map(String.init).joined(separator: ".")
      throw InputError(
        input: input.name, location: "$.pandoc-api-version",
        message: "unsupported pandoc API version \(shown); expected 1.\(Self.oldestMinorVersion) or newer (pandoc 2.0 and later)")
    }
    guard let blocks = root["blocks"]?.array else {
      throw InputError(input: input.name, location: "$.blocks", message: "expected an array of blocks")
    }
    let converter = PandocConverter(html: html)
    let meta = root["meta"] ?? .object([])
    var result = converter.titleBlocks(meta)
    result += converter.blocks(blocks)
    let title = meta["title"].map { converter.metaInlines($0).plainText }.flatMap { $0.isEmpty ? nil : $0 }
    // `lang: de-CH` in the metadata (a MetaInlines or MetaString value).
    let language = meta["lang"].map { converter.metaInlines($0).plainText }.flatMap { $0.isEmpty ? nil : $0 }
    return Document(title: title, language: language, blocks: result)
  }
}
