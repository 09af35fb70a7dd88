extension TextRun: Codable {
  /// Decodes `{"start": 0, "end": 5, "style": ["bold"], "color": 1, "background": 4,
  /// "syntax": "keyword"}`: UTF-8 offsets into the block's text, then the style's parts, each
  /// optional.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: JSONKey.self)
    let kind = "style run"
    try container.rejectUnknownKeys(allowed: ["start", "end", "style", "color", "background", "syntax"], in: kind)
    let start = try container.requiredInteger("start", in: kind)
    let end = try container.requiredInteger("end", in: kind)
    guard start >= 0, end >= start else {
      throw DecodingError.dataCorruptedError(
        forKey: JSONKey("end"), in: container, debugDescription: "expected 0 <= start <= end, got \(start) and \(end)")
    }
    var emphasis: RunStyle.Emphasis = []
    for name in try container.optional([String].self, "style") ?? [] {
      guard let one = RunStyle.Emphasis(name: name) else {
        throw DecodingError.dataCorruptedError(
          forKey: JSONKey("style"), in: container,
          debugDescription: "expected bold, italic, underline, strikethrough or inverse; got '\(name)'")
      }
      emphasis.insert(one)
    }
    func colour(_ key: String) throws -> UInt8? {
      guard let value = try container.optionalInteger(key) else { return nil }
      guard (0...255).contains(value) else {
        throw DecodingError.dataCorruptedError(
          forKey: JSONKey(key), in: container, debugDescription: "expected a colour 0...255, got \(value)")
      }
      return UInt8(value)
    }
    var syntax: SyntaxClass?
    if let name = try container.optional(String.self, "syntax") {
      guard let value = SyntaxClass(rawValue: name) else {
        throw DecodingError.dataCorruptedError(
          forKey: JSONKey("syntax"), in: container,
          debugDescription: "expected one of \(SyntaxClass.allCases.map(\.rawValue).joined(separator: ", ")); got '\(name)'")
      }
      syntax = value
    }
    self.init(
      range: start..<end,
      style: RunStyle(emphasis: emphasis, foreground: try colour("color"), background: try colour("background"), syntax: syntax))
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: JSONKey.self)
    try container.encode(range.lowerBound, forKey: JSONKey("start"))
    try container.encode(range.upperBound, forKey: JSONKey("end"))
    if !style.emphasis.isEmpty { try container.encode(style.emphasis.names, forKey: JSONKey("style")) }
    if let foreground = style.foreground { try container.encode(Int(foreground), forKey: JSONKey("color")) }
    if let background = style.background { try container.encode(Int(background), forKey: JSONKey("background")) }
    if let syntax = style.syntax { try container.encode(syntax.rawValue, forKey: JSONKey("syntax")) }
  }
}

extension RunStyle.Emphasis {
  private static let named: [(String, RunStyle.Emphasis)] = [
    ("bold", .bold), ("italic", .italic), ("underline", .underline), ("strikethrough", .strikethrough), ("inverse", .inverse),
  ]

  /// The emphasis a JSON name stands for.
  init?(name: String) {
    guard let found = Self.named.first(where: { $0.0 == name }) else { return nil }
    self = found.1
  }

  /// The names of the emphases in the set, as JSON spells them.
  var names: [String] { Self.named.filter { contains($0.1) }.map(\.0) }
}
