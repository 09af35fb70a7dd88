import Foundation
import PaginateTestSupport
import Testing

/// gzip and xz files read as the text inside, as less reads them.
@Suite("Compressed input", .temporaryFolder)
struct CompressedInputTests {
  static let fixtures = Executable.packageRoot.appendingPathComponent("Tests/EndToEndTests/Fixtures/Compressed")

  private func path(_ name: String) -> String { Self.fixtures.appendingPathComponent(name).path }

  @Test("a .md.gz of two members and a .md.xz print as the Markdown inside", arguments: ["notes.md.gz", "notes.md.xz"])
  func readsCompressed(name: String) throws {
    let result = try Executable.run(["--page-size", "40x10", "--color", "never", path(name)])
    #expect(result.status == 0)
    #expect(result.stderr.isEmpty)
    #expect(result.stdout.hasPrefix("Compressed\n══════════\n"))
    #expect(result.stdout.contains("The first member of a gzip file."))
    #expect(result.stdout.contains("The second member."))
  }

  @Test("compressed standard input is recognised by its first bytes")
  func compressedStandardInput() throws {
    let bytes = try Data(contentsOf: Self.fixtures.appendingPathComponent("notes.md.xz"))
    let result = try Executable.run(["--page-size", "40x10", "--color", "never"], stdin: bytes)
    #expect(result.status == 0)
    #expect(result.stdout.hasPrefix("Compressed\n"))
  }

  @Test("a cut or damaged file is one line on stderr and exit 1, never a binary-file refusal")
  func damaged() throws {
    let cut = try Executable.run([path("cut.md.gz")])
    #expect(cut.status == 1)
    #expect(cut.stdout.isEmpty)
    #expect(cut.stderr == "paginate: \(path("cut.md.gz")): the gzip data is cut short\n")
    let folder = try Executable.temporaryDirectory()
    let bad = folder.appendingPathComponent("bad.xz")
    try Data([0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]).write(to: bad)
    let result = try Executable.run([bad.path])
    #expect(result.status == 1)
    #expect(result.stderr.hasPrefix("paginate: \(bad.path): damaged xz data"))
    #expect(result.stderr.split(separator: "\n").count == 1)
  }

  @Test("compressed input streams: the first page of an endless gzip or xz pipe prints at once", arguments: ["gzip -1", "xz -0 --flush-timeout=100"])
  func endlessCompressedPipe(compressor: String) throws {
    // Read whole, the compressed input never ended: the command hung with no output. timeout
    // is the hang guard; the status and the lines say it streamed.
    let command =
      "yes 'a compressed line' | \(compressor) | timeout 120 '\(Executable.url.path)' --page-size 40x10 --pages 1-2 -; echo \"status $?\""
    let result = try Executable.runTool("sh", ["-c", command])
    #expect(result.stdout.hasSuffix("status 0\n"), "\(result.stdout.suffix(200)) \(result.stderr)")
    // `yes` writes lines: each is kept.
    #expect(result.stdout.hasPrefix("a compressed line\na compressed line\n"))
    #expect(result.stdout.split(separator: "\n", omittingEmptySubsequences: false).count == 2 * 10 + 2)
  }

  @Test("a page laid out again, in the pager's resize or a relayout, reads a .gz file anew: the same pages")
  func relayoutReadsAgain() throws {
    let folder = try Executable.temporaryDirectory()
    let plain = folder.appendingPathComponent("long.txt")
    let lines = (1...3000).map { "Line \($0) of a text that is long enough to fill many pages of a small size." }
    try (lines.joined(separator: "\n\n") + "\n").write(to: plain, atomically: true, encoding: .utf8)
    _ = try Executable.runTool("gzip", ["-k", plain.path])
    // Pages far into the file, and a JSON export (which lays out through the paging
    // controller's window), agree with the plain file's.
    for arguments in [["--pages", "5,200-202,600-"], ["--double-sided", "--pages", "301-310"]] {
      let expected = try Executable.run(["--page-size", "40x12", "--color", "never"] + arguments + [plain.path])
      let compressed = try Executable.run(["--page-size", "40x12", "--color", "never"] + arguments + [plain.path + ".gz"])
      #expect(compressed.status == 0)
      #expect(compressed.stdout == expected.stdout.replacingOccurrences(of: "long.txt", with: "long.txt.gz"))
    }
  }
}
