import Dispatch
import PaginateModel
import Synchronization

/// Blocks handed from the converter thread to the layout, in order, at most ``limit`` blocks
/// (and one batch) ahead of what the layout has taken: a bounded queue of one producer and one
/// consumer, either of which may stop the other (``finish()``, ``cancel()``).
final class BlockQueue: Sendable {
  private struct State {
    var blocks: [Block] = []
    var head = 0
    var isFinished = false
    var isCancelled = false
    var producerWaits = false
    var consumerWaits = false
    var title: String?
    var titleKnown = false
    var limit = 4096
  }

  private let state = Mutex(State())
  // Semaphores start at 0 and are only signalled for a thread that said it waits.
  private let wakeConsumer = DispatchSemaphore(value: 0)
  private let wakeProducer = DispatchSemaphore(value: 0)
  private let titleSignal = DispatchSemaphore(value: 0)

  /// A queue that makes ``push(_:)`` wait once `limit` blocks are waiting to be taken.
  init(limit: Int = 4096) {
    state.withLock { $0.limit = limit }
  }

  /// The blocks pushed and not yet taken.
  var waitingCount: Int {
    state.withLock { $0.blocks.count - $0.head }
  }

  /// Adds blocks; waits while the consumer is far behind. `false` once cancelled.
  func push(_ batch: [Block]) -> Bool {
    while true {
      let (accepted, wakeUp): (Bool?, Bool) = state.withLock { state in
        if state.isCancelled { return (false, false) }
        if state.blocks.count - state.head >= state.limit {
          state.producerWaits = true
          return (nil, false)
        }
        state.blocks += batch
        let wake = state.consumerWaits
        state.consumerWaits = false
        return (true, wake)
      }
      if wakeUp { wakeConsumer.signal() }
      if let accepted { return accepted }
      wakeProducer.wait()
    }
  }

  /// Lets the producer run to the end without waiting, for when it runs on the consumer's thread.
  /// Whether the consumer has gone (``cancel()``).
  var isCancelled: Bool { state.withLock { $0.isCancelled } }

  func removeLimit() {
    state.withLock { $0.limit = .max }
  }

  func finish() {
    let wake = state.withLock { state -> Bool in
      state.isFinished = true
      defer { state.consumerWaits = false }
      return state.consumerWaits
    }
    if wake { wakeConsumer.signal() }
  }

  func cancel() {
    let wake = state.withLock { state -> Bool in
      state.isCancelled = true
      defer { state.producerWaits = false }
      return state.producerWaits
    }
    if wake { wakeProducer.signal() }
  }

  func pop() -> Block? {
    while true {
      let (block, finished, wakeProducerNow): (Block?, Bool, Bool) = state.withLock { state in
        if state.head < state.blocks.count {
          // Moved out, a thematic break (no storage) left in its place: the layout then holds
          // the only reference, and the block is freed as soon as it is laid out rather than
          // when the queue next empties (for a producer that runs ahead, the end).
          var block = Block(.thematicBreak)
          swap(&block, &state.blocks[state.head])
          state.head += 1
          if state.head == state.blocks.count {
            state.blocks.removeAll(keepingCapacity: true)
            state.head = 0
          }
          let wake = state.producerWaits && state.blocks.count - state.head < state.limit / 2
          if wake { state.producerWaits = false }
          return (block, false, wake)
        }
        if state.isFinished { return (nil, true, false) }
        state.consumerWaits = true
        let wake = state.producerWaits
        state.producerWaits = false
        return (nil, false, wake)
      }
      if wakeProducerNow { wakeProducer.signal() }
      if let block { return block }
      if finished { return nil }
      wakeConsumer.wait()
    }
  }

  func setTitle(_ title: String?) {
    state.withLock {
      $0.title = title
      $0.titleKnown = true
    }
    titleSignal.signal()
  }

  /// The title, once the converter has found it (waits for the parse).
  var title: String? {
    if let known = state.withLock({ $0.titleKnown ? Optional($0.title) : nil }) { return known }
    titleSignal.wait()
    titleSignal.signal()  // for anyone else waiting
    return state.withLock { $0.title }
  }
}
