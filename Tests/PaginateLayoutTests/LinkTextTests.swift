import PaginateLayout
import PaginateModel
import Testing

/// Link text, note markers and alt text as they are set in lines: where a marker goes, how
/// wide a table column must be for one, how images side by side read.
@Suite("Link text and note markers")
struct LinkTextTests {
  @Test("a link's note marker goes after the rest of its word: ChannelHandlers[1], not ChannelHandler[1]s")
  func markerAfterWord() {
    let document = Document(blocks: [
      .paragraph([
        .text("A "), .link(destination: "https://e.org/ch", title: "", content: [.text("ChannelHandler")]),
        .text("s and "), .link(destination: "https://e.org/el", title: "", content: [.code("EventLoop")]),
        .text("s2, "), .link(destination: "https://e.org/x", title: "", content: [.text("x")]), .text(". "),
        .link(destination: "https://e.org/y", title: "", content: [.text("y")]),
      ])
    ])
    let lines = pages(document, options(80, 12)).flatMap(\.textLines).filter { !$0.isEmpty }
    #expect(lines.first == "A ChannelHandlers[1] and EventLoops2[2], x[3]. y[4]")
  }

  @Test("a table column is wide enough for a word and its note marker: the marker is not split across rows")
  func markerInNarrowColumn() {
    let table = TableBlock(
      alignments: [.unspecified, .unspecified],
      header: TableBlock.Row([[.text("Tool")], [.text("OK")]]),
      rows: [TableBlock.Row([[.text("clippy")], [.text("Yes"), .note([.paragraph("Mostly.")])]])])
    let document = Document(blocks: [Block(.table(table))])
    let lines = pages(document, options(60, 16)).flatMap(\.textLines)
    #expect(lines.contains { $0.hasSuffix("Yes[1]") }, "\(lines)")
    #expect(!lines.contains { $0.hasSuffix("]") && !$0.contains("[") })
  }

  @Test("images side by side keep a space between their texts in styled output")
  func adjacentImages() {
    let document = Document(blocks: [
      .paragraph([
        .image(source: "a.svg", title: "", alt: "Text"), .image(source: "b.svg", title: "", alt: "Cat"), .text(" and "),
        .image(source: "c.svg", title: "", alt: "Dog"),
      ])
    ])
    var styled = options(80, 12)
    styled.marks = .styles
    let lines = pages(document, styled).flatMap(\.textLines).filter { !$0.isEmpty }
    #expect(lines.first == "Text Cat and Dog")
  }
}
