import Paginate
import Testing

/// A text whose every word is unique (`p12w5`: paragraph 12, word 5), so that a word names
/// one place, edited the way a writer edits the file a reader has open.
private struct EditedText {
  var paragraphs: [[String]] = (0..<40).map { paragraph in (0..<24).map { "p\(paragraph)w\($0)" } }

  var document: Document { Document(blocks: paragraphs.map { .paragraph($0.joined(separator: " ")) }) }

  /// The anchor of `word`: its paragraph, and the characters before it, spaces left out.
  func anchor(of word: String) -> TextAnchor? {
    for (block, words) in paragraphs.enumerated() {
      guard let index = words.firstIndex(of: word) else { continue }
      return TextAnchor(block: block, offset: words[..<index].reduce(0) { $0 + $1.count })
    }
    return nil
  }

  /// The word at `anchor`, if one starts there.
  func word(at anchor: TextAnchor) -> (paragraph: Int, index: Int)? {
    var offset = 0
    for (index, word) in paragraphs[anchor.block].enumerated() {
      if offset == anchor.offset { return (anchor.block, index) }
      offset += word.count
    }
    return nil
  }
}

/// How the changed text reaches the reader: the file read again, or an edit of the blocks.
private enum Delivery: CaseIterable {
  case reload, replace
}

@Suite("Edits keep the reader on their character")
struct EditedPlaceTests {
  let options: LayoutOptions = {
    var options = LayoutOptions(pageSize: PageSize(columns: 30, lines: 12))
    options.footer = ""
    return options
  }()

  /// Opens the text on the first page from page 8 on whose top is well inside a paragraph,
  /// applies `edit` (given the top word's paragraph and index), and checks that the reader is
  /// then on the character the edit leaves there: `expected` (the top word by default).
  private func check(
    _ name: String, expected: ((inout EditedText, Int, Int) -> String)? = nil,
    _ edit: (inout EditedText, _ paragraph: Int, _ word: Int) -> Void, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    for delivery in Delivery.allCases {
      var text = EditedText()
      var reader = try PagingController(document: text.document, options: options)
      reader.go(toPageNumber: 8)
      var top = text.word(at: try #require(reader.currentAnchor))
      while let found = top, found.index < 6 || found.index > 17 {
        let moved = reader.goForward()
        try #require(moved)
        top = text.word(at: try #require(reader.currentAnchor))
      }
      let (paragraph, index) = try #require(top, "the page starts inside a word", sourceLocation: sourceLocation)
      let word = text.paragraphs[paragraph][index]
      let pageBefore = reader.currentPage.number
      let before = text
      edit(&text, paragraph, index)
      let target = expected?(&text, paragraph, index) ?? word
      switch delivery {
      case .reload:
        reader.reload(text.document)
      case .replace:
        // The blocks from the first that changed to the last, replaced.
        let old = before.document.blocks
        let new = text.document.blocks
        var start = 0
        while start < min(old.count, new.count) && old[start] == new[start] { start += 1 }
        var end = 0
        while end < min(old.count, new.count) - start && old[old.count - 1 - end] == new[new.count - 1 - end] { end += 1 }
        try reader.replace(blocksIn: start..<(old.count - end), with: Array(new[start..<(new.count - end)]))
      }
      let anchor = try #require(text.anchor(of: target), sourceLocation: sourceLocation)
      #expect(
        reader.currentAnchor == anchor, "\(name) (\(delivery)): on \(reader.currentAnchor.map(String.init) ?? "nil"), not at \(target)",
        sourceLocation: sourceLocation)
      let shown = reader.currentPage.textLines.joined(separator: " ")
      #expect(shown.contains(target), "\(name) (\(delivery)): \(target) is not on page \(reader.currentPage.number)", sourceLocation: sourceLocation)
      // An edit far from the page does not move its page breaks much.
      #expect(abs(reader.currentPage.number - pageBefore) <= 1, "\(name) (\(delivery))", sourceLocation: sourceLocation)
    }
  }

  @Test("a word changed, inserted or deleted in the paragraph the page opens in, before the top")
  func inTheTopParagraph() throws {
    try check("changed") { text, paragraph, word in text.paragraphs[paragraph][word - 3] = "harbour" }
    try check("inserted") { text, paragraph, word in text.paragraphs[paragraph].insert(contentsOf: ["new", "words"], at: word - 2) }
    try check("deleted") { text, paragraph, word in text.paragraphs[paragraph].remove(at: word - 4) }
    try check("several") { text, paragraph, word in
      text.paragraphs[paragraph].remove(at: word - 1)
      text.paragraphs[paragraph][1] = "first"
      text.paragraphs[paragraph].insert("late", at: word + 2)
    }
  }

  @Test("a word changed, inserted or deleted further down the page, or on the page before")
  func aroundThePage() throws {
    try check("changed below") { text, paragraph, word in text.paragraphs[paragraph][word + 4] = "harbour" }
    try check("inserted below") { text, paragraph, _ in text.paragraphs[paragraph + 1].insert("tide", at: 2) }
    try check("deleted below") { text, paragraph, word in text.paragraphs[paragraph].remove(at: word + 3) }
    try check("changed before") { text, paragraph, _ in text.paragraphs[paragraph - 1][10] = "harbour" }
    try check("inserted before") { text, paragraph, _ in text.paragraphs[paragraph - 1].insert("tide", at: 5) }
    try check("deleted before") { text, paragraph, _ in text.paragraphs[paragraph - 1].remove(at: 7) }
  }

  @Test("a paragraph split before the top, or merged with the one before")
  func splitAndMerged() throws {
    try check("split") { text, paragraph, word in
      let words = text.paragraphs[paragraph]
      text.paragraphs[paragraph] = Array(words[..<(word - 3)])
      text.paragraphs.insert(Array(words[(word - 3)...]), at: paragraph + 1)
    }
    try check("split at the top") { text, paragraph, word in
      let words = text.paragraphs[paragraph]
      text.paragraphs[paragraph] = Array(words[..<word])
      text.paragraphs.insert(Array(words[word...]), at: paragraph + 1)
    }
    try check("merged") { text, paragraph, _ in
      text.paragraphs[paragraph - 1] += text.paragraphs.remove(at: paragraph)
    }
  }

  @Test("the top character deleted or replaced: on what replaced it, else on what follows")
  func theTopItself() throws {
    try check("deleted", expected: { text, paragraph, word in text.paragraphs[paragraph][word] }) { text, paragraph, word in
      text.paragraphs[paragraph].remove(at: word)
    }
    try check("replaced", expected: { _, _, _ in "anchorage" }) { text, paragraph, word in
      text.paragraphs[paragraph][word] = "anchorage"
    }
  }
}
