import Dispatch
import PaginateModel
import Testing

@testable import PaginateAdapters

/// The bounded queue between Markdown's converter thread and the layout: order, the bound,
/// the end, cancellation and the title, each across two threads.
@Suite("Block queue")
struct BlockQueueTests {
  private static func paragraph(_ number: Int) -> Block {
    Block(.paragraph([.text("\(number)")]))
  }

  /// Runs `body` on a thread of its own; the returned group is left when it is done.
  private static func onAnotherThread(_ body: @escaping @Sendable () -> Void) -> DispatchGroup {
    let group = DispatchGroup()
    group.enter()
    DispatchQueue.global().async {
      body()
      group.leave()
    }
    return group
  }

  /// Waits until `condition` holds, up to 10 s; whether it did.
  private static func eventually(_ condition: () -> Bool) -> Bool {
    for _ in 0..<10_000 {
      if condition() { return true }
      usleepMilliseconds(1)
    }
    return condition()
  }

  private static func usleepMilliseconds(_ count: Int) {
    _ = DispatchSemaphore(value: 0).wait(timeout: .now() + .milliseconds(count))
  }

  @Test("every block pushed comes out once, in order, then the end")
  func order() {
    let queue = BlockQueue(limit: 16)
    let producer = Self.onAnotherThread {
      var number = 0
      while number < 5_000 {
        let batch = (number..<min(number + 7, 5_000)).map(Self.paragraph)
        number += batch.count
        guard queue.push(batch) else { return }
      }
      queue.finish()
    }
    var received: [Block] = []
    while let block = queue.pop() { received.append(block) }
    producer.wait()
    #expect(received == (0..<5_000).map(Self.paragraph))
    #expect(queue.pop() == nil, "the end stays the end")
  }

  @Test("the producer waits once the limit is reached, and goes on as blocks are taken")
  func bound() {
    let queue = BlockQueue(limit: 8)
    let producer = Self.onAnotherThread {
      for number in 0..<100 { guard queue.push([Self.paragraph(number)]) else { return } }
      queue.finish()
    }
    #expect(Self.eventually { queue.waitingCount == 8 })
    // It stays there: the producer is waiting, not pushing.
    Self.usleepMilliseconds(50)
    #expect(queue.waitingCount == 8)
    var received = 0
    while queue.pop() != nil { received += 1 }
    producer.wait()
    #expect(received == 100)
  }

  @Test("cancelling wakes a waiting producer, whose push then fails")
  func cancel() {
    let queue = BlockQueue(limit: 2)
    let results = Results()
    let producer = Self.onAnotherThread {
      for number in 0..<10 { results.append(queue.push([Self.paragraph(number)])) }
    }
    #expect(Self.eventually { queue.waitingCount == 2 })
    queue.cancel()
    producer.wait()
    #expect(results.values == [true, true] + Array(repeating: false, count: 8))
  }

  @Test("the title waits for the producer and is then known to every reader")
  func title() {
    let queue = BlockQueue()
    let producer = Self.onAnotherThread {
      Self.usleepMilliseconds(20)
      queue.setTitle("Guide")
      queue.finish()
    }
    #expect(queue.title == "Guide")
    #expect(queue.title == "Guide")
    producer.wait()
  }

  @Test("without a limit the producer never waits (a converter on the consumer's own thread)")
  func withoutLimit() {
    let queue = BlockQueue(limit: 1)
    queue.removeLimit()
    for number in 0..<50 { #expect(queue.push([Self.paragraph(number)])) }
    queue.finish()
    #expect(queue.waitingCount == 50)
  }
}

/// Push results collected from the producer's thread.
private final class Results: @unchecked Sendable {
  private let lock = DispatchSemaphore(value: 1)
  private var stored: [Bool] = []

  func append(_ value: Bool) {
    lock.wait()
    stored.append(value)
    lock.signal()
  }

  var values: [Bool] {
    lock.wait()
    defer { lock.signal() }
    return stored
  }
}
