import PaginateLayout
import PaginateSystem

/// Pages kept in order in a scratch file (``FileSystem/openScratchFile(in:)``: unnamed, gone
/// when the process ends, however it ends) rather than in memory, each in its compact form
/// (``Page/appendCompact(to:)``): what a printer holds past a bound while it waits for page
/// numbers. Taken back first in, first out.
struct PageSpill {
  private let file: FileDescriptor
  /// Where each page not yet taken starts in the file, and where the next goes.
  private var starts: [Int] = []
  private var first = 0
  private var end = 0
  /// The encoded pages not yet written, written a buffer at a time.
  private var pending: [UInt8] = []

  /// A spill in the folder of `$TMPDIR` (or `/tmp`); `nil` when no scratch file can be made.
  init?() {
    let folder = CurrentProcess.environment("TMPDIR").flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    guard let file = try? FileSystem.openScratchFile(in: folder) else { return nil }
    self.file = file
  }

  /// The pages held.
  var count: Int { starts.count - first }

  /// Whether every page has been taken.
  var isEmpty: Bool { count == 0 }

  /// Adds `page` after the others; `false` when the file could not be written.
  mutating func append(_ page: Page) -> Bool {
    starts.append(end + pending.count)
    page.appendCompact(to: &pending)
    return pending.count < 1 << 20 || flush()
  }

  /// Takes the first page; `nil` when there is none, or it cannot be read back.
  mutating func removeFirst() -> Page? {
    guard count > 0, flush() else { return nil }
    let start = starts[first]
    let stop = first + 1 < starts.count ? starts[first + 1] : end
    first += 1
    if first > 4_096 && first * 2 > starts.count {
      starts.removeFirst(first)
      first = 0
    }
    var bytes = [UInt8](repeating: 0, count: stop - start)
    var filled = 0
    while filled < bytes.count {
      let read = bytes.withUnsafeMutableBytes {
        try? file.read(into: UnsafeMutableRawBufferPointer(rebasing: $0[filled...]), at: start + filled)
      }
      guard let read, read > 0 else { return nil }
      filled += read
    }
    return bytes.withUnsafeBytes { Page(compact: $0) }
  }

  /// Writes the pages not yet written.
  private mutating func flush() -> Bool {
    guard !pending.isEmpty else { return true }
    guard file.seek(to: end), (try? file.writeAll(pending)) != nil else { return false }
    end += pending.count
    pending.removeAll(keepingCapacity: true)
    return true
  }

  /// Closes the file (and so removes it).
  func close() {
    try? file.close()
  }
}
