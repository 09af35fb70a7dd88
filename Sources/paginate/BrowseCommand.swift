import ArgumentParser
import PaginateAdapters
import PaginateLayout
import PaginateModel
import PaginatePager

/// `paginate browse [OPTIONS] FILE`: page through a document in the terminal.
struct BrowseCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "browse",
    abstract: "Page through a document in the terminal, one page or spread at a time.",
    discussion: """
      Pages fill the terminal above a status line; on a terminal wide enough for two pages of \
      a readable width, spreads are shown (--no-facing for single pages). --page-size fixes the \
      page size, so page N is the page N that `paginate` prints. When standard output is not a \
      terminal, the pages are printed instead, as less does. Press H in the pager for the keys.

      Keys: Space, Right, l or j next; b, Left, h or k previous; g/G first/last;
            N g go to page N; / or ? search, n/N repeat; f facing; d double-sided;
            w wrap-around; r reload; q quit

      Examples:
        paginate browse README.md
        paginate -b --page-size a5 book.md
        paginate browse --no-facing --justify notes.txt
      """
  )

  @OptionGroup var input: InputOptions
  @OptionGroup var layout: LayoutOptionGroup
  @OptionGroup var output: OutputOptions

  @Argument(help: ArgumentHelp("The file to page through ('-' for standard input).", valueName: "file"))
  var file: String = "-"

  mutating func run() throws {
    guard PagerSession.hasTerminal else {
      // Not a terminal: print the pages, as less does.
      var print = try PrintCommand.parse([])
      print.input = input
      print.layout = layout
      print.output = output
      print.files = [file]
      try print.run()
      return
    }
    let path = file
    let registry = Diagnostics.orFail { () throws(InputError) in try input.registry(for: [path]) }
    let from = input.from
    let loaded = Diagnostics.orFail { () throws(InputError) in
      // Standard input cannot be read again for a relayout: hold it whole.
      try registry.loadSource(contentsOfFile: path, format: from, incremental: path != "-")
    }
    for warning in loaded.warnings { Diagnostics.warn(warning) }
    let facingMode: PagerModel.FacingMode =
      switch layout.facingFlag {
      case .some(true): .on
      case .some(false): .off
      case .none: .auto
      }
    let configuration = PagerModel.Configuration(
      options: layout.layoutOptions(fileName: loaded.name), fixedPageSize: layout.pageSizeOption, facing: facingMode,
      facingOptions: FacingOptions(start: layout.facingStart, progression: layout.pageProgression, gutter: layout.gutter),
      fileName: loaded.name)
    var model = Diagnostics.orFail { () throws(LayoutError) in
      try PagerModel(source: loaded.source, configuration: configuration, columns: 80, rows: 24)
    }
    // After a reload (key r) the warnings at the end are those of the file as read last.
    var shown = loaded
    let opened = PagerSession.run(&model) {
      guard let reloaded = try? registry.loadSource(contentsOfFile: path, format: from) else { return nil }
      shown = reloaded
      return reloaded.source
    }
    if !opened { Diagnostics.fail("cannot open the terminal (/dev/tty)") }
    for warning in shown.finalWarnings { Diagnostics.warn(warning) }
  }
}
