import Foundation
import PaginateModel
import Testing

@Suite("The styles of a block of lines in the JSON form")
struct TextRunCodableTests {
  @Test("styles decode, sorted, and encode back; a run past the text or an unknown name is refused")
  func roundTrip() throws {
    let json = """
      {"version": 1, "blocks": [{"type": "lines", "text": "int x; // y", "styles": [
        {"start": 7, "end": 11, "syntax": "comment"},
        {"start": 0, "end": 3, "style": ["bold", "underline"], "color": 2, "background": 232, "syntax": "type"}]}]}
      """
    let document = try Document(json: Data(json.utf8))
    let expected: [TextRun] = [
      TextRun(range: 0..<3, style: RunStyle(emphasis: [.bold, .underline], foreground: 2, background: 232, syntax: .type)),
      TextRun(range: 7..<11, style: RunStyle(syntax: .comment)),
    ]
    #expect(document.blocks.map(\.content) == [.lines("int x; // y", styles: expected)])
    let again = try Document(json: try JSONEncoder().encode(document))
    #expect(again.blocks.map(\.content) == document.blocks.map(\.content))

    for bad in [
      #"{"start": 0, "end": 12}"#, #"{"start": 3, "end": 1}"#, #"{"start": 0, "end": 1, "style": ["blink"]}"#,
      #"{"start": 0, "end": 1, "color": 256}"#, #"{"start": 0, "end": 1, "syntax": "adverb"}"#,
      #"{"start": 0, "end": 1, "colour": 2}"#,
    ] {
      let text = #"{"version": 1, "blocks": [{"type": "lines", "text": "int x; // y", "styles": ["# + bad + "]}]}"
      #expect(throws: (any Error).self, "\(bad)") { try Document(json: Data(text.utf8)) }
    }
  }

  @Test("controls made visible move the styles with their characters")
  func visibleControlsMoveStyles() {
    let bold = RunStyle(emphasis: .bold)
    let (text, runs) = VisibleControls.escape("a\u{1B}b\tc", styles: [TextRun(range: 2..<3, style: bold), TextRun(range: 4..<5, style: bold)])
    #expect(text == "a^[b\tc")
    #expect(runs.map(\.range) == [3..<4, 5..<6])
  }
}
