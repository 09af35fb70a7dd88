/// Paper sizes by name, and page sizes written as text (`80x66`, `a5`): what `--page-size`
/// takes.
extension PageSize {
  /// A paper size by name, in cells at the pica pitch of a typewriter or line printer: 10
  /// characters and 6 lines to the inch.
  public struct Paper: Sendable, Hashable {
    /// The name (`a4`, `letter`), lower case.
    public var name: String
    /// The page size in cells.
    public var size: PageSize
    /// The paper's size as its standard gives it (`210 × 297 mm`).
    public var dimensions: String
  }

  /// The paper sizes known by name.
  public static let papers: [Paper] = [
    Paper(name: "a4", size: PageSize(columns: 82, lines: 70), dimensions: "210 × 297 mm"),
    Paper(name: "a5", size: PageSize(columns: 58, lines: 49), dimensions: "148 × 210 mm"),
    Paper(name: "a6", size: PageSize(columns: 41, lines: 34), dimensions: "105 × 148 mm"),
    Paper(name: "b5", size: PageSize(columns: 69, lines: 59), dimensions: "176 × 250 mm"),
    Paper(name: "letter", size: PageSize(columns: 85, lines: 66), dimensions: "8.5 × 11 in"),
    Paper(name: "legal", size: PageSize(columns: 85, lines: 84), dimensions: "8.5 × 14 in"),
    Paper(name: "half-letter", size: PageSize(columns: 55, lines: 51), dimensions: "5.5 × 8.5 in"),
  ]

  /// The size of the paper named `name` (any case), or `nil`.
  public static func paper(named name: String) -> PageSize? {
    papers.first { $0.name == name.lowercased() }?.size
  }

  /// Why text is not a page size: one sentence that says what was expected.
  public struct ParseError: Error, Sendable, Hashable, CustomStringConvertible {
    public var description: String
  }

  /// Reads `COLUMNSxLINES` (such as `80x66`, each 1...10000) or a paper name (such as `a4`).
  ///
  /// - Throws: ``ParseError`` naming the text and what was expected.
  public init(parsing text: String) throws(ParseError) {
    if let named = Self.paper(named: text) {
      self = named
      return
    }
    let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
    guard parts.count == 2, let columns = Int(parts[0]), let lines = Int(parts[1]) else {
      let names = Self.papers.map(\.name).joined(separator: ", ")
      throw ParseError(
        description: "Invalid page size '\(text)': expected COLUMNSxLINES, such as 80x66, or one of \(names).")
    }
    guard (1...10_000).contains(columns), (1...10_000).contains(lines) else {
      throw ParseError(description: "Invalid page size '\(text)': columns and lines must each be 1...10000.")
    }
    self.init(columns: columns, lines: lines)
  }
}
