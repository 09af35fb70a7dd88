import PaginateLayout
import PaginateModel
import PaginateTestSupport
import Testing

/// Code lines and URLs wider than the page break at the boundaries a reader expects: a token is
/// cut only where no boundary existed in the second half of the line, and no character is lost
/// or moved.
@Suite("Line wrapping of code and URLs")
struct LineWrappingPropertyTests {
  /// What a code line may break after (a space, left out at the break, or a mark kept).
  static let codeBoundaries: Set<Character> = [" ", ",", ";", "(", ".", "/"]

  /// A random code line: indentation, then identifiers between separators, now and then one
  /// far wider than the page.
  static func codeLine(_ random: inout SplitMix) -> String {
    let letters = Array("abcdefghijklmnopqrstuvwxyzXYZ0123456789_")
    let separators = [" ", ", ", ".", "(", "/", "; ", " = ", ")", "->"]
    var line = String(repeating: " ", count: random.pick(0...3) == 0 ? random.pick(0...12) : 0)
    for index in 0..<random.pick(1...14) {
      if index > 0 { line += separators[random.pick(0...(separators.count - 1))] }
      let length = random.pick(0...6) == 0 ? random.pick(20...70) : random.pick(1...12)
      line += String((0..<length).map { _ in letters[random.pick(0...(letters.count - 1))] })
    }
    return line
  }

  @Test("a code line keeps every character in order, and cuts a token only where no boundary was in the line's second half")
  func codeLines() async {
    await forAll(count: 300, columns: 12...70, lines: 100...100) {
      seed, columns, _ in
      var random = SplitMix(seed: seed)
      let line = Self.codeLine(&random)
      let document = Document(blocks: [Block(.codeBlock(info: "", text: line))])
      var printed = pages(document, options(columns, 400)).flatMap(\.textLines)
      while printed.last?.isEmpty == true { printed.removeLast() }
      let original = Array(line)
      let indent = original.prefix { $0 == " " }.count
      let continuationIndent = min(indent, max(columns / 2 - 2, 0))
      // Indentation past half the page is left out of a broken line's first line too.
      var cursor = original.count > columns ? max(indent - columns / 2, 0) : 0
      for (index, printedLine) in printed.enumerated() {
        var piece = Substring(printedLine)
        var room = columns
        if index > 0 {
          let prefix = String(repeating: " ", count: continuationIndent) + "↪ "
          guard piece.hasPrefix(prefix) else {
            Issue.record("seed \(seed) at \(columns): continuation \(printedLine.debugDescription) lacks \(prefix.debugDescription)")
            return
          }
          piece = piece.dropFirst(prefix.count)
          room = columns - prefix.count
          while cursor < original.count && original[cursor] == " " { cursor += 1 }
        }
        #expect(printedLine.count <= columns, "seed \(seed): \(printedLine.debugDescription) wider than \(columns)")
        let start = cursor
        // Every character, in order: the piece is the next stretch of the line.
        guard Array(piece) == Array(original[cursor..<min(cursor + piece.count, original.count)]) else {
          Issue.record("seed \(seed) at \(columns): \(piece.debugDescription) is not the line's next text after \(cursor)")
          return
        }
        cursor += piece.count
        guard cursor < original.count else { continue }
        // A cut inside a token: no boundary may stand in the second half of the room.
        let brokeAtBoundary = original[cursor] == " " || Self.codeBoundaries.contains(original[cursor - 1])
        if !brokeAtBoundary {
          // The piece's indentation is no boundary: a break there would leave no text.
          let text = (start..<cursor).first { original[$0] != " " } ?? cursor
          for position in text..<cursor where Self.codeBoundaries.contains(original[position]) {
            let widthThere = position - start + 1  // the piece up to and with the boundary
            #expect(
              widthThere * 2 < room,
              "seed \(seed) at \(columns): \(piece.debugDescription) cut a token although '\(original[position])' at \(widthThere) of \(room) was a boundary")
          }
        }
      }
      #expect(cursor == original.count || original[cursor...].allSatisfy { $0 == " " }, "seed \(seed): text left out")
    }
  }

  @Test("a URL in a link note breaks after its punctuation, never inside letters when punctuation fits, and loses nothing")
  func urlNotes() async {
    await forAll(count: 200, columns: 14...60, lines: 100...100) {
      seed, columns, _ in
      var random = SplitMix(seed: seed)
      let letters = Array("abcdefghijklmnopqrstuvwxyz0123456789")
      let marks = ["/", ".", "?", "&", "=", "-", "_", "#"]
      var url = "https://"
      for index in 0..<random.pick(2...16) {
        if index > 0 { url += marks[random.pick(0...(marks.count - 1))] }
        url += String((0..<random.pick(1...(random.pick(0...5) == 0 ? 40 : 10))).map { _ in letters[random.pick(0...(letters.count - 1))] })
      }
      let document = Document(blocks: [.paragraph([.link(destination: url, title: "", content: [.text("link")])])])
      var lines = pages(document, options(columns, 400)).flatMap(\.textLines)
      while lines.last?.isEmpty == true { lines.removeLast() }
      guard let first = lines.firstIndex(where: { $0.hasPrefix("[1] ") }) else {
        Issue.record("seed \(seed): no note in \(lines)")
        return
      }
      let pieces = lines[first...].map { $0.dropFirst(4) }  // "[1] " or its indent
      #expect(pieces.joined() == url, "seed \(seed) at \(columns): \(pieces)")
      let room = columns - 4
      let boundaries: Set<Character> = ["/", ".", "?", "&", "=", "-", "_", "#"]
      for (index, piece) in pieces.enumerated() where index < pieces.count - 1 {
        #expect(piece.count <= room)
        // Cut inside letters only when the piece holds no URL punctuation before its end.
        if let last = piece.last, !boundaries.contains(last) {
          #expect(!piece.dropLast().contains { boundaries.contains($0) }, "seed \(seed) at \(columns): \(piece) cut inside letters")
        }
      }
    }
  }
}
