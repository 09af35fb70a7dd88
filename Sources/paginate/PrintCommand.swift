import ArgumentParser
import PaginateAdapters
import PaginateLayout
import PaginateModel

/// `paginate [OPTIONS] [FILE ...]`: print the pages of each file to standard output.
struct PrintCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "print",
    abstract: "Print pages to standard output (the default command).",
    discussion: """
      Pages are separated by a form feed before every page after the first, and each page has \
      exactly its height in lines. Several files are paginated in turn, each starting on a new \
      page. With no FILE, or when FILE is -, standard input is read.

      Examples:
        paginate README.md
        paginate --page-size 60x30 notes.txt | less
        cat notes.md | paginate --from markdown -
        paginate --from text data.bin
      """
  )

  @OptionGroup var input: InputOptions
  @OptionGroup var layout: LayoutOptionGroup

  @Argument(help: ArgumentHelp("The files to paginate ('-' for standard input).", valueName: "file"))
  var files: [String] = []

  mutating func run() throws {
    let registry = input.registry
    let engine = LayoutEngine(options: layout.layoutOptions)
    var output = OutputWriter(fileDescriptor: 1)
    var pagesWritten = 0
    for path in files.isEmpty ? ["-"] : files {
      let loaded = try CommandFailure.wrap { () throws(InputError) in
        try registry.load(try InputReader.read(path), named: input.from)
      }
      for warning in loaded.warnings { Diagnostics.warn(warning) }
      for page in engine.pages(for: loaded.document) {
        if pagesWritten > 0 { output.write("\u{0C}") }
        for line in page.lines {
          output.write(line)
          output.write("\n")
        }
        pagesWritten += 1
      }
    }
    output.flush()
  }
}
