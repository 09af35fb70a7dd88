/// A parsed JSON value: what ``JSONParser`` makes of JSON text, read by the document form's
/// decoder (``Document/init(json:)``), pandoc's syntax tree and an external adapter's
/// description alike.
package enum JSONValue: Sendable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSONValue])
  /// Members in their order in the input; keys are unique (the parser refuses duplicates).
  case object([(key: String, value: JSONValue)])

  /// The elements of an array.
  @inlinable
  package var array: [JSONValue]? {
    if case .array(let elements) = self { return elements }
    return nil
  }

  /// The text of a string.
  @inlinable
  package var string: String? {
    if case .string(let text) = self { return text }
    return nil
  }

  /// A number that is a whole number that a `Double` holds exactly (see ``integer(exactly:)``).
  @inlinable
  package var int: Int? {
    guard case .number(let number) = self else { return nil }
    return Self.integer(exactly: number)
  }

  /// Whether this is an object.
  @inlinable
  package var isObject: Bool {
    if case .object = self { return true }
    return false
  }

  /// The value of an object's member.
  @inlinable
  package subscript(key: String) -> JSONValue? {
    guard case .object(let members) = self else { return nil }
    return members.first { $0.key == key }?.value
  }

  /// What kind of value this is, as a message names it: "a string", "an object", "null".
  package var kindName: String {
    switch self {
    case .null: "null"
    case .bool: "true or false"
    case .number: "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
  }

  /// The one rule for integers in JSON, everywhere it is read: a number is an integer when it
  /// is whole and within ±2⁵³, where every integer has an exact `Double`.
  @inlinable
  package static func integer(exactly number: Double) -> Int? {
    guard number.rounded() == number, abs(number) <= 9_007_199_254_740_992 else { return nil }
    return Int(number)
  }

  /// A number as JSON would write it: `2.5`, `1e+20`, `3`.
  package static func format(_ number: Double) -> String {
    if let integer = integer(exactly: number) { return String(integer) }
    return "\(number)"
  }
}
