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
