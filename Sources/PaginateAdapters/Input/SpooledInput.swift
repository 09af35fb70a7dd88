package import PaginateSystem
import Synchronization

/// Standard input (a pipe) kept as it is read, in an unnamed temporary file, as `less` keeps
/// what it has read: a reader can then start again from any offset of it, so a pager lays out
/// the pages before its window again instead of holding them, and shows its first page as soon
/// as that page's text has come.
///
/// A thread of its own reads the pipe into the file, staying at most ``readAhead`` bytes ahead
/// of what the readers have asked for (so an endless `yes` fills no disk while nobody pages).
/// A reader that reaches what has been read so far waits for more, or for the pipe's end;
/// while it waits, and every 50 ms while it reads, it calls ``whileReading`` (a pager looks at
/// the keyboard there, so that `q` is answered whatever the input does).
///
/// Safety: `@unchecked Sendable` because its mutable state is behind ``state``'s lock and the
/// file is read with `pread`, which any thread may call; the reading thread alone writes it.
package final class SpooledInput: @unchecked Sendable {
  /// How far the reading thread goes ahead of the furthest byte asked for.
  package static let readAhead = 16 << 20

  private struct State {
    /// The bytes in the file.
    var written = 0
    /// The pipe has ended (or failed: ``failure``).
    var ended = false
    var failure: String?
    /// The furthest offset a reader has asked for.
    var wanted = 0
    /// Nobody will read any more: the reading thread stops.
    var closed = false
  }

  private let file: FileDescriptor
  private let state = Mutex(State())
  /// Called while a reader waits for the pipe, and every 50 ms while one reads.
  private let whileReading = Mutex<(@Sendable () -> Void)?>(nil)
  private let lastCall = Mutex(ContinuousClock.now)

  /// Starts keeping `source` (standard input) in a new unnamed file in `folder`.
  ///
  /// - Throws: ``InputError`` when the file cannot be made or the thread started.
  package init(_ source: FileDescriptor, name: String, folder: String) throws(InputError) {
    do {
      file = try FileSystem.openScratchFile(in: folder)
    } catch {
      throw InputError(input: name, message: "cannot keep standard input in '\(folder)': \(error)")
    }
    let started = DetachedThread.start(stackSize: 1 << 18) { [self] in self.spool(from: source) }
    guard started else { throw InputError(input: name, message: "cannot start reading standard input") }
  }

  deinit {
    try? file.close()
  }

  /// Has `call` called while a reader waits for the pipe, and every 50 ms while one reads: a
  /// pager checks the keyboard (and may end the program) there.
  package func callWhileReading(_ call: @escaping @Sendable () -> Void) {
    whileReading.withLock { $0 = call }
  }

  /// Stops the reading thread (the input will not be read further).
  package func close() {
    state.withLock { $0.closed = true }
  }

  /// The reading thread: the pipe into the file, a buffer at a time, never more than
  /// ``readAhead`` past what was asked for.
  private func spool(from source: FileDescriptor) {
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 18, alignment: 16)
    defer { buffer.deallocate() }
    while true {
      let (written, wanted, closed) = state.withLock { ($0.written, $0.wanted, $0.closed) }
      if closed { return }
      if written - wanted > Self.readAhead {
        // Far enough ahead: look again now and then (a reader that wants more than the 16 MB
        // read ahead waits this long at most), not 200 times a second while nobody pages.
        CurrentProcess.sleep(milliseconds: 25)
        continue
      }
      let count: Int
      do { count = try source.read(into: buffer) } catch {
        state.withLock {
          $0.failure = "cannot read: \(error)"
          $0.ended = true
        }
        return
      }
      guard count > 0 else {
        state.withLock { $0.ended = true }
        return
      }
      do {
        try file.writeAll(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
      } catch {
        state.withLock {
          $0.failure = "cannot keep standard input: \(error)"
          $0.ended = true
        }
        return
      }
      state.withLock { $0.written += count }
    }
  }

  /// The input's first bytes, up to `limit`, for choosing its adapter: as soon as `limit`
  /// bytes have come, the pipe has ended, or it has given something and then nothing for
  /// `pause` (a slow writer's first lines are enough to tell Markdown from text).
  package func head(_ limit: Int, pause: Duration = .milliseconds(100)) -> [UInt8] {
    var seen = 0
    var since = ContinuousClock.now
    while true {
      let (written, ended) = state.withLock { state in
        state.wanted = max(state.wanted, limit)
        return (state.written, state.ended)
      }
      if written != seen {
        seen = written
        since = .now
      }
      if written >= limit || ended || (written > 0 && ContinuousClock.now - since >= pause) { break }
      callWhileReading(waiting: true)
      CurrentProcess.sleep(milliseconds: 5)
    }
    var bytes = [UInt8](repeating: 0, count: min(seen, limit))
    let count = bytes.withUnsafeMutableBytes { (try? file.read(into: $0, at: 0)) ?? 0 }
    bytes.removeLast(bytes.count - max(count, 0))
    return bytes
  }

  /// Why the input could not be read to its end, once that is known.
  package var failure: String? { state.withLock { $0.failure } }

  /// A function that reads the input from `offset` on, as ``StreamingInputAdapter`` block
  /// streams read: the count, 0 at the end, -1 on a failure.
  package func reader(from offset: Int = 0) -> @Sendable (UnsafeMutableRawBufferPointer) -> Int {
    let position = Atomic(offset)
    return { [self] buffer in
      let at = position.load(ordering: .relaxed)
      let count = read(into: buffer, at: at)
      if count > 0 { position.store(at + count, ordering: .relaxed) }
      return count
    }
  }

  /// Reads into `buffer` from `offset`, waiting for the pipe when it has not come so far.
  private func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) -> Int {
    while true {
      let (written, ended, failure) = state.withLock { state in
        state.wanted = max(state.wanted, offset + buffer.count)
        return (state.written, state.ended, state.failure)
      }
      if offset < written {
        callWhileReading(waiting: false)
        let available = UnsafeMutableRawBufferPointer(rebasing: buffer[0..<min(buffer.count, written - offset)])
        return (try? file.read(into: available, at: offset)) ?? -1
      }
      if ended { return failure == nil ? 0 : -1 }
      callWhileReading(waiting: true)
      CurrentProcess.sleep(milliseconds: 5)
    }
  }

  private func callWhileReading(waiting: Bool) {
    let now = ContinuousClock.now
    let due = lastCall.withLock { last in
      guard waiting || now - last >= .milliseconds(50) else { return false }
      last = now
      return true
    }
    if due, let call = whileReading.withLock({ $0 }) { call() }
  }
}
