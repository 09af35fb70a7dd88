// The versioned JSON form of the document model (this file: the document; each type's
// form is in its own `+Codable` file), documented in Docs/JSONFormat.md and
// Docs/document.schema.json. It is meant to be written by hand and by other programs: plain
// text may be a bare string wherever inlines are expected, list items may be strings, and
// `lines` is optional everywhere. Decoding is strict about everything else (unknown keys,
// unknown types, out-of-range numbers) so that mistakes are reported with their JSON path.

extension Document: Codable {
  private static let keys: Set<String> = ["version", "title", "lang", "blocks"]

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: JSONKey.self)
    try container.rejectUnknownKeys(allowed: Self.keys, in: "document")
    let version = try container.requiredInteger("version", in: "document")
    guard version == Document.jsonVersion else {
      let hint = version > Document.jsonVersion ? " (written by a newer paginate?)" : ""
      throw DecodingError.dataCorruptedError(
        forKey: JSONKey("version"), in: container,
        debugDescription: "expected \(Document.jsonVersion), got \(version)\(hint)")
    }
    title = try container.optional(String.self, "title")
    language = try container.optional(String.self, "lang")
    blocks = try container.required([Block].self, "blocks", in: "document")
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: JSONKey.self)
    try container.encode(Document.jsonVersion, forKey: JSONKey("version"))
    try container.encodeIfPresent(title, forKey: JSONKey("title"))
    try container.encodeIfPresent(language, forKey: JSONKey("lang"))
    try container.encode(blocks, forKey: JSONKey("blocks"))
  }
}
