import Foundation
import PaginateTestSupport
import Testing

/// Page ranges past the end, files that cannot be read among others, `{pages}` over several
/// files, a negative first page, and completion of file names in bash.
@Suite("Page selection, several files, completions", .temporaryFolder)
struct SelectionAndFilesTests {
  private func document(_ title: String, paragraphs: Int) -> String {
    "# \(title)\n\n" + (1...paragraphs).map { "Paragraph \($0) of \(title)." }.joined(separator: "\n\n") + "\n"
  }

  private func folder(_ files: [String: String]) throws -> URL {
    let folder = try Executable.temporaryDirectory()
    for (name, text) in files { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
    return folder
  }

  @Test("--pages past the last page: one line with the page count, exit 1; export writes no file")
  func pagesPastTheEnd() throws {
    let folder = try folder(["a.md": document("A", paragraphs: 30)])
    let file = folder.appendingPathComponent("a.md").path
    let printed = try Executable.run(["--page-size", "30x20", "--pages", "9999", file])
    #expect(printed.status == 1)
    #expect(printed.stdout.isEmpty)
    #expect(printed.stderr == "paginate: --pages 9999 selects no page: the output has 4 pages (1-4)\n")
    // A range that reaches past the end prints what there is.
    let partial = try Executable.run(["--page-size", "30x20", "--pages", "3-99", file])
    #expect(partial.status == 0)
    #expect(partial.stdout.split(separator: "\u{0C}").count == 2)
    let out = folder.appendingPathComponent("out.txt").path
    let exported = try Executable.run(["export", "--page-size", "30x20", "--pages", "9999", "-o", out, file])
    #expect(exported.status == 1)
    #expect(exported.stderr.contains("selects no page"))
    #expect(!FileManager.default.fileExists(atPath: out))
  }

  @Test("a file that cannot be read among several: the others are printed, its error said, exit 1")
  func missingFileAmongOthers() throws {
    let folder = try folder(["a.md": document("A", paragraphs: 3), "b.md": document("B", paragraphs: 3)])
    let a = folder.appendingPathComponent("a.md").path
    let b = folder.appendingPathComponent("b.md").path
    let missing = folder.appendingPathComponent("missing.md").path
    let result = try Executable.run(["--page-size", "30x20", a, missing, b])
    #expect(result.status == 1)
    #expect(result.stdout.contains("Paragraph 1 of A."))
    #expect(result.stdout.contains("Paragraph 1 of B."))
    #expect(result.stderr == "paginate: \(missing): no such file\n")
    // An export is all or nothing.
    let out = folder.appendingPathComponent("out.txt").path
    let exported = try Executable.run(["export", "-o", out, a, missing])
    #expect(exported.status == 1)
    #expect(!FileManager.default.fileExists(atPath: out))
  }

  @Test("{pages} is the number of the output's last page: over several files, and from --first-page")
  func pagesOverSeveralFiles() throws {
    let folder = try folder(["a.md": document("A", paragraphs: 30), "b.md": document("B", paragraphs: 30)])
    let a = folder.appendingPathComponent("a.md").path
    let b = folder.appendingPathComponent("b.md").path
    let result = try Executable.run(["--page-size", "30x20", "--footer", "{page}/{pages}", "--color", "never", a, b])
    #expect(result.status == 0)
    let footers = result.stdout.split(separator: "\u{0C}").compactMap {
      $0.split(separator: "\n").last?.trimmingCharacters(in: .whitespaces)
    }
    #expect(footers == (1...8).map { "\($0)/8" })
    let numbered = try Executable.run(["--page-size", "30x20", "--footer", "{page}/{pages}", "--first-page", "5", a])
    let last = numbered.stdout.split(separator: "\u{0C}").last?.split(separator: "\n").last
    #expect(last?.trimmingCharacters(in: .whitespaces) == "8/8")
  }

  @Test("--first-page -3 is refused for its value, not as a missing one")
  func negativeFirstPage() throws {
    let result = try Executable.run(["--first-page", "-3", "SampleDocs/guide.md"])
    #expect(result.status == 64)
    #expect(result.stderr.contains("--first-page must be 0...1000000000, got -3"))
  }

  @Test("Markdown piped in without a first-line heading is read as Markdown")
  func sniffedStandardInput() throws {
    let readme = "<p align=\"center\"><img src=\"logo.png\" alt=\"Logo\"></p>\n\nA tool. See [the guide](guide.md).\n"
    let result = try Executable.run(["--page-size", "40x10", "--color", "never"], stdin: Data(readme.utf8))
    #expect(result.status == 0)
    #expect(result.stdout.contains("[image: Logo]"))
    #expect(!result.stdout.contains("<p align"))
  }

  @Test("bash completes file names and option values, after paginate alone and after a subcommand")
  func bashCompletion() throws {
    let folder = try folder(["README.md": "x", "READY.txt": "y", "other.md": "z"])
    let script = try Executable.run(["--generate-completion-script", "bash"])
    #expect(script.status == 0)
    let scriptFile = folder.appendingPathComponent("paginate.bash")
    try Data(script.stdout.utf8).write(to: scriptFile)
    // Runs the completion function as bash runs it for the words typed; prints the choices.
    let driver = """
      source '\(scriptFile.path)'
      cd '\(folder.path)'
      complete_words() {
        local -a words=("$@")
        COMP_WORDS=("${words[@]}"); COMP_CWORD=$((${#words[@]} - 1)); COMPREPLY=()
        _paginate "${words[0]}" "${words[-1]}" "${words[-2]}"
        printf '%s\\n' "$(printf '%s\\n' "${COMPREPLY[@]}" | sort | tr '\\n' ' ')"
      }
      complete_words paginate REA
      complete_words paginate --color ''
      complete_words paginate browse REA
      complete_words paginate export -o out.txt ot
      complete_words paginate ex
      """
    let driverFile = folder.appendingPathComponent("driver.bash")
    try Data(driver.utf8).write(to: driverFile)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = [driverFile.path]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    let lines = output.split(separator: "\n", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
    #expect(lines.count >= 5)
    guard lines.count >= 5 else { return }
    #expect(lines[0] == "README.md READY.txt")
    #expect(lines[1] == "always auto never")
    #expect(lines[2] == "README.md READY.txt")
    #expect(lines[3] == "other.md")
    #expect(lines[4] == "export")
  }

  @Test("printed pages: OSC 8 links with --hyperlinks always, none with never or into a pipe (auto)")
  func printedHyperlinks() throws {
    let markdown = Data("See [the guide](https://example.org/guide).\n".utf8)
    let always = try Executable.run(["--from", "markdown", "--hyperlinks", "always", "--color", "never"], stdin: markdown)
    #expect(always.stdout.contains("\u{1B}]8;id=paginate-1;https://example.org/guide\u{1B}\\the guide\u{1B}]8;;\u{1B}\\"))
    for options in [["--hyperlinks", "never"], []] {
      let result = try Executable.run(["--from", "markdown", "--color", "never"] + options, stdin: markdown)
      #expect(!result.stdout.contains("\u{1B}"), "\(options)")
    }
  }
}
