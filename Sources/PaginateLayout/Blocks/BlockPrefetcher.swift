import Dispatch
import PaginateModel

/// Reads a stream's next batch of blocks on another thread while the layout sets the batch
/// before it: plain text, read and split on the caller's thread, and the layout then use both
/// cores. For a layout that asks the stream nothing but its blocks and title (printing: no
/// marks, no progress).
///
/// Safety: the stream and the batch read ahead belong to the reading thread from
/// ``readAhead(count:)`` until it signals `ready`, and to the layout's thread otherwise: every
/// other method first waits for a read that is under way. A read under way when the layout
/// stops keeps this object alive until it ends (at most one batch).
final class BlockPrefetcher: @unchecked Sendable {
  private var stream: any BlockStream
  private var next: [Block] = []
  private var reachedEnd = false
  private var isReading = false
  private let ready = DispatchSemaphore(value: 0)

  init(_ stream: any BlockStream) {
    self.stream = stream
  }

  /// The batch read ahead, or, when none is, one of up to `count` blocks read now; and
  /// whether the stream ended with it.
  func take(count: Int) -> (blocks: [Block], isLast: Bool) {
    if isReading {
      ready.wait()
      isReading = false
    } else {
      read(count: count)
    }
    let taken = (next, reachedEnd)
    next = []
    return taken
  }

  /// Starts reading the next batch, of up to `count` blocks, on another thread.
  func readAhead(count: Int) {
    precondition(!isReading, "one read ahead at a time")
    isReading = true
    DispatchQueue.global().async { [self] in
      read(count: count)
      ready.signal()
    }
  }

  /// The stream's title, once a read under way has ended.
  var title: String? {
    if isReading {
      ready.wait()
      // The batch stays for `take(count:)`: signal again for it.
      ready.signal()
    }
    return stream.title
  }

  private func read(count: Int) {
    var bytes = 0
    while next.count < count, bytes < LineFlow.batchByteLimit {
      guard let block = stream.nextBlock() else {
        reachedEnd = true
        return
      }
      bytes += LineFlow.batchWeight(of: block)
      next.append(block)
    }
  }
}
