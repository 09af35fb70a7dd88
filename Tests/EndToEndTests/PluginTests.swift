import Foundation
import Testing

/// The SwiftPM command plugin, run on this package as a user would (`swift package paginate`).
/// It builds into its own scratch folder: the `swift test` running this holds the lock on
/// `.build`.
@Suite("swift package paginate", .serialized)
struct PluginTests {
  static let scratch = ".build-plugin"

  @Test("swift package paginate README.md prints the README's pages", .timeLimit(.minutes(15)))
  func readme() throws {
    let result = try Executable.runTool(
      "swift", ["package", "--scratch-path", Self.scratch, "paginate", "--page-size", "60x20", "README.md"])
    #expect(result.status == 0, "\(result.stderr.suffix(2000))")
    let pages = result.stdout.split(separator: "\u{0C}", omittingEmptySubsequences: false)
    #expect(pages.count > 3)
    let first = pages[0].split(separator: "\n", omittingEmptySubsequences: false)
    #expect(first.first == "paginate")
    #expect(first.count == 21)  // 20 lines, the last ending with a newline before the form feed
  }

  @Test("with -o (--output), the package's README and *.md (not ignored ones) go to a file", .timeLimit(.minutes(15)))
  func output() throws {
    let target = Self.scratch + "/docs-\(UUID().uuidString).html"
    // A Markdown file in a folder .gitignore names (as the benchmark corpus is) is left out.
    let ignored = Executable.packageRoot.appendingPathComponent("Fuzz/corpus/plugin-test-\(UUID().uuidString).md")
    try FileManager.default.createDirectory(at: ignored.deletingLastPathComponent(), withIntermediateDirectories: true)
    try "# Xylophonic ignored heading\n".write(to: ignored, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: ignored) }
    let result = try Executable.runTool(
      "swift",
      [
        "package", "--scratch-path", Self.scratch, "--allow-writing-to-package-directory", "paginate", "--page-size",
        "72x40", "-o", target,
      ])
    #expect(result.status == 0, "\(result.stderr.suffix(2000))")
    let file = Executable.packageRoot.appendingPathComponent(target)
    defer { try? FileManager.default.removeItem(at: file) }
    let html = try String(contentsOf: file, encoding: .utf8)
    #expect(html.hasPrefix("<!DOCTYPE html>"))
    // README first, then Docs/ and SampleDocs/ (their headings), never an ignored file.
    // (Styled words are separate spans: look for single words.)
    let readme = try #require(html.range(of: "typesetter"))
    let format = try #require(html.range(of: "misspelt"))
    #expect(readme.lowerBound < format.lowerBound)
    #expect(html.contains("Hand-written documents for trying paginate"))
    #expect(!html.contains("Xylophonic"))
  }
}
