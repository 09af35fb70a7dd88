/// A selection of printed page numbers: `3`, `3-7`, `15-` (to the end), `odd`, `even`, and
/// comma lists of them such as `1-3,7,10-`.
///
///     let ranges = try PageRanges("3-7,10,15-")
///     ranges.contains(5)       // true
///     ranges.contains(12)      // false
///     ranges.upperBound        // nil: "15-" runs to the end
public struct PageRanges: Sendable, Hashable, CustomStringConvertible {
  /// One element of the list.
  package enum Part: Sendable, Hashable {
    /// Pages `first` through `last` (inclusive); `last` is `nil` for "to the end".
    case range(first: Int, last: Int?)
    /// Odd page numbers (rectos).
    case odd
    /// Even page numbers (versos).
    case even
  }

  /// The parts, in the order given.
  package let parts: [Part]
  /// The text the selection was parsed from.
  public let description: String

  /// Every page.
  public static let all = PageRanges(parts: [.range(first: 1, last: nil)], description: "1-")

  private init(parts: [Part], description: String) {
    self.parts = parts
    self.description = description
  }

  /// Parses a selection.
  ///
  /// - Throws: ``PageRangesError`` for an empty part, a number that is not a positive
  ///   integer, or a range whose end comes before its start (`9-3`).
  public init(_ text: String) throws(PageRangesError) {
    var parts: [Part] = []
    for raw in text.split(separator: ",", omittingEmptySubsequences: false) {
      let part = raw.trimmingSpaces()
      switch part.lowercased() {
      case "": throw PageRangesError("empty item in page ranges '\(text)'; expected N, N-M, N-, odd or even")
      case "odd": parts.append(.odd)
      case "even": parts.append(.even)
      default:
        let bounds = part.split(separator: "-", omittingEmptySubsequences: false)
        guard bounds.count <= 2, let first = Int(bounds[0]), first >= 1 else {
          throw PageRangesError("invalid page range '\(part)'; expected N, N-M, N-, odd or even with N >= 1")
        }
        if bounds.count == 1 {
          parts.append(.range(first: first, last: first))
        } else if bounds[1].isEmpty {
          parts.append(.range(first: first, last: nil))
        } else {
          guard let last = Int(bounds[1]), last >= 1 else {
            throw PageRangesError("invalid page range '\(part)'; expected N, N-M, N-, odd or even with N >= 1")
          }
          guard last >= first else {
            throw PageRangesError("invalid page range '\(part)': it ends before it starts")
          }
          parts.append(.range(first: first, last: last))
        }
      }
    }
    self.init(parts: parts, description: text)
  }

  /// Whether page `number` is selected.
  public func contains(_ number: Int) -> Bool {
    parts.contains { part in
      switch part {
      case .range(let first, let last): number >= first && number <= (last ?? Int.max)
      case .odd: number % 2 != 0
      case .even: number % 2 == 0
      }
    }
  }

  /// The highest page number selected, or `nil` when the selection runs to the end (so a
  /// printer can stop laying out after it).
  public var upperBound: Int? {
    var highest = 0
    for part in parts {
      switch part {
      case .range(_, let last):
        guard let last else { return nil }
        highest = max(highest, last)
      case .odd, .even:
        return nil
      }
    }
    return highest
  }
}

/// A page selection that cannot be parsed.
public struct PageRangesError: Error, Sendable, Hashable, CustomStringConvertible {
  /// One sentence: what is wrong and what was expected.
  public var description: String

  init(_ description: String) { self.description = description }
}

extension Substring {
  fileprivate func trimmingSpaces() -> String {
    String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
  }
}
