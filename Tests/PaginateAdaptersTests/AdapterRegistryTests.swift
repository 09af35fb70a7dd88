import PaginateAdapters
import PaginateModel
import Testing

@Suite("Choosing an adapter")
struct AdapterRegistryTests {
  let registry = AdapterRegistry.builtIn

  @Test("the built-ins are markdown, text, pandoc-json, json and lines with their extensions")
  func builtIns() {
    #expect(registry.adapters.map(\.name) == ["markdown", "text", "pandoc-json", "json", "lines"])
    #expect(registry.adapters[0].fileExtensions.contains("md"))
    #expect(registry.adapters[1].fileExtensions == ["txt", "text"])
    #expect(registry.adapters[2].fileExtensions == [])
    #expect(registry.adapters[3].fileExtensions == ["json"])
  }

  @Test(
    "--from wins, then the extension, then sniffing, then plain text",
    arguments: [
      ("notes.md", "{", "text", "text"),
      ("notes.md", "{", nil, "markdown"),
      ("NOTES.MD", "x", nil, "markdown"),
      ("data.json", "x", nil, "json"),
      ("doc", "  {\"version\": 1}", nil, "json"),
      ("doc", "{\"pandoc-api-version\":[1,22,2,1],\"meta\":{},\"blocks\":[]}", nil, "pandoc-json"),
      ("doc", "# Title\n\nWords.\n", nil, "markdown"),
      ("doc", "# Title\n", nil, "text"),
      ("doc", "just words", nil, "text"),
      ("<stdin>", "just words", nil, "text"),
      ("archive.tar.txt", "x", nil, "text"),
      ("x", "y", "md", "markdown"),
      ("x", "y", "JSON", "json"),
    ] as [(String, String, String?, String)])
  func choosing(name: String, content: String, from: String?, expected: String) throws {
    let adapter = try registry.adapter(for: AdapterInput(text: content, name: name), named: from)
    #expect(adapter.name == expected)
  }

  @Test(
    "standard input is sniffed for Markdown by its signs: READMEs are, comments, scripts and prose are not",
    arguments: [
      ("# Title\n\nSome text.\n", true),
      ("Tidewatch\n=========\n\nSee [the guide](docs/guide.md).\n", true),
      ("<p align=\"center\">\n  <img src=\"logo.png\">\n</p>\n\nA tool.\n", true),
      ("A tool for tides.\n\n```sh\nmake install\n```\n\nRun `tw log` daily.\n", true),
      ("[![CI](https://ci.example/badge.svg)](https://ci.example)\n\nWords.\n", true),
      ("## Usage\n\nRun it.\n", true),
      ("# /etc/services\n#\n# Network services\nftp 21/tcp\n", false),
      ("# System-wide file.\n\n# More comments here.\n# And here.\nexport A=1\n", false),
      ("#!/bin/sh\n# [a](b) `c`\necho hi\n", false),
      ("# UNCONFIGURED FSTAB FOR BASE SYSTEM\n", false),
      ("Just a letter.\n\nUse the `-v` flag, it said.\n", false),
      ("Title\n-----\n", false),
    ] as [(String, Bool)])
  func sniffingMarkdown(content: String, isMarkdown: Bool) throws {
    let adapter = try registry.adapter(for: AdapterInput(text: content, name: "<stdin>"), named: nil)
    #expect((adapter.name == "markdown") == isMarkdown, "\(content.debugDescription): \(adapter.name)")
  }

  @Test("an unknown --from is an error that lists the known names")
  func unknownName() {
    #expect(throws: InputError(input: "x", message: "unknown input format 'rtf'; expected one of markdown, text, pandoc-json, json, lines")) {
      try registry.adapter(for: AdapterInput(text: "", name: "x"), named: "rtf")
    }
  }

  @Test("a binary file is refused unless --from text")
  func binary() throws {
    let input = AdapterInput(bytes: [0x7F, 0x45, 0x4C, 0x46, 0, 0, 1], name: "a.out")
    #expect(
      throws: InputError(
        input: "a.out", message: "looks like a binary file (NUL bytes in the first 8 KB); use '--from text' to read it anyway")
    ) { try registry.load(input) }
    let loaded = try registry.load(input, named: "text")
    #expect(loaded.adapter.name == "text")
    #expect(loaded.document.blocks.first.map { $0.content } == .paragraph([.text("^?ELF^@^@^A")]))
  }

  @Test("invalid UTF-8 is reported once, as a warning")
  func warning() throws {
    let loaded = try registry.load(AdapterInput(bytes: [0x61, 0xFF, 0x62, 0xFE], name: "w.txt"))
    #expect(loaded.warnings == ["w.txt: replaced 2 invalid UTF-8 sequences with U+FFFD"])
  }

  @Test("a third-party adapter registers and is chosen like a built-in")
  func thirdParty() throws {
    struct Shouting: InputAdapter {
      let name = "shout"
      let fileExtensions = ["shout"]
      let summary = "Upper-cases everything"
      func sniff(_ head: ArraySlice<UInt8>) -> Bool { head.starts(with: Array("!!".utf8)) }
      func document(from input: AdapterInput) throws(InputError) -> Document {
        Document(blocks: [.paragraph(input.text.uppercased())])
      }
    }
    var registry = AdapterRegistry.builtIn
    registry.register(Shouting())
    #expect(try registry.load(AdapterInput(text: "hi", name: "a.shout")).document.blocks == [.paragraph("HI")])
    #expect(try registry.load(AdapterInput(text: "!!hey", name: "a")).document.blocks == [.paragraph("!!HEY")])
  }
}

@Suite("JSON adapter")
struct JSONAdapterTests {
  @Test("reads the JSON form and reports errors with the input name and path")
  func errors() throws {
    let adapter = JSONAdapter()
    let good = try adapter.document(
      from: AdapterInput(text: #"{"version": 1, "title": "T", "blocks": [{"type": "paragraph", "text": "hi"}]}"#))
    #expect(good == Document(title: "T", blocks: [.paragraph("hi")]))
    #expect(
      throws: InputError(input: "r.json", location: "$.blocks[0].level", message: "expected 1...6, got 9")
    ) {
      try adapter.document(
        from: AdapterInput(text: #"{"version": 1, "blocks": [{"type": "heading", "level": 9, "text": "x"}]}"#, name: "r.json"))
    }
    #expect(throws: InputError.self) { try adapter.document(from: AdapterInput(text: "{\"version\": 1, ", name: "t.json")) }
    #expect(
      throws: InputError(input: "e.json", message: "empty input; expected a JSON document {\"version\": 1, \"blocks\": [...]}")
    ) { try adapter.document(from: AdapterInput(text: " \n", name: "e.json")) }
  }

  @Test("escaped control characters in JSON strings are made visible")
  func controls() throws {
    let document = try JSONAdapter().document(
      from: AdapterInput(text: #"{"version": 1, "blocks": [{"type": "paragraph", "text": "a\u001b[31mb"}]}"#))
    // In running text an escape stands apart from the words.
    #expect(document.blocks == [.paragraph("a ^[ [31mb")])
  }

  @Test("Markdown read, written as JSON and read back gives the same document")
  func markdownRoundTrip() throws {
    let original = try markdown("# T\n\n- a *b*\n- [c](d)\n\n| x | y |\n|---|--:|\n| 1 | 2 |\n\n```\ncode\n```\n")
    let back = try JSONAdapter().document(from: AdapterInput(bytes: Array(original.jsonData()), name: "x.json"))
    #expect(back == original)
  }
}
