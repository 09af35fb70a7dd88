/// Why a document in the JSON form could not be read: where (a JSON path such as
/// `$.blocks[3].level`, or a line and column for a syntax error) and what was expected.
///
/// The description is one line meant for people:
/// `$.blocks[3].level: expected 1...6, got 9`.
public struct DocumentDecodingError: Error, Sendable, Hashable {
  /// The JSON path of the offending value (`$` for the whole document); empty for syntax errors.
  public var path: String
  /// What was wrong and what was expected.
  public var message: String

  /// Creates an error.
  public init(path: String, message: String) {
    self.path = path
    self.message = message
  }
}

extension DocumentDecodingError: CustomStringConvertible {
  public var description: String { path.isEmpty ? message : "\(path): \(message)" }
}

extension DocumentDecodingError {
  /// Formats a coding path the way JSONPath does: `$.blocks[3].level`.
  static func jsonPath(_ codingPath: [any CodingKey]) -> String {
    var path = "$"
    for key in codingPath {
      if let index = key.intValue {
        path += "[\(index)]"
      } else {
        path += ".\(key.stringValue)"
      }
    }
    return path
  }

  /// Turns a `DecodingError` into a readable error with the path of the offending value.
  init(_ error: DecodingError) {
    switch error {
    case .typeMismatch(let type, let context):
      self.init(
        path: Self.jsonPath(context.codingPath),
        message: "expected \(Self.jsonTypeName(type)), got \(Self.foundTypeName(context.debugDescription))")
    case .valueNotFound(let type, let context):
      self.init(path: Self.jsonPath(context.codingPath), message: "expected \(Self.jsonTypeName(type)), got null")
    case .keyNotFound(let key, let context):
      let message =
        context.debugDescription.hasPrefix("missing key") ? context.debugDescription : "missing key '\(key.stringValue)'"
      self.init(path: Self.jsonPath(context.codingPath), message: message)
    case .dataCorrupted(let context):
      self.init(path: Self.jsonPath(context.codingPath), message: context.debugDescription)
    @unknown default:
      self.init(path: "", message: "\(error)")
    }
  }

  private static func jsonTypeName(_ type: Any.Type) -> String {
    switch type {
    case is String.Type: "a string"
    case is Int.Type: "an integer"
    case is Double.Type: "a number"
    case is Bool.Type: "true or false"
    default: "\(type)".hasPrefix("Array") ? "an array" : "an object"
    }
  }

  /// ``JSONValueDecoder`` says "found a string"; keep what was found.
  private static func foundTypeName(_ description: String) -> String {
    description.hasPrefix("found ") ? String(description.dropFirst("found ".count)) : description
  }
}
