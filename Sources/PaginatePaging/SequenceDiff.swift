/// Where an element of one sequence went in an edited copy of it, the two compared with
/// Myers's difference algorithm (“An O(ND) Difference Algorithm and Its Variations”, 1986)
/// after their common start and end are set aside.
enum SequenceDiff {
  /// Where an element went.
  enum Place: Equatable {
    /// Kept, at this index of the new sequence (the new count for a place past the old end).
    case kept(Int)
    /// In a run of the old sequence that the edit replaced with this run of the new one
    /// (empty for a deletion).
    case replaced(old: Range<Int>, new: Range<Int>)
  }

  /// The most steps of the comparison (about the elements times the edits) spent on the
  /// changed middle of two sequences; past them the whole middle counts as replaced, which
  /// keeps a reload of a huge, much-changed block from stalling.
  static let stepLimit = 50_000_000
  /// The most edits looked for in the changed middle.
  static let editLimit = 1024

  /// Where the element at `position` of `old` is in `new`.
  static func place<Element: Equatable>(of position: Int, in old: [Element], movedTo new: [Element]) -> Place {
    let (n, m) = (old.count, new.count)
    guard position < n else { return .kept(m) }
    var prefix = 0
    while prefix < n, prefix < m, old[prefix] == new[prefix] { prefix += 1 }
    if position < prefix { return .kept(position) }
    var suffix = 0
    while suffix < n - prefix, suffix < m - prefix, old[n - 1 - suffix] == new[m - 1 - suffix] { suffix += 1 }
    if position >= n - suffix { return .kept(position - n + m) }
    let middle = (old: prefix..<(n - suffix), new: prefix..<(m - suffix))
    let limit = min(editLimit, stepLimit / (middle.old.count + middle.new.count))
    guard !middle.new.isEmpty,
      let snakes = shortestScript(old[middle.old], new[middle.new], editLimit: limit)
    else { return .replaced(old: middle.old, new: middle.new) }
    let local = position - prefix
    // The runs in common around `local` (last first), and the run replaced between them.
    var before = Snake(x: 0, y: 0, length: 0)
    var after = Snake(x: middle.old.count, y: middle.new.count, length: 0)
    for snake in snakes {
      if snake.x <= local {
        if local < snake.x + snake.length { return .kept(prefix + snake.y + local - snake.x) }
        before = snake
        break
      }
      after = snake
    }
    let start = (x: prefix + before.x + before.length, y: prefix + before.y + before.length)
    return .replaced(old: start.x..<(prefix + after.x), new: start.y..<(prefix + after.y))
  }

  /// A run in common: `old[x..<x+length]` is `new[y..<y+length]` (indices from the start of
  /// the compared slices).
  private struct Snake {
    var x: Int
    var y: Int
    var length: Int
  }

  /// The runs in common along a shortest edit script from `a` to `b`, last first; `nil` when
  /// it takes more than `editLimit` edits.
  private static func shortestScript<Element: Equatable>(
    _ a: ArraySlice<Element>, _ b: ArraySlice<Element>, editLimit: Int
  ) -> [Snake]? {
    let (n, m) = (a.count, b.count)
    let (aStart, bStart) = (a.startIndex, b.startIndex)
    let most = min(n + m, editLimit)
    let offset = most + 1
    // v[offset + k]: the furthest x reached on diagonal k (x - y == k).
    var v = [Int](repeating: 0, count: 2 * most + 3)
    // trace[d]: v on diagonals -d...d before step d, for walking the script back.
    var trace: [[Int]] = []
    for d in 0...most {
      trace.append(Array(v[(offset - d)...(offset + d)]))
      for k in stride(from: -d, through: d, by: 2) {
        var x = k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1]) ? v[offset + k + 1] : v[offset + k - 1] + 1
        var y = x - k
        while x < n, y < m, a[aStart + x] == b[bStart + y] {
          x += 1
          y += 1
        }
        v[offset + k] = x
        if x >= n && y >= m { return snakes(trace, endingAt: d, n: n, m: m) }
      }
    }
    return nil
  }

  /// The runs in common on the path that reached (n, m) in `edits` edits, last first.
  private static func snakes(_ trace: [[Int]], endingAt edits: Int, n: Int, m: Int) -> [Snake] {
    var snakes: [Snake] = []
    var (x, y) = (n, m)
    for d in stride(from: edits, through: 0, by: -1) {
      let k = x - y
      guard d > 0 else {
        if x > 0 { snakes.append(Snake(x: 0, y: 0, length: x)) }
        break
      }
      let v = trace[d]
      func furthest(_ diagonal: Int) -> Int { v[diagonal + d] }
      let down = k == -d || (k != d && furthest(k - 1) < furthest(k + 1))
      let previousK = down ? k + 1 : k - 1
      let previousX = furthest(previousK)
      // The edit moves from (previousX, previousX - previousK) to the snake's start.
      let startX = down ? previousX : previousX + 1
      if x > startX { snakes.append(Snake(x: startX, y: startX - k, length: x - startX)) }
      x = previousX
      y = previousX - previousK
    }
    return snakes
  }
}
