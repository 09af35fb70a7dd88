/// The `type` of each kind of block in the JSON form: the one place each is spelled.
enum BlockJSONType: String, CaseIterable {
  case heading, paragraph, quote, list, code, lines, rule, html, table, definitions, center, callout
  case pageBreak = "pagebreak"
}

extension Block: Codable {
  /// The `type` of each kind of block, as the JSON form spells it.
  public static let jsonTypes = BlockJSONType.allCases.map(\.rawValue)

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: JSONKey.self)
    let name = try container.required(String.self, "type", in: "block")
    guard let type = BlockJSONType(rawValue: name) else {
      throw DecodingError.dataCorruptedError(
        forKey: JSONKey("type"), in: container,
        debugDescription: "expected one of \(Block.jsonTypes.joined(separator: ", ")); got '\(name)'")
    }
    let kind = "\(name) block"
    func allow(_ keys: String...) throws {
      try container.rejectUnknownKeys(allowed: Set(keys + ["type", "lines"]), in: kind)
    }
    source = try container.optional(SourceRange.self, "lines")
    switch type {
    case .heading:
      try allow("level", "text", "inlines")
      let level = try container.requiredInteger("level", in: kind)
      guard (1...6).contains(level) else {
        throw DecodingError.dataCorruptedError(
          forKey: JSONKey("level"), in: container, debugDescription: "expected 1...6, got \(level)")
      }
      content = .heading(level: level, try container.inlines(in: kind))
    case .paragraph:
      try allow("text", "inlines")
      content = .paragraph(try container.inlines(in: kind))
    case .quote:
      try allow("blocks")
      content = .blockQuote(try container.required([Block].self, "blocks", in: kind))
    case .list:
      try allow("ordered", "start", "tight", "items", "delimiter")
      let ordered = try container.optional(Bool.self, "ordered") ?? false
      let start = try container.optionalInteger("start")
      if let start, !ordered {
        throw DecodingError.dataCorruptedError(
          forKey: JSONKey("start"), in: container,
          debugDescription: "a bullet list has no start number (got \(start)); add \"ordered\": true")
      }
      let delimiter = try container.optional(String.self, "delimiter")
      if delimiter != nil && !ordered {
        throw DecodingError.dataCorruptedError(
          forKey: JSONKey("delimiter"), in: container,
          debugDescription: "a bullet list has no delimiter; add \"ordered\": true")
      }
      let delimiterValue: ListBlock.Delimiter
      switch delimiter {
      case nil, "period": delimiterValue = .period
      case "paren": delimiterValue = .parenthesis
      case let other?:
        throw DecodingError.dataCorruptedError(
          forKey: JSONKey("delimiter"), in: container, debugDescription: "expected one of period, paren; got '\(other)'")
      }
      if let start, !(0...999_999_999).contains(start) {
        throw DecodingError.dataCorruptedError(
          forKey: JSONKey("start"), in: container,
          debugDescription: "expected 0...999999999, got \(start)")
      }
      let items = try container.required([ListBlock.Item].self, "items", in: kind)
      let tight = try container.optional(Bool.self, "tight") ?? true
      content = .list(
        ListBlock(
          kind: ordered ? .ordered(start: start ?? 1) : .bullet, isTight: tight, items: items, delimiter: delimiterValue))
    case .code:
      try allow("info", "text")
      content = .codeBlock(
        info: try container.optional(String.self, "info") ?? "",
        text: try container.required(String.self, "text", in: kind))
    case .lines:
      try allow("text", "styles")
      let text = try container.required(String.self, "text", in: kind)
      let styles = try container.optional([TextRun].self, "styles") ?? []
      let length = text.utf8.count
      if let outside = styles.first(where: { $0.range.upperBound > length }) {
        throw DecodingError.dataCorruptedError(
          forKey: JSONKey("styles"), in: container,
          debugDescription: "a style run ends at \(outside.range.upperBound), past the text's \(length) bytes")
      }
      content = .lines(text, styles: styles.sorted { $0.range.lowerBound < $1.range.lowerBound })
    case .rule:
      try allow()
      content = .thematicBreak
    case .html:
      try allow("text")
      content = .htmlBlock(try container.required(String.self, "text", in: kind))
    case .table:
      try allow("align", "header", "rows")
      content = .table(try TableBlock(from: container))
    case .definitions:
      try allow("items")
      content = .definitionList(try container.required([DefinitionItem].self, "items", in: kind))
    case .center:
      try allow("blocks")
      content = .centered(try container.required([Block].self, "blocks", in: kind))
    case .callout:
      try allow("label", "blocks")
      content = .callout(
        label: try container.required(String.self, "label", in: kind),
        try container.required([Block].self, "blocks", in: kind))
    case .pageBreak:
      try allow()
      content = .pageBreak
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: JSONKey.self)
    func put<T: Encodable>(_ value: T, _ key: String) throws {
      try container.encode(value, forKey: JSONKey(key))
    }
    switch content {
    case .heading(let level, let inlines):
      try put(BlockJSONType.heading.rawValue, "type")
      try put(level, "level")
      try container.encodeInlines(inlines)
    case .paragraph(let inlines):
      try put(BlockJSONType.paragraph.rawValue, "type")
      try container.encodeInlines(inlines)
    case .blockQuote(let blocks):
      try put(BlockJSONType.quote.rawValue, "type")
      try put(blocks, "blocks")
    case .list(let list):
      try put(BlockJSONType.list.rawValue, "type")
      if case .ordered(let start) = list.kind {
        try put(true, "ordered")
        try put(start, "start")
        if list.delimiter == .parenthesis { try put("paren", "delimiter") }
      }
      try put(list.isTight, "tight")
      try put(list.items, "items")
    case .codeBlock(let info, let text):
      try put(BlockJSONType.code.rawValue, "type")
      if !info.isEmpty { try put(info, "info") }
      try put(text, "text")
    case .lines(let text, let styles):
      try put(BlockJSONType.lines.rawValue, "type")
      try put(text, "text")
      if !styles.isEmpty { try put(styles, "styles") }
    case .thematicBreak:
      try put(BlockJSONType.rule.rawValue, "type")
    case .htmlBlock(let html):
      try put(BlockJSONType.html.rawValue, "type")
      try put(html, "text")
    case .table(let table):
      try put(BlockJSONType.table.rawValue, "type")
      try table.encode(into: &container)
    case .definitionList(let items):
      try put(BlockJSONType.definitions.rawValue, "type")
      try put(items, "items")
    case .centered(let blocks):
      try put(BlockJSONType.center.rawValue, "type")
      try put(blocks, "blocks")
    case .callout(let label, let blocks):
      try put(BlockJSONType.callout.rawValue, "type")
      try put(label, "label")
      try put(blocks, "blocks")
    case .pageBreak:
      try put(BlockJSONType.pageBreak.rawValue, "type")
    }
    try container.encodeIfPresent(source, forKey: JSONKey("lines"))
  }
}
