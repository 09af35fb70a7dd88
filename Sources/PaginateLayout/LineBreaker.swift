/// Chooses where lines end in a sequence of break units.
///
/// Greedy puts as many units on each line as fit. Optimal minimises the raggedness of the
/// paragraph: the sum over every line but the last of the square of its trailing space, the
/// measure GNU `fmt` and `par` aim at. It is a shortest-path search over break positions
/// (Knuth and Plass, "Breaking Paragraphs into Lines", 1981, without stretch and shrink), where
/// only lines that fit are considered, so each position looks back at most one line's worth of
/// units.
///
/// - Complexity: greedy O(n); optimal O(n·k) where k is the most units that fit on one line.
enum LineBreaker {
  /// The end index (exclusive) of each line's units.
  static func breaks(_ units: [BreakUnit], width: Int, strategy: LineBreakStrategy) -> [Int] {
    guard !units.isEmpty else { return [] }
    switch strategy {
    case .greedy: return greedy(units, width: width)
    case .optimal: return optimal(units, width: width)
    }
  }

  static func greedy(_ units: [BreakUnit], width: Int) -> [Int] {
    var ends: [Int] = []
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

  static func optimal(_ units: [BreakUnit], width: Int) -> [Int] {
    let count = units.count
    // position[i]: cells from the paragraph start to the start of unit i, spaces included.
    var position = [Int](repeating: 0, count: count + 1)
    var cost = [Int](repeating: Int.max, count: count + 1)
    var previous = [Int](repeating: 0, count: count + 1)
    units.withUnsafeBufferPointer { units in
      position.withUnsafeMutableBufferPointer { position in
        cost.withUnsafeMutableBufferPointer { cost in
          previous.withUnsafeMutableBufferPointer { previous in
            var longest = 0
            for index in 0..<count {
              position[index + 1] = position[index] + units[index].width + (units[index].spaceAfter ? 1 : 0)
              longest = max(longest, units[index].width)
            }
            // Only lines whose slack is at most the longest unit plus its space are considered
            // (except for the last line, which costs nothing). Every line greedy breaking makes
            // is among them (its slack is less than the next unit's width plus a space), so the
            // result is never more ragged than greedy, and each position looks back at only a
            // few units.
            let window = longest + 1
            cost[0] = 0
            var lowest = 0  // the smallest start whose line still fits: it only moves forward
            for end in 1...count {
              let endPosition = position[end] - (units[end - 1].spaceAfter ? 1 : 0)
              while lowest < end - 1 && endPosition - position[lowest] > width { lowest += 1 }
              let isLast = end == count
              var best = Int.max
              var bestStart = end - 1
              var start = lowest
              while start < end {
                let lineWidth = endPosition - position[start]
                let slack = width - lineWidth
                if slack > window && !isLast && start > lowest && best != Int.max { break }
                let before = cost[start]
                if before != Int.max {
                  let total = before + (isLast ? 0 : slack * slack)
                  if total <= best {
                    best = total
                    bestStart = start
                  }
                }
                start += 1
              }
              cost[end] = best
              previous[end] = bestStart
            }
          }
        }
      }
    }
    var ends: [Int] = []
    var end = count
    while end > 0 {
      ends.append(end)
      end = previous[end]
    }
    return ends.reversed()
  }

  /// The raggedness of a set of lines: the sum of the squared trailing space of every line but
  /// the last, the measure ``optimal(_:width:)`` minimises.
  static func raggedness(lineWidths: [Int], width: Int) -> Int {
    lineWidths.dropLast().reduce(0) { $0 + (width - $1) * (width - $1) }
  }
}
