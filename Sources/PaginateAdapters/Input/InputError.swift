import PaginateSystem

/// Why an input could not be read, in one line a person can act on.
///
/// The description names the input, the place (line and column, or a JSON path) and what was
/// expected: `notes.json: $.blocks[3].level: expected 1...6, got 9`.
public struct InputError: Error, Sendable, Hashable {
  /// The input's name (a path, or `<stdin>`).
  public var input: String
  /// Where in the input, when known: `12:3` or a JSON path such as `$.blocks[2]`.
  public var location: String?
  /// What is wrong and what was expected.
  public var message: String

  /// Creates an error.
  public init(input: String, location: String? = nil, message: String) {
    self.input = input
    self.location = location
    self.message = message
  }
}

extension InputError: CustomStringConvertible {
  public var description: String {
    if let location, !location.isEmpty { return "\(input): \(location): \(message)" }
    return "\(input): \(message)"
  }
}

extension InputError {
  /// A system error (`errno`) as a short phrase for these messages: "no such file",
  /// "permission denied".
  public static func reason(_ code: Int32) -> String {
    switch Errno(rawValue: code) {
    case .noSuchFile: "no such file"
    case .permissionDenied: "permission denied"
    case .isDirectory: "is a directory; expected a file"
    case .notExecutable: "not an executable (a script needs a #! line)"
    case let error: error.description.lowercased()
    }
  }
}
