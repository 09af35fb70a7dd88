import Foundation
import PaginateAdapters
import PaginateModel
import Synchronization
import Testing

/// Serves bytes to a streaming adapter at most `piece` at a time, and counts what it served.
final class CountingReader: Sendable {
  let bytes: [UInt8]
  let piece: Int
  private let position = Mutex(0)

  init(_ bytes: [UInt8], piece: Int) {
    self.bytes = bytes
    self.piece = piece
  }

  var served: Int { position.withLock { $0 } }

  func read(into buffer: UnsafeMutableRawBufferPointer) -> Int {
    position.withLock { position in
      let count = min(piece, buffer.count, bytes.count - position)
      buffer.copyBytes(from: bytes[position..<(position + count)])
      position += count
      return count
    }
  }
}

func streamedBlocks(
  _ adapter: some StreamingInputAdapter, _ bytes: [UInt8], piece: Int, diagnostics: ReadDiagnostics = ReadDiagnostics()
) -> [Block] {
  let reader = CountingReader(bytes, piece: piece)
  var source = adapter.blockStream(reading: { reader.read(into: $0) }, name: "x", diagnostics: diagnostics)
  var blocks: [Block] = []
  while let block = source.nextBlock() { blocks.append(block) }
  return blocks
}

@Suite("Streaming adapters")
struct StreamingTests {
  /// Line ends of every kind, a form feed, a byte-order mark, multi-byte UTF-8, invalid UTF-8,
  /// a control character, indented lines: everything a chunk boundary can fall inside.
  static let awkwardText: [UInt8] =
    [0xEF, 0xBB, 0xBF] + Array("Première ligne,\r\nsuite 中文.\r\n\r\n    code\tline\n\n".utf8) + [0xC3]
    + Array("\rafter a CR\u{0C}page two 😀 \u{1B}[31m\n\nend".utf8)

  @Test(
    "plain text read in pieces of any size gives the blocks of the whole read, and counts its invalid UTF-8 once",
    arguments: [1, 2, 3, 5, 7, 64, 1 << 20])
  func plainTextPieces(piece: Int) throws {
    let input = AdapterInput(bytes: Self.awkwardText, name: "x")
    let whole = try PlainTextAdapter().document(from: input).blocks
    #expect(whole.count >= 5)
    let diagnostics = ReadDiagnostics()
    #expect(streamedBlocks(PlainTextAdapter(), Self.awkwardText, piece: piece, diagnostics: diagnostics) == whole)
    // The bad byte ends a line, so small pieces leave it in a partial line fed again later.
    #expect(diagnostics.invalidUTF8Count == input.invalidUTF8Count)
    #expect(diagnostics.invalidUTF8Count == 1)
  }

  /// Text written a paragraph per line: a heading, long lines, a short line that is not a
  /// heading, an indented line.
  static let softText = Array(
    ("Harbour Notes\n\n" + String(repeating: "The tide came in and went out again, as it always had. ", count: 3)
      + "\nA short line.\n" + String(repeating: "Second paragraph on a single long line, as editors save it. ", count: 3)
      + "\n\n    verbatim line\n\nLow Water\n").utf8)

  @Test("text written a paragraph per line, read in pieces of any size, gives the blocks of the whole read", arguments: [1, 7, 64, 1 << 20])
  func softWrappedPieces(piece: Int) throws {
    let whole = try PlainTextAdapter().document(from: AdapterInput(bytes: Self.softText, name: "x")).blocks
    #expect(whole.map(\.content).first == .heading(level: 2, [.text("Harbour Notes")]))
    #expect(whole.count == 6)
    #expect(streamedBlocks(PlainTextAdapter(), Self.softText, piece: piece) == whole)
  }

  @Test("plain text: the first block comes before the rest of a large input is read")
  func plainTextReadsAhead() {
    let paragraph = Array("Words of a paragraph, ended by a blank line.\n\n".utf8)
    let bytes = Array(repeatElement(paragraph, count: 200_000).joined())  // 9.4 MB
    let reader = CountingReader(bytes, piece: 1 << 16)
    var source = PlainTextAdapter().blockStream(reading: { reader.read(into: $0) }, name: "x", diagnostics: ReadDiagnostics())
    #expect(source.nextBlock() == .paragraph("Words of a paragraph, ended by a blank line.", source: SourceRange(line: 1)))
    #expect(reader.served <= 1 << 19, "read \(reader.served) of \(bytes.count) bytes for the first block")
  }

  @Test("Markdown converted a block at a time gives the blocks of the whole read", arguments: ["README.md", "SampleDocs/guide.md", "SampleDocs/languages.md"])
  func markdownStream(name: String) throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let bytes = Array(try Data(contentsOf: root.appendingPathComponent(name)))
    let whole = try MarkdownAdapter().document(from: AdapterInput(bytes: bytes, name: name)).blocks
    #expect(whole.count > 10)
    #expect(streamedBlocks(MarkdownAdapter(), bytes, piece: 4096) == whole)
  }
}
