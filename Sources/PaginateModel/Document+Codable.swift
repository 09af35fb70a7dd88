// The versioned JSON form of the document model, documented in Docs/JSONFormat.md and
// Docs/document.schema.json. It is meant to be written by hand and by other programs: plain
// text may be a bare string wherever inlines are expected, list items may be strings, and
// `lines` is optional everywhere. Decoding is strict about everything else (unknown keys,
// unknown types, out-of-range numbers) so that mistakes are reported with their JSON path.

extension Document: Codable {
  private static let keys: Set<String> = ["version", "title", "blocks"]

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
    blocks = try container.required([Block].self, "blocks", in: "document")
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: JSONKey.self)
    try container.encode(Document.jsonVersion, forKey: JSONKey("version"))
    try container.encodeIfPresent(title, forKey: JSONKey("title"))
    try container.encode(blocks, forKey: JSONKey("blocks"))
  }
}

extension SourceRange: Codable {
  /// Decodes `[first, last]`.
  public init(from decoder: any Decoder) throws {
    let values = try decoder.singleValueContainer().decode([Double].self)
    let numbers = values.compactMap(JSONValue.integer(exactly:))
    guard values.count == 2, numbers.count == 2, numbers[0] >= 1, numbers[1] >= numbers[0] else {
      let got = "[" + values.map(JSONValue.format).joined(separator: ", ") + "]"
      throw DecodingError.dataCorrupted(
        .init(
          codingPath: decoder.codingPath,
          debugDescription: "expected [first, last] with 1 <= first <= last, got \(got)"))
    }
    let (first, last) = (numbers[0], numbers[1])
    self.init(firstLine: first, lastLine: last)
  }

  /// Encodes `[first, last]`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.unkeyedContainer()
    try container.encode(firstLine)
    try container.encode(lastLine)
  }
}

extension Block: Codable {
  /// The `type` of each kind of block, as the JSON form spells it.
  public static let jsonTypes = [
    "heading", "paragraph", "quote", "list", "code", "rule", "html", "table", "definitions", "center", "callout", "pagebreak",
  ]

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: JSONKey.self)
    let type = try container.required(String.self, "type", in: "block")
    func allow(_ keys: String...) throws {
      try container.rejectUnknownKeys(allowed: Set(keys + ["type", "lines"]), in: "\(type) block")
    }
    source = try container.optional(SourceRange.self, "lines")
    switch type {
    case "heading":
      try allow("level", "text", "inlines")
      let level = try container.requiredInteger("level", in: "heading block")
      guard (1...6).contains(level) else {
        throw DecodingError.dataCorruptedError(
          forKey: JSONKey("level"), in: container, debugDescription: "expected 1...6, got \(level)")
      }
      content = .heading(level: level, try container.inlines(in: "heading block"))
    case "paragraph":
      try allow("text", "inlines")
      content = .paragraph(try container.inlines(in: "paragraph block"))
    case "quote":
      try allow("blocks")
      content = .blockQuote(try container.required([Block].self, "blocks", in: "quote block"))
    case "list":
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
      let items = try container.required([ListBlock.Item].self, "items", in: "list block")
      let tight = try container.optional(Bool.self, "tight") ?? true
      content = .list(
        ListBlock(
          kind: ordered ? .ordered(start: start ?? 1) : .bullet, isTight: tight, items: items, delimiter: delimiterValue))
    case "code":
      try allow("info", "text")
      content = .codeBlock(
        info: try container.optional(String.self, "info") ?? "",
        text: try container.required(String.self, "text", in: "code block"))
    case "rule":
      try allow()
      content = .thematicBreak
    case "html":
      try allow("text")
      content = .htmlBlock(try container.required(String.self, "text", in: "html block"))
    case "table":
      try allow("align", "header", "rows")
      content = .table(try TableBlock(from: container))
    case "definitions":
      try allow("items")
      content = .definitionList(try container.required([DefinitionItem].self, "items", in: "definitions block"))
    case "center":
      try allow("blocks")
      content = .centered(try container.required([Block].self, "blocks", in: "center block"))
    case "callout":
      try allow("label", "blocks")
      content = .callout(
        label: try container.required(String.self, "label", in: "callout block"),
        try container.required([Block].self, "blocks", in: "callout block"))
    case "pagebreak":
      try allow()
      content = .pageBreak
    default:
      throw DecodingError.dataCorruptedError(
        forKey: JSONKey("type"), in: container,
        debugDescription: "expected one of \(Block.jsonTypes.joined(separator: ", ")); got '\(type)'")
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: JSONKey.self)
    func put<T: Encodable>(_ value: T, _ key: String) throws {
      try container.encode(value, forKey: JSONKey(key))
    }
    switch content {
    case .heading(let level, let inlines):
      try put("heading", "type")
      try put(level, "level")
      try container.encodeInlines(inlines)
    case .paragraph(let inlines):
      try put("paragraph", "type")
      try container.encodeInlines(inlines)
    case .blockQuote(let blocks):
      try put("quote", "type")
      try put(blocks, "blocks")
    case .list(let list):
      try put("list", "type")
      if case .ordered(let start) = list.kind {
        try put(true, "ordered")
        try put(start, "start")
        if list.delimiter == .parenthesis { try put("paren", "delimiter") }
      }
      try put(list.isTight, "tight")
      try put(list.items, "items")
    case .codeBlock(let info, let text):
      try put("code", "type")
      if !info.isEmpty { try put(info, "info") }
      try put(text, "text")
    case .thematicBreak:
      try put("rule", "type")
    case .htmlBlock(let html):
      try put("html", "type")
      try put(html, "text")
    case .table(let table):
      try put("table", "type")
      try table.encode(into: &container)
    case .definitionList(let items):
      try put("definitions", "type")
      try put(items, "items")
    case .centered(let blocks):
      try put("center", "type")
      try put(blocks, "blocks")
    case .callout(let label, let blocks):
      try put("callout", "type")
      try put(label, "label")
      try put(blocks, "blocks")
    case .pageBreak:
      try put("pagebreak", "type")
    }
    try container.encodeIfPresent(source, forKey: JSONKey("lines"))
  }
}

extension ListBlock.Item: Codable {
  /// Decodes an item from a string (one paragraph), an array of blocks, or an object
  /// `{"blocks": [...], "lines": [first, last], "checked": false}`.
  public init(from decoder: any Decoder) throws {
    if let text = try? decoder.singleValueContainer().decode(String.self) {
      self.init([.paragraph(text)])
    } else if let container = try? decoder.container(keyedBy: JSONKey.self) {
      try container.rejectUnknownKeys(allowed: ["blocks", "lines", "checked"], in: "list item")
      let checked = try container.optional(Bool.self, "checked")
      self.init(
        try container.required([Block].self, "blocks", in: "list item"),
        source: try container.optional(SourceRange.self, "lines"),
        checkbox: checked.map { $0 ? .checked : .unchecked })
    } else {
      self.init(try decoder.singleValueContainer().decode([Block].self))
    }
  }

  public func encode(to encoder: any Encoder) throws {
    if source != nil || checkbox != nil {
      var container = encoder.container(keyedBy: JSONKey.self)
      try container.encode(blocks, forKey: JSONKey("blocks"))
      try container.encodeIfPresent(source, forKey: JSONKey("lines"))
      if let checkbox { try container.encode(checkbox == .checked, forKey: JSONKey("checked")) }
    } else {
      var container = encoder.singleValueContainer()
      try container.encode(blocks)
    }
  }
}

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
private struct BlocksJSON: Decodable {
  var blocks: [Block]

  init(from decoder: any Decoder) throws {
    if let text = try? decoder.singleValueContainer().decode(String.self) {
      blocks = [.paragraph(text)]
    } else {
      blocks = try decoder.singleValueContainer().decode([Block].self)
    }
  }
}

extension TableBlock {
  fileprivate init(from container: KeyedDecodingContainer<JSONKey>) throws {
    let header = try container.required(TableRowJSON.self, "header", in: "table block").row
    let rows = try container.optional([TableRowJSON].self, "rows") ?? []
    let columns = max(header.cells.count, rows.map(\.row.cells.count).max() ?? 0)
    var alignments = try container.optional([Alignment].self, "align") ?? []
    if alignments.count > columns {
      throw DecodingError.dataCorruptedError(
        forKey: JSONKey("align"), in: container,
        debugDescription: "expected at most \(columns) alignments (one per column), got \(alignments.count)")
    }
    alignments += Array(repeating: .unspecified, count: columns - alignments.count)
    self.init(alignments: alignments, header: header, rows: rows.map(\.row))
  }

  fileprivate func encode(into container: inout KeyedEncodingContainer<JSONKey>) throws {
    if alignments.contains(where: { $0 != .unspecified }) {
      try container.encode(alignments, forKey: JSONKey("align"))
    }
    try container.encode(TableRowJSON(row: header), forKey: JSONKey("header"))
    try container.encode(rows.map(TableRowJSON.init), forKey: JSONKey("rows"))
  }
}

extension TableBlock.Alignment: Codable {
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let name = try container.decode(String.self)
    guard let alignment = TableBlock.Alignment(rawValue: name) else {
      let names = Self.allCases.map(\.rawValue).joined(separator: ", ")
      throw DecodingError.dataCorruptedError(in: container, debugDescription: "expected one of \(names); got '\(name)'")
    }
    self = alignment
  }
}

/// A table row in JSON: an array of cells, or `{"cells": [...], "lines": [first, last]}`.
private struct TableRowJSON: Codable {
  var row: TableBlock.Row

  init(row: TableBlock.Row) { self.row = row }

  init(from decoder: any Decoder) throws {
    if let container = try? decoder.container(keyedBy: JSONKey.self) {
      try container.rejectUnknownKeys(allowed: ["cells", "lines"], in: "table row")
      let cells = try container.required(JSONCells.self, "cells", in: "table row")
      row = TableBlock.Row(cells.cells, source: try container.optional(SourceRange.self, "lines"))
    } else {
      row = TableBlock.Row(try JSONCells(from: decoder).cells)
    }
  }

  func encode(to encoder: any Encoder) throws {
    if let source = row.source {
      var container = encoder.container(keyedBy: JSONKey.self)
      try container.encode(JSONCells(cells: row.cells), forKey: JSONKey("cells"))
      try container.encode(source, forKey: JSONKey("lines"))
    } else {
      try JSONCells(cells: row.cells).encode(to: encoder)
    }
  }
}

/// Inlines written as a string when they are one plain text (`""` when there are none), else
/// as an array of inlines: a table cell, a definition's term.
private struct InlinesJSON: Codable {
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

/// A row's cells, each as ``InlinesJSON``.
private struct JSONCells: Codable {
  var cells: [[Inline]]

  init(cells: [[Inline]]) { self.cells = cells }

  init(from decoder: any Decoder) throws {
    cells = try [InlinesJSON](from: decoder).map(\.inlines)
  }

  func encode(to encoder: any Encoder) throws {
    try cells.map(InlinesJSON.init(inlines:)).encode(to: encoder)
  }
}

extension KeyedDecodingContainer where Key == JSONKey {
  /// Decodes the content of a heading or paragraph from `text` (a string) or `inlines`.
  fileprivate func inlines(in kind: String) throws -> [Inline] {
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
  fileprivate mutating func encodeInlines(_ inlines: [Inline]) throws {
    if let text = InlinesJSON.text(of: inlines) {
      try encode(text, forKey: JSONKey("text"))
    } else {
      try encode(inlines, forKey: JSONKey("inlines"))
    }
  }
}

extension Inline: Codable {
  /// The `type` of each kind of inline, as the JSON form spells it.
  public static let jsonTypes = [
    "text", "emphasis", "strong", "strikethrough", "code", "link", "image", "softbreak", "linebreak", "html", "note",
  ]

  /// Decodes an inline from a bare string (plain text) or an object with a `type`.
  public init(from decoder: any Decoder) throws {
    if let text = try? decoder.singleValueContainer().decode(String.self) {
      self = .text(text)
      return
    }
    let container = try decoder.container(keyedBy: JSONKey.self)
    let type = try container.required(String.self, "type", in: "inline")
    func allow(_ keys: String...) throws {
      try container.rejectUnknownKeys(allowed: Set(keys + ["type"]), in: "\(type) inline")
    }
    func children() throws -> [Inline] {
      if let text = try container.optional(String.self, "text") { return InlinesJSON.inlines(text: text) }
      return try container.required([Inline].self, "inlines", in: "\(type) inline")
    }
    switch type {
    case "text":
      try allow("text")
      self = .text(try container.required(String.self, "text", in: "text inline"))
    case "emphasis":
      try allow("inlines", "text")
      self = .emphasis(try children())
    case "strong":
      try allow("inlines", "text")
      self = .strong(try children())
    case "strikethrough":
      try allow("inlines", "text")
      self = .strikethrough(try children())
    case "code":
      try allow("text")
      self = .code(try container.required(String.self, "text", in: "code inline"))
    case "link":
      try allow("url", "title", "inlines", "text")
      self = .link(
        destination: try container.required(String.self, "url", in: "link inline"),
        title: try container.optional(String.self, "title") ?? "",
        content: try children())
    case "image":
      try allow("url", "title", "alt")
      self = .image(
        source: try container.required(String.self, "url", in: "image inline"),
        title: try container.optional(String.self, "title") ?? "",
        alt: try container.optional(String.self, "alt") ?? "")
    case "softbreak":
      try allow()
      self = .softBreak
    case "linebreak":
      try allow()
      self = .hardBreak
    case "html":
      try allow("text")
      self = .html(try container.required(String.self, "text", in: "html inline"))
    case "note":
      try allow("blocks", "text")
      if let text = try container.optional(String.self, "text") {
        self = .note(text.isEmpty ? [] : [.paragraph(text)])
      } else {
        self = .note(try container.required([Block].self, "blocks", in: "note inline"))
      }
    default:
      throw DecodingError.dataCorruptedError(
        forKey: JSONKey("type"), in: container,
        debugDescription: "expected one of \(Inline.jsonTypes.joined(separator: ", ")); got '\(type)'")
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
      try put("emphasis", "type")
      try put(children, "inlines")
    case .strong(let children):
      try put("strong", "type")
      try put(children, "inlines")
    case .strikethrough(let children):
      try put("strikethrough", "type")
      try put(children, "inlines")
    case .code(let text):
      try put("code", "type")
      try put(text, "text")
    case .link(let destination, let title, let children):
      try put("link", "type")
      try put(destination, "url")
      if !title.isEmpty { try put(title, "title") }
      try put(children, "inlines")
    case .image(let source, let title, let alt):
      try put("image", "type")
      try put(source, "url")
      if !title.isEmpty { try put(title, "title") }
      if !alt.isEmpty { try put(alt, "alt") }
    case .softBreak:
      try put("softbreak", "type")
    case .hardBreak:
      try put("linebreak", "type")
    case .html(let text):
      try put("html", "type")
      try put(text, "text")
    case .note(let blocks):
      try put("note", "type")
      try put(blocks, "blocks")
    }
  }
}
