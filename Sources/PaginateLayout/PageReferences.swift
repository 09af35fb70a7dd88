/// Where the headings of a laid-out document begin, by id (``HeadingIDs``): what an
/// in-document link (`#usage`) leads to, and the page number the layout prints after its text
/// (`Usage → p. 7`) when ``LayoutOptions/pageReferences`` holds them.
///
/// The numbers are known only once the document is laid out, and printing them can move
/// what follows; so, as LaTeX does with `\pageref`, the document is laid out again with the
/// numbers of the layout before, until they stay the same (``isSettled(by:)``).
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
  /// any number is known; `nil` once they are (an id of no heading then prints none).
  public var provisionalNumber: Int?
  private var ids = HeadingIDs()

  /// No heading yet, and no number printed for any.
  public init() {}

  /// References for a first layout: every in-document link prints `number`, a guess of the
  /// right width.
  public static func provisional(_ number: Int = 10) -> PageReferences {
    var references = PageReferences()
    references.provisionalNumber = number
    return references
  }

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
  /// the provisional guess; `nil` for none.
  public func pageNumber(for destination: String) -> Int? {
    target(of: destination)?.pageNumber ?? provisionalNumber
  }

  /// Whether a layout that used these references found its headings where they said:
  /// `found` holds the headings of that layout.
  public func isSettled(by found: PageReferences) -> Bool {
    provisionalNumber == nil && targets == found.targets
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
