import Synchronization

/// Where a mutating call of a controller runs, as far as its observers need to know.
enum DeliveryContext {
  /// Isolated to this actor (`nil`: to none), as the caller's `#isolation` said.
  case isolated((any Actor)?)
  /// Not known (a property setter, which cannot take the caller's isolation).
  case unknown
}

/// One registered observer: a callback and the actor it was registered on.
///
/// Safety: `callback` is not `Sendable`, so it is called only where it may run:
/// - synchronously, when the call that produced the event runs isolated to the same actor
///   (the `isolated` parameter the caller's `#isolation` filled in is that actor), or when it
///   was registered outside any actor (documented: it runs wherever the controller is used);
/// - otherwise in a task isolated to its actor, which takes the events in order from a stream.
final class PagingObserver: @unchecked Sendable {
  let token: ObserverToken
  let isolation: (any Actor)?
  private let callback: (PagingEvent) -> Void
  private let state = Mutex(State())

  private struct State {
    var isRemoved = false
    /// Feeds the task that delivers on the observer's actor, once one is needed.
    var pump: AsyncStream<PagingEvent>.Continuation?
    /// Events queued for that task and not yet delivered: while there are any, later events
    /// queue behind them, so that the observer hears every event in order.
    var queued = 0
  }

  init(token: ObserverToken, isolation: (any Actor)?, callback: @escaping (PagingEvent) -> Void) {
    self.token = token
    self.isolation = isolation
    self.callback = callback
  }

  deinit {
    state.withLock { $0.pump?.finish() }
  }

  var isRemoved: Bool { state.withLock { $0.isRemoved } }

  /// Stops delivery (other copies of the controller hold this observer too).
  func remove() {
    state.withLock {
      $0.isRemoved = true
      $0.pump?.finish()
      $0.pump = nil
    }
  }

  /// Delivers `event` from a call running in `context`.
  func deliver(_ event: PagingEvent, from context: DeliveryContext) {
    guard !isRemoved else { return }
    guard let isolation else {
      callback(event)
      return
    }
    if case .isolated(let current) = context, let current, current === isolation,
      state.withLock({ $0.queued == 0 })
    {
      callback(event)
      return
    }
    deliverLater(event, on: isolation)
  }

  /// Queues `event` for the task that calls the observer on its actor, starting that task the
  /// first time.
  private func deliverLater(_ event: PagingEvent, on actor: any Actor) {
    state.withLock { state in
      guard !state.isRemoved else { return }
      if state.pump == nil {
        let (stream, continuation) = AsyncStream<PagingEvent>.makeStream()
        state.pump = continuation
        // Weakly held: when the last controller holding the observer goes, so does the task.
        Task { [weak self] in
          for await event in stream {
            guard let observer = self, !observer.isRemoved else { break }
            await observer.call(with: event, on: actor)
          }
        }
      }
      // Counted and queued under the lock, so that the order of the queue is the order of the
      // count.
      state.queued += 1
      state.pump?.yield(event)
    }
  }

  /// Calls the callback on its own actor.
  private func call(with event: PagingEvent, on actor: isolated any Actor) {
    callback(event)
    state.withLock { $0.queued -= 1 }
  }
}

/// The observers of a controller. Copies of a controller share the observers registered
/// before the copy; a removal reaches every copy.
struct PagingObservers: Sendable {
  private(set) var observers: [PagingObserver] = []
  private var nextToken = 0

  mutating func add(isolation: (any Actor)?, _ callback: @escaping (PagingEvent) -> Void) -> ObserverToken {
    observers.removeAll { $0.isRemoved }
    nextToken += 1
    let token = ObserverToken(value: nextToken)
    observers.append(PagingObserver(token: token, isolation: isolation, callback: callback))
    return token
  }

  mutating func remove(_ token: ObserverToken) {
    observers.removeAll { observer in
      guard observer.token == token else { return observer.isRemoved }
      observer.remove()
      return true
    }
  }

  var isEmpty: Bool { observers.isEmpty }

  func deliver(_ event: PagingEvent, from context: DeliveryContext) {
    for observer in observers { observer.deliver(event, from: context) }
  }
}
