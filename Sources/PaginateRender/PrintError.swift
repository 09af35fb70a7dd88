/// Why a ``PrintRun`` stopped: a document that could not be opened or laid out, or a scratch
/// file for pages waiting for their page references that could not be written. One line,
/// fit for a command's standard error.
public struct PrintError: Error, Sendable, Hashable, CustomStringConvertible {
  /// A sentence saying what went wrong, starting with the document's name when there is one.
  public var description: String

  /// An error that says `description`.
  public init(_ description: String) {
    self.description = description
  }
}
