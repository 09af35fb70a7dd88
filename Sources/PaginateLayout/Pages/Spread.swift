/// Two facing pages as a reader sees them: a verso on the left, a recto on the right (mirrored
/// for right-to-left page progression), either side possibly empty.
public struct Spread: Sendable, Hashable {
  /// The position of the spread, from 0.
  public var index: Int
  /// The page shown on the left, if any.
  public var left: Page?
  /// The page shown on the right, if any.
  public var right: Page?

  /// Creates a spread.
  public init(index: Int, left: Page?, right: Page?) {
    self.index = index
    self.left = left
    self.right = right
  }

  /// The pages of the spread in reading order.
  public var pages: [Page] { [left, right].compactMap { $0 }.sorted { $0.index < $1.index } }

  /// The lines of the spread: each line is the left page's line, the gutter (with a thin rule
  /// down its middle when `spine` is on and the gutter is wide enough), and the right page's.
  public func lines(pageSize: PageSize, gutter: Int, spine: Bool = true) -> [Line] {
    var result: [Line] = []
    result.reserveCapacity(pageSize.lines)
    let rulePosition = gutter / 2
    for row in 0..<pageSize.lines {
      var line = Line()
      let leftLine = left.map { row < $0.lines.count ? $0.lines[row] : Line() } ?? Line()
      line.append(leftLine)
      line.appendSpaces(pageSize.columns - leftLine.width)
      if spine && gutter >= 1 {
        line.appendSpaces(rulePosition)
        line.append("│", style: .furniture)
        line.appendSpaces(gutter - rulePosition - 1)
      } else {
        line.appendSpaces(gutter)
      }
      if let right, row < right.lines.count { line.append(right.lines[row]) }
      line.trimTrailingSpaces()
      result.append(line)
    }
    return result
  }
}

/// How pages pair into spreads.
public struct FacingOptions: Sendable, Hashable {
  /// Which side the first page stands on.
  public enum Start: String, Sendable, Hashable, CaseIterable {
    /// The first page stands alone on the right, as in a printed book.
    case right
    /// The first page is paired with the second: `[1 | 2]`.
    case left
  }

  /// Page progression: left to right (most scripts) or right to left (Japanese and Arabic
  /// books), which mirrors each spread.
  public enum Progression: String, Sendable, Hashable, CaseIterable {
    case ltr
    case rtl
  }

  /// Where the first page stands.
  public var start: Start
  /// The direction pages turn.
  public var progression: Progression
  /// Columns between the two pages.
  public var gutter: Int
  /// Draw a thin rule down the middle of the gutter.
  public var drawsSpine: Bool

  /// Creates facing options: by default page 1 alone on the right, left to right, a gutter of 4
  /// with a spine.
  public init(start: Start = .right, progression: Progression = .ltr, gutter: Int = 4, drawsSpine: Bool = true) {
    self.start = start
    self.progression = progression
    self.gutter = max(gutter, 0)
    self.drawsSpine = drawsSpine
  }

  /// The page indices of spread `index`, in reading order (first, second). Either may name a
  /// page that does not exist: page -1 beside the lone first page (spread 0 when page 1 stands
  /// on the right), or a page past the end. With content before page 0 (a source with earlier
  /// blocks), spreads go on at negative indices the same way. Both `nil` for an index so
  /// far out that its pages' indices would overflow.
  public func pageIndices(ofSpread index: Int) -> (first: Int?, second: Int?) {
    // No spread has an index whose pages' would overflow.
    let (double, overflowed) = index.multipliedReportingOverflow(by: 2)
    guard !overflowed, double > Int.min, double < Int.max else { return (nil, nil) }
    switch start {
    case .right:
      return (double - 1, double)
    case .left:
      return (double, double + 1)
    }
  }

  /// The spreads that `pages` (any selection, by their ``Page/index``) form, in order: a page
  /// whose partner is not among them has an empty side. Mirrored for right-to-left progression.
  public func spreads(of pages: [Page]) -> [Spread] {
    var byIndex: [Int: Page] = [:]
    for page in pages { byIndex[page.index] = page }
    var result: [Spread] = []
    var seen = Set<Int>()
    for page in pages {
      let spread = spreadIndex(ofPage: page.index)
      guard seen.insert(spread).inserted else { continue }
      let (first, second) = pageIndices(ofSpread: spread)
      let (firstPage, secondPage) = (first.flatMap { byIndex[$0] }, second.flatMap { byIndex[$0] })
      result.append(
        progression == .ltr
          ? Spread(index: spread, left: firstPage, right: secondPage)
          : Spread(index: spread, left: secondPage, right: firstPage))
    }
    return result
  }

  /// The spread that shows page `index` (rounding down at negative indices, so that spreads
  /// before page 0 pair pages as those after do).
  public func spreadIndex(ofPage index: Int) -> Int {
    let shifted = start == .right ? index + 1 : index
    return shifted >= 0 ? shifted / 2 : -((1 - shifted) / 2)
  }
}

extension Spread {
  /// The spread at `index` as `facing` pairs pages, each page taken from `page` (by index);
  /// `nil` when neither of its pages exists.
  package init?(index: Int, facing: FacingOptions, page: (Int) -> Page?) {
    let (firstIndex, secondIndex) = facing.pageIndices(ofSpread: index)
    let first = firstIndex.flatMap(page)
    let second = secondIndex.flatMap(page)
    guard first != nil || second != nil else { return nil }
    switch facing.progression {
    case .ltr: self.init(index: index, left: first, right: second)
    case .rtl: self.init(index: index, left: second, right: first)
    }
  }
}

extension PageSet {
  /// The spread at `index`, laying out as far as needed; `nil` past the last spread.
  public mutating func spread(at index: Int, facing: FacingOptions) -> Spread? {
    guard index >= 0 else { return nil }
    return Spread(index: index, facing: facing) { page(at: $0) }
  }
}
