import PaginateModel

/// GitHub's alerts: a block quote whose first line is `[!NOTE]`, `[!TIP]`, `[!IMPORTANT]`,
/// `[!WARNING]` or `[!CAUTION]` (any case) is a labelled box, not a quote.
///
///     > [!WARNING]
///     > Back up the log first.
enum GitHubAlert {
  /// The kinds GitHub knows, by the word in the marker, with the label each box gets.
  static let labels: [String: String] = [
    "NOTE": "Note", "TIP": "Tip", "IMPORTANT": "Important", "WARNING": "Warning", "CAUTION": "Caution",
  ]

  /// The label and the blocks of a quote that is an alert (the marker line taken off its first
  /// paragraph, and the paragraph dropped when that was all of it); `nil` for any other quote.
  static func split(_ blocks: [Block]) -> (label: String, blocks: [Block])? {
    guard let first = blocks.first, case .paragraph(let inlines) = first.content else { return nil }
    // The marker's text may come in pieces (`[`, `!NOTE`, `]`): the text runs up to the
    // first line break.
    var marker = ""
    var end = 0
    while end < inlines.count, case .text(let text) = inlines[end] {
      marker += text
      end += 1
    }
    guard end == inlines.count || inlines[end] == .softBreak || inlines[end] == .hardBreak else { return nil }
    let word = marker.trimmingCharacters(in: " ")
    guard word.hasPrefix("[!"), word.hasSuffix("]"), let label = labels[String(word.dropFirst(2).dropLast()).uppercased()]
    else { return nil }
    let rest = Array(inlines[min(end + 1, inlines.count)...])
    var remaining = Array(blocks.dropFirst())
    if !rest.isEmpty { remaining.insert(Block(.paragraph(rest), source: first.source), at: 0) }
    return (label, remaining)
  }
}

extension String {
  /// The string without `character` at either end.
  fileprivate func trimmingCharacters(in character: Character) -> Substring {
    var slice = self[...]
    while slice.first == character { slice.removeFirst() }
    while slice.last == character { slice.removeLast() }
    return slice
  }
}
