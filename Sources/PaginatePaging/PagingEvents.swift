public import PaginateLayout

/// Which way a transition goes.
public enum PagingDirection: Sendable, Hashable {
  /// Towards later pages.
  case forward
  /// Towards earlier pages.
  case backward
}

/// A change of the current page: from one page index to another.
public struct PageTransition: Sendable, Hashable {
  /// The page index shown before.
  public var from: Int
  /// The page index shown after.
  public var to: Int
  /// The direction of the move (a wrap from the last page to the first is forward).
  public var direction: PagingDirection

  /// Creates a transition.
  public init(from: Int, to: Int, direction: PagingDirection) {
    self.from = from
    self.to = to
    self.direction = direction
  }
}

/// What observers of a ``PagingController`` are told.
public enum PagingEvent: Sendable, Hashable {
  /// The current page is about to change.
  case willTransition(PageTransition)
  /// The current page has changed.
  case didTransition(PageTransition)
  /// The pages were laid out again (new options or a reloaded document); the current page is
  /// now `to`, the page holding the text that was at the top before.
  case didRelayout(PageTransition)
}

/// Identifies an observer so that it can be removed.
public struct ObserverToken: Sendable, Hashable {
  let value: Int
}

/// Where the reader is.
public struct PagingPosition: Sendable, Hashable {
  /// The index of the current page, from 0.
  public var pageIndex: Int
  /// The printed number of the current page.
  public var pageNumber: Int
  /// The number of pages, once the end has been laid out.
  public var pageCount: Int?
  /// The side of the current page.
  public var side: Page.Side
  /// How far through the document, from 0 to 1.
  public var fraction: Double
  /// The running head of the current page.
  public var runningHead: String
}

extension PagingPosition: CustomStringConvertible {
  /// `12 of 240`, or `12 of ?` while the end is not laid out. The second number is the last
  /// page's number (the page count when numbering starts at 1).
  public var description: String {
    let lastNumber = pageCount.map { String(pageNumber - pageIndex + $0 - 1) } ?? "?"
    return "\(pageNumber) of \(lastNumber)"
  }
}
