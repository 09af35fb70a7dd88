import PaginateLayout

/// The text of a page as a search reads it: the body's lines joined by the break that was
/// there, and the notes apart.
///
/// Lines of a paragraph join with a space, or with nothing after a hyphen inside a word and
/// between two wide (CJK) characters; a blank line becomes a paragraph separator (a line feed,
/// which no space in a query matches). The layout's furniture (quote bars, table borders, note
/// markers, the hyphen of a hyphenated word, whose halves join) is left out, and runs of
/// spaces count as one, so `swift-nio-ssl[8] and` reads
/// `swift-nio-ssl and` and a justified line reads as it was written. Each folded scalar's
/// origin is the index of its line in ``Page/lines``.
struct PageText {
  /// The body text, which runs on from the previous page and into the next.
  var flow: FoldedText
  /// The notes at the foot of the page.
  var notes: FoldedText
  /// Whether the body's last line ends with a hyphenated word's first half (see
  /// ``Line/endsWithInsertedHyphen``): the next page's text joins it with no space.
  var flowEndsInsideWord: Bool

  init(_ page: Page, options: FoldedText.Options) {
    flow = Self.text(of: page, lines: page.bodyLines.lowerBound..<page.noteLines.lowerBound, options: options)
    notes = Self.text(of: page, lines: page.noteLines, options: options)
    let last = (page.bodyLines.lowerBound..<page.noteLines.lowerBound).last { !page.lines[$0].isEmpty }
    flowEndsInsideWord = last.map { page.lines[$0].endsWithInsertedHyphen } ?? false
  }

  private static func text(of page: Page, lines range: Range<Int>, options: FoldedText.Options) -> FoldedText {
    var text = FoldedText()
    var insideWord = false  // the line before ended with an inserted hyphen
    for index in range where index < page.lines.count {
      let line = page.lines[index]
      let furniture = line.spans.filter { $0.style.contains(.furniture) }.map(\.range)
      let before = text.count
      var joiner: Int?
      let joinsWord = insideWord
      insideWord = line.endsWithInsertedHyphen
      if !joinsWord, let last = text.scalars.last, last != 0x0A {
        joiner = text.count
        text.appendSeparator(0x20, origin: Int32(index), at: 0)
      }
      line.withUTF8 { text.append($0, options: options, origin: Int32(index), skipping: furniture) }
      if text.count == before + (joiner == nil ? 0 : 1) {
        // A blank line (or furniture alone): a paragraph ends.
        if let joiner { text.remove(at: joiner) }
        if let last = text.scalars.last, last != 0x0A { text.appendSeparator(0x0A, origin: Int32(index), at: 0) }
        continue
      }
      guard let joiner, joiner > 0, joiner + 1 < text.count else { continue }
      let previous = text.scalars[joiner - 1]
      let next = text.scalars[joiner + 1]
      let hyphenated =
        FoldedText.isHyphen(previous) && joiner >= 2 && Self.isLetter(text.scalars[joiner - 2])
      if hyphenated || (FoldedText.isWide(previous) && FoldedText.isWide(next)) || next == 0x20 {
        text.remove(at: joiner)
      }
    }
    while let last = text.scalars.last, last == 0x0A || last == 0x20 { text.remove(at: text.count - 1) }
    return text
  }

  private static func isLetter(_ scalar: UInt32) -> Bool {
    (scalar >= 0x61 && scalar <= 0x7A) || (scalar >= 0x41 && scalar <= 0x5A) || scalar > 0x7F
  }
}

extension FoldedText.Options {
  init(_ search: SearchOptions) {
    self = []
    if search.ignoresCase { insert(.ignoringCase) }
    if search.ignoresDiacritics { insert(.ignoringMarks) }
  }
}
