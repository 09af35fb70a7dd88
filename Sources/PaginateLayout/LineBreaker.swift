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
            for index in 0..<count {
              position[index + 1] = position[index] + units[index].width + (units[index].spaceAfter ? 1 : 0)
            }
            cost[0] = 0
            for end in 1...count {
              let endPosition = position[end] - (units[end - 1].spaceAfter ? 1 : 0)
              let isLast = end == count
              var best = Int.max
              var bestStart = end - 1
              var start = end - 1
              while start >= 0 {
                let lineWidth = endPosition - position[start]
                if lineWidth > width && start < end - 1 { break }
                let before = cost[start]
                if before != Int.max {
                  let slack = width - lineWidth
                  let total = before + (isLast ? 0 : slack * slack)
                  if total < best {
                    best = total
                    bestStart = start
                  }
                }
                start -= 1
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
