import Foundation
import PaginateModel
import PaginateTestSupport
import Synchronization
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

  /// The same, read twice (``MarkdownLookOver``): looked over, then read again a part at a
  /// time through buffers of at most `readSize` bytes; and the invalid UTF-8 counted.
  static func streamedTwice(_ bytes: [UInt8], partSize: Int, readSize: Int = 1000) -> (
    blocks: [Block], title: String?, invalidUTF8: Int
  ) {
    var adapter = MarkdownAdapter()
    adapter.partSize = partSize
    adapter.readsTwiceFrom = 0
    @Sendable func reader() -> @Sendable (UnsafeMutableRawBufferPointer) -> Int {
      let reader = MemoryReader(bytes)
      return { buffer in reader.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer.prefix(readSize))) }
    }
    let diagnostics = ReadDiagnostics()
    var stream = adapter.blockStream(
      reading: reader(), name: "t.md", diagnostics: diagnostics, inputSize: bytes.count, readingAgain: { reader() })
    var blocks: [Block] = []
    while let block = stream.nextBlock() { blocks.append(block) }
    return (blocks, stream.title, diagnostics.invalidUTF8Count)
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
    // Definitions and what cites them, anywhere: a part is parsed after the ones it cites.
    "See [the site], [Two][two] and [three][] and a note[^n].\n",
    "[the site]: https://example.org \"The title\"\n[TWO]:\n  /two\n  'on its own line'\n",
    "[three]: /three\nA paragraph after a definition.\n",
    "[^n]: A note with [the site] in it.\n\n    Its second paragraph.\n",
    "[^n]: A second definition of the note, which the first one wins over.\n",
    "[two]: /second-two-loses\n",
    "[the site]: /second-site-loses\n\nSee [fake] and [paren].\n",
    "[fake]: /url 'a title that runs on\n\n[fake]: /the-real-one\n[paren]: /a(b)c \"t\" trailing\n\n[paren]: </p q>\n",
    "Cites [^m] before its definition.\n\n[^m]: The later note.\n",
    "| a | b |\n|---|---|\n| [the site] | [two] |\n",
    "[![badge](b.svg)](https://ci) a paragraph that starts with a link\n",
    "## Links\n[after]: /after-heading\n",
    "Python's a[1:]: and x[i]: are text.\n",
    "<div>\n\n[inside-div]: /a-definition-after-the-blank-line\n\n</div>\n",
    "Text then\n[lazy]: /not-a-definition, the paragraph's text\n",
    "A paragraph a footnote's definition interrupts\n[^p]: and cites [^n] and [after].\n",
    "- [Topic]: what it covers, a list item\n- [Other][three]: another\n",
    "<details>\n  <pre>[html]: /in-an-html-block</pre>\n</details>\n",
    "```text\n[0]: 42,\n\n[fenced]: /code-at-the-margin\n```\n",
    "Case folded: [Straße], [ﬁle], [🚀 Launch] and [Ünïcode] cite.\n",
    "[STRASSE]: /strasse\n[FILE]: /file\n[🚀 launch]: /rocket\n[ünïcode]: /unicode\n",
    "<!--\n\n[commented-out]: /in-a-comment\n-->\n",
    "[commented]: /a-definition\n<!-- a comment on one line -->\n[after-comment]: /another\n",
  ]

  /// A text of a random number (in `count`) of ``pieces``, each followed by none to two blank
  /// lines.
  static func randomText(pieces count: ClosedRange<Int>, using generator: inout some RandomNumberGenerator) -> String {
    var text = ""
    for _ in 0..<Int.random(in: count, using: &generator) {
      text += pieces[Int.random(in: 0..<pieces.count, using: &generator)]
      text += String(repeating: "\n", count: Int.random(in: 0...2, using: &generator))
    }
    return text
  }

  @Test("random texts of tricky pieces: the same blocks and title whatever the part size")
  func randomTexts() throws {
    var generator = testGenerator()
    for _ in 0..<300 {
      var text = ""
      var separated = true
      for _ in 0..<Int.random(in: 1...40, using: &generator) {
        text += Self.pieces[Int.random(in: 0..<Self.pieces.count, using: &generator)]
        let blankLines = Int.random(in: 0...2, using: &generator)
        text += String(repeating: "\n", count: blankLines)
        if blankLines == 0 { separated = false }
      }
      let bytes = Array(text.utf8)
      let whole = try Self.whole(bytes)
      if separated {
        // Every piece's definitions can be copied when the pieces stand apart: the text is cut.
        #expect(bytes.withUnsafeBufferPointer { MarkdownDefinitions.scan($0) } != nil, "\(text)")
      }
      for size in [1, 7, 64, 400] {
        let parts = bytes.withUnsafeBufferPointer { MarkdownChunks.starts(in: $0, size: size) }
        let streamed = Self.streamed(bytes, partSize: size)
        #expect(streamed.blocks == whole.blocks, "parts at \(parts) of:\n\(text)")
        #expect(streamed.title == whole.title)
      }
    }
  }

  /// An HTML block that interrupts a footnote's paragraph has an end line before its start
  /// in libcmark-gfm's tree (`2:1-1:21`); the lines it covers must still not be taken for the
  /// footnote's, or a definition after it is lost to a table's cells. A part parsed after a
  /// copy of such a group, the footnote not cited, met it (a random text found it).
  @Test("a definition after an HTML block that ends an uncited footnote is cited by a table")
  func definitionAfterHTMLInFootnote() throws {
    let text = """
      ```text
      ```
      Cites [^m] before its definition.
      [^m]: The later note.
      <!-- a comment on one line -->
      [TWO]:
        /two

      | a | b |
      |---|---|
      | [the site] | [two] |

      """
    let copy = "[^m]: The later note.\n<!-- a comment -->\n[TWO]:\n  /two\n\n| a |\n|---|\n| [two] |\n"
    let table = try MarkdownAdapter().document(from: AdapterInput(bytes: Array(copy.utf8), name: "t.md")).blocks
    guard case .table(let cells) = table.last?.content else {
      Issue.record("no table: \(table)")
      return
    }
    #expect(cells.rows.first?.cells.first == [.link(destination: "/two", title: "", content: [.text("two")])])
    let bytes = Array(text.utf8)
    let whole = try Self.whole(bytes)
    for size in [1, 7, 64, 400] {
      #expect(Self.streamed(bytes, partSize: size).blocks == whole.blocks, "parts of \(size) bytes")
    }
  }

  @Test("the samples and the real READMEs read the same in parts; none, definitions and all, is kept whole")
  func samples() throws {
    var paths = try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("SampleDocs").path)
      .filter { $0.hasSuffix(".md") }.map { "SampleDocs/\($0)" }
    // The real READMEs kept as fixtures, and a changelog (its link definitions at the end).
    let fixtures = "Tests/Fixtures/READMEs"
    paths += try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent(fixtures).path)
      .filter { $0.hasSuffix(".md") && $0 != "SOURCES.md" }.sorted().map { "\(fixtures)/\($0)" }
    var cut = 0
    var cutWithDefinitions = 0
    var keptWhole: [String] = []
    for path in paths {
      guard let data = try? Data(contentsOf: Self.root.appendingPathComponent(path)) else { continue }
      let bytes = Array(data)
      let whole = try Self.whole(bytes)
      let scanned = bytes.withUnsafeBufferPointer { buffer in
        var scanner = MarkdownDefinitions.Scanner()
        return (run: scanner.run(buffer), line: scanner.gaveUpAt, groups: scanner.groups.count)
      }
      if !scanned.run { keptWhole.append("\(path):\(scanned.line ?? 0)") }
      for size in [1, 100, 2000] {
        let parts = bytes.withUnsafeBufferPointer { MarkdownChunks.starts(in: $0, size: size) }
        if size == 1 && parts.count > 1 {
          cut += 1
          if scanned.groups > 0 { cutWithDefinitions += 1 }
        }
        let streamed = Self.streamed(bytes, partSize: size)
        #expect(streamed.blocks == whole.blocks, "\(path) in parts at \(parts)")
        #expect(streamed.title == whole.title, "\(path)")
      }
      // Read twice, as a large file is: its definitions scanned a read at a time first.
      let twice = Self.streamedTwice(bytes, partSize: 100, readSize: 7)
      #expect(twice.blocks == whole.blocks, "\(path) read twice")
      #expect(twice.title == whole.title, "\(path)")
    }
    #expect(keptWhole.isEmpty, "the scan of definitions gave up at \(keptWhole)")
    #expect(cut >= 2, "only \(cut) documents were cut")
    #expect(cutWithDefinitions >= 3, "only \(cutWithDefinitions) documents with definitions were cut")
  }

  /// A folder of real Markdown files (`PAGINATE_MARKDOWN_CORPUS`; Benchmarks/README.md says
  /// how to fill one with the Swift packages' 1,792): each read in parts of several sizes, and
  /// read twice (its definitions scanned a read at a time), the same as whole.
  @Test(
    "a corpus of real Markdown files reads the same in parts",
    .enabled(if: ProcessInfo.processInfo.environment["PAGINATE_MARKDOWN_CORPUS"] != nil))
  func corpus() throws {
    let folder = URL(fileURLWithPath: ProcessInfo.processInfo.environment["PAGINATE_MARKDOWN_CORPUS"] ?? "")
    var cut = 0
    var parsedWhole = 0
    for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() where name.hasSuffix(".md") {
      let bytes = Array(try Data(contentsOf: folder.appendingPathComponent(name)))
      let whole = try Self.whole(bytes)
      if bytes.withUnsafeBufferPointer({ MarkdownDefinitions.scan($0) }) == nil { parsedWhole += 1 } else { cut += 1 }
      for size in [1, 500, 4000] {
        let streamed = Self.streamed(bytes, partSize: size)
        #expect(streamed.blocks == whole.blocks, "\(name) in parts of \(size)")
        #expect(streamed.title == whole.title, "\(name)")
      }
      let twice = Self.streamedTwice(bytes, partSize: 500, readSize: 61)
      #expect(twice.blocks == whole.blocks, "\(name) read twice")
      #expect(twice.title == whole.title, "\(name)")
    }
    print("corpus: \(cut) files cut, \(parsedWhole) parsed whole")
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

  @Test("definitions cited across parts, the last ones at the end: cut, and read as parsed whole")
  func definitionsAcrossParts() throws {
    for text in [
      String(repeating: "Para [x] and [Y Z][].\n\n", count: 50) + "[x]: https://example.org\n[y\n z]: /yz\n",
      String(repeating: "Para[^1] and [^2].\n\n", count: 50) + "[^1]: A note.\n\n    More of it.\n\n[^2]: Cites [x].\n\n[x]: /x\n",
      "[x]: /first\n\n" + String(repeating: "Para [x].\n\n", count: 50) + "[x]: /second\n",
      // A group every part cites (a label outside ASCII) cites another: that one is copied too
      // (a random text found it left out).
      String(repeating: "Para[^n].\n\n", count: 50) + "[^n]: A note.\n\n    More.\nSee [fake] here.\n[ünï]: /u\n\n[fake]: /real\n",
    ] {
      let bytes = Array(text.utf8)
      let parts = bytes.withUnsafeBufferPointer { MarkdownChunks.starts(in: $0, size: 1) }
      #expect(parts.count > 10)
      let whole = try Self.whole(bytes)
      for size in [1, 7, 64, 400] {
        #expect(Self.streamed(bytes, partSize: size).blocks == whole.blocks, "\(text)")
      }
    }
  }

  @Test("a definition that a copy might not read the same way makes the text parse whole")
  func uncertainDefinitions() {
    for text in [
      "> [x]: /in-a-quote\n",
      "- [x]: /in-a-list-item\n",
      "## Heading\n\n---\n[x]: /after-a-thematic-break\n",
      "- item\n  ```\n[x]: /in-a-list-item's-fence-or-not\n  ```\n",
      "- item\n  ```\n  code\n```\n\n[x]: /in-a-fence-or-not\n```\n",
      "  <!--\n\n[x]: /in-a-comment-indented\n-->\n",
      "    [x]: /indented-code\n",
      "[x\ny]: /a-label-over-two-lines after text\n".replacingOccurrences(of: "[x", with: "text [x"),
      "[x]: /a-definition\n```\na fence in its group\n",
    ] {
      let bytes = Array((String(repeating: "Para [x].\n\n", count: 50) + text).utf8)
      let parts = bytes.withUnsafeBufferPointer { MarkdownChunks.starts(in: $0, size: 1) }
      #expect(parts == [0], "\(text)")
      // The scan gives up in the piece, after the 100 lines of paragraphs before it.
      let line = bytes.withUnsafeBufferPointer { buffer in
        var scanner = MarkdownDefinitions.Scanner()
        return scanner.run(buffer) ? nil : scanner.gaveUpAt
      }
      #expect((line ?? 0) > 100, "\(text)")
    }
  }

  @Test("read twice, a part at a time: the same blocks, title and invalid UTF-8 as whole")
  func readTwice() throws {
    var generator = testGenerator()
    var texts = [
      "\u{FEFF}# Title\n\nAfter a byte-order mark.\n\n" + String(repeating: "Para.\n\n", count: 200),
      String(repeating: "Text é and 日本語 over buffers.\n\n", count: 300),
      String(repeating: "Windows\r\nline ends.\r\n\r\n", count: 100),
      String(repeating: "Para [x].\n\n", count: 100) + "[x]: /last\n",
      // Definitions scanned beside the look-over, after a byte-order mark, from a read that
      // comes after the first `]:` is seen.
      "\u{FEFF}[first]: /first\n\nSee [first] and [x].\n\n" + String(repeating: "Para [x].\n\n", count: 100)
        + "[x]: /last\n",
    ]
    for _ in 0..<40 { texts.append(Self.randomText(pieces: 1...40, using: &generator)) }
    for text in texts {
      var bytes = Array(text.utf8)
      // Invalid UTF-8 where a buffer ends, and a sequence cut by one.
      bytes.insert(contentsOf: [0xE6, 0x97], at: min(999, bytes.count))
      bytes.insert(0xFF, at: bytes.count / 2)
      let whole = try Self.whole(bytes)
      let invalid = UTF8Validation.invalidSequenceCount(Array(bytes.dropFirst(ByteText.byteOrderMarkLength(bytes))))
      for (size, readSize) in [(1, 1000), (64, 7), (400, 1 << 20)] {
        let twice = Self.streamedTwice(bytes, partSize: size, readSize: readSize)
        #expect(twice.blocks == whole.blocks, "parts of \(size), reads of \(readSize):\n\(text)")
        #expect(twice.title == whole.title)
        #expect(twice.invalidUTF8 == invalid)
      }
    }
  }

  @Test("read twice: progress counts the lines as the blocks number them, carriage returns and all", arguments: ["\n", "\r\n", "\r"])
  func progressReadTwice(lineEnd: String) throws {
    let text = String(repeating: "A paragraph.\(lineEnd)\(lineEnd)", count: 300)
    var adapter = MarkdownAdapter()
    adapter.readsTwiceFrom = 0
    let reader = MemoryReader(Array(text.utf8))
    var stream = adapter.blockStream(
      reading: { reader.read(into: $0) }, name: "t.md", diagnostics: ReadDiagnostics(), inputSize: text.utf8.count,
      readingAgain: {
        let again = MemoryReader(Array(text.utf8))
        return { again.read(into: $0) }
      })
    let first = stream.nextBlock()
    #expect(first?.source?.lastLine == 1)
    let reported = stream.progress
    let progress = try #require(reported)
    #expect(progress > 0 && progress < 0.01, "\(progress)")
  }

  @Test("read twice: a stream dropped while the text is looked over stops reading it")
  func droppedWhileLookingOver() async throws {
    let reads = Mutex(0)
    let chunk = [UInt8](repeating: UInt8(ascii: "a"), count: 1000) + [0x0A, 0x0A]
    // 10 MB, a kilobyte a millisecond: ten seconds to read through, were it not stopped.
    let read: @Sendable (UnsafeMutableRawBufferPointer) -> Int = { buffer in
      let count = reads.withLock { count in
        count += 1
        return count
      }
      guard count <= 10_000 else { return 0 }
      usleep(1000)
      let length = min(buffer.count, chunk.count)
      buffer.copyBytes(from: chunk[..<length])
      return length
    }
    var adapter = MarkdownAdapter()
    adapter.readsTwiceFrom = 0
    do {
      _ = adapter.blockStream(
        reading: read, name: "t.md", diagnostics: ReadDiagnostics(), inputSize: 10_020_000, readingAgain: { read })
    }
    // The stream is gone: its converter stops at its next buffer.
    var last = -1
    while true {
      try await Task.sleep(for: .milliseconds(100))
      let now = reads.withLock { $0 }
      if now == last { break }
      last = now
    }
    #expect(last < 5_000)
  }
}
