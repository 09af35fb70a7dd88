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

extension JSONKey {
  /// The integer a JSON number stands for, if it is integral and exactly representable.
  static func integer(_ number: Double) -> Int? {
    guard number.rounded() == number, abs(number) <= 9_007_199_254_740_992 else { return nil }
    return Int(number)
  }

  /// A number as JSON would write it: `2.5`, `1e+20`, `3`.
  static func format(_ number: Double) -> String {
    if let integer = integer(number) { return String(integer) }
    return "\(number)"
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

  /// Decodes a required integer. Numbers are read as `Double` first because Foundation's
  /// decoder reports a fraction or an overflow only as "not valid JSON", without a path.
  func requiredInteger(_ name: String, in kind: String) throws -> Int {
    _ = try required(Double.self, name, in: kind)
    return try optionalInteger(name) ?? 0
  }

  /// Decodes an optional integer (see ``requiredInteger(_:in:)``).
  func optionalInteger(_ name: String) throws -> Int? {
    let key = JSONKey(name)
    guard let number = try decodeIfPresent(Double.self, forKey: key) else { return nil }
    guard let integer = JSONKey.integer(number) else {
      throw DecodingError.dataCorruptedError(
        forKey: key, in: self, debugDescription: "expected an integer, got \(JSONKey.format(number))")
    }
    return integer
  }

  /// Decodes an optional value.
  func optional<T: Decodable>(_ type: T.Type, _ name: String) throws -> T? {
    try decodeIfPresent(type, forKey: JSONKey(name))
  }
}
