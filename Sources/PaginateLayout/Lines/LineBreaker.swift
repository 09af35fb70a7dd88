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
  /// The end index (exclusive) of each line's units; `hyphenated` when some may be
  /// ``BreakUnit/hyphenAfter`` (else that is not looked at).
  static func breaks(
    _ units: UnsafeBufferPointer<BreakUnit>, width: Int, strategy: LineBreakStrategy, hyphenated: Bool = false
  ) -> [Int] {
    guard !units.isEmpty else { return [] }
    switch strategy {
    case .greedy: return greedy(units, width: width)
    case .optimal: return optimal(units, width: width, hyphenated: hyphenated)
    }
  }

  static func greedy(_ units: UnsafeBufferPointer<BreakUnit>, width: Int) -> [Int] {
    let count = units.count
    var ends: [Int] = []
    ends.reserveCapacity(count / 8 + 1)
    var start = 0
    while start < count {
      // The line takes units while they fit, and ends after the last one it may end with: a
      // hyphenated piece only when its hyphen fits too (else the line ends before the word,
      // which then fits on the next line, being no wider than the page).
      var lineWidth = units[start].width
      var end = start + 1
      var lastBreak = units[start].hyphenAfter && lineWidth + 1 > width ? start : end
      while end < count {
        let next = lineWidth + (units[end - 1].spaceAfter ? 1 : 0) + units[end].width
        if next > width { break }
        lineWidth = next
        end += 1
        if !units[end - 1].hyphenAfter || lineWidth + 1 <= width { lastBreak = end }
      }
      let lineEnd = end == count || lastBreak == start ? end : lastBreak
      ends.append(lineEnd)
      start = lineEnd
    }
    return ends
  }

  static func optimal(_ units: UnsafeBufferPointer<BreakUnit>, width: Int, hyphenated isHyphenated: Bool = false) -> [Int] {
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
    start[0] = 0
    base[0] = -width
    @inline(__always) func measure(hyphenated: Bool) {
      var position = 0
      for index in 0..<count {
        let unit = units[index]
        let finish = position &+ unit.width
        // A line that ends after a hyphenated piece ends with its hyphen: one more cell.
        base[index &+ 1] = finish &- width &+ (hyphenated && unit.hyphenAfter ? 1 : 0)
        position = finish &+ (unit.spaceAfter ? 1 : 0)
        start[index &+ 1] = position
        longest = max(longest, unit.width)
      }
    }
    if isHyphenated { measure(hyphenated: true) } else { measure(hyphenated: false) }
    // The window of slack (see the type's documentation): the longest unit plus its space.
    let window = longest + 1
    cost[0] = 0
    var lowest = 0  // the smallest start whose line still fits: it only moves forward
    /// Finds each boundary's best start. When `narrow` (every unit at least two cells narrower
    /// than the line, as in prose, three when hyphenated), the searches need no bound: a line
    /// of unit `end - 1` alone fits (so `lowest` stops there at the latest), and a line
    /// starting at `end` has more slack than the window (so the candidates stop before it).
    /// When `hyphenated`, a line that ends with a hyphen costs ``hyphenPenalty`` more, and
    /// ``doubleHyphenDemerits`` more again when the line before it ends with one too.
    @inline(__always) func search(narrow: Bool, hyphenated: Bool) {
      for end in 1..<count {
        let lineBase = base[end]
        let endsWithHyphen = hyphenated && units[end &- 1].hyphenAfter
        while (narrow || lowest < end &- 1) && start[lowest] < lineBase { lowest &+= 1 }
        // The longest line that fits is always a candidate; shorter ones only while their
        // slack is within the window. Ties go to the later start, the shorter line.
        var slack = start[lowest] &- lineBase
        var best = cost[lowest] &+ slack &* slack
        if endsWithHyphen && lowest > 0 && units[lowest &- 1].hyphenAfter { best &+= doubleHyphenDemerits }
        var bestStart = lowest
        let limit = lineBase &+ window
        var candidate = lowest &+ 1
        while narrow || candidate < end {
          let position = start[candidate]
          if position > limit { break }
          slack = position &- lineBase
          var total = cost[candidate] &+ slack &* slack
          if endsWithHyphen && units[candidate &- 1].hyphenAfter { total &+= doubleHyphenDemerits }
          if total <= best {
            best = total
            bestStart = candidate
          }
          candidate &+= 1
        }
        cost[end] = best &+ (endsWithHyphen ? hyphenPenalty : 0)
        previous[end] = bestStart
      }
    }
    switch (isHyphenated, window < width) {
    case (false, true): search(narrow: true, hyphenated: false)
    case (false, false): search(narrow: false, hyphenated: false)
    case (true, _): window &+ 1 < width ? search(narrow: true, hyphenated: true) : search(narrow: false, hyphenated: true)
    }
    // The last line costs nothing: it starts wherever the lines before it cost least, among
    // the starts from which it fits (a hyphen on the line before it costs as two in a row).
    let lineEnd = base[count] + width
    while lowest < count - 1 && lineEnd - start[lowest] > width { lowest += 1 }
    func finalCost(_ candidate: Int) -> Int {
      cost[candidate] &+ (isHyphenated && candidate > 0 && units[candidate &- 1].hyphenAfter ? doubleHyphenDemerits : 0)
    }
    var bestStart = lowest
    var bestCost = finalCost(lowest)
    for candidate in lowest..<count where finalCost(candidate) <= bestCost {
      bestStart = candidate
      bestCost = finalCost(candidate)
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

  /// What a line that ends with a hyphen costs, in the units of raggedness (squared cells of
  /// trailing space), as TeX's `\hyphenpenalty`: a hyphen is taken where it saves more.
  static let hyphenPenalty = 25
  /// What two lines in a row ending with a hyphen cost more, as TeX's `\doublehyphendemerits`
  /// (and its `\finalhyphendemerits`: a hyphen on the last line but one).
  static let doubleHyphenDemerits = 100

  /// The raggedness of a set of lines: the sum of the squared trailing space of every line but
  /// the last, the measure ``optimal(_:width:)`` minimises.
  static func raggedness(lineWidths: [Int], width: Int) -> Int {
    lineWidths.dropLast().reduce(0) { $0 + (width - $1) * (width - $1) }
  }
}
