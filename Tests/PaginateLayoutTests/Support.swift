import Testing
import Foundation
import PropertyBased
import PaginateAdapters
import PaginateLayout
import PaginateModel

/// Reads Markdown for layout tests.
func markdownDocument(_ text: String) -> Document {
  (try? MarkdownAdapter().document(from: InputSource(text: text, name: "test.md"))) ?? Document(blocks: [])
}

/// Options for a page of the given size with no footer, unless changed by `configure`.
func options(_ columns: Int, _ lines: Int, _ configure: (inout LayoutOptions) -> Void = { _ in }) -> LayoutOptions {
  var options = LayoutOptions(pageSize: PageSize(columns: columns, lines: lines))
  options.footer = ""
  configure(&options)
  return options
}

/// All pages of a document.
func pages(_ document: Document, _ options: LayoutOptions, sourceLocation: SourceLocation = #_sourceLocation)
  -> [Page]
{
  do {
    var set = try PageSet(document: document, options: options)
    return set.allPages()
  } catch {
    Issue.record("invalid options: \(error)", sourceLocation: sourceLocation)
    return []
  }
}

/// The pages as text: lines joined with newlines, pages separated by a form feed line.
func text(of pages: [Page]) -> String {
  pages.map { $0.textLines.joined(separator: "\n") }.joined(separator: "\n\u{0C}\n") + "\n"
}

/// A small deterministic random number generator (SplitMix64), so documents are reproducible
/// from a seed.
struct SplitMix: RandomNumberGenerator {
  var state: UInt64

  init(seed: Int) { state = UInt64(bitPattern: Int64(seed)) &+ 0x9E37_79B9_7F4A_7C15 }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A number drawn from `range`.
  mutating func pick(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &self) }
}

/// Checks a property over random (seed, columns, lines) triples.
///
/// Locally the triples come from swift-property-based (new ones each run, shrunk on failure).
/// Under CI (`CI` set) they come from a fixed sequence, so that CI is deterministic: a property
/// that fails there fails the same way on every machine.
func forAll(
  count: Int, columns: ClosedRange<Int>, lines: ClosedRange<Int>,
  _ body: @escaping @Sendable (_ seed: Int, _ columns: Int, _ lines: Int) -> Void
) async {
  if ProcessInfo.processInfo.environment["CI"] != nil {
    var random = SplitMix(seed: 20_261_121)
    for _ in 0..<count {
      body(
        Int.random(in: 0...1_000_000, using: &random), Int.random(in: columns, using: &random),
        Int.random(in: lines, using: &random))
    }
  } else {
    await propertyCheck(count: count, input: Gen.int(in: 0...1_000_000), Gen.int(in: columns), Gen.int(in: lines)) {
      body($0, $1, $2)
    }
  }
}
