import Foundation
import PaginateTestSupport
import Testing

/// Bad input of every kind gets a defined result: one clear line on stderr and a non-zero
/// exit, or output that keeps the text; never a trap, a stack overflow or a hang.
@Suite("Bad input", .temporaryFolder)
struct BadInputTests {
  /// Runs paginate on `bytes` written to a file named `name`; fails the test unless it exits
  /// with `status` (a crash never does), with at most one line on stderr (a usage error, 64,
  /// has ArgumentParser's usage lines after its one-line message).
  func run(
    _ bytes: [UInt8], name: String = "input.txt", _ options: [String] = [], status expected: Int32,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> Executable.Result {
    let folder = try Executable.temporaryDirectory()
    let file = folder.appendingPathComponent(name)
    try Data(bytes).write(to: file)
    let result = try Executable.run(["--color", "never"] + options + [file.path])
    #expect(result.status == expected, "stderr: \(result.stderr)", sourceLocation: sourceLocation)
    if expected != 64 {
      #expect(result.stderr.split(separator: "\n").count <= 1, "more than one line on stderr: \(result.stderr)", sourceLocation: sourceLocation)
    }
    #expect(!result.stderr.contains("Fatal error") && !result.stderr.contains("Backtrace"), sourceLocation: sourceLocation)
    return result
  }

  @Test("a binary file is refused with one line; NUL bytes as text are shown")
  func binary() throws {
    let elf: [UInt8] = [0x7F, 0x45, 0x4C, 0x46, 0x02, 0x01, 0x01, 0x00] + Array(repeating: 0, count: 100)
    let refused = try run(elf, name: "a.out", status: 1)
    #expect(refused.stderr.contains("looks like a binary file"))
    let shown = try run(Array("a\u{0}b".utf8), name: "nul.txt", ["--from", "text", "--page-size", "20x2", "--footer", ""], status: 0)
    #expect(shown.stdout == "a^@b\n\n")
  }

  @Test(
    "invalid UTF-8 of every kind becomes U+FFFD, reported once",
    arguments: [
      ("overlong", [0xC0, 0xAF, 0xE0, 0x80, 0xAF, 0xF0, 0x80, 0x80, 0xAF] as [UInt8]),
      ("surrogates", [0xED, 0xA0, 0x80, 0xED, 0xBF, 0xBF]),
      ("truncated", [0xE2, 0x82]),
      ("lone continuation", [0x80, 0xBF]),
      ("five-byte form", [0xF8, 0x88, 0x80, 0x80, 0x80]),
      ("FE and FF", [0xFE, 0xFF]),
      ("above U+10FFFF", [0xF4, 0x90, 0x80, 0x80]),
    ])
  func invalidUTF8(kind: String, bytes: [UInt8]) throws {
    let result = try run(Array("before ".utf8) + bytes + Array(" after\n".utf8), ["--page-size", "40x3", "--footer", ""], status: 0)
    #expect(result.stdout.hasPrefix("before \u{FFFD}"))
    #expect(result.stdout.contains(" after"))
    #expect(result.stderr.hasPrefix("paginate: warning: "))
    #expect(result.stderr.contains("invalid UTF-8"))
  }

  @Test("CRLF, lone CR and a byte-order mark read like plain LF text, as prose and as lines", arguments: ["text", "lines"])
  func lineEndings(format: String) throws {
    let options = ["--from", format, "--page-size", "30x6", "--footer", ""]
    let lf = try run(Array("One\ntwo\n\nThree\n".utf8), options, status: 0)
    let crlf = try run(Array("One\r\ntwo\r\n\r\nThree\r\n".utf8), options, status: 0)
    let cr = try run(Array("One\rtwo\r\rThree\r".utf8), options, status: 0)
    let bom = try run([0xEF, 0xBB, 0xBF] + Array("One\ntwo\n\nThree\n".utf8), options, status: 0)
    #expect(crlf.stdout == lf.stdout)
    #expect(cr.stdout == lf.stdout)
    #expect(bom.stdout == lf.stdout)
    #expect(lf.stdout.hasPrefix(format == "text" ? "One two\n\nThree\n" : "One\ntwo\n\nThree\n"))
  }

  @Test("a 50 MB line with no break opportunity is cut into full lines, no cell lost")
  func hugeLine() throws {
    let count = 50_000_000
    let result = try run(Array(repeating: UInt8(ascii: "x"), count: count) + [0x0A], ["--page-size", "80x66", "--footer", ""], status: 0)
    #expect(result.stdout.utf8.count(where: { $0 == UInt8(ascii: "x") }) == count)
  }

  @Test("10,000-deep block quotes and lists, and deeply nested emphasis, keep their text")
  func deepNesting() throws {
    for (markdown, innermost) in [
      (String(repeating: ">", count: 10_000) + " deep quote\n", "deep quote"),
      (String(repeating: "- ", count: 10_000) + "deep item\n", "deep item"),
      ((0..<10_000).map { String(repeating: "  ", count: $0) + "- level \($0)" }.joined(separator: "\n"), "level 9999"),
      (String(repeating: "*a ", count: 10_000) + "core" + String(repeating: " a*", count: 10_000), "core"),
      (String(repeating: "[", count: 10_000) + "link" + String(repeating: "](x)", count: 10_000), "link"),
    ] {
      let result = try run(Array(markdown.utf8), name: "deep.md", ["--page-size", "60x20"], status: 0)
      #expect(result.stdout.contains(innermost), "\(markdown.prefix(20))")
    }
  }

  @Test("JSON nested 100,000 deep is refused with its place; malformed, truncated and out-of-range JSON too")
  func badJSON() throws {
    let deep = try run(
      Array((String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)).utf8), name: "deep.json", status: 1)
    #expect(deep.stderr.contains("nesting deeper than 256 levels"))
    let cases: [(String, String)] = [
      (#"{"version": 1, "blocks": [}"#, "expected a value, got '}'"),
      (#"{"version": 1, "blocks": ["#, "truncated"),
      (#"{"version": 1, "blocks": [{"type": "heading", "level": 1e400, "text": "x"}]}"#, "number out of range: 1e400"),
      (#"{"version": 1, "blocks": [{"type": "list", "ordered": true, "start": 99999999999, "items": []}]}"#, "$.blocks[0].start"),
      (#"{"version": 1e3, "blocks": []}"#, "$.version: expected 1, got 1000"),
      ("{\"version\": 1, \"blocks\": [\"\u{1}\"]}", "control character in a string"),
      ("{\"version\": 1, \"blocks\": [\"\u{0}\"]}", "looks like a binary file"),
      ("[1, 2]", "$: expected an object"),
    ]
    for (json, expected) in cases {
      let result = try run(Array(json.utf8), name: "bad.json", status: 1)
      #expect(result.stderr.contains(expected), "\(json): \(result.stderr)")
    }
  }

  @Test("pandoc JSON nested 100,000 deep, malformed, or of an unknown version is refused with one line")
  func badPandocJSON() throws {
    let nested = String(repeating: #"{"t":"BlockQuote","c":["#, count: 50_000) + String(repeating: "]}", count: 50_000)
    let deep = try run(Array(#"{"pandoc-api-version":[1,22],"meta":{},"blocks":[\#(nested)]}"#.utf8), name: "deep.json", status: 1)
    #expect(deep.stderr.contains("nesting deeper than 256 levels"))
    // Nested 60 deep (as deep as the limit allows) the words are kept.
    let sixty = String(repeating: #"{"t":"BlockQuote","c":["#, count: 60) + #"{"t":"Para","c":[{"t":"Str","c":"bottom"}]}"#
      + String(repeating: "]}", count: 60)
    let kept = try run(Array(#"{"pandoc-api-version":[1,22],"meta":{},"blocks":[\#(sixty)]}"#.utf8), name: "sixty.json", status: 0)
    #expect(kept.stdout.contains("bottom"))
    let cases: [(String, String)] = [
      (#"{"pandoc-api-version":[1,22],"meta":{},"blocks":[{"t":"Para","c":[}]}"#, "expected a value, got '}'"),
      (#"{"pandoc-api-version":[1,22],"meta":{},"blocks":["#, "truncated"),
      (#"{"pandoc-api-version":[2,0],"meta":{},"blocks":[]}"#, "unsupported pandoc API version 2.0"),
      (#"{"pandoc-api-version":"1.22","meta":{},"blocks":[]}"#, "not pandoc JSON"),
    ]
    for (json, expected) in cases {
      let result = try run(Array(json.utf8), name: "bad.json", ["--from", "pandoc-json"], status: 1)
      #expect(result.stderr.contains(expected), "\(json): \(result.stderr)")
    }
  }

  @Test("empty input gives one blank page")
  func empty() throws {
    for name in ["empty.txt", "empty.md", "empty.json"] {
      // Empty JSON is not a document; empty text and Markdown are an empty document.
      let isJSON = name == "empty.json"
      let result = try run([], name: name, ["--page-size", "20x4", "--footer", ""], status: isJSON ? 1 : 0)
      if isJSON {
        #expect(result.stderr.contains("empty input"))
      } else {
        #expect(result.stdout == "\n\n\n\n")
      }
    }
  }

  @Test("a width of 2 cells with wide characters: every line fits, nothing is lost; 1 is refused")
  func tinyWidths() throws {
    let one = try run(Array("漢字\n".utf8), ["--page-size", "1x12", "--footer", ""], status: 64)
    #expect(one.stderr.contains("page 1x12 is too narrow: text needs at least 2 columns"))
    for columns in [2, 3, 5] {
      let result = try run(Array("漢字 a 👩‍💻 b\n".utf8), ["--page-size", "\(columns)x12", "--footer", ""], status: 0)
      #expect(result.stdout.filter { !$0.isWhitespace } == "漢字a👩‍💻b")
    }
  }

  @Test("a FIFO is read like a pipe; a directory is refused")
  func specialFiles() throws {
    let folder = try Executable.temporaryDirectory()
    let fifo = folder.appendingPathComponent("fifo")
    #expect(mkfifo(fifo.path, 0o600) == 0)
    let writer = Thread {
      let handle = FileHandle(forWritingAtPath: fifo.path)
      handle?.write(Data("From a FIFO.\n".utf8))
      try? handle?.close()
    }
    writer.start()
    let result = try Executable.run(["--page-size", "20x2", "--footer", "", fifo.path])
    #expect(result.status == 0)
    #expect(result.stdout == "From a FIFO.\n\n")
    let directory = try Executable.run([folder.path])
    #expect(directory.status == 1)
    #expect(directory.stderr == "paginate: \(folder.path): is a directory; expected a file\n")
  }

  @Test("a full disk on standard output is one clear error")
  func fullDisk() throws {
    let result = try Executable.runTool(
      "bash", ["-c", "'\(Executable.url.path)' SampleDocs/guide.md > /dev/full; echo \"status $?\""])
    #expect(result.stdout == "status 1\n")
    #expect(result.stderr == "paginate: cannot write output: No space left on device\n")
  }
}

/// No byte sequence in any input reaches the terminal as a control sequence.
@Suite("Terminal safety", .temporaryFolder)
struct TerminalSafetyTests {
  static let payload =
    "esc \u{1B}[2J csi \u{9B}31m osc52 \u{1B}]52;c;cHduZWQ=\u{07} title \u{1B}]0;pwned\u{1B}\\ dcs \u{1B}Pq#0\u{1B}\\ c1 \u{85}\u{9D} bidi \u{202E}gnp.exe\u{202C} isolate \u{2066}x\u{2069} del \u{7F} bell \u{07}"

  static let inputs: [(String, String)] = [
    ("hostile.txt", payload),
    ("hostile.md", "# \(payload)\n\n\(payload)\n\n- \(payload)\n\n| a | b |\n|---|---|\n| \(payload) | x |\n\n[\(payload)](http://x/\u{1B}[2J)\n"),
    ("hostile.json", #"{"version": 1, "title": "t\u001b]0;x\u0007", "blocks": [{"type": "paragraph", "text": "a\u001b[2Jb\u009b1m\u202ec"}, {"type": "code", "text": "\u001bP+q\u001b\\"}]}"#),
    (
      "hostile-pandoc.json",
      #"{"pandoc-api-version":[1,22,2,1],"meta":{"title":{"t":"MetaString","c":"t\u001b]0;x\u0007"}},"blocks":["#
        + #"{"t":"Para","c":[{"t":"Str","c":"a\u001b[2Jb"},{"t":"Note","c":[{"t":"Para","c":[{"t":"Str","c":"n\u009b1m\u202e"}]}]}]},"#
        + #"{"t":"DefinitionList","c":[[[{"t":"Str","c":"\u2066term"}],[[{"t":"Plain","c":[{"t":"Math","c":[{"t":"InlineMath"},"\u001bP"]}]}]]]]},"#
        + #"{"t":"RawBlock","c":["latex","\\x\u001b[31m"]},{"t":"Unknown","c":["\u007f\u0007"]}]}"#
    ),
  ]

  /// Whether `text` holds anything a terminal would act on: C0 controls other than newline and
  /// form feed, DEL, C1 controls, or bidirectional overrides and isolates.
  static func hasControls(_ text: String, allowingSGR: Bool = false) -> Bool {
    var text = text
    if allowingSGR {
      // Our own style sequences: ESC [ digits/semicolons m.
      text = text.replacing(#/\u{1B}\[[0-9;]*m/#, with: "")
    }
    return text.unicodeScalars.contains { scalar in
      let value = scalar.value
      return (value < 0x20 && value != 0x0A && value != 0x0C) || (0x7F...0x9F).contains(value)
        || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
    }
  }

  @Test("print, with and without styles, shows every control as a visible escape", arguments: 0..<inputs.count)
  func print(index: Int) throws {
    let (name, content) = Self.inputs[index]
    let folder = try Executable.temporaryDirectory()
    let file = folder.appendingPathComponent(name)
    try Data(content.utf8).write(to: file)
    for color in ["never", "always"] {
      let result = try Executable.run(["--color", color, "--page-size", "60x40", "--links", "inline", file.path])
      #expect(result.status == 0, "\(result.stderr)")
      #expect(!Self.hasControls(result.stdout, allowingSGR: color == "always"), "\(name) --color \(color)")
      #expect(!Self.hasControls(result.stderr))
    }
    let text = folder.appendingPathComponent("out.txt")
    #expect(try Executable.run(["export", "-o", text.path, file.path]).status == 0)
    #expect(!Self.hasControls(try String(contentsOf: text, encoding: .utf8)))
  }

  @Test("the status line shows a hostile file name harmlessly")
  func fileName() throws {
    let folder = try Executable.temporaryDirectory()
    let file = folder.appendingPathComponent("evil\u{1B}]0;x\u{07}.txt")
    try Data("text\n".utf8).write(to: file)
    let result = try Executable.run(["--header", "{file}", "--page-size", "60x5", file.path])
    #expect(result.status == 0)
    #expect(!Self.hasControls(result.stdout))
    #expect(!Self.hasControls(result.stderr))
  }
}
