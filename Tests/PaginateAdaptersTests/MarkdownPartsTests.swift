import Foundation
import PaginateModel
import Testing

@testable import PaginateAdapters

/// A large Markdown text is parsed part by part (MarkdownChunks): the blocks, their source
/// lines and the title are those of the whole text parsed at once, wherever the parts are cut.
@Suite("Markdown parsed in parts")
struct MarkdownPartsTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// The blocks and title of the text read as a stream cut into parts of about `partSize` bytes.
  static func streamed(_ bytes: [UInt8], partSize: Int) -> (blocks: [Block], title: String?) {
    var adapter = MarkdownAdapter()
    adapter.partSize = partSize
    let reader = MemoryReader(bytes)
    var stream = adapter.blockStream(reading: { reader.read(into: $0) }, name: "t.md", diagnostics: ReadDiagnostics())
    var blocks: [Block] = []
    while let block = stream.nextBlock() { blocks.append(block) }
    return (blocks, stream.title)
  }

  /// The blocks and title of the text parsed whole, as a document; read as a stream in one
  /// part, the same.
  static func whole(_ bytes: [UInt8]) throws -> (blocks: [Block], title: String?) {
    let document = try MarkdownAdapter().document(from: AdapterInput(bytes: bytes, name: "t.md"))
    let onePart = streamed(bytes, partSize: Int.max)
    #expect(onePart.blocks == document.blocks && onePart.title == document.title)
    return (document.blocks, document.title)
  }

  /// Pieces of Markdown that a cut must not come inside: blank lines within fences, HTML blocks
  /// of the kinds a blank line does not end, loose lists, quotes, indented code, tables.
  static let pieces = [
    "# Title one\n\nA paragraph of a few words that wraps.\n",
    "```swift\nlet a = 1\n\nlet b = 2\n# not a heading\n```\n",
    "~~~~\ncode\n\n~~~\nstill code\n~~~~\n",
    "<!-- a comment\n\nat the left margin\n\n-->\n",
    "<pre>\npreformatted\n\nat the margin\n</pre>\n",
    "<div>\ntype six ends at a blank line\n</div>\n",
    "- loose item\n\n- another\n\n  its second paragraph\n",
    "1. one\n\n2. two\n\n10) ten\n",
    "> quoted\n\n> another quote\n",
    "    indented code\n\n    more of it\n",
    "| a | b |\n|---|---|\n| 1 | 2 |\n",
    "Setext heading\n==============\n",
    "---\n",
    "<!-- pagebreak -->\n",
    "## Second level\n\nText with *emphasis*, `code` and a [link](https://example.org).\n",
    "+ plus item\n* star item\n",
    "Plain text\nwith a soft break and an image ![alt](x.png).\n",
  ]

  @Test("random texts of tricky pieces: the same blocks and title whatever the part size")
  func randomTexts() throws {
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<60 {
      var text = ""
      for _ in 0..<Int.random(in: 1...40, using: &generator) {
        text += Self.pieces[Int.random(in: 0..<Self.pieces.count, using: &generator)]
        text += String(repeating: "\n", count: Int.random(in: 0...2, using: &generator))
      }
      let bytes = Array(text.utf8)
      let whole = try Self.whole(bytes)
      for size in [1, 7, 64, 400] {
        let parts = bytes.withUnsafeBufferPointer { MarkdownChunks.starts(in: $0, size: size) }
        let streamed = Self.streamed(bytes, partSize: size)
        #expect(streamed.blocks == whole.blocks, "parts at \(parts) of:\n\(text)")
        #expect(streamed.title == whole.title)
      }
    }
  }

  @Test("the samples and the dependencies' READMEs read the same in parts (those without definitions are cut)")
  func samples() throws {
    var paths = try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("SampleDocs").path)
      .filter { $0.hasSuffix(".md") }.map { "SampleDocs/\($0)" }
    let checkouts = Self.root.appendingPathComponent(".build/checkouts")
    for package in (try? FileManager.default.contentsOfDirectory(atPath: checkouts.path)) ?? [] {
      paths.append(".build/checkouts/\(package)/README.md")
    }
    var cut = 0
    for path in paths {
      guard let data = try? Data(contentsOf: Self.root.appendingPathComponent(path)) else { continue }
      let bytes = Array(data)
      let whole = try Self.whole(bytes)
      for size in [1, 100, 2000] {
        let parts = bytes.withUnsafeBufferPointer { MarkdownChunks.starts(in: $0, size: size) }
        if size == 1 && parts.count > 1 { cut += 1 }
        let streamed = Self.streamed(bytes, partSize: size)
        #expect(streamed.blocks == whole.blocks, "\(path) in parts at \(parts)")
        #expect(streamed.title == whole.title, "\(path)")
      }
    }
    #expect(cut >= 2, "only \(cut) documents were cut")
  }

  @Test("a long document of every piece, cut in parts of 2 KB: the same blocks, lines and title")
  func longDocument() throws {
    var text = ""
    for index in 0..<600 { text += Self.pieces[(index * 7) % Self.pieces.count] + "\n" }
    let bytes = Array(text.utf8)
    let parts = bytes.withUnsafeBufferPointer { MarkdownChunks.starts(in: $0, size: 2048) }
    #expect(parts.count > 10)
    let whole = try Self.whole(bytes)
    let streamed = Self.streamed(bytes, partSize: 2048)
    #expect(streamed.blocks == whole.blocks)
    #expect(streamed.title == whole.title)
    #expect(streamed.blocks.last?.source?.lastLine == whole.blocks.last?.source?.lastLine)
  }

  @Test("a text with a link reference or footnote definition anywhere is parsed whole")
  func definitions() {
    for text in [
      String(repeating: "Para [x].\n\n", count: 50) + "[x]: https://example.org\n",
      String(repeating: "Para[^1].\n\n", count: 50) + "[^1]: A note.\n",
    ] {
      let parts = Array(text.utf8).withUnsafeBufferPointer { MarkdownChunks.starts(in: $0, size: 1) }
      #expect(parts == [0])
    }
  }

  @Test("cuts come only after a blank line, before a line at the margin that is no list item or quote")
  func cuts() {
    let text = "a\n\n- item\n\n  more\n\n> quote\n\n1. one\n\n10) ten\n\n```\nx\n\ny\n```\n\n    code\n\nc\n"
    let bytes = Array(text.utf8)
    let starts = bytes.withUnsafeBufferPointer { MarkdownChunks.starts(in: $0, size: 1) }
    let lines = starts.dropFirst().map { start in String(decoding: bytes[start...].prefix { $0 != 0x0A }, as: UTF8.self) }
    // `y` is inside a fence: libcmark-gfm's parse of the part before it says so, and the part
    // runs on (the random texts above check that).
    #expect(lines == ["```", "y", "c"])
  }
}
