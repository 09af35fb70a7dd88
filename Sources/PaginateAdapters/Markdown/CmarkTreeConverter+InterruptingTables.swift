import PaginateModel

/// A pipe table that interrupts a paragraph, as GitHub reads one: the paragraph's lines up to
/// a header row followed by its delimiter row stay a paragraph, and the table starts there
/// (`123\n456\n| a | b |\n| --- | --- |\nd | e`: a paragraph of two lines, then the table).
extension CmarkTreeConverter {
  /// The paragraph before, and the table, when a table starts after the first line of the
  /// paragraph in `range` (the paragraph that starts with one is ``pipeTable(lines:quoteDepth:)``'s).
  mutating func tableInterruptingParagraph(lines range: SourceRange, quoteDepth: Int) -> [Block]? {
    guard range.lastLine > range.firstLine + 1, range.lastLine <= lineStarts.count else { return nil }
    func line(_ number: Int) -> UnsafeBufferPointer<UInt8> { tableLine(number, quoteDepth: quoteDepth) }
    // The first line with a bar whose next line is a delimiter row of as many cells.
    guard
      let header = ((range.firstLine + 1)..<range.lastLine).first(where: { number in
        line(number).contains(UInt8(ascii: "|")) && line(number + 1).contains(UInt8(ascii: "-"))
          && PipeTable(rows: [line(number), line(number + 1)]) != nil
      })
    else { return nil }
    guard let table = pipeTable(lines: SourceRange(firstLine: header, lastLine: range.lastLine), quoteDepth: quoteDepth) else { return nil }
    let text = (range.firstLine..<header).map { String(decoding: line($0), as: UTF8.self) }.joined(separator: "\n")
    citedDefinitions = referenceDefinitions?.cited(in: [text]) ?? ""
    let before = blocks(of: text).filter {
      if case .paragraph = $0.content { return true } else { return false }
    }
    guard before.count == 1, case .paragraph(let inlines) = before[0].content else { return nil }
    let paragraph = Block(
      .paragraph(RawHTML.inlines(inlines.withoutNoteSources, handling: html)),
      source: wholeRange(SourceRange(firstLine: range.firstLine, lastLine: header - 1)))
    return [paragraph, Block(.table(table), source: wholeRange(SourceRange(firstLine: header, lastLine: range.lastLine)))]
  }
}
