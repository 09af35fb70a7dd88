import Foundation
import PaginateTestSupport
import Testing

/// In-document links (`[Usage](#usage)`) print the page their heading begins on.
@Suite("Page references", .temporaryFolder)
struct PageReferenceTests {
  /// The pages of a JSON export of `file`, with `options`.
  func exportedPages(_ file: String, _ options: [String]) throws -> [[String: Any]] {
    let result = try Executable.run(["export", "--format", "json", "-o", "-"] + options + [file])
    #expect(result.status == 0, "\(result.stderr)")
    let root = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
    return try #require(root?["pages"] as? [[String: Any]])
  }

  /// The page references of exported `pages` that name the page of their heading, and those
  /// that print `?` (recording an issue for each that is wrong).
  func checkReferences(_ pages: [[String: Any]], _ label: String) -> (checked: Int, missing: Int) {
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
        #expect(text.count == "p. ".count + String(pages.count).count, "\(label): \(text)")
        let shown = text.dropFirst(2).drop { $0 == "\u{A0}" }
        let id = String(link.dropFirst()).removingPercentEncoding ?? ""
        if shown == "?" {
          #expect(pageOfID[id] == nil, "\(label): \(link) has a heading but prints ?")
          missing += 1
          continue
        }
        guard let target = pageOfID[id] else {
          Issue.record("\(label): \(link) has a number but no heading")
          continue
        }
        #expect(shown == "\(target)", "\(label): \(link) on page \(page["number"] ?? 0)")
        checked += 1
      }
    }
    return (checked, missing)
  }

  @Test(
    "every page reference names the page its heading is on (GRDB's and OpenAPIKit's READMEs, three sizes)",
    arguments: ["grdb.md", "openapikit.md"])
  func referencesAreRight(readme: String) throws {
    let file = Executable.readme("\(readme)")
    for size in ["80x66", "60x30", "100x40"] {
      let pages = try exportedPages(file, ["--page-size", size])
      let (checked, missing) = checkReferences(pages, "\(readme) \(size)")
      #expect(checked > 20, "\(readme) \(size): only \(checked) references")
      // Ids that drifted from GitHub's would leave the links without a heading: a README's
      // table of contents finds nearly all of its headings.
      #expect(missing * 20 < checked, "\(readme) \(size): \(missing) links to no heading, \(checked) found")
    }
  }

  /// A guide whose contents, on page 1, cite `sections` sections of `paragraphs` paragraphs.
  static func guide(sections: Int, paragraphs: Int) -> String {
    var text = "# Guide\n\n"
    for index in 1...sections { text += "- [Part \(index)](#part-\(index))\n" }
    for index in 1...sections {
      text += "\n## Part \(index)\n\n"
      for _ in 0..<paragraphs { text += "Words to fill the pages of this part with, some more.\n\n" }
    }
    return text
  }

  @Test("a heading more than a thousand pages after its link gets its number, from one layout: the pages wait in a scratch file")
  func farReferences() throws {
    let file = try Executable.temporaryDirectory().appendingPathComponent("far.md")
    try Data(Self.guide(sections: 50, paragraphs: 60).utf8).write(to: file)
    let result = try Executable.run(["export", "--format", "json", "-o", "-", "--page-size", "30x8", file.path])
    #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
    let root = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
    let pages = try #require(root?["pages"] as? [[String: Any]])
    // Page 1 cites the last part, more than a thousand pages on.
    #expect(pages.count > 1_400, "\(pages.count) pages")
    let (checked, missing) = checkReferences(pages, "far")
    #expect(checked == 50 && missing == 0)
  }

  @Test("a wrong guess of the numbers' width: laid out again, every number right")
  func wrongGuess() throws {
    // Chapters of a line each, each on a recto: many more pages than the bytes suggest.
    var text = "# Contents\n\n"
    for index in 1...30 { text += "- [Chapter \(index)](#chapter-\(index))\n" }
    for index in 1...30 { text += "\n# Chapter \(index)\n\nA line.\n" }
    let file = try Executable.temporaryDirectory().appendingPathComponent("chapters.md")
    try Data(text.utf8).write(to: file)
    let pages = try exportedPages(file.path, ["--page-size", "30x8", "--double-sided"])
    #expect(pages.count >= 60)
    let (checked, missing) = checkReferences(pages, "chapters")
    #expect(checked == 30 && missing == 0)
  }

  @Test("a document too long to wait for: a heading more than a thousand pages on prints ?, and a warning says so")
  func tooLongToWait() throws {
    let file = try Executable.temporaryDirectory().appendingPathComponent("long.md")
    // The contents cite part 2, two pages on, and the end, thousands of pages on.
    var text = "# Guide\n\n- [Part 2](#part-2)\n- [The end](#the-end)\n\n## Part 2\n\n"
    text += String(repeating: "Words to fill the pages of this part with, some more.\n\n", count: 11_000)
    text += "## The end\n\nSee [part 2](#part-2).\n"
    try Data(text.utf8).write(to: file)
    let result = try Executable.run(["export", "--format", "json", "-o", "-", "--page-size", "30x6", file.path])
    #expect(result.status == 0)
    #expect(result.stderr.contains("1 in-document link printed '?' for a heading more than 1024 pages on"), "\(result.stderr)")
    let root = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
    let pages = try #require(root?["pages"] as? [[String: Any]])
    #expect(pages.count > 10_000, "\(pages.count) pages")
    let text1 = pages.prefix(3).map { ($0["lines"] as? [String] ?? []).joined(separator: "\n") }.joined(separator: "\n")
    #expect(text1.contains(#/The end →\u{A0}p\.\u{A0}+\?/#), "\(text1)")
    #expect(text1.contains(#/Part 2 →\u{A0}p\.\u{A0}+3\n/#), "\(text1)")
    let last = pages.suffix(2).map { ($0["lines"] as? [String] ?? []).joined(separator: "\n") }.joined(separator: "\n")
    #expect(last.contains(#/part 2 →\u{A0}p\.\u{A0}+3\./#), "\(last)")
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
