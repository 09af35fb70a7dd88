/// Chooses where lines end in a sequence of break units.
///
/// Greedy puts as many units on each line as fit. Optimal minimises the raggedness of the
/// paragraph: the sum over every line but the last of the square of its trailing space, the
/// measure GNU `fmt` and `par` aim at. It is a shortest-path search over break positions
/// (Knuth and Plass, "Breaking Paragraphs into Lines", 1981, without stretch and shrink) over
/// lines that fit and whose slack is at most the paragraph's longest unit plus a space, and
/// at each break the longest line that fits whatever its slack (the last line excepted). That
/// holds every line greedy breaking would make, so the result is never more ragged than
/// greedy; other lines are not tried, so it is the least ragged breaking among these lines
/// rather than among all.
///
/// - Complexity: greedy O(n); optimal O(n·w) where w is the number of starts within the window
///   of slack, a few for prose.
enum LineBreaker {
  /// The end index (exclusive) of each line's units.
  static func breaks(_ units: UnsafeBufferPointer<BreakUnit>, width: Int, strategy: LineBreakStrategy) -> [Int] {
    guard !units.isEmpty else { return [] }
    switch strategy {
    case .greedy: return greedy(units, width: width)
    case .optimal: return optimal(units, width: width)
    }
  }

  static func greedy(_ units: UnsafeBufferPointer<BreakUnit>, width: Int) -> [Int] {
    var ends: [Int] = []
    ends.reserveCapacity(units.count / 8 + 1)
    var lineWidth = -1  // -1: the line is empty
    for (index, unit) in units.enumerated() {
      if lineWidth < 0 {
        lineWidth = unit.width
        continue
      }
      let gap = units[index - 1].spaceAfter ? 1 : 0
      if lineWidth + gap + unit.width <= width {
        lineWidth += gap + unit.width
      } else {
        ends.append(index)
        lineWidth = unit.width
      }
    }
    ends.append(units.count)
    return ends
  }

  static func optimal(_ units: UnsafeBufferPointer<BreakUnit>, width: Int) -> [Int] {
    let count = units.count
    // One allocation for the four tables, each indexed by unit boundary (0...count):
    // - start[i]: cells from the paragraph start to the start of unit i, spaces included;
    // - base[i]: cells to the end of unit i - 1, without the space after it, less the width:
    //   a line from unit `c` to unit `i - 1` has slack `start[c] - base[i]`;
    // - cost[i]: the least raggedness of the lines before boundary i;
    // - previous[i]: where the last of those lines starts.
    // The arithmetic cannot overflow (cell counts and sums of squared slack of a paragraph held
    // in memory), so it wraps rather than checks: these are the inner loops.
    let boundaries = count + 1
    let table = UnsafeMutablePointer<Int>.allocate(capacity: 4 * boundaries)
    defer { table.deallocate() }
    let start = table
    let base = table + boundaries
    let cost = table + 2 * boundaries
    let previous = table + 3 * boundaries
    var longest = 0
    var position = 0
    start[0] = 0
    base[0] = -width
    for index in 0..<count {
      let unit = units[index]
      let finish = position &+ unit.width
      base[index &+ 1] = finish &- width
      position = finish &+ (unit.spaceAfter ? 1 : 0)
      start[index &+ 1] = position
      longest = max(longest, unit.width)
    }
    // The window of slack (see the type's documentation): the longest unit plus its space.
    let window = longest + 1
    cost[0] = 0
    var lowest = 0  // the smallest start whose line still fits: it only moves forward
    /// Finds each boundary's best start. When `narrow` (every unit at least two cells narrower
    /// than the line, as in prose), the searches need no bound: a line of unit `end - 1` alone
    /// fits (so `lowest` stops there at the latest), and a line starting at `end` has more
    /// slack than the window (so the candidates stop before it).
    @inline(__always) func search(narrow: Bool) {
      for end in 1..<count {
        let lineBase = base[end]
        while (narrow || lowest < end &- 1) && start[lowest] < lineBase { lowest &+= 1 }
        // The longest line that fits is always a candidate; shorter ones only while their
        // slack is within the window. Ties go to the later start, the shorter line.
        var slack = start[lowest] &- lineBase
        var best = cost[lowest] &+ slack &* slack
        var bestStart = lowest
        let limit = lineBase &+ window
        var candidate = lowest &+ 1
        while narrow || candidate < end {
          let position = start[candidate]
          if position > limit { break }
          slack = position &- lineBase
          let total = cost[candidate] &+ slack &* slack
          if total <= best {
            best = total
            bestStart = candidate
          }
          candidate &+= 1
        }
        cost[end] = best
        previous[end] = bestStart
      }
    }
    if window < width {
      search(narrow: true)
    } else {
      search(narrow: false)
    }
    // The last line costs nothing: it starts wherever the lines before it cost least, among
    // the starts from which it fits.
    let lineEnd = base[count] + width
    while lowest < count - 1 && lineEnd - start[lowest] > width { lowest += 1 }
    var bestStart = lowest
    for candidate in lowest..<count where cost[candidate] <= cost[bestStart] {
      bestStart = candidate
    }
    previous[count] = bestStart
    // Walk back from the end twice: once to count the lines, once to write their ends.
    var lineCount = 0
    var end = count
    while end > 0 {
      lineCount += 1
      end = previous[end]
    }
    return [Int](unsafeUninitializedCapacity: lineCount) { ends, initialized in
      var end = count
      for index in stride(from: lineCount - 1, through: 0, by: -1) {
        ends.initializeElement(at: index, to: end)
        end = previous[end]
      }
      initialized = lineCount
    }
  }

  /// The raggedness of a set of lines: the sum of the squared trailing space of every line but
  /// the last, the measure ``optimal(_:width:)`` minimises.
  static func raggedness(lineWidths: [Int], width: Int) -> Int {
    lineWidths.dropLast().reduce(0) { $0 + (width - $1) * (width - $1) }
  }
}
