import Foundation
import Testing

@Suite("Layout options on the command line")
struct LayoutOptionsTests {
  static let book = Data(
    """
    # One

    The *first* chapter, with a [link](https://example.org/one).

    # Two

    The second chapter.
    """.utf8)

  @Test("--color always styles the text with ANSI; never and NO_COLOR keep it plain")
  func color() throws {
    let styled = try Executable.run(["--from", "md", "--page-size", "40x10", "--color", "always"], stdin: Self.book)
    #expect(styled.stdout.contains("\u{1B}[1m"))  // bold heading
    #expect(styled.stdout.contains("\u{1B}[3mfirst\u{1B}[0m"))  // italic emphasis
    #expect(styled.stdout.contains("\u{1B}[4mlink\u{1B}[0m"))  // underlined link
    let plain = try Executable.run(["--from", "md", "--page-size", "40x10", "--color", "never"], stdin: Self.book)
    #expect(!plain.stdout.contains("\u{1B}"))
    let auto = try Executable.run(["--from", "md", "--page-size", "40x10"], stdin: Self.book, environment: ["NO_COLOR": "1"])
    #expect(!auto.stdout.contains("\u{1B}"))  // not a terminal, and NO_COLOR
  }

  @Test("form feeds between pages for a printer; none in styled output, which less -R would show as ^L; --form-feeds overrides")
  func formFeeds() throws {
    let text = Data((1...40).map { "Paragraph \($0) of a text of several pages." }.joined(separator: "\n\n").utf8)
    func run(_ options: [String]) throws -> (pages: Int, lines: Int) {
      let result = try Executable.run(["--from", "text", "--page-size", "40x10"] + options, stdin: text)
      #expect(result.status == 0)
      return (result.stdout.filter { $0 == "\u{0C}" }.count + 1, result.stdout.split(separator: "\n", omittingEmptySubsequences: false).count - 1)
    }
    let plain = try run(["--color", "never"])
    #expect(plain.pages > 3, "plain text has a form feed before each page after the first")
    let styled = try run(["--color", "always"])
    #expect(styled.pages == 1, "no form feed in styled output")
    #expect(styled.lines == plain.lines, "the pages keep their height in lines")
    #expect(try run(["--color", "always", "--form-feeds", "always"]).pages == plain.pages)
    #expect(try run(["--color", "never", "--form-feeds", "never"]).pages == 1)
  }

  @Test("escape sequences in the input never reach the output, even with --color always")
  func noInjection() throws {
    let hostile = Data("# Title\u{1B}]0;pwned\u{07}\n\nText \u{1B}[2J and \u{9B}31m.\n".utf8)
    let result = try Executable.run(["--from", "md", "--page-size", "40x10", "--color", "always"], stdin: hostile)
    #expect(result.status == 0)
    #expect(!result.stdout.contains("\u{1B}]"))
    #expect(!result.stdout.contains("\u{1B}[2J"))
    #expect(!result.stdout.contains("\u{9B}"))
    // Visible, each escape apart from the words (styles may come between them).
    #expect(result.stdout.contains("^[") && result.stdout.contains("]0;pwned") && result.stdout.contains("^G"))
  }

  @Test("--double-sided starts chapters on rectos with a blank verso; --even pads")
  func doubleSided() throws {
    let result = try Executable.run(
      ["--from", "md", "--page-size", "30x8", "--double-sided", "--even", "--footer", "|{page}|", "--links", "none"], stdin: Self.book)
    #expect(result.status == 0)
    let pages = result.pages
    #expect(pages.count == 4)
    #expect(pages[0].first == "One")
    #expect(pages[1].allSatisfy { $0.isEmpty })  // blank verso: no footer either
    #expect(pages[2].first == "Two")
    #expect(pages[2].last?.trimmingCharacters(in: .whitespaces) == "3")
  }

  @Test("--facing prints spreads with page 1 alone on the right; --facing-start left pairs 1 with 2")
  func facing() throws {
    let base = ["--from", "md", "--page-size", "20x6", "--chapter-break", "page", "--footer", "", "--links", "none", "--facing"]
    let book = try Executable.run(base, stdin: Self.book)
    let spreads = book.pages
    #expect(spreads.count == 2)
    #expect(spreads[0][0] == String(repeating: " ", count: 22) + "│ One")
    #expect(spreads[1][0].hasPrefix("Two"))
    let paired = try Executable.run(base + ["--facing-start", "left", "--gutter", "2"], stdin: Self.book)
    #expect(paired.pages.count == 1)
    #expect(paired.pages[0][0] == "One" + String(repeating: " ", count: 17) + " │Two")
  }

  @Test("a page too small for its margins is refused with one line and exit 64")
  func tooSmall() throws {
    let result = try Executable.run(["--page-size", "20x4", "--margins", "2", "SampleDocs/minimal.json"])
    #expect(result.status == 64)
    #expect(result.stderr.hasPrefix("Error: Invalid page: page 20x4 is too small: margins, header and footer take 6 of its 4 lines."))
  }
}
