public import PaginateModel

/// One laid-out page: exactly as many lines as the page is tall, none wider than the page.
public struct Page: Sendable, Hashable {
  /// Which side of a leaf a page is printed on.
  public enum Side: String, Sendable, Hashable {
    /// A right-hand page: odd numbers. The inner margin is on the left.
    case recto
    /// A left-hand page: even numbers. In double-sided mode the inner margin is on the right.
    case verso
  }

  /// The position of the page in its page set, from 0.
  public var index: Int
  /// The printed page number.
  public var number: Int
  /// The side, which follows the number: odd pages are rectos.
  public var side: Side
  /// A blank page inserted so that a chapter starts on a recto (or to make the count even);
  /// it has no header or footer.
  public var isBlank: Bool
  /// The lines of the page, exactly the page's height; no line is wider than the page and none
  /// has trailing spaces.
  public var lines: [Line]
  /// The source lines of the content on the page, when known.
  public var source: SourceRange?
  /// The source line at the top of the page: where a reader is in the input. Exact for
  /// one-line blocks, interpolated within a reflowed paragraph. `nil` for blank pages.
  public var anchorLine: Int?
  /// The running head: the last level-1 or level-2 heading begun on or before the page.
  public var runningHead: String
  /// The indices in ``lines`` of the text area: the page less its margins, header and footer.
  public var bodyLines: Range<Int>
  /// The indices in ``lines`` of the notes at the foot of the text area, the rule above them
  /// included; empty when the page cites none. The text flows through the body lines before
  /// them, from page to page.
  public var noteLines: Range<Int>
  /// The anchor of the first character of each line: as many as ``lines``, `nil` for a line
  /// that shows no text of the document (margins, header and footer, notes, padding, a
  /// repeated table header). Empty when the layout does not track anchors (a page set that
  /// keeps no pages, for printing).
  public var lineAnchors: [TextAnchor?] = []
  /// The destinations of the links on the page, each with the ``TextStyle/linkID`` of its
  /// text's style: what a renderer makes the text link to (OSC 8 on a terminal). Empty for a
  /// page without links.
  public var linkDestinations: [Link] = []

  /// The headings that begin on the page, in order: what a table of contents, a PDF outline
  /// and in-document links (``PageReferences``) point to. Empty for most pages.
  public var headings: [Heading] = []

  /// A heading that begins on a page.
  public struct Heading: Sendable, Hashable {
    /// The level, from 1 (a chapter) to 6.
    public var level: Int
    /// The heading's plain text.
    public var text: String
    /// The index in ``Page/lines`` of the heading's first line.
    public var line: Int

    /// Creates a heading.
    public init(level: Int, text: String, line: Int) {
      self.level = level
      self.text = text
      self.line = line
    }
  }

  /// A link's number and destination (see ``linkDestinations``).
  public struct Link: Sendable, Hashable {
    public var id: UInt32
    public var destination: String
    /// For an in-document link (`#usage`), where its heading is, when the layout knew
    /// (``LayoutOptions/pageReferences``).
    public var target: PageReferences.Target?

    /// Creates a link.
    public init(id: UInt32, destination: String, target: PageReferences.Target? = nil) {
      self.id = id
      self.destination = destination
      self.target = target
    }
  }

  /// Whether a link on the page leads to a place in the document (`#usage`).
  public var citesDocument: Bool {
    linkDestinations.contains { PageReferences.isInDocument($0.destination) }
  }

  /// The layout the page belongs to (`nil` for a page made by hand): with ``index`` it
  /// identifies the page. Not compared by `==`.
  package var layout: LayoutIdentity?

  /// The anchor of the first character on the page: where a reader of this page is. `nil`
  /// for a blank page, a page of notes only (notes carried past the end of the text), or when
  /// anchors are not tracked.
  public var anchor: TextAnchor? {
    for anchor in lineAnchors { if let anchor { return anchor } }
    return nil
  }

  /// Creates a page.
  ///
  /// - Parameters:
  ///   - index: The position of the page in its page set, from 0.
  ///   - number: The printed page number.
  ///   - side: The side, which follows the number.
  ///   - isBlank: A blank page inserted before a chapter (no header or footer).
  ///   - lines: The lines, exactly the page's height.
  ///   - source: The source lines of the content on the page.
  ///   - anchorLine: The source line at the top of the page.
  ///   - runningHead: The running head.
  ///   - bodyLines: The text area's lines; all of `lines` when `nil`.
  ///   - noteLines: The note area's lines; none (at the end of the body) when `nil`.
  public init(
    index: Int, number: Int, side: Side, isBlank: Bool, lines: [Line], source: SourceRange?,
    anchorLine: Int? = nil, runningHead: String, bodyLines: Range<Int>? = nil, noteLines: Range<Int>? = nil
  ) {
    self.index = index
    self.number = number
    self.side = side
    self.isBlank = isBlank
    self.lines = lines
    self.source = source
    self.anchorLine = anchorLine
    self.runningHead = runningHead
    let body = bodyLines ?? 0..<lines.count
    self.bodyLines = body
    self.noteLines = noteLines ?? body.upperBound..<body.upperBound
  }

  /// The plain text of the lines.
  public var textLines: [String] { lines.map(\.text) }

  /// Pages are equal when they are the same page showing the same thing: position, number,
  /// side, lines and what the lines came from. Their ``lineAnchors`` (which only page sets that
  /// keep their pages record) are not compared.
  public static func == (lhs: Page, rhs: Page) -> Bool {
    lhs.index == rhs.index && lhs.number == rhs.number && lhs.side == rhs.side && lhs.isBlank == rhs.isBlank
      && lhs.source == rhs.source && lhs.anchorLine == rhs.anchorLine && lhs.runningHead == rhs.runningHead
      && lhs.bodyLines == rhs.bodyLines && lhs.noteLines == rhs.noteLines && lhs.lines == rhs.lines
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(index)
    hasher.combine(number)
    hasher.combine(lines)
  }

  /// The side of page `number`.
  public static func side(of number: Int) -> Side {
    number % 2 == 0 ? .verso : .recto
  }
}

extension [Page.Link] {
  /// The destination of link `id` (a page holds a few: a look along them).
  public func destination(ofLink id: UInt32) -> String? {
    first { $0.id == id }?.destination
  }

  /// Adds the links of `other` that are not here yet.
  public mutating func add(_ other: [Page.Link]) {
    for link in other where destination(ofLink: link.id) == nil { append(link) }
  }
}
