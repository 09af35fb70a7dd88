extension PagingController {
  /// Registers `callback` to hear about every change of what the reader sees (see
  /// ``PagingEvent``), on the caller's actor.
  ///
  /// The callback is isolated to the actor that registers it, as the closure you write there
  /// is: a `@MainActor` view model can update its own state and call its own methods in it.
  ///
  ///     @MainActor final class ReaderModel {
  ///       var reader: PagingController
  ///       var shown: [Int] = []
  ///       init(document: Document) {
  ///         reader = PagingController(document: document)
  ///         reader.addObserver { [weak self] event in
  ///           if case .didTransition(let turn, completed: true) = event { self?.shown.append(turn.to) }
  ///         }
  ///       }
  ///     }
  ///
  /// When the controller is driven from that actor (the common case), the callback is called
  /// before the call that caused the event returns. Driven from elsewhere, the events reach
  /// the callback in order, in a task on its actor. A callback registered outside any actor is
  /// called wherever the controller is driven.
  ///
  /// The observer is part of the controller's value, as a closure property would be: a copy
  /// made afterwards carries it (use ``withoutObservers`` for a copy that tells no one).
  /// Events carry the pages involved, so a callback needs no access to the controller (which
  /// is being changed while it runs).
  ///
  /// - Returns: A token for ``removeObserver(_:)``.
  @discardableResult
  public mutating func addObserver(
    isolation: isolated (any Actor)? = #isolation, _ callback: @escaping (PagingEvent) -> Void
  ) -> ObserverToken {
    observers.add(isolation: isolation, callback)
  }

  /// Stops notifying the observer registered with `token` (in every copy of the controller).
  public mutating func removeObserver(_ token: ObserverToken) {
    observers.remove(token)
  }

  /// A copy that tells no observer anything: for scratch work on the same layout (counting
  /// pages, a thumbnail strip, a preview of a search) whose moves the reader's observers must
  /// not hear. Observers registered on it later are its own; the controller it was made from
  /// keeps all of its observers.
  ///
  ///     var scratch = reader.withoutObservers
  ///     scratch.goToLast()          // reader's observers hear nothing
  ///     let pages = scratch.pageCount
  public var withoutObservers: PagingController {
    var copy = self
    copy.observers = PagingObservers()
    copy.interactive = nil
    return copy
  }

  /// The events from now on, as an asynchronous sequence; it ends when the task iterating it
  /// is cancelled or the sequence is dropped.
  ///
  ///     Task {
  ///       for await event in reader.events() { print(event.transition.to) }
  ///     }
  public mutating func events(
    bufferingPolicy: AsyncStream<PagingEvent>.Continuation.BufferingPolicy = .unbounded
  ) -> AsyncStream<PagingEvent> {
    let (stream, continuation) = AsyncStream<PagingEvent>.makeStream(bufferingPolicy: bufferingPolicy)
    let token = observers.add(isolation: nil) { @Sendable event in continuation.yield(event) }
    let list = observers
    continuation.onTermination = { @Sendable _ in
      // A value cannot be changed from here: the observer is marked removed, and the next
      // registration drops it from the list.
      list.observers.first { $0.token == token }?.remove()
    }
    return stream
  }
}
