import Foundation
import PaginateModel
import PaginateTestSupport
import Synchronization
import Testing

@testable import PaginateAdapters

/// Cuts, and the link reference definitions scanned for the parts.
extension MarkdownPartsTests {
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

  @Test("definitions scanned a buffer at a time are those of the text scanned whole, lines cut by buffers and all")
  func definitionsStreamed() throws {
    var generator = testGenerator()
    var texts = ["\u{FEFF}[a]: /a\n\nText [a].\n", String(repeating: "Para [x].\n\n", count: 50) + "[x]: /last\n[y]: /y"]
    for _ in 0..<80 { texts.append(Self.randomText(pieces: 1...30, using: &generator)) }
    for text in texts {
      let bytes = Array(text.utf8)
      let skip = ByteText.byteOrderMarkLength(bytes)
      let whole = Array(bytes.dropFirst(skip)).withUnsafeBufferPointer { MarkdownDefinitions.scan($0) }
      for size in [1, 3, 16, 1 << 20] {
        let reader = MemoryReader(bytes)
        let streamed = MarkdownDefinitions.scan(reading: { reader.read(into: $0) }, skipping: skip, bufferSize: size)
        #expect((whole == nil) == (streamed == nil), "buffers of \(size):\n\(text)")
        guard let whole, let streamed else { continue }
        #expect(streamed.groups.map(\.firstLine) == whole.groups.map(\.firstLine), "buffers of \(size):\n\(text)")
        #expect(streamed.groups.map(\.lineCount) == whole.groups.map(\.lineCount))
        #expect(streamed.groups.map(\.alwaysCited) == whole.groups.map(\.alwaysCited))
        #expect(streamed.groups.map(\.bytes) == whole.groups.map(\.bytes))
        #expect(streamed.groups.map { streamed.store[$0.stored] } == whole.groups.map { whole.store[$0.stored] })
        // Each group's bytes are the text's.
        #expect(whole.groups.map { Array(whole.store[$0.stored]) } == whole.groups.map { Array(bytes.dropFirst(skip)[skip + $0.bytes.lowerBound..<skip + $0.bytes.upperBound]) })
        let part = Array(bytes.dropFirst(skip))
        let a = part.withUnsafeBufferPointer { streamed.prefix(citedIn: $0) }
        let b = part.withUnsafeBufferPointer { whole.prefix(citedIn: $0) }
        #expect(a.bytes == b.bytes && a.lines == b.lines)
      }
    }
  }

  @Test("a label's hash, made as it is read, is the hash of the label normalised; labels that normalise apart hash apart")
  func labelHashes() {
    let pieces = ["a", "B", "c", " ", "\t", "\n", "  ", "1", "-", "x y", "Foo", "é"]
    var hashes: [UInt64: [UInt8]] = [:]
    for seed in 0..<3_000 {
      var state = UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 | 1
      var label = ""
      for _ in 0..<(seed % 9) {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        label += pieces[Int(state % UInt64(pieces.count))]
      }
      let bytes = Array(label.utf8)
      let normalized = bytes.withUnsafeBufferPointer { MarkdownDefinitions.normalized($0) }
      let hash = bytes.withUnsafeBufferPointer { MarkdownDefinitions.labelHash($0) }
      #expect((normalized == nil) == (hash == nil), "\(label)")
      guard let normalized, let hash else { continue }
      #expect(hash == normalized.withUnsafeBufferPointer(MarkdownDefinitions.labelHash), "\(label)")
      #expect(hashes[hash, default: normalized] == normalized, "\(label): a collision")
      hashes[hash] = normalized
    }
  }

  @Test("a group of whole definitions, one a line, is kept as a group a definition (a part copies only what it cites); any other group whole")
  func wholeDefinitionsApart() throws {
    let text =
      "Text [a] and [c].\n\n[a]: /a\n[b]: <b c> \"t\"\n[c]: /c(d) 'e'\n\n[x]: /x\n  \"title on its own line\"\n[y]: /y\n"
    let definitions = try #require(Array(text.utf8).withUnsafeBufferPointer { MarkdownDefinitions.scan($0) })
    #expect(definitions.groups.map(\.firstLine) == [3, 4, 5, 7])
    #expect(definitions.groups.map(\.lineCount) == [1, 1, 1, 3])
    // The first part cites a and c: their definitions alone are copied before it.
    let prefix = Array(text.utf8).withUnsafeBufferPointer { whole in
      definitions.prefix(citedIn: UnsafeBufferPointer(rebasing: whole[0..<18]))
    }
    #expect(String(decoding: prefix.bytes, as: UTF8.self) == "[a]: /a\n\n[c]: /c(d) 'e'\n\n***\n\n")
  }

  @Test(
    "a line is a whole link definition only when CommonMark reads it as one by itself, with nothing to interpret",
    arguments: [
      ("[a]: /url", true), ("   [a]: <with space> 'title'", true), ("[a]: /a(b)c (paren title)", true),
      ("[a]:/x", true), ("[a]: /x \"t\"  ", true),
      ("    [a]: /url", false), ("[^a]: a note", false), ("[a]:", false), ("[a]: /x \"t\" trailing", false),
      ("[a]: /x \"unclosed", false), ("[a]: /a(b", false), ("[a]: <a<b>", false), ("[a\\]]: /x", false),
      ("[ ]: /x", false), ("[a]: /x\"t\"", true), ("[a] : /x", false),
    ])
  func wholeLinkDefinition(line: String, expected: Bool) {
    let bytes = Array(line.utf8)
    #expect(bytes.withUnsafeBufferPointer { MarkdownDefinitions.Scanner.isWholeLinkDefinition($0) } == expected)
  }
}
