/// Where the headings of a laid-out document begin, by id (``HeadingIDs``): what an
/// in-document link (`#usage`) leads to, and the page number the layout prints after its text
/// (`Usage → p. 7`) when ``LayoutOptions/pageReferences`` holds them.
///
/// The numbers are known only once the document is laid out, and printing them could move
/// what follows. So a first layout prints a guess (``provisional(digits:)``), and each number
/// in ``digits`` cells (padded with no-break spaces before it): a layout does not depend on the
/// numbers, only on how wide they are. The numbers found can then be written into the pages
/// of that layout (``PageNumberFiller``), or, as LaTeX does with `\pageref`, the document laid
/// out again with them (``printed(inDigits:)``): a second layout with the same width puts
/// every heading where the first did.
public struct PageReferences: Sendable, Hashable {
  /// A heading's place.
  public struct Target: Sendable, Hashable {
    /// The printed number of the page the heading begins on.
    public var pageNumber: Int
    /// The index in ``Page/lines`` of its first line.
    public var line: Int

    /// Creates a target.
    public init(pageNumber: Int, line: Int) {
      self.pageNumber = pageNumber
      self.line = line
    }
  }

  /// The headings by id.
  public private(set) var targets: [String: Target] = [:]
  /// The number printed for an id not in ``targets``: the guess of a first layout, before
  /// any number is known; `nil` once they are (an id of no heading then prints `?`).
  public var provisionalNumber: Int?
  /// The cells a number is printed in, at least: as many as the last page number has digits.
  public var digits = 1
  private var ids = HeadingIDs()

  /// No heading yet, and no number printed for any.
  public init() {}

  /// References for a first layout: every in-document link prints a number of `digits`
  /// digits, a guess of the width the last page number will have.
  public static func provisional(digits: Int = 2) -> PageReferences {
    var references = PageReferences()
    references.digits = max(digits, 1)
    references.provisionalNumber = 0
    return references
  }

  /// These references' targets, printed in `digits` cells: for a layout after the one that
  /// found them.
  public func printed(inDigits digits: Int) -> PageReferences {
    var references = self
    references.provisionalNumber = nil
    references.digits = max(digits, 1)
    return references
  }

  /// The text printed after an in-document link's text for page `number`: `p.` and the
  /// number, padded before with no-break spaces to ``digits`` cells (`p. 7`, `p.  7`); for a
  /// link to no heading (`nil`), a question mark, as LaTeX prints `??` for a label it lacks.
  public func text(forPage number: Int?) -> String {
    let figures = number.map { String($0) } ?? "?"
    return "p.\u{A0}" + String(repeating: "\u{A0}", count: max(digits - figures.count, 0)) + figures
  }

  /// The number of digits of `number`.
  public static func digits(of number: Int) -> Int { String(max(number, 0)).count }

  /// Adds the headings of `page`, the next page of the document (pages must come in order,
  /// for repeated headings' ids), and returns their ids in order.
  @discardableResult
  public mutating func add(_ page: Page) -> [String] {
    page.headings.map { heading in
      let id = ids.next(for: heading.text)
      targets[id] = Target(pageNumber: page.number, line: heading.line)
      return id
    }
  }

  /// The heading an in-document link's destination (`#usage`) leads to; `nil` for another
  /// destination, or an id of no heading.
  public func target(of destination: String) -> Target? {
    guard let id = Self.fragment(of: destination) else { return nil }
    return targets[id] ?? targets[id.lowercased()]
  }

  /// The page number printed after an in-document link to `destination`: the heading's, or
  /// the provisional guess; `nil` for a link to no heading.
  public func pageNumber(for destination: String) -> Int? {
    target(of: destination)?.pageNumber ?? provisionalNumber
  }

  /// The id of an in-document destination (`#usage`: `usage`, percent-escapes decoded);
  /// `nil` for any other.
  public static func fragment(of destination: String) -> String? {
    guard destination.utf8.first == UInt8(ascii: "#"), destination.utf8.count > 1 else { return nil }
    let id = destination.dropFirst()
    guard id.contains("%") else { return String(id) }
    return id.removingPercentEscapes ?? String(id)
  }

  /// Whether `destination` leads to a place in the document (`#usage`).
  public static func isInDocument(_ destination: String) -> Bool {
    destination.utf8.first == UInt8(ascii: "#")
  }
}

extension Substring {
  /// The text with `%XX` escapes decoded, `nil` when they do not make UTF-8.
  fileprivate var removingPercentEscapes: String? {
    var bytes: [UInt8] = []
    var utf8 = self.utf8[...]
    while let byte = utf8.popFirst() {
      if byte == UInt8(ascii: "%"), utf8.count >= 2,
        let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16)
      {
        bytes.append(value)
        utf8 = utf8.dropFirst(2)
      } else {
        bytes.append(byte)
      }
    }
    return String(validating: bytes, as: UTF8.self)
  }
}
