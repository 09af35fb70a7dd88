import Foundation
import PaginateTestSupport
import Testing

@Suite("The paginate executable", .temporaryFolder)
struct CommandLineTests {
  @Test("`paginate adapters` lists markdown, text, pandoc-json and json with their extensions")
  func adapters() throws {
    let result = try Executable.run(["adapters"])
    #expect(result.status == 0)
    let lines = result.stdout.split(separator: "\n")
    #expect(lines.first?.hasPrefix("NAME") == true)
    #expect(lines.contains { $0.hasPrefix("markdown") && $0.contains(".md") && $0.contains(".markdown") })
    #expect(lines.contains { $0.hasPrefix("text") && $0.contains(".txt") })
    #expect(lines.contains { $0.hasPrefix("json") && $0.contains(".json") })
    #expect(lines.contains { $0.hasPrefix("pandoc-json") })
  }

  @Test("-b means browse only as the first argument: after -- it is a file name")
  func browseFlagOnlyLeading() throws {
    let fileName = try Executable.run(["--", "-b"])
    #expect(fileName.status == 1)
    #expect(fileName.stderr == "paginate: -b: no such file\n")
    let valued = try Executable.run(["--page-size", "30x6", "--header=-b", "-"], stdin: Data("hello\n".utf8))
    #expect(valued.status == 0, "\(valued.stderr)")
    let header = valued.stdout.split(separator: "\n").first.map { $0.trimmingCharacters(in: .whitespaces) }
    #expect(header == "-b", "\(valued.stdout)")
  }

  @Test("no source file imports Foundation where FoundationEssentials exists (Foundation loads ICU: 5 ms per start)")
  func startsWithoutFoundation() throws {
    // The release build then loads neither libFoundation nor ICU (a debug build links them
    // anyway, so the binary the tests run cannot show it). Each import of Foundation must be
    // the fallback branch of `#if canImport(FoundationEssentials)`.
    let sources = Executable.packageRoot.appendingPathComponent("Sources")
    let files = FileManager.default.enumerator(atPath: sources.path)?.compactMap { $0 as? String } ?? []
    #expect(files.contains { $0.hasSuffix(".swift") })
    for file in files where file.hasSuffix(".swift") {
      let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
      let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
        $0.trimmingCharacters(in: .whitespaces)
      }
      // Any form: `import Foundation`, `public import Foundation`, `import struct Foundation.URL`.
      for (index, line) in lines.enumerated() where Self.importsFoundation(line) {
        let guarded =
          index >= 3 && lines[index - 1] == "#else" && lines[index - 3] == "#if canImport(FoundationEssentials)"
          && lines[index - 2].hasSuffix("import FoundationEssentials")
        #expect(guarded, "\(file):\(index + 1) imports Foundation unguarded")
      }
    }
  }

  /// Whether a (trimmed) source line imports Foundation or a declaration from it.
  static func importsFoundation(_ line: String) -> Bool {
    let code = line.components(separatedBy: "//")[0]  // `import Foundation // why` too
    let words = code.split(separator: " ")
    guard let position = words.firstIndex(of: "import"), position + 1 < words.count else { return false }
    let module = words.last?.split(separator: ".").first
    return module == "Foundation"
  }

  @Test("--help discussions keep their hard line breaks under 80 columns (a line that fills 80 is re-wrapped mid-phrase)")
  func helpLinesFit() throws {
    // A discussion line that does not end in `\` is a line break of its own (a table row, an
    // example): the argument parser wraps it again at 80 columns when standard output is not
    // a terminal, leaving the end of the row at the start of the next line.
    let folder = Executable.packageRoot.appendingPathComponent("Sources/paginate")
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }
    var checked = 0
    for file in files {
      let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
      for discussion in text.components(separatedBy: "discussion: \"\"\"\n").dropFirst() {
        guard let body = discussion.components(separatedBy: "\"\"\"").first else { continue }
        let lines = body.split(separator: "\n", omittingEmptySubsequences: false)
        let indent = lines.last.map { $0.prefix { $0 == " " }.count } ?? 0
        // A line that ends in `\` continues on the next one: that paragraph is wrapped as a whole.
        for (index, line) in lines.enumerated() where !line.hasSuffix("\\") {
          if index > 0 && lines[index - 1].hasSuffix("\\") { continue }
          checked += 1
          let shown = line.dropFirst(min(indent, line.prefix { $0 == " " }.count))
          // Under 80: the parser wraps at 80 columns and breaks a line that fills them.
          #expect(shown.count < 80, "\(file): \(shown.count) columns: \(shown)")
        }
      }
    }
    #expect(checked > 20)
  }

  static let sampleDocs: [String] = {
    let folder = Executable.packageRoot.appendingPathComponent("SampleDocs")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { !$0.hasPrefix(".") }.sorted().map { "SampleDocs/" + $0 }
  }()

  @Test("there are sample documents to run")
  func sampleDocsExist() {
    #expect(Self.sampleDocs.count >= 5)
  }

  @Test("every sample document paginates with exit 0 into pages of exactly the page height", arguments: sampleDocs)
  func sample(path: String) throws {
    let result = try Executable.run(["--page-size", "60x30", path])
    #expect(result.status == 0, "stderr: \(result.stderr)")
    #expect(result.stderr.isEmpty)
    let pages = result.pages
    #expect(!pages.isEmpty)
    for (index, page) in pages.enumerated() {
      #expect(page.count == 30, "page \(index + 1) of \(path) has \(page.count) lines")
    }
  }

  @Test(
    "bad input exits non-zero with one readable line on stderr",
    arguments: [
      ("bad.json", Data(#"{"version": 1, "blocks": [{"type": "heading", "level": 9, "text": "x"}]}"#.utf8),
       "paginate: bad.json: $.blocks[0].level: expected 1...6, got 9"),
      ("truncated.json", Data(#"{"version": 1, "blocks": [{"type": "#.utf8),
       "paginate: truncated.json: invalid JSON at line 1, column 36: expected a value, got the end of the input (truncated?)"),
      ("garbage.json", Data("{nope}".utf8),
       "paginate: garbage.json: invalid JSON at line 1, column 2: expected a member name in double quotes, got 'n'"),
      ("a.out", Data([0x7F, 0x45, 0x4C, 0x46, 0x02, 0x01, 0x00, 0x00, 0x41]),
       "paginate: a.out: looks like a binary file (NUL bytes in the first 8 KB); use '--from text' to read it anyway"),
    ])
  func badInput(name: String, content: Data, expected: String) throws {
    let folder = try Executable.temporaryDirectory()
    let file = folder.appendingPathComponent(name)
    try content.write(to: file)
    let result = try Executable.run([file.path])
    #expect(result.status == 1)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr == expected.replacingOccurrences(of: "paginate: \(name)", with: "paginate: \(file.path)") + "\n")
  }

  @Test("a binary file is read with --from text, controls made visible")
  func binaryAsText() throws {
    let folder = try Executable.temporaryDirectory()
    let file = folder.appendingPathComponent("a.out")
    try Data([0x41, 0x00, 0x1B, 0x5B, 0x32, 0x4A, 0x42]).write(to: file)
    let result = try Executable.run(["--from", "text", "--page-size", "20x3", "--footer", "", file.path])
    #expect(result.status == 0)
    #expect(result.stdout == "A^@^[[2JB\n\n\n")
  }

  @Test("a missing file, a directory and an unknown format are clear errors")
  func fileErrors() throws {
    let missing = try Executable.run(["no-such-file.md"])
    #expect(missing.status == 1)
    #expect(missing.stderr == "paginate: no-such-file.md: no such file\n")
    let directory = try Executable.run(["SampleDocs"])
    #expect(directory.status == 1)
    #expect(directory.stderr == "paginate: SampleDocs: is a directory; expected a file\n")
    let format = try Executable.run(["--from", "rtf", "x"])
    #expect(format.status == 64)
    #expect(format.stderr.hasPrefix("Error: Unknown input format 'rtf'; expected one of markdown, text, pandoc-json, json"))
  }

  @Test("standard input is read with '-' or no file, and sniffed")
  func standardInput() throws {
    let json = Data(#"{"version": 1, "blocks": [{"type": "paragraph", "text": "from stdin"}]}"#.utf8)
    for arguments in [["--page-size", "20x2", "--footer", ""], ["--page-size", "20x2", "--footer", "", "-"]] {
      let result = try Executable.run(arguments, stdin: json)
      #expect(result.status == 0)
      #expect(result.stdout == "from stdin\n\n")
    }
  }

  @Test("pages are separated by form feeds and each has exactly the page height")
  func formFeeds() throws {
    let text = (1...10).map { "Paragraph number \($0) has a few words." }.joined(separator: "\n\n")
    let result = try Executable.run(["--page-size", "20x5", "--from", "text", "--footer", ""], stdin: Data(text.utf8))
    #expect(result.status == 0)
    let pages = result.pages
    #expect(pages.count > 2)
    for page in pages {
      #expect(page.count == 5)
      #expect(page.allSatisfy { $0.count <= 20 })
    }
    #expect(result.stdout.hasPrefix("Paragraph number 1\nhas a few words.\n\nParagraph number 2\nhas a few words.\n\u{0C}"))
  }

  @Test("several files are paginated in turn, each on a new page")
  func severalFiles() throws {
    let result = try Executable.run(["--page-size", "30x4", "--footer", "", "SampleDocs/minimal.json", "SampleDocs/minimal.json"])
    #expect(result.status == 0)
    let pages = result.pages
    #expect(pages.count >= 2 && pages.count % 2 == 0)
    #expect(pages[0] == pages[pages.count / 2])
  }

  @Test("invalid UTF-8 is replaced and reported once")
  func invalidUTF8() throws {
    let result = try Executable.run(["--page-size", "20x1", "--footer", ""], stdin: Data([0x61, 0xFF, 0x62, 0xC0, 0x80]))
    #expect(result.status == 0)
    #expect(result.stdout == "a\u{FFFD}b\u{FFFD}\u{FFFD}\n")
    #expect(result.stderr == "paginate: warning: <stdin>: replaced 3 invalid UTF-8 sequences with U+FFFD\n")
  }

  @Test("--version and --help")
  func versionAndHelp() throws {
    let version = try Executable.run(["--version"])
    #expect(version.status == 0)
    #expect(version.stdout.split(separator: ".").count == 3)
    let help = try Executable.run(["print", "--help"])
    #expect(help.status == 0)
    #expect(help.stdout.contains("Examples:"))
    #expect(help.stdout.contains("--page-size"))
  }

  @Test("an invalid page size is refused with exit 64", arguments: ["0x10", "80", "80x", "axb", "10x0", "99999x10"])
  func badPageSize(size: String) throws {
    let result = try Executable.run(["--page-size", size, "SampleDocs/minimal.json"])
    #expect(result.status == 64)
    #expect(result.stderr.contains("Invalid page size '\(size)'"))
  }
}

@Suite("Manual page and completions", .temporaryFolder)
struct ManualTests {
  @Test("the committed manual page documents every subcommand and the shared options")
  func manual() throws {
    let page = try String(
      contentsOf: Executable.packageRoot.appendingPathComponent("Docs/man/paginate.1"), encoding: .utf8)
    for word in [
      "print", "export", "adapters", "page-size", "double-sided", "facing", "pages", "adapter-timeout", "pandoc-json",
      "marks", "html",
    ] {
      #expect(page.contains(word), "Docs/man/paginate.1 lacks \(word); run Scripts/make-man.sh")
    }
  }

  @Test("shell completion scripts are generated", arguments: ["bash", "zsh", "fish"])
  func completions(shell: String) throws {
    let result = try Executable.run(["--generate-completion-script", shell])
    #expect(result.status == 0)
    #expect(result.stdout.contains("export"))
  }
}
