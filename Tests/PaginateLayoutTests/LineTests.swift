import PaginateLayout
import PaginateModel
import Testing

/// Lines of a reflowed paragraph share one buffer; these tests hold them to lines that own
/// their text, through the public interface.
@Suite("Lines")
struct LineTests {
  /// How the words of the test paragraph are separated: one space (the lines are slices of the
  /// paragraph's own string), another byte of white space (slices of a copy made at once,
  /// newlines and tabs turned into spaces) or more (a copy made unit by unit).
  enum Gap: String, CaseIterable, Sendable {
    case space = " "
    case newline = "\n"
    case tab = "\t"
    case twoSpaces = "  "
  }

  /// The non-empty lines of a paragraph of forty words reflowed at `columns`.
  private func paragraphLines(columns: Int, gap: Gap = .newline) -> [Line] {
    let text = (1...40).map { "word\($0)" }.joined(separator: gap.rawValue)
    let page = pages(Document(blocks: [.paragraph(text)]), options(columns, 30))[0]
    return page.lines.filter { !$0.isEmpty }
  }

  @Test("a line of a reflowed paragraph equals, and hashes as, a line made from its text", arguments: Gap.allCases)
  func sharedEqualsOwned(gap: Gap) {
    let lines = paragraphLines(columns: 23, gap: gap)
    #expect(lines.count > 5)
    for line in lines {
      let owned = Line(line.text)
      #expect(line == owned)
      #expect(line.hashValue == owned.hashValue)
      #expect(line.utf8Count == line.text.utf8.count)
      #expect(line.withUTF8 { Array($0) } == Array(line.text.utf8))
      #expect(!line.text.hasPrefix(" ") && !line.text.hasSuffix(" ") && !line.text.contains("\n"))
      #expect(!line.text.contains("\t") && !line.text.contains("  "))
    }
    #expect(lines[0] != lines[1])
    #expect(lines.map(\.text).joined(separator: " ") == (1...40).map { "word\($0)" }.joined(separator: " "))
  }

  @Test("copying a line's bytes gives its text, whether it shares its paragraph's buffer or not", arguments: Gap.allCases)
  func copyUTF8(gap: Gap) {
    var lines = paragraphLines(columns: 23, gap: gap)
    lines += [Line(), Line("é漢 owned"), lines[1].prefixed(by: Line("> "))]
    for line in lines {
      let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: line.utf8Count + 1)
      defer { buffer.deallocate() }
      buffer[line.utf8Count] = 0xFF
      let count = line.copyUTF8(to: buffer)
      #expect(count == line.utf8Count)
      #expect(Array(UnsafeBufferPointer(start: buffer, count: count)) == Array(line.text.utf8))
      #expect(buffer[line.utf8Count] == 0xFF, "wrote past the text")
    }
  }

  @Test("appending to a shared line, or appending one, leaves the lines it shares with unchanged")
  func editingShared() {
    let lines = paragraphLines(columns: 23)
    let before = lines.map(\.text)
    var first = lines[0]
    first.append(lines[1])
    first.append("!", style: .bold)
    first.appendSpaces(2)
    #expect(first.text == before[0] + before[1] + "!  ")
    #expect(first.spans == [StyleSpan(range: (first.utf8Count - 3)..<(first.utf8Count - 2), style: .bold)])
    first.trimTrailingSpaces()
    #expect(first.text == before[0] + before[1] + "!")
    #expect(lines.map(\.text) == before)

    var owned = Line("x ", style: .italic)
    owned.append(lines[2])
    #expect(owned.text == "x " + before[2])
    #expect(owned.spans == [StyleSpan(range: 0..<2, style: .italic)])
    #expect(lines.map(\.text) == before)
  }

  @Test("styling part of a shared line keeps its text")
  func addingStyle() {
    let line = paragraphLines(columns: 23)[1]
    let styled = line.adding(.highlight, in: [0..<3])
    #expect(styled.text == line.text)
    #expect(styled.spans == [StyleSpan(range: 0..<3, style: .highlight)])
    #expect(styled != line)
    #expect(styled.width == line.width)
  }

  @Test("a slice of display columns keeps styles; a wide character cut by an edge becomes spaces")
  func cells() {
    var line = Line("ab")
    line.append("cd", style: .bold)
    line.append("漢字e")
    #expect(line.cells(0..<100) == line)
    #expect(line.cells(1..<3).text == "bc")
    #expect(line.cells(1..<3).spans == [StyleSpan(range: 1..<2, style: .bold)])
    #expect(line.cells(2..<4).spans == [StyleSpan(range: 0..<2, style: .bold)])
    // 漢 takes columns 4-5, 字 6-7, e 8.
    #expect(line.cells(5..<9).text == " 字e")
    #expect(line.cells(3..<5).text == "d ")
    #expect(line.cells(3..<5).width == 2)
    #expect(line.cells(20..<30).isEmpty)
  }
}
