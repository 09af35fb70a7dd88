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
