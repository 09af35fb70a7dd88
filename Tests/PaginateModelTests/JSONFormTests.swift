import Foundation
import PaginateModel
import Testing

@Suite("The JSON form of a document")
struct JSONFormTests {
  /// A document that uses every block and inline, with and without source lines.
  static let everything = Document(
    title: "Everything",
    blocks: [
      .heading(level: 1, [.text("Title")], source: SourceRange(line: 1)),
      .paragraph(
        [
          .text("Some "), .emphasis([.text("emphasis")]), .text(", "), .strong([.text("strong")]),
          .softBreak, .code("code"), .link(destination: "https://example.com", title: "Ex", content: [.text("a link")]),
          .image(source: "cat.png", title: "", alt: "a cat"), .hardBreak, .html("<br>"),
          .note([.paragraph("A note."), .paragraph([.emphasis([.text("two")])])]),
          .strikethrough([.text("struck")]),
        ], source: SourceRange(firstLine: 3, lastLine: 4)),
      Block(.blockQuote([.paragraph("Quoted."), Block(.blockQuote([.paragraph("Deeper.")]))])),
      Block(
        .list(
          ListBlock(
            kind: .ordered(start: 3), isTight: false,
            items: [
              ListBlock.Item([.paragraph("three")], source: SourceRange(line: 9)),
              ListBlock.Item([.paragraph("four"), Block(.list(ListBlock(kind: .bullet, items: [.init([.paragraph("x")])])))]),
            ]))),
      Block(
        .list(
          ListBlock(
            kind: .ordered(start: 1),
            items: [
              ListBlock.Item([.paragraph("done")], checkbox: .checked),
              ListBlock.Item([.paragraph("to do")], source: SourceRange(line: 12), checkbox: .unchecked),
            ], delimiter: .parenthesis))),
      Block(.centered([.paragraph("centred")])),
      Block(.callout(label: "Warning", [.paragraph("Careful.")]), source: SourceRange(line: 14)),
      Block(.callout(label: "Note", [])),
      Block(.codeBlock(info: "swift", text: "let x = 1\n\tprint(x)")),
      Block(.codeBlock(info: "", text: "")),
      Block(.thematicBreak),
      Block(.htmlBlock("<div onclick=\"x\">hi</div>")),
      Block(
        .table(
          TableBlock(
            alignments: [.left, .unspecified, .right],
            header: .init([[.text("a")], [], [.strong([.text("c")])]]),
            rows: [.init([[.text("1")], [.text("2")]], source: SourceRange(line: 20)), .init([[], [], [.text("")]])]))),
      Block(
        .definitionList([
          DefinitionItem(
            term: [.text("term")], definitions: [[.paragraph("def")], [.paragraph("a"), Block(.codeBlock(info: "", text: "x"))]],
            source: SourceRange(line: 30)),
          DefinitionItem(term: [.emphasis([.text("t2")])], definitions: []),
          // Terms that a string could stand for only ambiguously: they must come back as they were.
          DefinitionItem(term: [.text("")], definitions: [[.paragraph("d")]]),
          DefinitionItem(term: [], definitions: [[.paragraph("e")]]),
        ])),
      Block(.pageBreak),
      .paragraph([], source: nil),
      .paragraph([.text("")], source: nil),
    ])

  @Test("a document survives model → JSON → model unchanged")
  func roundTrip() throws {
    let json = Self.everything.jsonData()
    let back = try Document(json: json)
    #expect(back == Self.everything)
  }

  @Test("shorthand for notes and definition lists: strings for a one-paragraph note, term or definition")
  func notesAndDefinitionsShorthand() throws {
    let json = """
      {"version": 1, "blocks": [
        {"type": "paragraph", "inlines": ["Cited", {"type": "note", "text": "Explained."}]},
        {"type": "definitions", "items": [{"term": "gutter", "definitions": ["inner margin", [{"type": "rule"}]]}]}
      ]}
      """
    let document = try Document(json: Array(json.utf8))
    #expect(document.blocks[0] == .paragraph([.text("Cited"), .note([.paragraph("Explained.")])]))
    #expect(
      document.blocks[1]
        == Block(.definitionList([DefinitionItem(term: [.text("gutter")], definitions: [[.paragraph("inner margin")], [Block(.thematicBreak)]])])))
  }

  @Test("hand-written shorthand: bare strings, string items and cells")
  func shorthand() throws {
    let json = """
      {"version": 1, "blocks": [
        {"type": "paragraph", "inlines": ["Hello ", {"type": "strong", "text": "world"}]},
        {"type": "list", "items": ["one", "two"]},
        {"type": "table", "header": ["a", "b"], "rows": [["1", "2"]], "lines": [4, 6]}
      ]}
      """
    let document = try Document(json: Array(json.utf8))
    #expect(document.blocks[0] == .paragraph([.text("Hello "), .strong([.text("world")])]))
    #expect(
      document.blocks[1]
        == Block(.list(ListBlock(kind: .bullet, items: [.init([.paragraph("one")]), .init([.paragraph("two")])]))))
    guard case .table(let table) = document.blocks[2].content else {
      Issue.record("expected a table")
      return
    }
    #expect(table.columnCount == 2)
    #expect(table.rows[0].cells == [[.text("1")], [.text("2")]])
    #expect(document.blocks[2].source == SourceRange(firstLine: 4, lastLine: 6))
  }

  @Test(
    "each kind of error names its JSON path and what was expected",
    arguments: [
      (
        #"{"version": 1, "blocks": [{"type":"rule"},{"type":"rule"},{"type":"rule"},{"type":"heading","level":9,"text":"x"}]}"#,
        "$.blocks[3].level: expected 1...6, got 9"
      ),
      (#"{"blocks": []}"#, "$: missing key 'version' in document"),
      (#"{"version": 2, "blocks": []}"#, "$.version: expected 1, got 2 (written by a newer paginate?)"),
      (#"{"version": 1}"#, "$: missing key 'blocks' in document"),
      (
        #"{"version": 1, "blocks": [{"type": "para"}]}"#,
        "$.blocks[0].type: expected one of heading, paragraph, quote, list, code, lines, rule, html, table, definitions, center, callout, pagebreak; got 'para'"
      ),
      (#"{"version": 1, "blocks": [{"type": "heading", "levle": 1}]}"#, "$.blocks[0].levle: unknown key 'levle' in heading block; expected one of 'inlines', 'level', 'lines', 'text', 'type'"),
      (#"{"version": 1, "blocks": [{"type": "heading", "level": "one"}]}"#, "$.blocks[0].level: expected an integer, got a string"),
      (#"{"version": 1, "blocks": [{"type": "paragraph"}]}"#, "$.blocks[0]: missing key 'text' or 'inlines' in paragraph block"),
      (#"{"version": 1, "blocks": [{"type": "paragraph", "inlines": [{"type": "blink"}]}]}"#, "$.blocks[0].inlines[0].type: expected one of text, emphasis, strong, strikethrough, code, link, image, softbreak, linebreak, html, note; got 'blink'"),
      (#"{"version": 1, "blocks": [{"type": "rule", "lines": [5, 2]}]}"#, "$.blocks[0].lines: expected [first, last] with 1 <= first <= last, got [5, 2]"),
      (#"{"version": 1, "blocks": [{"type": "list", "start": 2, "items": []}]}"#, "$.blocks[0].start: a bullet list has no start number (got 2); add \"ordered\": true"),
      (#"{"version": 1, "blocks": [{"type": "code"}]}"#, "$.blocks[0]: missing key 'text' in code block"),
      (#"{"version": 1, "blocks": {}}"#, "$.blocks: expected an array, got an object"),
    ])
  func errors(json: String, expected: String) throws {
    #expect(throws: DocumentDecodingError.self) { try Document(json: Array(json.utf8)) }
    do {
      _ = try Document(json: Array(json.utf8))
    } catch {
      #expect(error.description == expected)
    }
  }

  @Test(
    "strict syntax: each problem is refused with its line and column, a duplicate key with its path",
    arguments: [
      (#"{"version": 1, "version": 1, "blocks": []}"#, "line 1, column 16: duplicate key 'version' at $"),
      (
        "{\"version\": 1, \"blocks\": [\n  {\"type\": \"paragraph\", \"text\": \"a\", \"text\": \"b\"}]}",
        "line 2, column 38: duplicate key 'text' at $.blocks[0]"
      ),
      (
        #"{"version": 1, "blocks": [{"type": "paragraph", "inlines": [{"type": "text", "text": "a", "text": "b"}]}]}"#,
        "line 1, column 91: duplicate key 'text' at $.blocks[0].inlines[0]"
      ),
      (#"{"version": 1, "blocks": [{"type": "paragraph", "text": "a\uD800"}]}"#, "line 1, column 59: lone high surrogate \\uD800 in a string (expected \\uDC00...\\uDFFF after it)"),
      (#"{"version": 1, "blocks": [{"type": "paragraph", "text": "\uDC00"}]}"#, "line 1, column 58: lone low surrogate \\uDC00 in a string"),
      (#"{"version": 1, "blocks": [{"type": "paragraph", "text": "a\uZZZZ"}]}"#, "line 1, column 61: expected four hex digits after \\u"),
      (#"{"version": 1, "blocks": [{"type": "paragraph", "text": "a\q"}]}"#, "line 1, column 59: invalid escape '\\q' in a string"),
      ("{\"version\": 1, \"blocks\": [\"a\tb\"]}", "line 1, column 29: control character in a string (escape it as \\u0009)"),
      (#"{"version": 1e999, "blocks": []}"#, "line 1, column 13: number out of range: 1e999"),
      (#"{"version": 01, "blocks": []}"#, "line 1, column 14: expected ',' or '}' after an object member, got '1'"),
      (#"{"version": 1, "blocks": [],}"#, "line 1, column 29: expected a member name in double quotes, got '}'"),
      (#"{"version": 1, "blocks": []} x"#, "line 1, column 30: unexpected 'x' after the document"),
      (#"{"version": 1, "blocks": ["#, "line 1, column 27: expected a value, got the end of the input (truncated?)"),
      (#"{"version": 1, "title": "unterminated"#, "line 1, column 25: unterminated string (truncated?)"),
      (String(repeating: "[", count: 300), "line 1, column 257: nesting deeper than 256 levels"),
    ])
  func strictSyntax(json: String, expected: String) {
    #expect(throws: DocumentDecodingError(path: "", message: "invalid JSON at \(expected)")) {
      try Document(json: Array(json.utf8))
    }
  }

  @Test("invalid UTF-8 in a string is refused at its column")
  func invalidUTF8() {
    var bytes = Array(#"{"version": 1, "title": "é"#.utf8)
    bytes += [0xFF]
    bytes += Array(#"", "blocks": []}"#.utf8)
    #expect(throws: DocumentDecodingError(path: "", message: "invalid JSON at line 1, column 27: invalid UTF-8 in a string")) {
      try Document(json: bytes)
    }
  }

  @Test("a syntax error is reported as invalid JSON with its place")
  func syntaxError() {
    do {
      _ = try Document(json: Array("{\"version\": 1,\n \"blocks\": [}".utf8))
      Issue.record("expected an error")
    } catch {
      #expect(error.path == "")
      #expect(error.message == "invalid JSON at line 2, column 13: expected a value, got '}'")
      #expect(error.message.contains("line 2"))
    }
  }
}

@Suite("JSON form: messages for values of the wrong kind")
struct JSONValueErrorTests {
  @Test(
    "numbers, alignments and line ranges",
    arguments: [
      (#"{"version": 1, "blocks": [{"type": "heading", "level": 2.5, "text": "x"}]}"#, "$.blocks[0].level"),
      (#"{"version": 1, "blocks": [{"type": "table", "header": ["a"], "align": ["middle"]}]}"#, "$.blocks[0].align[0]: expected one of none, left, center, right; got 'middle'"),
      (#"{"version": 1, "blocks": [{"type": "rule", "lines": [1, 2, 3]}]}"#, "$.blocks[0].lines: expected [first, last] with 1 <= first <= last, got [1, 2, 3]"),
      (#"{"version": 1, "blocks": [{"type": "rule", "lines": [3]}]}"#, "$.blocks[0].lines: expected [first, last] with 1 <= first <= last, got [3]"),
      (#"{"version": 1, "blocks": [{"type": "heading", "level": 99999999999999999999, "text": "x"}]}"#, "$.blocks[0].level"),
    ])
  func message(json: String, expected: String) {
    do {
      _ = try Document(json: Array(json.utf8))
      Issue.record("expected an error")
    } catch {
      #expect(error.description.hasPrefix(expected), "\(error.description)")
      #expect(!error.description.contains("not valid JSON"))
    }
  }
}
