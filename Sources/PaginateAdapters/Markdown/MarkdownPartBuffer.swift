import PaginateSystem

/// The bytes of a Markdown text read a part at a time: from the start of the part under way to
/// as far as the search for the next cut has read. The bytes of a part are dropped once it is
/// converted, so memory is bounded by a part and what is read ahead of it, not by the text.
///
/// Offsets are the text's (after a byte-order mark).
///
/// Safety: it owns its memory (freed by ``deallocate()``, which its one user calls when done), and
/// is used by one thread.
struct MarkdownPartBuffer: MarkdownPartSource {
  private let read: (UnsafeMutableRawBufferPointer) -> Int
  /// The search for the next cut, over what is read so far.
  private var search: MarkdownChunks.CutSearch
  private var storage: UnsafeMutableRawPointer?
  private var capacity = 0
  /// The text offset of the first byte held.
  private(set) var base = 0
  /// The bytes held.
  private var count = 0
  /// Whether the input has ended.
  private(set) var atEnd = false
  /// The byte-order mark's bytes still to skip.
  private var toSkip: Int

  /// The text's definitions, which each part is parsed after those of it cites.
  private let definitions: MarkdownDefinitions?

  /// A buffer over `read`, whose first `skipping` bytes (a byte-order mark) are not the text's,
  /// to be cut in parts of about `partSize` bytes, each parsed after the `definitions` it
  /// cites (none when `nil`: a text without definitions).
  init(
    reading read: @escaping (UnsafeMutableRawBufferPointer) -> Int, skipping: Int, partSize: Int,
    definitions: MarkdownDefinitions? = nil
  ) {
    self.read = read
    self.definitions = definitions
    toSkip = skipping
    search = MarkdownChunks.CutSearch(size: partSize)
  }

  /// The next cut, reading as far as it takes, or the end of the text.
  mutating func nextCut() -> (end: Int, isLast: Bool) {
    while true {
      switch search.next(in: bytes, from: base, isWhole: atEnd) {
      case .cut(let offset): return (offset, false)
      case .end: return (end, true)
      case .needsMore: readMore()
      }
    }
  }

  func prefix(citedIn part: UnsafeBufferPointer<UInt8>) -> MarkdownDefinitions.Prefix {
    definitions?.prefix(citedIn: part) ?? MarkdownDefinitions.Prefix()
  }

  /// Frees the memory.
  mutating func deallocate() {
    SystemMemory.free(storage)
    storage = nil
    capacity = 0
    count = 0
  }

  /// The text offset just past the last byte held.
  var end: Int { base + count }

  /// The bytes held, from text offset `base`.
  var bytes: UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(start: storage?.assumingMemoryBound(to: UInt8.self), count: count)
  }

  /// The bytes of text offsets `range`, which must be held.
  func bytes(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(rebasing: bytes[(range.lowerBound - base)..<(range.upperBound - base)])
  }

  /// Reads more (a quarter of a MiB at least), growing the memory when it is full; sets
  /// ``atEnd`` at the end of the input, or if memory runs out.
  private mutating func readMore() {
    guard !atEnd else { return }
    if capacity - count < 1 << 18 {
      let grown = max(capacity * 2, 1 << 20)
      guard let memory = SystemMemory.reallocate(storage, byteCount: grown) else {
        atEnd = true
        return
      }
      storage = memory
      capacity = grown
    }
    guard let storage else { return }
    let filled = read(UnsafeMutableRawBufferPointer(start: storage + count, count: capacity - count))
    guard filled > 0 else {
      atEnd = true
      return
    }
    count += filled
    if toSkip > 0 {
      let skipped = min(toSkip, count)
      // copyMemory moves as memmove does: the regions may overlap.
      storage.copyMemory(from: storage + skipped, byteCount: count - skipped)
      count -= skipped
      toSkip -= skipped
    }
  }

  /// Drops the bytes before text offset `offset`.
  mutating func drop(before offset: Int) {
    let dropped = min(max(offset - base, 0), count)
    guard dropped > 0, let storage else { return }
    let kept = count - dropped
    if kept > 0 { storage.copyMemory(from: storage + dropped, byteCount: kept) }
    count = kept
    base += dropped
  }
}
