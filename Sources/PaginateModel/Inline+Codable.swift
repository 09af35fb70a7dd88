/// The `type` of each kind of inline in the JSON form: the one place each is spelled.
enum InlineJSONType: String, CaseIterable {
  case text, emphasis, strong, strikethrough, code, link, image
  case softBreak = "softbreak"
  case lineBreak = "linebreak"
  case html, note
}

extension Inline: Codable {
  /// The `type` of each kind of inline, as the JSON form spells it.
  public static let jsonTypes = InlineJSONType.allCases.map(\.rawValue)

  /// Decodes an inline from a bare string (plain text) or an object with a `type`.
  public init(from decoder: any Decoder) throws {
    if let text = try? decoder.singleValueContainer().decode(String.self) {
      self = .text(text)
      return
    }
    let container = try decoder.container(keyedBy: JSONKey.self)
    let name = try container.required(String.self, "type", in: "inline")
    guard let type = InlineJSONType(rawValue: name) else {
      throw DecodingError.dataCorruptedError(
        forKey: JSONKey("type"), in: container,
        debugDescription: "expected one of \(Inline.jsonTypes.joined(separator: ", ")); got '\(name)'")
    }
    let kind = "\(name) inline"
    func allow(_ keys: String...) throws {
      try container.rejectUnknownKeys(allowed: Set(keys + ["type"]), in: kind)
    }
    func children() throws -> [Inline] {
      if let text = try container.optional(String.self, "text") { return InlinesJSON.inlines(text: text) }
      return try container.required([Inline].self, "inlines", in: kind)
    }
    switch type {
    case .text:
      try allow("text")
      self = .text(try container.required(String.self, "text", in: kind))
    case .emphasis:
      try allow("inlines", "text")
      self = .emphasis(try children())
    case .strong:
      try allow("inlines", "text")
      self = .strong(try children())
    case .strikethrough:
      try allow("inlines", "text")
      self = .strikethrough(try children())
    case .code:
      try allow("text")
      self = .code(try container.required(String.self, "text", in: kind))
    case .link:
      try allow("url", "title", "inlines", "text")
      self = .link(
        destination: try container.required(String.self, "url", in: kind),
        title: try container.optional(String.self, "title") ?? "",
        content: try children())
    case .image:
      try allow("url", "title", "alt")
      self = .image(
        source: try container.required(String.self, "url", in: kind),
        title: try container.optional(String.self, "title") ?? "",
        alt: try container.optional(String.self, "alt") ?? "")
    case .softBreak:
      try allow()
      self = .softBreak
    case .lineBreak:
      try allow()
      self = .hardBreak
    case .html:
      try allow("text")
      self = .html(try container.required(String.self, "text", in: kind))
    case .note:
      try allow("blocks", "text")
      if let text = try container.optional(String.self, "text") {
        self = .note(text.isEmpty ? [] : [.paragraph(text)])
      } else {
        self = .note(try container.required([Block].self, "blocks", in: kind))
      }
    }
  }

  public func encode(to encoder: any Encoder) throws {
    if case .text(let text) = self {
      var container = encoder.singleValueContainer()
      try container.encode(text)
      return
    }
    var container = encoder.container(keyedBy: JSONKey.self)
    func put<T: Encodable>(_ value: T, _ key: String) throws {
      try container.encode(value, forKey: JSONKey(key))
    }
    switch self {
    case .text: break  // handled above
    case .emphasis(let children):
      try put(InlineJSONType.emphasis.rawValue, "type")
      try put(children, "inlines")
    case .strong(let children):
      try put(InlineJSONType.strong.rawValue, "type")
      try put(children, "inlines")
    case .strikethrough(let children):
      try put(InlineJSONType.strikethrough.rawValue, "type")
      try put(children, "inlines")
    case .code(let text):
      try put(InlineJSONType.code.rawValue, "type")
      try put(text, "text")
    case .link(let destination, let title, let children):
      try put(InlineJSONType.link.rawValue, "type")
      try put(destination, "url")
      if !title.isEmpty { try put(title, "title") }
      try put(children, "inlines")
    case .image(let source, let title, let alt):
      try put(InlineJSONType.image.rawValue, "type")
      try put(source, "url")
      if !title.isEmpty { try put(title, "title") }
      if !alt.isEmpty { try put(alt, "alt") }
    case .softBreak:
      try put(InlineJSONType.softBreak.rawValue, "type")
    case .hardBreak:
      try put(InlineJSONType.lineBreak.rawValue, "type")
    case .html(let text):
      try put(InlineJSONType.html.rawValue, "type")
      try put(text, "text")
    case .note(let blocks):
      try put(InlineJSONType.note.rawValue, "type")
      try put(blocks, "blocks")
    }
  }
}

/// Inlines written as a string when they are one plain text (`""` when there are none), else
/// as an array of inlines: a table cell, a definition's term.
struct InlinesJSON: Codable {
  var inlines: [Inline]

  init(inlines: [Inline]) { self.inlines = inlines }

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let text = try? container.decode(String.self) {
      inlines = Self.inlines(text: text)
    } else {
      inlines = try container.decode([Inline].self)
    }
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    if let text = Self.text(of: inlines) {
      try container.encode(text)
    } else {
      try container.encode(inlines)
    }
  }

  /// The inlines a string stands for: none for `""`, else one plain text.
  static func inlines(text: String) -> [Inline] {
    text.isEmpty ? [] : [.text(text)]
  }

  /// The string that stands for `inlines`, when one does (see ``inlines(text:)``).
  static func text(of inlines: [Inline]) -> String? {
    if inlines.isEmpty { return "" }
    if inlines.count == 1, case .text(let text) = inlines[0], !text.isEmpty { return text }
    return nil
  }
}

extension KeyedDecodingContainer where Key == JSONKey {
  /// Decodes the content of a heading or paragraph from `text` (a string) or `inlines`.
  func inlines(in kind: String) throws -> [Inline] {
    let hasText = contains(JSONKey("text"))
    let hasInlines = contains(JSONKey("inlines"))
    switch (hasText, hasInlines) {
    case (true, true):
      throw DecodingError.dataCorruptedError(
        forKey: JSONKey("inlines"), in: self,
        debugDescription: "give either 'text' or 'inlines' in \(kind), not both")
    case (true, false):
      return InlinesJSON.inlines(text: try decode(String.self, forKey: JSONKey("text")))
    case (false, true):
      return try decode([Inline].self, forKey: JSONKey("inlines"))
    case (false, false):
      throw DecodingError.keyNotFound(
        JSONKey("text"), .init(codingPath: codingPath, debugDescription: "missing key 'text' or 'inlines' in \(kind)"))
    }
  }
}

extension KeyedEncodingContainer where Key == JSONKey {
  /// Encodes inlines as `text` when they are one plain string, else as `inlines`.
  mutating func encodeInlines(_ inlines: [Inline]) throws {
    if let text = InlinesJSON.text(of: inlines) {
      try encode(text, forKey: JSONKey("text"))
    } else {
      try encode(inlines, forKey: JSONKey("inlines"))
    }
  }
}
