import PaginateAdapters
import PaginateModel
import Synchronization
import Testing

private func kept(_ text: String) throws -> [Block] {
  try LinesAdapter().document(from: AdapterInput(text: text, name: "test.log")).blocks
}

@Suite("Text kept line by line: the lines adapter and its sniffing")
struct LinesAdapterTests {
  @Test("every line is kept as it is: indentation, tabs, blank lines, trailing ones too")
  func linesKept() throws {
    let blocks = try kept("2025-06-24 start\n  indented\n\n\tx\ty\n\nend\n")
    #expect(blocks == [
      Block(.lines("2025-06-24 start\n  indented\n\n\tx\ty\n\nend"), source: SourceRange(firstLine: 1, lastLine: 6))
    ])
  }

  @Test("a form feed breaks the page: at a line's start it adds no empty line; inside one it splits it")
  func formFeeds() throws {
    let blocks = try kept("a\n\u{0C}b\nc\u{0C}d\n")
    #expect(blocks.map(\.content) == [.lines("a"), .pageBreak, .lines("b\nc"), .pageBreak, .lines("d")])
    #expect(blocks[2].source == SourceRange(firstLine: 2, lastLine: 3))
    // The rest of line 3, after its form feed, is still line 3.
    #expect(blocks[4].source == SourceRange(line: 3))
  }

  @Test("a long file is cut into blocks of at most 256 lines, numbered on")
  func blocksOfLines() throws {
    let text = (1...600).map { "line \($0)" }.joined(separator: "\n")
    let blocks = try kept(text)
    #expect(blocks.map(\.source) == [
      SourceRange(firstLine: 1, lastLine: 256), SourceRange(firstLine: 257, lastLine: 512),
      SourceRange(firstLine: 513, lastLine: 600),
    ])
    #expect(blocks.map(\.plainText).joined(separator: "\n") == text)
  }

  @Test("control characters become visible, invalid UTF-8 becomes U+FFFD, CRLF ends a line")
  func controlsAndEncoding() throws {
    let bytes = Array("red \u{1B}[31mX\r\nbad ".utf8) + [0xC3] + Array("\n".utf8)
    let blocks = try LinesAdapter().document(from: AdapterInput(bytes: bytes, name: "x.log")).blocks
    #expect(blocks.map(\.content) == [.lines("red ^[[31mX\nbad \u{FFFD}")])
  }

  @Test("man's overstrike shows as less shows it: bold and underlined letters, no backspace")
  func overstrike() throws {
    let text = "N\u{8}NA\u{8}AM\u{8}ME\u{8}E\n       _\u{8}f_\u{8}i_\u{8}l_\u{8}e  é\u{8}é x\u{8}_ 漢\u{8}\u{8}漢\n\u{8}z a\u{8}b w\u{8}"
    // Two backspaces step back over a wide character once; a backspace with nothing before
    // or after it is no overstrike: it shows as ^H.
    let got = try kept(text).map(\.content)
    let bold = RunStyle(emphasis: .bold)
    let underline = RunStyle(emphasis: .underline)
    let runs = [
      TextRun(range: 0..<4, style: bold), TextRun(range: 12..<16, style: underline), TextRun(range: 18..<20, style: bold),
      TextRun(range: 21..<22, style: underline), TextRun(range: 23..<26, style: bold),
    ]
    #expect(got == [.lines("NAME\n       file  é x 漢\n^Hz b w^H", styles: runs)], "\(got)")
  }

  /// Blocks of lines that follow one another, numbered on, joined into one: how they print.
  private func joined(_ blocks: [Block]) -> [Block] {
    var result: [Block] = []
    for block in blocks {
      if case .lines(let text, _) = block.content, let last = result.last, case .lines(let before, _) = last.content,
        let previous = last.source, let source = block.source, source.firstLine == previous.lastLine + 1
      {
        result[result.count - 1] = Block(.lines(before + "\n" + text), source: SourceRange(firstLine: previous.firstLine, lastLine: source.lastLine))
      } else {
        result.append(block)
      }
    }
    return result
  }

  @Test(
    "read in pieces of any size, the lines are those of the whole read, numbered the same; each piece's lines go at once",
    arguments: [1, 3, 7, 64, 1 << 20])
  func streamed(piece: Int) throws {
    // Past a block's 256 lines in large pieces; short in small ones (a read of a byte costs a
    // chunk's buffer in a debug build).
    let rows = piece >= 64 ? 300 : 20
    let text = "first\r\n\tsecond\n\u{0C}\r\nthird 中文\n" + (1...rows).map { "row \($0)" }.joined(separator: "\n") + "\n"
    let whole = try kept(text)
    #expect(joined(streamedBlocks(LinesAdapter(), Array(text.utf8), piece: piece)) == joined(whole))
  }

  @Test("a slow pipe: the lines read so far are given before the input ends")
  func slowPipe() {
    // Two reads, then the reader would block: the stream gives both lines before asking again.
    let reads = Mutex([Array("one\n".utf8), Array("two\n".utf8)])
    var stream = LinesAdapter().blockStream(
      reading: { buffer in
        reads.withLock { reads in
          guard !reads.isEmpty else {
            Issue.record("read again before giving the lines it had")
            return 0
          }
          let next = reads.removeFirst()
          buffer.copyBytes(from: next)
          return next.count
        }
      }, name: "pipe", diagnostics: ReadDiagnostics())
    #expect(stream.nextBlock()?.content == .lines("one"))
    #expect(stream.nextBlock()?.content == .lines("two"))
  }

  @Test(
    "the sniffer reads logs, code, configuration, tables and lists as lines, and paragraphs of prose as prose",
    arguments: [
      ("2025-06-24 14:36:25 startup archives unpack\n2025-06-24 14:36:25 upgrade libc6\n2025-06-24 14:36:26 status installed\n", true),
      ("Jun 24 14:36:25 host sshd[12]: Accepted key\nJun 24 14:36:26 host sshd[12]: session opened\n", true),
      ("root:x:0:0:root:/root:/bin/bash\ndaemon:x:1:1:daemon:/usr/sbin:/usr/sbin/nologin\nbin:x:2:2:bin:/bin:/usr/sbin/nologin\n", true),
      ("#!/bin/sh\necho hello\n", true),
      ("# The configuration of the thing, which says a great many things in words.\n# More words about the configuration of the thing here.\nkey = value\nother = 2\n", true),
      ("name,size,date\nalpha,12,2025-01-02\nbeta,7,2025-02-03\n", true),
      ("func f() {\n  let x = 1\n  return x\n}\n", true),
      ("Changes:\n  * Fix the frobnicator when it is given an empty list of things.\n  * Speed up the thing that is slow, by a lot.\n  * Another item in the list.\n", true),
      (
        "This program is free software: you can redistribute it and/or modify it under\nthe terms of the GNU General Public License as published by the Free Software\nFoundation, either version 3 of the License, or (at your option) any later version.\n\nThis program is distributed in the hope that it will be useful, but WITHOUT ANY\nWARRANTY; without even the implied warranty of MERCHANTABILITY or FITNESS FOR A\nPARTICULAR PURPOSE.\n",
        false
      ),
      (
        "A paragraph written on one line, as editors that wrap softly save it, and which goes on for well over a hundred characters.\n\nAnother such paragraph, also long enough to be a paragraph of its own when it stands on a single line.\n\nAnd a third.\n",
        false
      ),
      ("just words", false),
      ("Title\n-----\n", false),
    ] as [(String, Bool)])
  func sniffing(text: String, isLines: Bool) {
    #expect(LinesAdapter().sniff(Array(text.utf8)[...]) == isLines, "\(text.debugDescription)")
  }

  @Test(
    "file names and extensions choose lines; .txt and unnamed text are sniffed; --from text still reflows",
    arguments: [
      ("Makefile", "all:\n\tmake it\n", nil, "lines"),
      ("src/CMakeLists.txt", "Some words that would make a paragraph of prose if they were in a file named otherwise.\nAnd more words that go on for a while.\n", nil, "lines"),
      ("/etc/passwd", "root:x:0:0:root:/root:/bin/bash\n", nil, "lines"),
      ("/home/me/.bashrc", "alias ll='ls -l'\n", nil, "lines"),
      ("build.swift", "let x = 1\n", nil, "lines"),
      ("dpkg.log", "x\n", nil, "lines"),
      ("server.txt", "2025-06-24 14:36:25 a\n2025-06-24 14:36:26 b\n2025-06-24 14:36:27 c\n", nil, "lines"),
      ("<stdin>", "2025-06-24 14:36:25 a\n2025-06-24 14:36:26 b\n2025-06-24 14:36:27 c\n", nil, "lines"),
      ("server.log", "2025-06-24 14:36:25 a\n", "text", "text"),
      ("notes.txt", "A letter.\n\nDear friend, this is a paragraph of prose that goes on\nfor a while, over more than one line of text as letters do.\n", nil, "text"),
      ("x", "y", "lines", "lines"),
    ] as [(String, String, String?, String)])
  func choosing(name: String, content: String, from: String?, expected: String) throws {
    let adapter = try AdapterRegistry.builtIn.adapter(for: AdapterInput(text: content, name: name), named: from)
    #expect(adapter.name == expected, "\(name)")
  }
}
