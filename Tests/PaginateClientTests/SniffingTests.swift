import Paginate
import Testing

@Suite("Text from memory is read in the format it shows")
struct SniffingTests {
  let registry = AdapterRegistry.builtIn

  private func format(of text: String, name: String = "<text>") throws -> String {
    try registry.adapter(for: AdapterInput(text: text, name: name)).name
  }

  @Test(
    "one sign of Markdown is enough for text an app holds",
    arguments: [
      "Intro with *emphasis*.\n\n## Part",
      "Notes\n\n## Part two\n\nText.",
      "A **bold** claim, and nothing else.",
      "An _emphasised_ word.",
      "See [the site](https://example.com) for more.",
      "Shopping:\n\n- milk\n- eggs",
      "Steps:\n\n1. open\n2. close",
      "Run this:\n\n```\nmake\n```",
      "Read [the guide][guide].\n\n[guide]: https://example.com/guide",
    ])
  func oneSign(text: String) throws {
    #expect(try format(of: text) == "markdown", "\(text)")
  }

  @Test(
    "text with no sign, or signs of something else, is not Markdown",
    arguments: [
      ("A sentence.\nAnother line of the same paragraph.", "text"),
      ("snake_case_name and 2*3*4 and 2 * 3 * 4", "text"),
      ("# a comment\n# another comment\nkey = value\nother = 2\n", "lines"),
      ("2026-11-29 09:00:01 start\n2026-11-29 09:00:02 *step* one\n2026-11-29 09:00:03 stop\n", "lines"),
      ("#!/bin/sh\n# Run *this*\necho hi\n", "lines"),
    ])
  func noSign(text: String, expected: String) throws {
    #expect(try format(of: text) == expected, "\(text)")
  }

  @Test("standard input, which may be any file, still needs two kinds of sign")
  func standardInput() throws {
    #expect(try format(of: "Intro with *emphasis*.\n\n## Part", name: "<stdin>") == "text")
    #expect(try format(of: "# Title\n\nSee [it](https://example.com), and `code`.", name: "<stdin>") == "markdown")
  }

  @Test("Document(string:) finds the format; an explicit format overrides")
  func documentFromString() throws {
    let sniffed = try Document(string: "Intro with *emphasis*.\n\n## Part")
    #expect(sniffed.blocks.count == 2)
    #expect(sniffed.blocks.last.map { if case .heading(2, _) = $0.content { true } else { false } } == true)
    let plain = try Document(string: "Intro with *emphasis*.\n\n## Part", format: .text)
    #expect(plain.blocks.allSatisfy { if case .heading = $0.content { false } else { true } })
    let lines = try Document(string: "## Part\n*a*\n", format: .lines)
    #expect(lines.blocks.count == 1)
    #expect(try Document(bytes: Array("- milk\n- eggs".utf8)).blocks.first.map { if case .list = $0.content { true } else { false } } == true)
    #expect(throws: InputError.self) { try Document(string: "{", format: .json) }
    #expect(throws: InputError.self) { try Document(string: "x", format: "no-such-format") }
  }
}
