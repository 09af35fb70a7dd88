import PaginateLayout
import PaginateModel
import PaginatePaging

/// A jump that lays out pages on the way (`G`, `NG`, `N%`, `F`), going on in steps, so that the
/// terminal part can show its progress and the reader can stop it: a large Markdown file takes
/// seconds to lay out to its end.
struct PendingJump: Sendable {
  enum Target: Sendable, Equatable {
    /// The last page; then, with `follow`, following the file as it grows (`F`).
    case last(follow: Bool)
    /// The page with this printed number.
    case pageNumber(Int)
    /// The page this share of the way through the document.
    case fraction(Double)
  }

  var target: Target
}

extension PagerModel {
  /// Whether a jump is laying out pages; ``continueJump(pageLimit:)`` takes it further.
  package var isJumping: Bool { pendingJump != nil }

  /// Whether a search or a jump is going on, which the terminal part takes on in steps.
  package var isBusy: Bool { pendingSearch != nil || pendingJump != nil }

  /// Takes the search or jump going on a step further; `true` while it goes on.
  @discardableResult
  package mutating func continueWork(pageLimit: Int = 20) -> Bool {
    if pendingSearch != nil { return continueSearch(pageLimit: pageLimit) }
    return continueJump(pageLimit: pageLimit)
  }

  /// Stops the search or jump going on; the reader stays where they were.
  package mutating func cancelWork() {
    cancelSearch()
    cancelJump()
  }

  /// Runs the search or jump going on to its end (for callers that need no progress).
  package mutating func finishPendingWork() {
    while continueWork(pageLimit: 1000) {}
  }

  /// Begins a jump to `target`, taking a first step at once: a short document needs no
  /// progress.
  mutating func startJump(to target: PendingJump.Target) {
    pendingJump = PendingJump(target: target)
    continueJump(pageLimit: 20)
  }

  /// Lays out up to `pageLimit` more pages for the jump going on, or, once its page is laid
  /// out, moves there; `true` while it goes on.
  @discardableResult
  package mutating func continueJump(pageLimit: Int = 20) -> Bool {
    guard let jump = pendingJump else { return false }
    if !isLaidOut(jump.target) && controller.layOut(morePages: pageLimit) && !isLaidOut(jump.target) {
      let share = controller.laidOutFraction.map { " · \(Int(($0 * 100).rounded(.down)))%" } ?? ""
      message = "laying out… page \(controller.laidOutPageCount)\(share) · Esc stops"
      return true
    }
    pendingJump = nil
    message = nil
    switch jump.target {
    case .last(let follow):
      controller.goToLast()
      scroll = maxScrollInUnit
      if follow {
        isFollowing = true
        message = "following · any key stops"
      }
    case .pageNumber(let number):
      if controller.go(toPageNumber: number) { scroll = 0 } else { message = "no page \(number)" }
    case .fraction(let fraction):
      if controller.go(toFraction: fraction) { scroll = 0 } else { message = "no end to measure from" }
    }
    return false
  }

  /// Stops the jump going on; the reader stays where they were, and the pages laid out so
  /// far are kept.
  package mutating func cancelJump() {
    guard pendingJump != nil else { return }
    pendingJump = nil
    message = "stopped · \(controller.laidOutPageCount) pages laid out"
  }

  /// Whether the pages `target` needs are laid out: then moving there is quick.
  private func isLaidOut(_ target: PendingJump.Target) -> Bool {
    if controller.pageCount != nil || controller.reader.isEndless { return true }
    switch target {
    case .last: return false
    case .pageNumber(let number):
      let index = number.subtractingReportingOverflow(configuration.options.firstPageNumber)
      return index.overflow || index.partialValue < controller.laidOutPageCount
    case .fraction(let fraction):
      guard let reached = controller.laidOutFraction else { return true }
      return reached >= fraction
    }
  }
}
