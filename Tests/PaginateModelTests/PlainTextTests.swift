import PaginateModel
import Testing

@Suite("Plain text of blocks")
struct PlainTextTests {
  @Test("blocks, items, rows and definitions on lines of their own; cells separated by a space; notes and rules left out")
  func everyKind() {
    let table = TableBlock(
      alignments: [.left, .right], header: .init([[.text("Name")], [.strong([.text("Size")])]]),
      rows: [.init([[.text("a.txt")], [.text("12k")]])])
    let blocks: [Block] = [
      .heading(level: 1, [.text("Title")]),
      .paragraph([.text("One "), .emphasis([.text("two")]), .softBreak, .text("three"), .note([.paragraph("aside")])]),
      Block(.blockQuote([.paragraph("Quoted"), .paragraph("twice")])),
      Block(.list(ListBlock(kind: .bullet, items: [.init([.paragraph("first")]), .init([.paragraph("second")])]))),
      Block(.thematicBreak),
      Block(.table(table)),
      Block(.definitionList([DefinitionItem(term: [.text("term")], definitions: [[.paragraph("meaning")], [.paragraph("more")]])])),
      Block(.codeBlock(info: "", text: "let x = 1")),
    ]
    #expect(
      blocks.plainText
        == "Title\nOne two three\nQuoted\ntwice\nfirst\nsecond\nName Size\na.txt 12k\nterm\nmeaning\nmore\nlet x = 1")
    #expect(blocks[5].plainText == "Name Size\na.txt 12k")
  }
}
