import PaginateModel

/// The raggedness of set text: the sum over every line of a paragraph but its last of the
/// square of the line's trailing space. Lower is better; optimal line breaking minimises it.
package enum Raggedness {
  /// The raggedness of `text` set as one paragraph `width` cells wide, hyphenated by
  /// `hyphenator` when one is given (a line's hyphen counts as a cell of it).
  package static func of(_ text: String, width: Int, strategy: LineBreakStrategy, hyphenator: Hyphenator? = nil) -> Int {
    var notes = FootnoteRegistry()
    let lines = ParagraphSetter(width: width, strategy: strategy, justifies: false, hyphenator: hyphenator)
      .set([.text(text)], links: .none, notes: &notes, notesInline: false)
    return of(lineWidths: lines.map { $0.line.width }, width: width)
  }

  /// The raggedness of a paragraph whose lines have these widths.
  package static func of(lineWidths: [Int], width: Int) -> Int {
    LineBreaker.raggedness(lineWidths: lineWidths, width: width)
  }
}
