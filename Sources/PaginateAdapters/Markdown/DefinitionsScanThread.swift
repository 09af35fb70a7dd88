import Dispatch
import PaginateSystem
import Synchronization

/// The definitions of a large Markdown file scanned on a thread of their own
/// (``MarkdownDefinitions/scan(reading:skipping:bufferSize:isCancelled:)``) while the
/// converter's thread looks the text over (``MarkdownLookOver``): the two readings of the
/// file at once, on two cores, rather than one after the other. The scan starts once the
/// look-over has seen a `]:` or `[^` (a text with none needs no scan), and is stopped if the
/// look-over finds the text is to be read whole after all (a carriage return).
final class DefinitionsScanThread: Sendable {
  private let result = Mutex<MarkdownDefinitions?>(nil)
  private let stopped = Atomic(false)
  private let done = DispatchSemaphore(value: 0)

  private init() {}

  /// Starts scanning what `open` reads, `skipping` bytes first (a byte-order mark), stopping
  /// between buffers once ``stop()`` is called or `isCancelled` says so; `nil` when no thread
  /// can be had (then scan after the look-over, as before).
  static func start(
    opening open: @escaping @Sendable () -> (@Sendable (UnsafeMutableRawBufferPointer) -> Int)?, skipping: Int,
    isCancelled: @escaping @Sendable () -> Bool
  ) -> DefinitionsScanThread? {
    let scan = DefinitionsScanThread()
    let started = DetachedThread.start(stackSize: 1 << 20) {
      defer { scan.done.signal() }
      // A file that cannot be opened again is read whole (``definitions()`` is `nil`).
      guard let read = open() else { return }
      let found = MarkdownDefinitions.scan(
        reading: read, skipping: skipping, isCancelled: { scan.stopped.load(ordering: .relaxed) || isCancelled() })
      scan.result.withLock { $0 = found }
    }
    return started ? scan : nil
  }

  /// Stops the scan (its result is not wanted); returns at once.
  func stop() {
    stopped.store(true, ordering: .relaxed)
  }

  /// Waits for the scan's end: the definitions, or `nil` where the text is to be parsed whole
  /// (or the scan was stopped).
  func definitions() -> MarkdownDefinitions? {
    done.wait()
    done.signal()
    return result.withLock { $0 }
  }
}
