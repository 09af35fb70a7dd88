public import PaginateModel

/// Reads a document in paginate's versioned JSON form (see `Docs/JSONFormat.md`).
public struct JSONAdapter: InputAdapter {
  public let name = "json"
  public let fileExtensions = ["json"]
  public let summary = "paginate's document JSON form (version 1)"

  /// Creates the adapter.
  public init() {}

  /// Chooses JSON when the first non-blank byte is `{`.
  public func sniff(_ head: ArraySlice<UInt8>) -> Bool {
    var slice = head
    if slice.starts(with: [0xEF, 0xBB, 0xBF]) { slice = slice.dropFirst(3) }
    let first = slice.first { !($0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D) }
    return first == UInt8(ascii: "{")
  }

  /// The adapter makes control characters visible itself.
  public var guaranteesVisibleText: Bool { true }

  /// Decodes the document. pandoc's JSON (`pandoc -t json -o notes.json`) is read as such,
  /// by ``PandocJSONAdapter``.
  ///
  /// - Throws: ``InputError`` with the JSON path of the first problem, or with the line and
  ///   column of a syntax error.
  public func document(from input: InputSource) throws(InputError) -> Document {
    if PandocJSONAdapter.looksLikePandoc(input.bytes.prefix(AdapterRegistry.sniffLength)) {
      return try PandocJSONAdapter().document(from: input).withVisibleControls()
    }
    var bytes = input.bytes[...]
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
    if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) {
      throw InputError(input: input.name, message: "empty input; expected a JSON document {\"version\": 1, \"blocks\": [...]}")
    }
    do {
      return try Document(json: bytes).withVisibleControls()
    } catch {
      throw InputError(input: input.name, location: error.path.isEmpty ? nil : error.path, message: error.message)
    }
  }
}
