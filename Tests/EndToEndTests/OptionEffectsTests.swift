import Foundation
import PaginateTestSupport
import Testing

/// Each option changes the output as documented (README "Pages" table and `--help`).
@Suite("Every option changes the output as documented", .temporaryFolder)
struct OptionEffectsTests {
  static let book = Data(
    """
    # One

    First chapter text with a [link](https://example.org/one), "quotes" -- and dashes...

    ```
    \tcode with a tab
    ```

    # Two

    Second chapter. Justification and line breaking show on a paragraph long enough to need
    several lines at a narrow width, with words of rather different lengths in it.
    """.utf8)

  func run(_ options: [String], input: Data = book) throws -> Executable.Result {
    let result = try Executable.run(["--from", "markdown", "--color", "never"] + options + ["-"], stdin: input)
    #expect(result.status == 0, "\(options): \(result.stderr)")
    return result
  }

  @Test("--page-size: lines per page and width; paper names")
  func pageSize() throws {
    for page in try run(["--page-size", "30x10"]).pages {
      #expect(page.count == 10)
      #expect(page.allSatisfy { $0.count <= 30 })
    }
    #expect(try run(["--page-size", "a5"]).pages.first?.count == 49)
    #expect(try run(["--page-size", "letter"]).pages.first?.count == 66)
  }

  @Test("margins: top lines blank, inner columns blank; mirrored on versos when double-sided")
  func margins() throws {
    let marginPages = try run(["--page-size", "40x14", "--margin-top", "2", "--margin-inner", "4"]).pages
    let page = try #require(marginPages.first)
    #expect(page[0].isEmpty && page[1].isEmpty)
    #expect(page[2] == "    One")
    let allPages = try run(["--page-size", "40x14", "--margins", "1", "--margin-bottom", "0"]).pages
    let all = try #require(allPages.first)
    #expect(all[0].isEmpty && all[1] == " One")
    let twoSided = try run([
      "--page-size", "40x14", "--double-sided", "--margin-inner", "5", "--margin-outer", "1", "--chapter-break", "page",
    ]).pages
    #expect(twoSided[0][0] == "     One")  // recto: inner on the left
    let verso = try #require(twoSided.first { $0.first?.hasPrefix(" ") == true && !$0.first!.hasPrefix("  ") })
    #expect(verso[0].hasPrefix(" ") && !verso[0].hasPrefix("  "))  // verso: outer (1) on the left
  }

  @Test("--header and --footer templates; left and right swap on versos")
  func headerAndFooter() throws {
    let pages = try run([
      "--page-size", "40x12", "--header", "{title}|{chapter}|{page}/{pages}", "--footer", "{file}||{page}",
      "--double-sided", "--chapter-break", "page", "--links", "none",
    ]).pages
    #expect(pages.count == 2)
    #expect(pages[0][0] == "One               One                1/2")
    #expect(pages[0].last == "<stdin>                                1")
    // Page 2 is a verso: the number moves to the outer (left) edge, the title to the right.
    #expect(pages[1][0] == "2/2               Two                One")
    #expect(pages[1].last == "2                                <stdin>")
    #expect(try run(["--page-size", "40x12", "--footer", "", "--links", "none"]).pages[0].last == "")
  }

  @Test("--double-sided inserts a blank verso before a chapter; --even pads; --chapter-break page")
  func sides() throws {
    let double = try run(["--page-size", "40x12", "--double-sided", "--links", "none"]).pages
    #expect(double.count == 3)
    #expect(double[1].allSatisfy { $0.isEmpty })
    #expect(try run(["--page-size", "40x12", "--double-sided", "--even", "--links", "none"]).pages.count == 4)
    let breaks = try run(["--page-size", "40x30", "--chapter-break", "page"]).pages
    #expect(breaks.count == 2)
    #expect(breaks[1][0] == "Two")
    #expect(try run(["--page-size", "40x30"]).pages.count == 1)
  }

  @Test("--facing, --facing-start, --gutter, --page-progression")
  func facing() throws {
    let base = ["--page-size", "30x12", "--chapter-break", "page", "--links", "none", "--footer", "|{page}|"]
    let book = try run(base + ["--facing"]).pages
    let footer = try #require(book[0].last)
    #expect(footer.prefix { $0 == " " }.count == 32)  // the empty left side and half the gutter
    #expect(footer.drop { $0 == " " }.first == "│")
    #expect(footer.hasSuffix("│" + String(repeating: " ", count: 15) + "1"), "\(Array(footer.unicodeScalars))")
    let left = try run(base + ["--facing", "--facing-start", "left", "--gutter", "6"]).pages
    #expect(left[0][0].hasPrefix("One") && left[0][0].hasSuffix("│  Two"))
    let rtl = try run(base + ["--facing", "--facing-start", "left", "--page-progression", "rtl"]).pages
    #expect(rtl[0][0].hasPrefix("Two") && rtl[0][0].hasSuffix("One"))
  }

  @Test("--wrap greedy and optimal break differently; --justify fills the width")
  func lineBreaking() throws {
    let paragraph = Data("aaa e ggg ffff ggg mm ddddd e bb e oo l iiii ddddd jj ggg nnnn aaa ddddd aaa".utf8)
    let options = ["--page-size", "12x20", "--footer", ""]
    let optimal = try run(options, input: paragraph).pages[0].filter { !$0.isEmpty }
    let greedy = try run(options + ["--wrap", "greedy"], input: paragraph).pages[0].filter { !$0.isEmpty }
    #expect(optimal != greedy)
    func ragged(_ lines: [Substring]) -> Int { lines.dropLast().reduce(0) { $0 + (12 - $1.count) * (12 - $1.count) } }
    #expect(ragged(optimal) < ragged(greedy))
    let justified = try run(options + ["--justify"], input: paragraph).pages[0].filter { !$0.isEmpty }
    #expect(justified.dropLast().allSatisfy { $0.count == 12 })
  }

  @Test("--links footnotes, inline and none")
  func links() throws {
    let footnotes = try run(["--page-size", "60x20"]).stdout
    #expect(footnotes.contains("link[1]") && footnotes.contains("[1] https://example.org/one"))
    #expect(try run(["--page-size", "60x20", "--links", "inline"]).stdout.contains("link <https://example.org/one>"))
    let none = try run(["--page-size", "60x20", "--links", "none"]).stdout
    #expect(!none.contains("example.org") && none.contains("link,"))
  }

  @Test("--marks: marks in the text without colour (auto), none with it; text and styles force either")
  func marks() throws {
    let input = Data("### Third\n\nSome *em*, **strong**, ~~old~~ and `code`; ![a gauge](g.png).\n".utf8)
    let marked = ["### Third", "_em_", "**strong**", "~~old~~", "`code`", "[image: a gauge]"]
    let plain = try Executable.run(["--from", "markdown", "--color", "never", "--page-size", "60x8", "-"], stdin: input)
    for mark in marked { #expect(plain.stdout.contains(mark), "\(mark) in \(plain.stdout)") }
    let styled = try Executable.run(["--from", "markdown", "--color", "always", "--page-size", "60x8", "-"], stdin: input)
    #expect(!styled.stdout.contains("_em_") && !styled.stdout.contains("###") && !styled.stdout.contains("`"))
    #expect(styled.stdout.contains("\u{1B}[3mem") && styled.stdout.contains("\u{1B}[9mold"))
    let forced = try Executable.run(
      ["--from", "markdown", "--color", "always", "--marks", "text", "--page-size", "60x8", "-"], stdin: input)
    #expect(forced.stdout.contains("\u{1B}[3mem") && forced.stdout.contains("###"))
    let unmarked = try Executable.run(
      ["--from", "markdown", "--color", "never", "--marks", "styles", "--page-size", "60x8", "-"], stdin: input)
    #expect(unmarked.stdout.hasPrefix("Third\n\nSome em, strong, old and code; a gauge."))
  }

  @Test("--tab-width, --first-page, --smart, --from")
  func smallOptions() throws {
    // Printed without colour, a code block is indented 4.
    #expect(try run(["--page-size", "40x30", "--tab-width", "4"]).stdout.contains("\n        code with a tab\n"))
    #expect(try run(["--page-size", "40x30"]).stdout.contains("\n            code with a tab\n"))
    #expect(try run(["--page-size", "40x30", "--marks", "styles"]).stdout.contains("\n        code with a tab\n"))
    #expect(try run(["--page-size", "40x30", "--first-page", "7"]).pages[0].last?.trimmingCharacters(in: .whitespaces) == "7")
    #expect(try run(["--page-size", "80x30", "--smart"]).stdout.contains("“quotes” – and dashes…"))
    let text = try Executable.run(["--from", "text", "--page-size", "40x30", "-"], stdin: Data("# not a heading\n".utf8))
    #expect(text.stdout.hasPrefix("# not a heading\n"))
  }

  @Test("--widows and --orphans move lines between pages")
  func widows() throws {
    let text = Data(((1...12).map { "w\($0)" }.joined(separator: " ") + "\n\n" + (1...40).map { "x\($0)" }.joined(separator: " ")).utf8)
    let options = ["--from", "text", "--page-size", "10x8", "--footer", "", "--color", "never"]
    let loose = try Executable.run(options + ["--widows", "1", "--orphans", "1", "-"], stdin: text).pages
    let strict = try Executable.run(options + ["--widows", "3", "--orphans", "3", "-"], stdin: text).pages
    #expect(loose != strict)
  }

  @Test("--pages selects printed page numbers: ranges, lists, odd and even")
  func pages() throws {
    let text = Data((1...60).map { "Paragraph \($0)." }.joined(separator: "\n\n").utf8)
    let options = ["--from", "text", "--page-size", "20x5", "--color", "never", "-"]
    func numbers(_ ranges: String) throws -> [String] {
      try Executable.run(["--pages", ranges] + options, stdin: text).pages.map { $0.last?.trimmingCharacters(in: .whitespaces) ?? "" }
    }
    #expect(try numbers("3") == ["3"])
    #expect(try numbers("2-4,7") == ["2", "3", "4", "7"])
    let count = try numbers("1-").count
    #expect(count > 5)
    #expect(try numbers("\(count - 1)-") == ["\(count - 1)", "\(count)"])
    #expect(try numbers("odd").prefix(3) == ["1", "3", "5"])
    #expect(try numbers("even").prefix(3) == ["2", "4", "6"])
    let bad = try Executable.run(["--pages", "9-3"] + options, stdin: text)
    #expect(bad.status == 64)
    #expect(bad.stderr.contains("invalid page range '9-3': it ends before it starts"))
  }

  @Test("--pages 1 of an endless input prints page 1 and stops: text streams, and layout stops at the last page asked for", .timeLimit(.minutes(10)))
  func firstPageOfEndlessInput() throws {
    // `sed G` puts a blank line after each line: endless paragraphs (an endless single one
    // would have to be read whole before its first line is set). `timeout` stops paginate if
    // it ever reads on for good (then yes and sed end on a closed pipe): the test fails on the
    // status instead of leaving the pipeline running.
    let command = "yes 'The tide came in over the sand and went out again.' | sed G | timeout 30 \(Executable.url.path) --from text --page-size 40x10 --footer '{page}' --color never --pages 1 -"
    let result = try Executable.runTool("sh", ["-c", command])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.pages.count == 1)
    #expect(result.pages[0].count == 10)
    #expect(result.pages[0].first?.hasPrefix("The tide came in over the sand and") == true)
    #expect(result.pages[0].last?.trimmingCharacters(in: .whitespaces) == "1")
  }

  @Test("defaults from the config file and PAGINATE_OPTIONS; the command line wins")
  func configuration() throws {
    let folder = try Executable.temporaryDirectory()
    try FileManager.default.createDirectory(at: folder.appendingPathComponent("paginate"), withIntermediateDirectories: true)
    try Data("# defaults\npage-size = \"30x7\"\nfooter = ''\ndouble-sided = false\n".utf8)
      .write(to: folder.appendingPathComponent("paginate/config.toml"))
    let environment = ["XDG_CONFIG_HOME": folder.path]
    let fromFile = try Executable.run(["--color", "never", "SampleDocs/minimal.json"], environment: environment)
    #expect(fromFile.pages.allSatisfy { $0.count == 7 })
    let fromVariable = try Executable.run(
      ["--color", "never", "SampleDocs/minimal.json"], environment: environment.merging(["PAGINATE_OPTIONS": "--page-size 30x5"]) { $1 })
    #expect(fromVariable.pages.allSatisfy { $0.count == 5 })
    let fromCommandLine = try Executable.run(
      ["--page-size", "30x4", "--color", "never", "SampleDocs/minimal.json"],
      environment: environment.merging(["PAGINATE_OPTIONS": "--page-size 30x5"]) { $1 })
    #expect(fromCommandLine.pages.allSatisfy { $0.count == 4 })
    try Data("page-sise = 3\n".utf8).write(to: folder.appendingPathComponent("paginate/config.toml"))
    let bad = try Executable.run(["SampleDocs/minimal.json"], environment: environment)
    #expect(bad.status == 64)
    #expect(bad.stderr.hasPrefix("paginate: \(folder.path)/paginate/config.toml:1: unknown option 'page-sise'"))
  }

  @Test("--hyphenate hyphenates prose by --lang's patterns (or the config file's); a language with none is refused")
  func hyphenate() throws {
    let prose = Data(
      "Niemand in der Harrowstraße konnte sich an eine Zeit vor dem Uhrengeschäft erinnern, so voller Messingzifferblätter war es.\n"
        .utf8)
    let plain = Array(try run(["--page-size", "24x20", "--footer", ""], input: prose).pages.joined())
    #expect(!plain.contains { $0.hasSuffix("-") })
    let german = Array(try run(["--page-size", "24x20", "--footer", "", "--hyphenate", "--lang", "de"], input: prose).pages.joined())
    #expect(german.contains { $0.hasSuffix("-") })
    #expect(german.allSatisfy { $0.count <= 24 })
    // The words, their halves joined, are the text's words in order.
    let joined = german.map { $0.hasSuffix("-") ? String($0.dropLast()) : $0 + " " }.joined()
    #expect(joined.split(separator: " ") == plain.joined(separator: " ").split(separator: " "))

    let folder = try Executable.temporaryDirectory()
    try FileManager.default.createDirectory(at: folder.appendingPathComponent("paginate"), withIntermediateDirectories: true)
    try Data("hyphenate = true\nlang = \"de\"\n".utf8).write(to: folder.appendingPathComponent("paginate/config.toml"))
    let configured = try Executable.run(
      ["--from", "text", "--page-size", "24x20", "--footer", "", "-"], stdin: prose, environment: ["XDG_CONFIG_HOME": folder.path])
    #expect(Array(configured.pages.joined()) == german)

    let missing = try Executable.run(["--hyphenate", "--lang", "xx", "-"], stdin: prose)
    #expect(missing.status == 64)
    #expect(missing.stderr.contains("no hyphenation patterns for 'xx'") && missing.stderr.contains("hyphen-xx"))
    #expect(missing.stdout.isEmpty)
  }

  @Test("--help shows examples for each subcommand")
  func help() throws {
    for command in ["print", "export", "adapters"] {
      let help = try Executable.run([command, "--help"])
      #expect(help.status == 0)
      #expect(help.stdout.contains("Example"), "\(command) --help has no examples")
    }
  }

  @Test(
    "every long option of every subcommand is accepted in config.toml, as --help lists them; wrong types are refused with the key and line",
    arguments: ["print", "export", "browse"])
  func everyOptionInConfig(command: String) throws {
    let folder = try Executable.temporaryDirectory()
    try FileManager.default.createDirectory(at: folder.appendingPathComponent("paginate"), withIntermediateDirectories: true)
    let config = folder.appendingPathComponent("paginate/config.toml")
    let environment = ["XDG_CONFIG_HOME": folder.path]
    let help = try Executable.run([command, "--experimental-dump-help"])
    let root = try #require(try JSONSerialization.jsonObject(with: Data(help.stdout.utf8)) as? [String: Any])
    let arguments = try #require((root["command"] as? [String: Any])?["arguments"] as? [[String: Any]])
    var checked = 0
    for argument in arguments {
      let names = (argument["names"] as? [[String: Any]] ?? []).filter { $0["kind"] as? String == "long" }
      guard let name = names.first?["name"] as? String, !["help", "version", "output"].contains(name),
        !name.hasPrefix("no-")
      else { continue }
      // A value the option takes: its default, its first choice, or one fitting its value's name.
      let value: String
      if argument["kind"] as? String == "flag" {
        value = "true"
      } else if let choices = argument["allValues"] as? [String], let first = choices.first {
        value = "\"\(first)\""
      } else if let given = argument["defaultValue"] as? String, !given.isEmpty {
        value = Double(given) != nil ? given : "\"\(given)\""
      } else {
        let samples = ["size": "\"a5\"", "n": "1", "template": "\"x\"", "name": "\"markdown\"", "ranges": "\"1\"", "seconds": "5", "tag": "\"en-US\"", "paper": "\"letter\"", "language": "\"python\""]
        value = try #require(samples[argument["valueName"] as? String ?? ""], "no sample value for --\(name)")
      }
      try "# set by the test\n\(name) = \(value)  # a comment\n".write(to: config, atomically: true, encoding: .utf8)
      let run = try Executable.run(
        [command] + (command == "export" ? ["-o", "-"] : []) + ["SampleDocs/minimal.json"], environment: environment)
      #expect(run.status == 0, "\(name) = \(value): \(run.stderr)")
      #expect(!run.stderr.contains("config.toml"), "\(name) = \(value): \(run.stderr)")
      checked += 1
    }
    #expect(checked >= (command == "export" ? 25 : 30))

    // Wrong types name the file, the line and the key.
    try "page-size = \"a5\"\n\nwidows = \"two\"\n".write(to: config, atomically: true, encoding: .utf8)
    let wrong = try Executable.run([command, "SampleDocs/minimal.json"], environment: environment)
    #expect(wrong.status == 64)
    #expect(wrong.stderr == "paginate: \(config.path):3: widows = two: The value 'two' is invalid for '--widows <n>'\n")
    // A flag that cannot be turned off says so; an option of another subcommand is left out.
    if command == "browse" {
      try "mouse = false\n".write(to: config, atomically: true, encoding: .utf8)
      let off = try Executable.run([command, "SampleDocs/minimal.json"], environment: environment)
      #expect(off.stderr == "paginate: \(config.path):1: 'mouse' can only be true (leave it out for false)\n")
    }
    if command == "export" {
      try "color = \"never\"\nmouse = true\n".write(to: config, atomically: true, encoding: .utf8)
      let other = try Executable.run([command, "-o", "-", "SampleDocs/minimal.json"], environment: environment)
      #expect(other.status == 0, "\(other.stderr)")
      #expect(other.stderr == "")
    }
  }
}
