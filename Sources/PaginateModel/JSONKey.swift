/// A coding key for any string or index, used by the hand-written JSON form.
struct JSONKey: CodingKey, Hashable {
  var stringValue: String
  var intValue: Int?

  init(_ string: String) {
    stringValue = string
    intValue = nil
  }

  init?(stringValue: String) { self.init(stringValue) }

  init?(intValue: Int) {
    stringValue = "\(intValue)"
    self.intValue = intValue
  }
}

extension KeyedDecodingContainer where Key == JSONKey {
  /// Throws when the object has a key outside `allowed`, so that a typo such as `levle`
  /// is reported instead of silently ignored.
  func rejectUnknownKeys(allowed: Set<String>, in kind: String) throws {
    for key in allKeys where !allowed.contains(key.stringValue) {
      let expected = allowed.sorted().map { "'\($0)'" }.joined(separator: ", ")
      throw DecodingError.dataCorruptedError(
        forKey: key, in: self,
        debugDescription: "unknown key '\(key.stringValue)' in \(kind); expected one of \(expected)")
    }
  }

  /// Decodes a required value, reporting a missing key as "missing key 'name'".
  func required<T: Decodable>(_ type: T.Type, _ name: String, in kind: String) throws -> T {
    let key = JSONKey(name)
    guard contains(key) else {
      throw DecodingError.keyNotFound(
        key, .init(codingPath: codingPath, debugDescription: "missing key '\(name)' in \(kind)"))
    }
    return try decode(type, forKey: key)
  }

  /// Decodes a required integer (see ``JSONValue/integer(exactly:)``).
  func requiredInteger(_ name: String, in kind: String) throws -> Int {
    try required(Int.self, name, in: kind)
  }

  /// Decodes an optional integer (see ``JSONValue/integer(exactly:)``).
  func optionalInteger(_ name: String) throws -> Int? {
    try decodeIfPresent(Int.self, forKey: JSONKey(name))
  }

  /// Decodes an optional value.
  func optional<T: Decodable>(_ type: T.Type, _ name: String) throws -> T? {
    try decodeIfPresent(type, forKey: JSONKey(name))
  }
}
