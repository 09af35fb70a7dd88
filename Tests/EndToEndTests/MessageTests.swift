import Foundation
import PaginateTestSupport
import Testing

/// Messages that say what went wrong, not something else.
@Suite("Messages", .temporaryFolder)
struct MessageTests {
  @Test("export -o new.txt new.txt, with no such input: the missing file is said, not an overwrite refused")
  func missingInputIsNotOverwritten() throws {
    let folder = try Executable.temporaryDirectory()
    let path = folder.appendingPathComponent("new.txt").path
    let result = try Executable.run(["export", "-o", path, path])
    #expect(result.status == 1)
    #expect(result.stderr == "paginate: \(path): no such file\n")
    #expect(!FileManager.default.fileExists(atPath: path))
    // An input that exists is still kept from being overwritten.
    try Data("words\n".utf8).write(to: URL(fileURLWithPath: path))
    let refused = try Executable.run(["export", "-o", path, path])
    #expect(refused.status == 64)
    #expect(refused.stderr.contains("Refusing to overwrite the input"))
  }

  @Test("a truncated .gz with --pages: its error alone, no line about the pages it did not have")
  func truncatedCompressedFile() throws {
    let folder = try Executable.temporaryDirectory()
    let whole = folder.appendingPathComponent("notes.md.gz")
    let gzip = try Executable.runTool("/bin/sh", ["-c", "printf '# Notes\\n\\nText.\\n' | gzip > '\(whole.path)'"])
    #expect(gzip.status == 0)
    let bytes = try Data(contentsOf: whole)
    let truncated = folder.appendingPathComponent("cut.md.gz")
    try bytes.prefix(10).write(to: truncated)
    let result = try Executable.run(["--pages", "1", truncated.path])
    #expect(result.status == 1)
    #expect(result.stderr == "paginate: \(truncated.path): the gzip data is cut short\n")
  }

  @Test("browse takes less's options from LESS settings and aliases: -R -S -N as less, -F -X -i -I accepted")
  func lessOptions() throws {
    let log = "Tests/EndToEndTests/Fixtures/Lines/dpkg.log"
    let result = try Executable.run(["browse", "-F", "-R", "-S", "-N", "-X", "-i", "-I", log])
    #expect(result.status == 0, "\(result.stderr)")
    let plain = try Executable.run(["browse", "-S", "-n", log])
    #expect(result.stdout == plain.stdout)
    #expect(result.stdout.hasPrefix("    1 2025-06-24"))
  }

  @Test("an option of export given to print: the usage error, and a hint with the command to use")
  func exportOptionHint() throws {
    let result = try Executable.run(["SampleDocs/guide.md", "-o", "guide.pdf"])
    #expect(result.status == 64)
    #expect(result.stderr.contains("Unknown option '-o'"))
    #expect(result.stderr.hasSuffix("Hint: -o is an option of 'paginate export': paginate export SampleDocs/guide.md -o guide.pdf\n"))
    let paper = try Executable.run(["--paper", "a5", "my notes.md"])
    #expect(paper.stderr.hasSuffix("paginate export --paper a5 'my notes.md'\n"))
    // A mistake of another kind gets no such hint.
    let other = try Executable.run(["--no-such-option", "SampleDocs/guide.md"])
    #expect(!other.stderr.contains("Hint"))
  }
}
