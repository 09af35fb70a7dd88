import Testing
import Foundation
import PropertyBased
import PaginateAdapters
import PaginateLayout
import PaginateModel

/// Reads Markdown for layout tests; a document that cannot be read fails the test with the
/// adapter's error instead of laying out an empty document.
func markdownDocument(_ text: String) throws -> Document {
  try MarkdownAdapter().document(from: AdapterInput(text: text, name: "test.md"))
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
