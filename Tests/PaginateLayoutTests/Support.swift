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
func pages(_ document: Document, _ options: LayoutOptions) -> [Page] {
  var set = PageSet(document: document, options: options)
  return set.allPages()
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
}
