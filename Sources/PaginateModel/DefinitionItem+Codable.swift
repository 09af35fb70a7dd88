extension DefinitionItem: Codable {
  /// Decodes `{"term": ..., "definitions": [...], "lines": [first, last]}`: the term is a
  /// string or an array of inlines, each definition a string (one paragraph) or an array of
  /// blocks.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: JSONKey.self)
    try container.rejectUnknownKeys(allowed: ["term", "definitions", "lines"], in: "definition")
    let term = try container.required(InlinesJSON.self, "term", in: "definition").inlines
    let definitions = try container.required([BlocksJSON].self, "definitions", in: "definition")
    self.init(
      term: term, definitions: definitions.map(\.blocks), source: try container.optional(SourceRange.self, "lines"))
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: JSONKey.self)
    try container.encode(InlinesJSON(inlines: term), forKey: JSONKey("term"))
    try container.encode(definitions, forKey: JSONKey("definitions"))
    try container.encodeIfPresent(source, forKey: JSONKey("lines"))
  }
}

/// Blocks written as a string (one paragraph of plain text) or an array of blocks.
struct BlocksJSON: Decodable {
  var blocks: [Block]

  init(from decoder: any Decoder) throws {
    if let text = try? decoder.singleValueContainer().decode(String.self) {
      blocks = [.paragraph(text)]
    } else {
      blocks = try decoder.singleValueContainer().decode([Block].self)
    }
  }
}
