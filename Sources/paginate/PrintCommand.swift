import ArgumentParser
import PaginateLayout
import PaginateRender

/// `paginate [OPTIONS] [FILE ...]`: print the pages of each file to standard output.
struct PrintCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "print",
    abstract: "Print pages to standard output (the default command).",
    discussion: """
      Each page has exactly its height in lines, and a form feed goes before every page after \
      the first (not with colour and styles, which are for a terminal or less -R: see \
      --form-feeds). Several files are paginated in turn, each starting on a new \
      page (on a recto when double-sided). With no FILE, or when FILE is -, standard input is read.

      Defaults for any option can be set in ~/.config/paginate/config.toml (or \
      $XDG_CONFIG_HOME/paginate/config.toml) as `long-option = value` lines, or in the \
      PAGINATE_OPTIONS environment variable; options on the command line win.

      Examples:
        paginate README.md
        paginate --page-size a5 --justify --color always notes.txt | less -R
        paginate --page-size 40x60 --justify --hyphenate --lang de brief.txt
        paginate --pages 3-7,10 book.md
        paginate --pages odd book.md | lpr     (then --pages even for the backs)
        paginate --double-sided --margin-inner 6 --header '{chapter}||{page}' book.md
        paginate --facing --page-size 50x30 book.md
        cat notes.md | paginate --from markdown -
        paginate -n build.sh                    (its lines numbered, as pr -n)
        journalctl | paginate -L -              (line by line: --from lines)
        git log --color | paginate -R -         (in its colours, as less -R)
        paginate -S --color always main.c       (highlighted; long lines cut)
        pandoc -t json thesis.docx | paginate --from pandoc-json
        paginate --from csv data.txt     (an external adapter: see paginate adapters)
        paginate -b book.md                     (browse: the same as paginate browse)
      """
  )

  @OptionGroup var input: InputOptions
  @OptionGroup var layout: LayoutOptionGroup
  @OptionGroup var output: OutputOptions

  @Option(
    help: ArgumentHelp(
      "Printed page numbers to print: N, N-M, N-, odd, even, or a comma list such as 1-3,7,10-.",
      valueName: "ranges"),
    transform: PageRanges.parse)
  var pages: PageRanges = .all

  @Argument(help: ArgumentHelp("The files to paginate ('-' for standard input).", valueName: "file"), completion: .file())
  var files: [String] = []

  mutating func run() throws {
    var writer = OutputWriter()
    let styled = output.color.usesANSI
    var printed = TextPageWriter(
      renderer: TextRenderer(usesANSI: styled, makesHyperlinks: output.hyperlinks.makesLinks), pageSize: layout.pageSize,
      facing: layout.facingOptions)
    printed.formFeeds = output.formFeeds.separatesPages(styled: styled)
    // A file that cannot be read is reported and skipped, as cat does; the exit status says so.
    let files = FileSource(files: files, input: input, layout: layout, styled: styled, skipsUnreadableFiles: true)
    var run = PrintRun(files: files, layout: layout, selection: pages)
    while let spread = Diagnostics.orFail({ () throws(PrintError) in try run.nextSpread() }) {
      writer.write { printed.write(spread: spread, into: &$0) }
    }
    writer.flush()
    // A file that could not be read has said so: no second line about the pages it lacked.
    if !run.source.skipped.isEmpty { throw ExitCode.failure }
    run.checkSelection(firstPage: layout.firstPage)
  }
}

extension PageRanges {
  /// Parses `--pages`, turning a bad range into a usage error (exit 64).
  static func parse(_ text: String) throws -> PageRanges {
    do {
      return try PageRanges(text)
    } catch {
      throw ValidationError("Invalid --pages: \(error.description).")
    }
  }
}
