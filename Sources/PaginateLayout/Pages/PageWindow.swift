import PaginateModel

/// The pages a page set that keeps its pages has laid out: the bodies of a window of them
/// (those asked for last), and for every page its first character's anchor; for every
/// ``checkpointInterval``-th page, the layout state at its start, from which a page released
/// from the window is laid out again, the same to the byte.
///
/// Memory is then bounded by the window, plus a few bytes a page: browsing a 1 GB text to the
/// end keeps some thousands of bodies' worth at most. A source that cannot be read again from a
/// mark (a Markdown stream, a pipe) gives no checkpoints, and all its pages are kept.
struct PageWindow {
  /// Pages laid out.
  private(set) var count = 0
  private var kept: [Int: Entry] = [:]
  private var clock: UInt64 = 0
  /// The anchor of each page's first character, packed (`block << 32 | offset`, or
  /// `Int64.min` for none): 8 bytes a page.
  private var topAnchors: [Int64] = []
  /// The share of the document laid out at the end of each page (``PageSet/laidOutFraction``
  /// then, or -1 when unknown): 4 bytes a page, so that a place given as a fraction is found
  /// without laying the pages out again.
  private var endFractions: [Float] = []
  /// The layout state at the start of every `checkpointInterval`-th page.
  private var checkpoints: [PageCheckpoint?] = []
  /// The most bodies kept; `Int.max` keeps them all.
  private(set) var limit: Int
  /// The last source line of the pages laid out, and the last running head.
  private(set) var lastSourceLine: Int?
  private(set) var lastRunningHead = ""

  /// Pages between checkpoints: a page released from the window is rebuilt from the one
  /// before it, laying out at most this many pages.
  static let checkpointInterval = 8

  private struct Entry {
    var body: PageBody
    var lastUse: UInt64
    /// A page laid out without the breaker (the empty page of an empty document, a blank page
    /// that makes the count even): never released, as it cannot be rebuilt.
    var isPinned: Bool
  }

  /// A window of at most `limit` bodies when pages can be released, else of all of them.
  init(canRelease: Bool, limit: Int) {
    self.limit = canRelease ? max(limit, 1) : Int.max
  }

  /// Adds the next page's body, with the layout state at its start when it is a checkpoint's
  /// page (`nil` there stops releasing: that page could not be rebuilt).
  mutating func append(_ body: PageBody, checkpoint: PageCheckpoint?, pinned: Bool = false) {
    if count % Self.checkpointInterval == 0 {
      if checkpoint == nil && !pinned { limit = Int.max }
      checkpoints.append(checkpoint)
    }
    topAnchors.append(Self.pack(body.anchors.lazy.compactMap { $0 }.first))
    if let range = body.source { lastSourceLine = range.lastLine }
    lastRunningHead = body.runningHead
    store(body, at: count, pinned: pinned)
    count += 1
  }

  /// Records the share of the document laid out once the last page appended was.
  mutating func recordEndFraction(_ fraction: Double?) {
    let value = fraction.map { Float($0) } ?? -1
    if endFractions.count < count {
      endFractions.append(contentsOf: repeatElement(value, count: count - endFractions.count))
    } else if let last = endFractions.indices.last {
      endFractions[last] = value
    }
  }

  /// The share of the document laid out by the end of page `index`, when known.
  func endFraction(ofPage index: Int) -> Double? {
    guard endFractions.indices.contains(index), endFractions[index] >= 0 else { return nil }
    return Double(endFractions[index])
  }

  /// The first page laid out by whose end at least `fraction` of the document was laid out,
  /// by binary search; `nil` when none was (or the shares are unknown).
  func firstPage(reachingFraction fraction: Double) -> Int? {
    var low = 0
    var high = endFractions.count
    while low < high {
      let middle = (low + high) / 2
      // Compared as stored: a share of exactly 0.7 is stored as Float(0.7), below Double 0.7.
      if endFractions[middle] < Float(fraction) { low = middle + 1 } else { high = middle }
    }
    return low < endFractions.count ? low : nil
  }

  /// Whether page `index`'s start is a checkpoint's.
  static func isCheckpoint(_ index: Int) -> Bool { index % checkpointInterval == 0 }

  /// The body of page `index` if it is kept, marked as used.
  mutating func body(at index: Int) -> PageBody? {
    guard var entry = kept[index] else { return nil }
    clock += 1
    entry.lastUse = clock
    kept[index] = entry
    return entry.body
  }

  /// Keeps `body` for page `index` (a page laid out again), releasing the least recently used
  /// pages beyond the limit; `protecting` is never released.
  mutating func store(_ body: PageBody, at index: Int, pinned: Bool = false, protecting: Int? = nil) {
    clock += 1
    kept[index] = Entry(body: body, lastUse: clock, isPinned: pinned)
    guard kept.count > limit else { return }
    // Release a quarter of the window at once, the least recently used first.
    let candidates = kept.filter { !$0.value.isPinned && $0.key != index && $0.key != protecting }
      .sorted { $0.value.lastUse < $1.value.lastUse }
    for (page, _) in candidates.prefix(max(kept.count - limit * 3 / 4, 1)) { kept[page] = nil }
  }

  /// The last checkpoint at or before page `index`, with its page's index.
  func checkpoint(atOrBefore index: Int) -> (index: Int, checkpoint: PageCheckpoint)? {
    var slot = min(index / Self.checkpointInterval, checkpoints.count - 1)
    while slot >= 0 {
      if let checkpoint = checkpoints[slot] { return (slot * Self.checkpointInterval, checkpoint) }
      slot -= 1
    }
    return nil
  }

  /// The anchor of page `index`'s first character (a page laid out; `nil` for a blank page).
  func topAnchor(ofPageAt index: Int) -> TextAnchor? {
    guard index >= 0, index < topAnchors.count else { return nil }
    return Self.unpack(topAnchors[index])
  }

  /// The last page laid out whose first character is at or before `anchor`, by binary search
  /// over the pages with text; `nil` when none is.
  func lastPage(startingAtOrBefore anchor: TextAnchor) -> Int? {
    let target = Self.pack(anchor)
    // Pages without text (blank ones) sort as the page before them: search the packed values,
    // treating each blank page as not after the target.
    var low = 0
    var high = topAnchors.count
    while low < high {
      let middle = (low + high) / 2
      var probe = middle
      while probe >= 0 && topAnchors[probe] == Int64.min { probe -= 1 }
      if probe < 0 || topAnchors[probe] <= target { low = middle + 1 } else { high = middle }
    }
    // `low` is the first page (with text, or blank after one) past the target.
    var found = low - 1
    while found >= 0 && topAnchors[found] == Int64.min { found -= 1 }
    return found >= 0 ? found : nil
  }

  /// Whether any page laid out has text.
  var hasText: Bool { topAnchors.contains { $0 != Int64.min } }

  /// The first character's anchor of the last page laid out that has text.
  var lastTopAnchor: TextAnchor? {
    topAnchors.last { $0 != Int64.min }.flatMap(Self.unpack)
  }

  private static func pack(_ anchor: TextAnchor?) -> Int64 {
    guard let anchor else { return Int64.min }
    return Int64(anchor.block) << 32 | Int64(UInt32(truncatingIfNeeded: anchor.offset))
  }

  private static func unpack(_ value: Int64) -> TextAnchor? {
    guard value != Int64.min else { return nil }
    return TextAnchor(block: Int(value >> 32), offset: Int(UInt32(truncatingIfNeeded: value)))
  }
}
