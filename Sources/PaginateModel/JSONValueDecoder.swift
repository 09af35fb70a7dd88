/// A `Decoder` over a parsed ``JSONValue``, so that the document form's `Codable` code reads what
/// ``JSONParser`` parsed: one parser for syntax and values, with one integer rule
/// (``JSONValue/integer(exactly:)``).
///
/// Errors are `DecodingError`s with the coding path of the offending value, which
/// ``DocumentDecodingError`` turns into a JSON path.
struct JSONValueDecoder: Decoder, SingleValueDecodingContainer {
  let value: JSONValue
  let codingPath: [any CodingKey]
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  init(_ value: JSONValue, codingPath: [any CodingKey] = []) {
    self.value = value
    self.codingPath = codingPath
  }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    guard case .object(let members) = value else {
      throw Self.mismatch([String: JSONValue].self, value, codingPath)
    }
    return KeyedDecodingContainer(KeyedContainer<Key>(members: members, codingPath: codingPath))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    guard case .array(let elements) = value else { throw Self.mismatch([JSONValue].self, value, codingPath) }
    return UnkeyedContainer(elements: elements, codingPath: codingPath)
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

  func decodeNil() -> Bool {
    if case .null = value { return true }
    return false
  }

  func decode<T: Decodable>(_ type: T.Type) throws -> T { try Self.decode(type, from: value, codingPath) }

  /// Decodes `value` as `T`: strings, booleans and numbers directly, anything else through its
  /// own `init(from:)`.
  static func decode<T: Decodable>(_ type: T.Type, from value: JSONValue, _ codingPath: [any CodingKey]) throws -> T {
    if case .null = value, !(T.self is any OptionalProtocol.Type) {
      throw DecodingError.valueNotFound(T.self, .init(codingPath: codingPath, debugDescription: "found null"))
    }
    if T.self == String.self {
      guard case .string(let text) = value, let result = text as? T else { throw mismatch(T.self, value, codingPath) }
      return result
    }
    if T.self == Bool.self {
      guard case .bool(let flag) = value, let result = flag as? T else { throw mismatch(T.self, value, codingPath) }
      return result
    }
    if T.self == Double.self {
      guard case .number(let number) = value, let result = number as? T else { throw mismatch(T.self, value, codingPath) }
      return result
    }
    if T.self == Int.self {
      guard case .number(let number) = value else { throw mismatch(T.self, value, codingPath) }
      guard let integer = JSONValue.integer(exactly: number), let result = integer as? T else {
        throw DecodingError.dataCorrupted(
          .init(codingPath: codingPath, debugDescription: "expected an integer, got \(JSONValue.format(number))"))
      }
      return result
    }
    return try T(from: JSONValueDecoder(value, codingPath: codingPath))
  }

  static func mismatch(_ type: Any.Type, _ value: JSONValue, _ codingPath: [any CodingKey]) -> DecodingError {
    .typeMismatch(
      type, .init(codingPath: codingPath, debugDescription: "found \(value.kindName)"))
  }
}

/// Lets the decoder tell an `Optional` (which may decode `null`) from other types.
private protocol OptionalProtocol {}
extension Optional: OptionalProtocol {}

private struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let members: [(key: String, value: JSONValue)]
  let codingPath: [any CodingKey]

  var allKeys: [Key] { members.compactMap { Key(stringValue: $0.key) } }

  func contains(_ key: Key) -> Bool { members.contains { $0.key == key.stringValue } }

  private func member(_ key: Key) throws -> JSONValue {
    guard let found = members.first(where: { $0.key == key.stringValue }) else {
      throw DecodingError.keyNotFound(
        key, .init(codingPath: codingPath, debugDescription: "missing key '\(key.stringValue)'"))
    }
    return found.value
  }

  func decodeNil(forKey key: Key) throws -> Bool {
    if case .null = try member(key) { return true }
    return false
  }

  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try decode(type, key) }

  func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try decode(type, key) }
  func decode(_ type: String.Type, forKey key: Key) throws -> String { try decode(type, key) }
  func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try decode(type, key) }
  func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try decode(type, key) }

  /// The one body of every `decode(_:forKey:)` (a name of its own: called as one of those, the
  /// concrete overloads would call themselves).
  private func decode<T: Decodable>(_ type: T.Type, _ key: Key) throws -> T {
    try JSONValueDecoder.decode(type, from: try member(key), codingPath + [key])
  }

  func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
    -> KeyedDecodingContainer<NestedKey>
  {
    try JSONValueDecoder(try member(key), codingPath: codingPath + [key]).container(keyedBy: type)
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    try JSONValueDecoder(try member(key), codingPath: codingPath + [key]).unkeyedContainer()
  }

  func superDecoder() throws -> any Decoder {
    JSONValueDecoder(.object(members), codingPath: codingPath)
  }

  func superDecoder(forKey key: Key) throws -> any Decoder {
    JSONValueDecoder(try member(key), codingPath: codingPath + [key])
  }
}

private struct UnkeyedContainer: UnkeyedDecodingContainer {
  let elements: [JSONValue]
  let codingPath: [any CodingKey]
  var currentIndex = 0

  init(elements: [JSONValue], codingPath: [any CodingKey]) {
    self.elements = elements
    self.codingPath = codingPath
  }

  var count: Int? { elements.count }
  var isAtEnd: Bool { currentIndex >= elements.count }

  private struct IndexKey: CodingKey {
    var intValue: Int?
    var stringValue: String { "\(intValue ?? 0)" }
    init(intValue: Int) { self.intValue = intValue }
    init?(stringValue: String) { nil }
  }

  private mutating func next() throws -> (JSONValue, [any CodingKey]) {
    guard !isAtEnd else {
      throw DecodingError.valueNotFound(
        JSONValue.self, .init(codingPath: codingPath, debugDescription: "no element \(currentIndex) in the array"))
    }
    defer { currentIndex += 1 }
    return (elements[currentIndex], codingPath + [IndexKey(intValue: currentIndex)])
  }

  mutating func decodeNil() throws -> Bool {
    guard !isAtEnd, case .null = elements[currentIndex] else { return false }
    currentIndex += 1
    return true
  }

  mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
    let (value, path) = try next()
    return try JSONValueDecoder.decode(type, from: value, path)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
    -> KeyedDecodingContainer<NestedKey>
  {
    let (value, path) = try next()
    return try JSONValueDecoder(value, codingPath: path).container(keyedBy: type)
  }

  mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
    let (value, path) = try next()
    return try JSONValueDecoder(value, codingPath: path).unkeyedContainer()
  }

  mutating func superDecoder() throws -> any Decoder {
    let (value, path) = try next()
    return JSONValueDecoder(value, codingPath: path)
  }
}
