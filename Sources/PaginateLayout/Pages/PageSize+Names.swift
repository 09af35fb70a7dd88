/// Page sizes written as text (`80x66`, or a ``Paper``'s name such as `a5`): what
/// `--page-size` takes.
extension PageSize {
  /// Why text is not a page size: one sentence that says what was expected.
  public struct ParseError: Error, Sendable, Hashable, CustomStringConvertible {
    public var description: String
  }

  /// Reads `COLUMNSxLINES` (such as `80x66`, each 1...10000) or a paper name (such as `a4`).
  ///
  /// - Throws: ``ParseError`` naming the text and what was expected.
  public init(parsing text: String) throws(ParseError) {
    if let paper = Paper(named: text) {
      self = paper.cells
      return
    }
    let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
    guard parts.count == 2, let columns = Int(parts[0]), let lines = Int(parts[1]) else {
      let names = Paper.all.map(\.name).joined(separator: ", ")
      throw ParseError(
        description: "Invalid page size '\(text)': expected COLUMNSxLINES, such as 80x66, or one of \(names).")
    }
    guard (1...10_000).contains(columns), (1...10_000).contains(lines) else {
      throw ParseError(description: "Invalid page size '\(text)': columns and lines must each be 1...10000.")
    }
    self.init(columns: columns, lines: lines)
  }
}
