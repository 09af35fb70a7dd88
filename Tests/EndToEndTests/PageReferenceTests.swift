import Foundation
import Testing

/// In-document links (`[Usage](#usage)`) print the page their heading begins on.
@Suite("Page references")
struct PageReferenceTests {
  /// The pages of a JSON export of `file`, with `options`.
  func exportedPages(_ file: String, _ options: [String]) throws -> [[String: Any]] {
    let result = try Executable.run(["export", "--format", "json", "-o", "-"] + options + [file])
    #expect(result.status == 0, "\(result.stderr)")
    let root = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
    return try #require(root?["pages"] as? [[String: Any]])
  }

  @Test(
    "every page reference names the page its heading is on (GRDB's and OpenAPIKit's READMEs, three sizes)",
    arguments: ["grdb.md", "openapikit.md"])
  func referencesAreRight(readme: String) throws {
    let file = Executable.readme("\(readme)")
    for size in ["80x66", "60x30", "100x40"] {
      let pages = try exportedPages(file, ["--page-size", size])
      var pageOfID: [String: Int] = [:]
      for page in pages {
        for heading in page["headings"] as? [[String: Any]] ?? [] {
          pageOfID[heading["id"] as? String ?? ""] = page["number"] as? Int
        }
      }
      var checked = 0
      var missing = 0
      for page in pages {
        let lines = page["lines"] as? [String] ?? []
        for span in page["spans"] as? [[String: Any]] ?? [] {
          guard let link = span["link"] as? String, link.hasPrefix("#"),
            let line = span["line"] as? Int, let start = span["start"] as? Int, let end = span["end"] as? Int
          else { continue }
          let text = String(String.UnicodeScalarView(Array(lines[line].unicodeScalars)[start..<end]))
          guard text.hasPrefix("p.\u{A0}") else { continue }
          // The number (or `?`), padded before with no-break spaces to the last page's digits.
          #expect(text.count == "p. ".count + String(pages.count).count, "\(text)")
          let shown = text.dropFirst(2).drop { $0 == "\u{A0}" }
          let id = String(link.dropFirst()).removingPercentEncoding ?? ""
          if shown == "?" {
            #expect(pageOfID[id] == nil, "\(readme) \(size): \(link) has a heading but prints ?")
            missing += 1
            continue
          }
          let target = try #require(pageOfID[id], "\(readme) \(size): \(link) has a number but no heading")
          #expect(shown == "\(target)", "\(readme) \(size): \(link) on page \(page["number"] ?? 0)")
          checked += 1
        }
      }
      #expect(checked > 20, "\(readme) \(size): only \(checked) references")
      // Ids that drifted from GitHub's would leave the links without a heading: a README's
      // table of contents finds nearly all of its headings.
      #expect(missing * 20 < checked, "\(readme) \(size): \(missing) links to no heading, \(checked) found")
    }
  }

  @Test("printed, in-document links show page numbers and never a note with their destination")
  func printed() throws {
    let file = Executable.readme("grdb.md")
    let result = try Executable.run(["--page-size", "80x66", file])
    #expect(result.status == 0)
    #expect(result.stdout.matches(of: #/→\u{A0}p\.\u{A0}+[0-9]+/#).count > 100)
    #expect(!result.stdout.contains("] #"))
  }

  @Test("a link to no heading prints ?; from standard input, which cannot be read again, and with --links none, no number")
  func standardInput() throws {
    let text = "# A\n\nSee [B](#b), not [C](#c).\n\n## B\n\nText.\n"
    let fromFile = try Executable.temporaryDirectory().appendingPathComponent("a.md")
    try Data(text.utf8).write(to: fromFile)
    let file = try Executable.run(["--page-size", "30x10", fromFile.path])
    // B, a level-2 heading after the title's page, begins page 2.
    // No heading C: a question mark, as LaTeX's ?? for a missing label.
    #expect(file.stdout.contains("See B →\u{A0}p.\u{A0}2, not C →\u{A0}p.\u{A0}?."), "\(file.stdout)")
    let piped = try Executable.run(["--from", "markdown", "--page-size", "30x10", "-"], stdin: Data(text.utf8))
    #expect(piped.stdout.contains("See B, not C."), "\(piped.stdout)")
    // --links none shows no destination, and no page either.
    let none = try Executable.run(["--links", "none", "--page-size", "30x10", fromFile.path])
    #expect(none.stdout.contains("See B, not C."), "\(none.stdout)")
  }
}
