import Foundation
import PaginateLayout
import PaginateModel
import PaginateTestSupport
import PropertyBased
import Synchronization
import Testing

/// The raggedness of words of these widths, joined by single spaces and broken optimally.
func optimalRaggedness(_ words: [Int], width: Int) -> Int {
  let text = words.map { String(repeating: "x", count: $0) }.joined(separator: " ")
  return Raggedness.of(text, width: width, strategy: .optimal)
}

/// The least raggedness of words of these widths, joined by single spaces, over the lines the
/// optimal breaker considers (see LineBreaker): from each start, those that fit and whose slack
/// is at most `window` (by default the longest word plus a space), and the longest line that
/// fits. The last line costs nothing. Quadratic: a reference for small paragraphs.
func referenceRaggedness(_ words: [Int], width: Int, window: Int? = nil) -> Int {
  let window = window ?? (words.max() ?? 0) + 1
  func lineWidth(_ from: Int, _ to: Int) -> Int { words[from..<to].reduce(to - from - 1, +) }
  var cost = [0] + Array(repeating: Int.max, count: words.count)
  for end in 1...words.count {
    let fitting = (0..<end).filter { lineWidth($0, end) <= width }
    for start in fitting where cost[start] != Int.max {
      let slack = width - lineWidth(start, end)
      guard end == words.count || start == fitting.first || slack <= window else { continue }
      cost[end] = min(cost[end], cost[start] + (end == words.count ? 0 : slack * slack))
    }
  }
  return cost[words.count]
}

/// The check of `noStrandedHeading`, outside the property closure (Swift 6.3.1's region
/// analysis crashes on the closure form).
func checkNoStrandedHeading(seed: Int, columns: Int, lines: Int) {
  var generator = RandomDocument(seed: seed)
  let document = generator.document(blocks: 5...40)
  // Links inline: a line citing several footnotes can need more room than a small page has
  // after a heading, which would make a stranded heading unavoidable.
  let all = pages(document, options(columns, lines) { $0.isDoubleSided = seed % 2 == 0; $0.links = .inline })
  for page in all.dropLast() where !page.isBlank {
    let content = page.lines.filter { !$0.isEmpty }
    guard let last = content.last else { continue }
    let isHeading = last.spans.contains { $0.style.contains(.heading) }
    let isHeadingRule =
      content.count >= 2 && content[content.count - 2].spans.contains { $0.style.contains(.heading) }
      && (last.text.allSatisfy { $0 == "═" } || last.text.allSatisfy { $0 == "─" })
    // A heading that fills half the page or more cannot take two lines of text with it.
    var headingLines = 0
    for line in content.reversed() {
      let partOfHeading =
        line.spans.contains { $0.style.contains(.heading) } || line.text.allSatisfy { $0 == "═" || $0 == "─" }
      guard partOfHeading else { break }
      headingLines += 1
    }
    // A heading that cannot take two lines of text with it may end a page: nothing to check.
    guard headingLines * 2 < lines else { continue }
    #expect(!isHeading, "seed \(seed) \(columns)x\(lines): page \(page.number) ends with a heading")
    #expect(!isHeadingRule, "seed \(seed) \(columns)x\(lines): page \(page.number) ends with a heading's rule")
  }
}
