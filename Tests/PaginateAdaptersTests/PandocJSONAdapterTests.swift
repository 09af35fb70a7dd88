import PaginateAdapters
import PaginateModel
import Testing

/// Hand-written pandoc JSON in the shapes pandoc 2.17 (pandoc-types 1.22) writes; the
/// end-to-end tests run the real pandoc.
@Suite("pandoc JSON")
struct PandocJSONAdapterTests {
  let adapter = PandocJSONAdapter()

  func document(_ blocks: String, meta: String = "{}", version: String = "[1,22,2,1]") throws -> Document {
    let json = #"{"pandoc-api-version":\#(version),"meta":\#(meta),"blocks":[\#(blocks)]}"#
    return try adapter.document(from: AdapterInput(text: json, name: "doc.json"))
  }

  func words(_ text: String) -> String { #"{"t":"Str","c":"\#(text)"}"# }

  @Test("paragraphs merge Str and Space into one text; styles, code, links and breaks map across")
  func inlines() throws {
    let document = try document(
      #"{"t":"Para","c":[{"t":"Str","c":"Tide"},{"t":"Space"},{"t":"Emph","c":[{"t":"Str","c":"high"}]},"#
        + #"{"t":"SoftBreak"},{"t":"Strong","c":[{"t":"Str","c":"now"}]},{"t":"LineBreak"},"#
        + #"{"t":"Code","c":[["",[],[]],"x = 1"]},{"t":"Link","c":[["",[],[]],[{"t":"Str","c":"site"}],["https://example.org","T"]]},"#
        + #"{"t":"Image","c":[["",[],[]],[{"t":"Str","c":"staff"}],["s.png",""]]}]}"#)
    #expect(
      document.blocks == [
        .paragraph([
          .text("Tide "), .emphasis([.text("high")]), .softBreak, .strong([.text("now")]), .hardBreak, .code("x = 1"),
          .link(destination: "https://example.org", title: "T", content: [.text("site")]),
          .image(source: "s.png", title: "", alt: "staff"),
        ])
      ])
  }

  @Test("string escapes: \\u with surrogate pairs and the short escapes; a lone surrogate is an error with its place")
  func escapes() throws {
    let document = try document(#"{"t":"CodeBlock","c":[["",[],[]],"a\u00e9\ud83d\ude00x\"\\\/\n\tb"]}"#)
    #expect(document.blocks == [Block(.codeBlock(info: "", text: "aé😀x\"\\/\n\tb"))])
    #expect {
      try self.document(#"{"t":"CodeBlock","c":[["",[],[]],"a\ud800x"]}"#)
    } throws: { error in
      "\(error)".contains("column 89: lone high surrogate \\uD800")
    }
  }

  @Test("a note becomes a note inline holding its blocks")
  func notes() throws {
    let document = try document(#"{"t":"Para","c":[\#(words("cited")),{"t":"Note","c":[{"t":"Para","c":[\#(words("explained"))]}]}]}"#)
    #expect(document.blocks == [.paragraph([.text("cited"), .note([.paragraph("explained")])])])
  }

  @Test("a definition list keeps its terms and every definition")
  func definitionList() throws {
    let document = try document(
      #"{"t":"DefinitionList","c":[[[\#(words("gutter"))],[[{"t":"Plain","c":[\#(words("inner"))]}],[{"t":"Para","c":[\#(words("drain"))]}]]]]}"#)
    #expect(
      document.blocks == [
        Block(.definitionList([DefinitionItem(term: [.text("gutter")], definitions: [[.paragraph("inner")], [.paragraph("drain")]])]))
      ])
  }

  @Test("lists: ordered with their start, tight when the items are Plain")
  func lists() throws {
    let document = try document(
      #"{"t":"OrderedList","c":[[3,{"t":"Decimal"},{"t":"Period"}],[[{"t":"Plain","c":[\#(words("a"))]}]]]},"#
        + #"{"t":"BulletList","c":[[{"t":"Para","c":[\#(words("b"))]}]]}"#)
    #expect(
      document.blocks == [
        Block(.list(ListBlock(kind: .ordered(start: 3), isTight: true, items: [ListBlock.Item([.paragraph("a")])]))),
        Block(.list(ListBlock(kind: .bullet, isTight: false, items: [ListBlock.Item([.paragraph("b")])]))),
      ])
  }

  @Test("a table keeps alignment and caption; spanning cells leave empty cells so columns line up")
  func table() throws {
    func cell(_ text: String, rows: Int = 1, columns: Int = 1) -> String {
      #"[["",[],[]],{"t":"AlignDefault"},\#(rows),\#(columns),[{"t":"Plain","c":[\#(words(text))]}]]"#
    }
    func row(_ cells: String...) -> String { #"[["",[],[]],[\#(cells.joined(separator: ","))]]"# }
    let table =
      #"{"t":"Table","c":[["",[],[]],[null,[{"t":"Plain","c":[\#(words("Heights"))]}]],"#
      + #"[[{"t":"AlignLeft"},{"t":"ColWidthDefault"}],[{"t":"AlignRight"},{"t":"ColWidthDefault"}],[{"t":"AlignCenter"},{"t":"ColWidthDefault"}]],"#
      + #"[["",[],[]],[\#(row(cell("Day"), cell("High"), cell("Low")))]],"#
      + #"[[["",[],[]],0,[],[\#(row(cell("Tue", rows: 2), cell("3.8", columns: 2))),\#(row(cell("3.9"), cell("0.5")))]]],"#
      + #"[["",[],[]],[]]]}"#
    let document = try document(table)
    let expected = TableBlock(
      alignments: [.left, .right, .center], header: .init([[.text("Day")], [.text("High")], [.text("Low")]]),
      rows: [.init([[.text("Tue")], [.text("3.8")], []]), .init([[], [.text("3.9")], [.text("0.5")]])])
    #expect(document.blocks == [.paragraph([.emphasis([.text("Heights")])]), Block(.table(expected))])
  }

  @Test("the table shape of pandoc-types before 1.21 is read too")
  func oldTable() throws {
    let table =
      #"{"t":"Table","c":[[],[{"t":"AlignDefault"},{"t":"AlignRight"}],[0,0],"#
      + #"[[{"t":"Plain","c":[\#(words("A"))]}],[{"t":"Plain","c":[\#(words("B"))]}]],"#
      + #"[[[{"t":"Plain","c":[\#(words("1"))]}],[{"t":"Plain","c":[\#(words("2"))]}]]]]}"#
    let document = try document(table, version: "[1,17,5,4]")
    #expect(
      document.blocks == [
        Block(.table(TableBlock(alignments: [.unspecified, .right], header: .init([[.text("A")], [.text("B")]]), rows: [.init([[.text("1")], [.text("2")]])])))
      ])
  }

  @Test("headers, code, rules, quotes, line blocks, Divs, Spans and page breaks")
  func blocks() throws {
    let document = try document(
      #"{"t":"Header","c":[9,["h",[],[]],[\#(words("Deep"))]]},{"t":"CodeBlock","c":[["",["swift"],[]],"let x = 1"]},"#
        + #"{"t":"HorizontalRule"},{"t":"BlockQuote","c":[{"t":"Para","c":[\#(words("q"))]}]},"#
        + #"{"t":"LineBlock","c":[[\#(words("one"))],[\#(words("two"))]]},"#
        + #"{"t":"Div","c":[["",[],[]],[{"t":"Para","c":[{"t":"Span","c":[["",[],[]],[\#(words("inside"))]]}]}]]},"#
        + #"{"t":"RawBlock","c":["latex","\\newpage"]},{"t":"RawBlock","c":["html","<b>raw</b>\n"]},"#
        + #"{"t":"RawBlock","c":["latex","\\LaTeX"]},{"t":"Null"}"#)
    #expect(
      document.blocks == [
        .heading(level: 6, [.text("Deep")]), Block(.codeBlock(info: "swift", text: "let x = 1")), Block(.thematicBreak),
        Block(.blockQuote([.paragraph("q")])), .paragraph([.text("one"), .hardBreak, .text("two")]), .paragraph("inside"),
        Block(.pageBreak), .paragraph([.strong([.text("raw")])]), Block(.codeBlock(info: "latex", text: "\\LaTeX")),
      ])
  }

  @Test("quotes, math, citations, super- and subscripts keep their words; strikeout is struck out")
  func textOnlyInlines() throws {
    let document = try document(
      #"{"t":"Para","c":[{"t":"Quoted","c":[{"t":"DoubleQuote"},[\#(words("hi"))]]},{"t":"Space"},"#
        + #"{"t":"Math","c":[{"t":"InlineMath"},"e=mc^2"]},{"t":"Space"},"#
        + #"{"t":"Cite","c":[[],[\#(words("[Smith]"))]]},{"t":"Superscript","c":[\#(words("2"))]},"#
        + #"{"t":"Strikeout","c":[\#(words("old"))]}]}"#)
    #expect(
      document.blocks == [
        .paragraph([.text("\u{201C}hi\u{201D} "), .code("e=mc^2"), .text(" [Smith]^2"), .strikethrough([.text("old")])])
      ])
  }

  @Test("an element this version does not know keeps every word inside it")
  func unknownElements() throws {
    let document = try document(
      #"{"t":"FancyBlock","c":[["id",[],[]],[{"t":"Para","c":[\#(words("kept")),{"t":"Sparkle","c":[\#(words("also"))]}]}]]},"#
        + #"{"t":"Para","c":[{"t":"Sparkle","c":[\#(words("shiny"))]}]},{"t":"Header","c":["bad"]}"#)
    #expect(document.blocks == [.paragraph("id kept also"), .paragraph("shiny"), .paragraph("bad")])
  }

  @Test("the metadata's title, subtitle, authors and date open the document")
  func metadata() throws {
    let meta =
      #"{"title":{"t":"MetaInlines","c":[\#(words("Tides"))]},"subtitle":{"t":"MetaString","c":"A log"},"#
      + #""author":{"t":"MetaList","c":[{"t":"MetaInlines","c":[\#(words("Ann"))]},{"t":"MetaInlines","c":[\#(words("Bo"))]}]},"#
      + #""date":{"t":"MetaInlines","c":[\#(words("2024"))]}}"#
    let document = try document(#"{"t":"Para","c":[\#(words("body"))]}"#, meta: meta)
    #expect(document.title == "Tides")
    #expect(
      document.blocks == [
        .heading(level: 1, [.text("Tides")]), .paragraph([.emphasis([.text("A log")])]),
        .paragraph([.text("Ann"), .text(", "), .text("Bo")]), .paragraph("2024"), .paragraph("body"),
      ])
  }

  @Test(
    "bad input is one clear error",
    arguments: [
      ("", "doc.json: empty input; expected pandoc JSON (pandoc -t json FILE)"),
      ("{\"pandoc-api-version\": [1,22", "doc.json: invalid JSON at line 1, column 29: expected ',' or ']', got the end of the input (truncated?)"),
      ("{\"blocks\": []}", "doc.json: not pandoc JSON: expected an object with \"pandoc-api-version\" (write it with pandoc -t json)"),
      (
        "{\"pandoc-api-version\":[1,16],\"meta\":{},\"blocks\":[]}",
        "doc.json: $.pandoc-api-version: unsupported pandoc API version 1.16; expected 1.17 or newer (pandoc 2.0 and later)"
      ),
      ("{\"pandoc-api-version\":[1,22],\"meta\":{}}", "doc.json: $.blocks: expected an array of blocks"),
    ])
  func badInput(json: String, message: String) {
    #expect {
      _ = try adapter.document(from: AdapterInput(text: json, name: "doc.json"))
    } throws: { error in
      "\(error)" == message
    }
  }

  @Test("sniffed from its first bytes, and read as pandoc when named *.json")
  func sniffing() throws {
    let json = #"{"pandoc-api-version":[1,22,2,1],"meta":{},"blocks":[{"t":"Para","c":[{"t":"Str","c":"hi\u001b[31m"}]}]}"#
    let registry = AdapterRegistry.builtIn
    #expect(try registry.adapter(for: AdapterInput(text: json, name: "<stdin>")).name == "pandoc-json")
    let loaded = try registry.load(AdapterInput(text: json, name: "doc.json"))
    #expect(loaded.adapter.name == "json")
    #expect(loaded.document.blocks == [.paragraph("hi ^[ [31m")])
    #expect(try registry.load(AdapterInput(text: json, name: "<stdin>")).document.blocks == [.paragraph("hi ^[ [31m")])
  }

  @Test("a paginate document whose text names pandoc-api-version is still read as paginate's JSON")
  func notPandocForAWord() throws {
    // The words as a string value match the quoted key; the colon test is what turns them
    // away. (Inside a longer string the quotes are escaped, so the key cannot match at all.)
    let json = #"""
      {"version": 1, "blocks": [{"type": "paragraph", "inlines": ["pandoc-api-version"]}]}
      """#
    let registry = AdapterRegistry.builtIn
    #expect(try registry.adapter(for: AdapterInput(text: json, name: "<stdin>")).name == "json")
    let loaded = try registry.load(AdapterInput(text: json, name: "doc.json"))
    #expect(loaded.document.blocks == [.paragraph("pandoc-api-version")])
  }
}
