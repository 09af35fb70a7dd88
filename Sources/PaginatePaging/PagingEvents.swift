public import PaginateLayout

/// Which way a transition goes.
public enum PagingDirection: Sendable, Hashable {
  /// Towards later pages.
  case forward
  /// Towards earlier pages.
  case backward
}

/// A change of what the reader sees: from one page (or spread) to another.
///
/// Like UIKit's page view controller, a transition names the view controllers involved: here,
/// the pages shown before (``previousPages``) and those shown after (``pendingPages``): one page,
/// or the pages of a spread.
public struct PageTransition: Sendable, Hashable {
  /// The index of the current page before the change.
  public var from: Int
  /// The index of the current page after it (the target, while the change is pending).
  public var to: Int
  /// The direction of the move (a wrap from the last page to the first is forward).
  public var direction: PagingDirection
  /// The pages shown before: the current page, or the pages of the current spread, in reading
  /// order. After a relayout, these are pages of the old layout.
  public var previousPages: [Page]
  /// The pages shown after (or to be shown, for ``PagingEvent/willTransition(_:)``).
  public var pendingPages: [Page]

  /// Creates a transition.
  public init(
    from: Int, to: Int, direction: PagingDirection, previousPages: [Page] = [], pendingPages: [Page] = []
  ) {
    self.from = from
    self.to = to
    self.direction = direction
    self.previousPages = previousPages
    self.pendingPages = pendingPages
  }
}

/// What observers of a ``PagingController`` are told.
///
/// A reader turning pages (``PagingController/goForward(isolation:)``, an interactive
/// transition) produces `willTransition` and then `didTransition`, as UIKit's page view
/// controller tells its delegate about a swipe. A programmatic move (a jump to a page, a
/// search) produces `didJump`, unless it asks to be told as a transition; a new layout produces
/// `didRelayout`.
public enum PagingEvent: Sendable, Hashable {
  /// The reader is about to see ``PageTransition/pendingPages``.
  case willTransition(PageTransition)
  /// The transition ended: `completed` is `true` when the reader now sees the pending pages,
  /// `false` when it was cancelled (an interactive swipe let go) and nothing changed.
  case didTransition(PageTransition, completed: Bool)
  /// The current page was changed by a jump (first, last, a page number, a match).
  case didJump(PageTransition)
  /// The pages were laid out again (new options, facing on or off, a reloaded document); the
  /// current page is now `to`, the page holding the text that was at the top before.
  case didRelayout(PageTransition)
  /// Blocks were inserted, removed or replaced while browsing
  /// (``PagingController/insert(_:at:isolation:)`` and its kin); the current page is now `to`,
  /// the page holding the text the reader was at (or, if that text was removed, what took its
  /// place).
  case didChangeContent(ContentChange, PageTransition)

  /// The transition the event is about.
  public var transition: PageTransition {
    switch self {
    case .willTransition(let transition), .didTransition(let transition, _), .didJump(let transition),
      .didRelayout(let transition), .didChangeContent(_, let transition):
      transition
    }
  }
}

/// What an edit changed: the top-level blocks removed (indices in the document before) and
/// those inserted in their place (indices in the document after).
public struct ContentChange: Sendable, Hashable {
  /// The blocks removed, by their indices before the edit.
  public var removed: Range<Int>
  /// The blocks inserted, by their indices after the edit.
  public var inserted: Range<Int>

  /// Creates a change.
  public init(removed: Range<Int>, inserted: Range<Int>) {
    self.removed = removed
    self.inserted = inserted
  }
}

/// Why a controller could not do what it was asked.
public struct PagingError: Error, Sendable, Hashable, CustomStringConvertible {
  /// A sentence saying what went wrong.
  public var description: String

  /// Creates an error.
  public init(_ description: String) {
    self.description = description
  }
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
  /// The page count estimated from the share of the document laid out so far (the page
  /// count itself once it is known).
  public var estimatedPageCount: Int
  /// The side of the current page.
  public var side: Page.Side
  /// How far through the document, from 0 to 1.
  public var fraction: Double
  /// The running head of the current page.
  public var runningHead: String

  /// Creates a position (for previews and tests; a controller reports its own).
  public init(
    pageIndex: Int, pageNumber: Int, pageCount: Int?, estimatedPageCount: Int? = nil, side: Page.Side,
    fraction: Double, runningHead: String
  ) {
    self.pageIndex = pageIndex
    self.pageNumber = pageNumber
    self.pageCount = pageCount
    self.estimatedPageCount = pageCount ?? max(estimatedPageCount ?? pageIndex + 1, pageIndex + 1)
    self.side = side
    self.fraction = min(max(fraction, 0), 1)
    self.runningHead = runningHead
  }
}

extension PagingPosition: CustomStringConvertible {
  /// `12 of 240`, or `12 of ?` while the end is not laid out. The second number is the last
  /// page's number (the page count when numbering starts at 1).
  public var description: String {
    let lastNumber = pageCount.map { String(pageNumber - pageIndex + $0 - 1) } ?? "?"
    return "\(pageNumber) of \(lastNumber)"
  }
}
