import Foundation
import PaginateTestSupport
import Testing

@Suite("paginate export", .temporaryFolder)
struct ExportTests {
  static let guide = "SampleDocs/guide.md"

  func temporary() throws -> URL { try Executable.temporaryDirectory() }

  @Test("--pages and export agree page for page: text as printed without colour, JSON as printed with styles")
  func pagesAgree() throws {
    let folder = try temporary()
    let common = ["--page-size", "50x20", "--pages", "2-4,7"]
    let printed = try Executable.run(common + ["--color", "never", Self.guide])
    #expect(printed.status == 0)
    let text = folder.appendingPathComponent("out.txt")
    let exported = try Executable.run(["export"] + common + ["-o", text.path, Self.guide])
    #expect(exported.status == 0, "\(exported.stderr)")
    #expect(try String(contentsOf: text, encoding: .utf8) == printed.stdout)

    let json = folder.appendingPathComponent("out.json")
    #expect(try Executable.run(["export"] + common + ["-o", json.path, Self.guide]).status == 0)
    let object = try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [String: Any]
    let pages = try #require(object?["pages"] as? [[String: Any]])
    #expect(pages.map { $0["number"] as? Int } == [2, 3, 4, 7])
    // A page set carries styles, so its text has no marks: printed with `--marks styles`.
    let styled = try Executable.run(common + ["--color", "never", "--marks", "styles", Self.guide])
    let printedPages = styled.pages
    #expect(printedPages.count == pages.count)
    for (page, printedPage) in zip(pages, printedPages) {
      #expect((page["lines"] as? [String]) == printedPage.map(String.init))
    }
  }

  @Test("the JSON export validates against Docs/pageset.schema.json, in every mode")
  func schema() throws {
    let folder = try temporary()
    var files: [String] = []
    for (index, options) in [[], ["--double-sided", "--even"], ["--facing"], ["--facing", "--facing-start", "left", "--pages", "2-5"]].enumerated() {
      let json = folder.appendingPathComponent("pages\(index).json")
      let result = try Executable.run(["export", "--page-size", "40x16"] + options + ["-o", json.path, "SampleDocs/languages.md"])
      #expect(result.status == 0)
      files.append(json.path)
    }
    let check = try Executable.runTool(
      "python3",
      ["-c", """
        import json, sys, jsonschema
        schema = json.load(open('Docs/pageset.schema.json'))
        jsonschema.Draft202012Validator.check_schema(schema)
        for path in sys.argv[1:]:
            data = json.load(open(path))
            jsonschema.validate(data, schema)
            assert all(len(p['lines']) == data['pageSize']['lines'] for p in data['pages'])
        print('valid', len(sys.argv) - 1)
        """] + files)
    #expect(check.status == 0, "\(check.stderr)")
    #expect(check.stdout == "valid 4\n")
  }

  @Test("the format comes from the extension or --format; an unknown one is a usage error")
  func formats() throws {
    let folder = try temporary()
    let html = try Executable.run(["export", "--format", "html", "-o", "-", "SampleDocs/minimal.json"])
    #expect(html.stdout.hasPrefix("<!DOCTYPE html>"))
    // The script's nonce: 128 bits, 32 hexadecimal digits, fresh each time.
    func nonce(_ text: String) -> String? {
      guard let start = text.range(of: "<script nonce=\"")?.upperBound else { return nil }
      return String(text[start...].prefix { $0 != "\"" })
    }
    let again = try Executable.run(["export", "--format", "html", "-o", "-", "SampleDocs/minimal.json"])
    let first = try #require(nonce(html.stdout))
    #expect(first.count == 32 && first.allSatisfy(\.isHexDigit))
    #expect(nonce(again.stdout) != first)
    let unknown = try Executable.run(["export", "-o", folder.appendingPathComponent("x.odt").path, "SampleDocs/minimal.json"])
    #expect(unknown.status == 64)
    #expect(unknown.stderr.contains("Cannot tell the format of"))
  }

  @Test("an export never overwrites its own input")
  func neverOverwritesInput() throws {
    let folder = try temporary()
    let input = folder.appendingPathComponent("notes.txt")
    try Data("Precious notes.\n".utf8).write(to: input)
    let result = try Executable.run(["export", "-o", input.path, input.path])
    #expect(result.status == 64)
    #expect(result.stderr.contains("Refusing to overwrite the input"))
    #expect(try String(contentsOf: input, encoding: .utf8) == "Precious notes.\n")
  }

  @Test("a failed export leaves no file and no temporary file")
  func failedExport() throws {
    let folder = try temporary()
    let output = folder.appendingPathComponent("out.json")
    let result = try Executable.run(["export", "-o", output.path, "no-such-input.md"])
    #expect(result.status == 1)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    let missingFolder = try Executable.run(["export", "-o", folder.appendingPathComponent("nope/out.json").path, Self.guide])
    #expect(missingFolder.status == 1)
    #expect(missingFolder.stderr.hasPrefix("paginate: \(folder.path)/nope/out.json: cannot create a file in"))
  }

  @Test("an export interrupted by a signal leaves nothing behind", arguments: [SIGTERM, SIGHUP])
  func interrupted(signal: Int32) throws {
    let folder = try temporary()
    let output = folder.appendingPathComponent("big.html")
    // The text comes through a pipe left open: the export cannot end before the signal. The
    // signal comes once the export has begun writing: its file, unnamed until it is complete
    // (O_TMPFILE), is open in the folder.
    let input = Pipe()
    let process = Process()
    process.executableURL = Executable.url
    process.arguments = ["export", "--from", "text", "-o", output.path, "-"]
    process.standardInput = input
    process.standardError = FileHandle.nullDevice
    try process.run()
    let paragraph = String(repeating: "The tide comes in and the tide goes out again. ", count: 40) + "\n\n"
    try input.fileHandleForWriting.write(contentsOf: Data(String(repeating: paragraph, count: 500).utf8))
    let descriptors = "/proc/\(process.processIdentifier)/fd"
    let writing = Executable.eventually {
      let open = (try? FileManager.default.contentsOfDirectory(atPath: descriptors)) ?? []
      return open.contains { (try? FileManager.default.destinationOfSymbolicLink(atPath: "\(descriptors)/\($0)"))?.hasPrefix(folder.path + "/") == true }
    }
    #expect(writing, "the export never began its file")
    // (SIGINT would do as well from a shell; a test runner may start children with it ignored.)
    kill(process.processIdentifier, signal)
    process.waitUntilExit()
    try? input.fileHandleForWriting.close()
    #expect(process.terminationReason == .uncaughtSignal)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
  }

  /// The system call each thread of process `pid` is in (`/proc/PID/task/*/syscall`'s first
  /// number), for the threads that are in one.
  static func systemCalls(of pid: Int32) -> [Int] {
    let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
    return tasks.compactMap { task in
      (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/syscall", encoding: .utf8))
        .flatMap { Int($0.prefix { $0 != " " && $0 != "\n" }) }
    }
  }

  @Test(
    "an export killed with SIGKILL, while writing, syncing or linking, leaves the old file or the whole new one, and no temporary file",
    arguments: ["writing", "fsync", "link"])
  func killed(moment: String) throws {
    let folder = try temporary()
    let input = folder.appendingPathComponent("big.txt")
    let paragraph = String(repeating: "The tide comes in and the tide goes out again. ", count: 40) + "\n\n"
    try Data(String(repeating: paragraph, count: 20_000).utf8).write(to: input)
    let reference = folder.appendingPathComponent("reference.txt")
    #expect(try Executable.run(["export", "-o", reference.path, input.path]).status == 0)
    let whole = try Data(contentsOf: reference)
    // x86_64 system call numbers.
    let target: Set<Int> =
      switch moment {
      case "fsync": [74, 75]  // fsync, fdatasync
      case "link": [265, 82, 264, 316]  // linkat, rename, renameat, renameat2
      default: []
      }
    for existing in [false, true] {
      let output = folder.appendingPathComponent("book.txt")
      try? FileManager.default.removeItem(at: output)
      if existing { try Data("old\n".utf8).write(to: output) }
      let process = Process()
      process.executableURL = Executable.url
      process.arguments = ["export", "-o", output.path, input.path]
      process.standardError = FileHandle.nullDevice
      try process.run()
      if target.isEmpty {
        usleep(100_000)
      } else {
        // Polled as fast as it goes; the export may end before the moment is seen (a fast
        // disk), and the state left is checked all the same.
        while process.isRunning && Self.systemCalls(of: process.processIdentifier).allSatisfy({ !target.contains($0) }) {}
      }
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
      let temporaries = left.filter { $0.hasPrefix(".paginate-") }
      // Replacing a file takes a name for the new one, linked and at once renamed over the old:
      // a kill in the instant between leaves that name, the whole new file, beside the old one.
      // Nothing else leaves a temporary file.
      if moment == "link" && existing && temporaries.count == 1 {
        let named = FileManager.default.contents(atPath: folder.appendingPathComponent(temporaries[0]).path)
        #expect(named == whole, "a partial temporary file: \(named?.count ?? 0) bytes")
        #expect(FileManager.default.contents(atPath: output.path) == Data("old\n".utf8))
        try? FileManager.default.removeItem(at: folder.appendingPathComponent(temporaries[0]))
      } else {
        #expect(temporaries.isEmpty, "a temporary file was left: \(left)")
      }
      if let written = FileManager.default.contents(atPath: output.path) {
        #expect(written == whole || (existing && written == Data("old\n".utf8)), "a partial file: \(written.count) bytes")
      } else {
        #expect(!existing, "the old file is gone")
      }
    }
  }

  @Test("a closed pipe ends printing quietly")
  func closedPipe() throws {
    let folder = try temporary()
    let input = folder.appendingPathComponent("big.txt")
    try Data(String(repeating: "Words on a line that goes on.\n\n", count: 100_000).utf8).write(to: input)
    let result = try Executable.runTool(
      "bash", ["-c", "'\(Executable.url.path)' '\(input.path)' | head -c 100 >/dev/null; echo \"${PIPESTATUS[0]}\""])
    #expect(result.stdout == "0\n")
    #expect(result.stderr.isEmpty)
  }
}
