/// A page turn under way: begun, not yet finished or cancelled.
struct InteractiveTransition: Sendable {
  var transition: PageTransition
  /// How far the turn has gone, from 0 (nothing moved) to 1 (the pending pages in place).
  var progress: Double
}

extension PagingController {
  /// Begins an interactive page turn (a swipe, a drag of the page corner) towards the next or
  /// previous page or spread: observers hear `willTransition` with the pending pages, and
  /// ``displayPosition`` follows ``updateTransition(progress:)`` until
  /// ``finishTransition(isolation:)`` moves the reader or ``cancelTransition(isolation:)``
  /// leaves them where they were. Beginning while another turn is under way cancels that one.
  ///
  ///     if reader.beginTransition(.forward) {
  ///       reader.updateTransition(progress: 0.35)   // displayPosition 2.35 on page index 2
  ///       reader.finishTransition()                 // or cancelTransition()
  ///     }
  ///
  /// - Returns: `false` when there is no page that way (the end, without wrapping); nothing is
  ///   begun then.
  @discardableResult
  public mutating func beginTransition(
    _ direction: PagingDirection, isolation: isolated (any Actor)? = #isolation
  ) -> Bool {
    let context = DeliveryContext.isolated(isolation)
    cancelInteractiveTransition(context: context)
    guard let target = neighbourIndex(direction) else { return false }
    // The pages go with the transition whether or not anyone observes: the caller draws them.
    let transition = PageTransition(
      from: currentIndex, to: target, direction: direction, previousPages: visiblePages,
      pendingPages: pagesShown(atPage: target))
    interactive = InteractiveTransition(transition: transition, progress: 0)
    observers.deliver(.willTransition(transition), from: context)
    return true
  }

  /// Sets how far the turn under way has gone, from 0 to 1 (clamped); nothing without one.
  /// Observers are not told: ``displayPosition`` says where the view is.
  public mutating func updateTransition(progress: Double) {
    guard interactive != nil else { return }
    interactive?.progress = min(max(progress.isNaN ? 0 : progress, 0), 1)
  }

  /// Completes the turn under way: the reader moves to the pending pages and observers hear
  /// `didTransition(completed: true)`. `false` when no turn was under way.
  @discardableResult
  public mutating func finishTransition(isolation: isolated (any Actor)? = #isolation) -> Bool {
    guard let turn = interactive else { return false }
    interactive = nil
    moveWithoutTelling(to: turn.transition.to)
    observers.deliver(.didTransition(turn.transition, completed: true), from: .isolated(isolation))
    return true
  }

  /// Abandons the turn under way: the reader stays where they were and observers hear
  /// `didTransition(completed: false)`, as UIKit reports a swipe let go too early. `false` when
  /// no turn was under way.
  @discardableResult
  public mutating func cancelTransition(isolation: isolated (any Actor)? = #isolation) -> Bool {
    guard interactive != nil else { return false }
    cancelInteractiveTransition(context: .isolated(isolation))
    return true
  }

  /// The turn under way, if any: its pending pages are those being revealed.
  public var pendingTransition: PageTransition? { interactive?.transition }

  /// How far the turn under way has gone, from 0 to 1; `nil` when none is.
  public var transitionProgress: Double? { interactive?.progress }

  /// Where the view is, in pages (or spreads in facing mode) from 0, with a fraction during a
  /// turn: 2 on the third page, 2.35 a third of the way from it to the fourth, 1.65 that far
  /// back towards the second. A wrapping turn from the last page goes past it (or below 0)
  /// and lands on the first (or last) when finished.
  public var displayPosition: Double {
    let here = Double(unit(ofPage: currentIndex))
    guard let turn = interactive else { return here }
    return turn.transition.direction == .forward ? here + turn.progress : here - turn.progress
  }

  mutating func cancelInteractiveTransition(context: DeliveryContext) {
    guard let turn = interactive else { return }
    interactive = nil
    observers.deliver(.didTransition(turn.transition, completed: false), from: context)
  }
}
