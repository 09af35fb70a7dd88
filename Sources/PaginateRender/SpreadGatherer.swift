public import PaginateLayout

/// Pages arriving one at a time, grouped into the spreads they are shown in: what a
/// ``PageWriter`` is given. Without facing pages each page is a spread of its own; with them,
/// the pages of one spread (by ``/PaginateLayout/FacingOptions/spreadIndex(ofPage:)``) are
/// gathered until a page of the next spread arrives. Pages not passed in (not selected) leave
/// their side of a spread empty.
public struct SpreadGatherer: Sendable {
  /// How pages pair into spreads; `nil`: single pages.
  public let facing: FacingOptions?
  private var pending: [Page] = []

  /// A gatherer for pages paired by `facing` (single pages for `nil`).
  public init(facing: FacingOptions?) {
    self.facing = facing
  }

  /// Adds `page`; returns the spread it closes: the page itself without facing pages, else the
  /// pages gathered before it when it starts another spread.
  public mutating func add(_ page: Page) -> [Page]? {
    guard let facing else { return [page] }
    if let first = pending.first, facing.spreadIndex(ofPage: first.index) == facing.spreadIndex(ofPage: page.index) {
      pending.append(page)
      return nil
    }
    defer { pending = [page] }
    return pending.isEmpty ? nil : pending
  }

  /// The spread still being gathered, if any.
  public mutating func finish() -> [Page]? {
    defer { pending = [] }
    return pending.isEmpty ? nil : pending
  }
}
