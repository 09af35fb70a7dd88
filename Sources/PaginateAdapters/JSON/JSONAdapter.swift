public import PaginateModel

/// Reads a document in paginate's versioned JSON form (see `Docs/JSONFormat.md`).
public struct JSONAdapter: InputAdapter {
  public let name = "json"
  public let fileExtensions = ["json"]
  public let summary = "paginate's document JSON form (version 1)"

  /// What raw HTML in pandoc's JSON, read through this adapter, becomes.
  public var html: HTMLHandling

  /// Creates the adapter.
  public init(html: HTMLHandling = .render) {
    self.html = html
  }

  /// Chooses JSON when the first non-blank byte is `{`.
  public func sniff(_ head: ArraySlice<UInt8>) -> Bool {
    ByteText.droppingByteOrderMark(head).first { !ByteText.isWhitespace($0) } == UInt8(ascii: "{")
  }

  /// The adapter makes control characters visible itself.
  public var guaranteesVisibleText: Bool { true }

  /// Decodes the document. pandoc's JSON (`pandoc -t json -o notes.json`) is read as such,
  /// by ``PandocJSONAdapter``.
  ///
  /// - Throws: ``InputError`` with the JSON path of the first problem, or with the line and
  ///   column of a syntax error.
  public func document(from input: AdapterInput) throws(InputError) -> Document {
    if PandocJSONAdapter.looksLikePandoc(input.bytes.prefix(AdapterRegistry.sniffLength)) {
      return try PandocJSONAdapter(html: html).document(from: input).withVisibleControls()
    }
    let bytes = ByteText.droppingByteOrderMark(input.bytes[...])
    if ByteText.isBlank(bytes) {
      throw InputError(input: input.name, message: "empty input; expected a JSON document {\"version\": 1, \"blocks\": [...]}")
    }
    do {
      return try Document(json: bytes).withVisibleControls()
    } catch {
      throw InputError(input: input.name, location: error.path.isEmpty ? nil : error.path, message: error.message)
    }
  }
}
