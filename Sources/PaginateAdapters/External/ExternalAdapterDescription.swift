import PaginateModel

/// What `paginate-adapter-NAME --describe` prints:
/// `{"name": "csv", "extensions": ["csv", "tsv"], "summary": "Comma-separated values as a table"}`.
///
/// `extensions` and `summary` may be left out; extensions are taken without a leading dot and
/// in lowercase; text is made safe for a terminal and kept to one line.
struct ExternalAdapterDescription {
  var name: String?
  var extensions: [String] = []
  var summary = ""

  struct Problem: Error {
    var message: String
  }

  init(json bytes: [UInt8]) throws(Problem) {
    guard !ByteText.isBlank(bytes) else {
      throw Problem(message: "printed nothing; expected {\"name\": ..., \"extensions\": [...], \"summary\": ...}")
    }
    let object: JSONValue
    do {
      object = try JSONParser.parse(bytes)
    } catch {
      throw Problem(message: "invalid JSON at \(error.description)")
    }
    guard object.isObject else {
      throw Problem(message: "expected a JSON object {\"name\": ..., \"extensions\": [...], \"summary\": ...}")
    }
    if let name = object["name"] {
      guard let name = name.string else { throw Problem(message: "\"name\" must be a string") }
      self.name = name
    }
    if let extensions = object["extensions"] {
      guard let list = extensions.array, list.allSatisfy({ $0.string != nil }) else {
        throw Problem(message: "\"extensions\" must be an array of strings")
      }
      self.extensions = list.compactMap(\.string).map { text in
        var text = Substring(text.lowercased())
        while text.first == "." { text.removeFirst() }
        return VisibleControls.escape(String(text))
      }.filter { !$0.isEmpty }
    }
    if let summary = object["summary"] {
      guard let summary = summary.string else { throw Problem(message: "\"summary\" must be a string") }
      let firstLine = summary.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
      self.summary = VisibleControls.escape(firstLine)
    }
  }
}
