import Foundation
import Testing

/// gzip and xz files read as the text inside, as less reads them.
@Suite("Compressed input")
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
    defer { try? FileManager.default.removeItem(at: folder) }
    let bad = folder.appendingPathComponent("bad.xz")
    try Data([0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]).write(to: bad)
    let result = try Executable.run([bad.path])
    #expect(result.status == 1)
    #expect(result.stderr.hasPrefix("paginate: \(bad.path): damaged xz data"))
    #expect(result.stderr.split(separator: "\n").count == 1)
  }
}
