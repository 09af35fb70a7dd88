extension TableBlock {
  init(from container: KeyedDecodingContainer<JSONKey>) throws {
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

  func encode(into container: inout KeyedEncodingContainer<JSONKey>) throws {
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
struct TableRowJSON: Codable {
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

/// A row's cells, each as ``InlinesJSON``.
struct JSONCells: Codable {
  var cells: [[Inline]]

  init(cells: [[Inline]]) { self.cells = cells }

  init(from decoder: any Decoder) throws {
    cells = try [InlinesJSON](from: decoder).map(\.inlines)
  }

  func encode(to encoder: any Encoder) throws {
    try cells.map(InlinesJSON.init(inlines:)).encode(to: encoder)
  }
}
