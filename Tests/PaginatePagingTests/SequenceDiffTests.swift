import PaginateTestSupport
import Testing

@testable import PaginatePaging

@Suite("Following a place through an edit")
struct SequenceDiffTests {
  /// The length of a longest common subsequence, by dynamic programming.
  private func commonLength(_ a: [Int], _ b: [Int]) -> Int {
    var row = [Int](repeating: 0, count: b.count + 1)
    for x in a {
      var diagonal = 0
      for (j, y) in b.enumerated() {
        let above = row[j + 1]
        row[j + 1] = x == y ? diagonal + 1 : max(row[j + 1], row[j])
        diagonal = above
      }
    }
    return row[b.count]
  }

  @Test("kept elements are equal, in order, as many as a longest common subsequence; the rest lie in replaced runs")
  func randomEdits() {
    var random = testGenerator()
    for round in 0..<300 {
      // A small alphabet, so that runs repeat and the script has choices to make.
      let old = (0..<random.pick(0...40)).map { _ in random.pick(0...3) }
      var new = old
      for _ in 0..<random.pick(0...8) {
        let index = random.pick(0...new.count)
        switch random.pick(0...2) {
        case 0: new.insert(random.pick(0...3), at: index)
        case 1 where index < new.count: new.remove(at: index)
        default: if index < new.count { new[index] = random.pick(0...3) }
        }
      }
      var kept: [Int] = []
      for position in old.indices {
        switch SequenceDiff.place(of: position, in: old, movedTo: new) {
        case .kept(let index):
          #expect(new[index] == old[position], "round \(round): \(old) → \(new) at \(position)")
          kept.append(index)
        case .replaced(let was, let now):
          #expect(was.contains(position), "round \(round)")
          #expect(now.lowerBound >= (kept.last.map { $0 + 1 } ?? 0) && now.upperBound <= new.count, "round \(round)")
        }
      }
      #expect(zip(kept, kept.dropFirst()).allSatisfy { $0 < $1 }, "round \(round): \(old) → \(new)")
      #expect(kept.count == commonLength(old, new), "round \(round): \(old) → \(new)")
      #expect(SequenceDiff.place(of: old.count, in: old, movedTo: new) == .kept(new.count))
    }
  }

  @Test("past the edit limit, the changed middle counts as replaced, whole")
  func limit() {
    let old = Array(0..<3000)
    let new = old.map { $0.isMultiple(of: 2) ? -$0 - 1 : $0 }  // every other element changed
    #expect(SequenceDiff.place(of: 1500, in: old, movedTo: new) == .replaced(old: 0..<2999, new: 0..<2999))
  }
}
