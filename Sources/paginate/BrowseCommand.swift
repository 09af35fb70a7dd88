import ArgumentParser
import PaginateAdapters
import PaginateLayout
import PaginateModel
import PaginatePager
import PaginateSystem

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

      Keys follow less: Space/b a page, j/k a line, d/u half a screen,
      g/G first/last, N g page N, N% percent, / ? search (n N repeat),
      :n :p files, -f facing, -d double-sided, -h hyphenation, -w wrap-around,
      r reload, F follow, h help, q quit. gzip and xz files are read as the
      text inside. less's -R -S -N work as they do in less; -F -X -i -I (from LESS
      settings and aliases) are accepted and change nothing here.

      Examples:
        paginate browse README.md
        paginate browse +/install README.md CHANGES.md
        paginate browse /usr/share/doc/apt/README.md.gz
        paginate -b --page-size a5 book.md
        paginate browse --no-facing --justify notes.txt
        paginate browse -S -n app.log          (long lines cut; → ← scroll)
        MANPAGER='paginate browse' man ls      (bold and underlined)
        git log --color | paginate browse -R   (in its colours)
      """
  )

  @OptionGroup var input: InputOptions
  @OptionGroup var layout: LayoutOptionGroup
  @OptionGroup var output: OutputOptions

  @Flag(help: "Capture the mouse: the wheel scrolls (hold Shift to select text).")
  var mouse = false

  // less's options that LESS settings and aliases carry (-F quit on one screen, -X no
  // terminal set-up, -i and -I case): accepted, and nothing changes (searches ignore case
  // already). -N numbers lines, as -n does.
  @Flag(name: .customShort("F"), help: .hidden) var lessQuitIfOneScreen = false
  @Flag(name: .customShort("X"), help: .hidden) var lessNoInit = false
  @Flag(name: .customShort("i"), help: .hidden) var lessSmartCase = false
  @Flag(name: .customShort("I"), help: .hidden) var lessIgnoreCase = false

  @Argument(
    help: ArgumentHelp(
      "The files to page through ('-' for standard input); a first argument +N, +G or +/pattern starts on page N, the last page or the first match.",
      valueName: "file"),
    completion: .file())
  var files: [String] = []

  mutating func run() throws {
    var files = files
    var startCommand: String?
    if let first = files.first, first.hasPrefix("+"), first.count > 1 {
      startCommand = String(first.dropFirst())
      files.removeFirst()
    }
    guard PagerSession.hasTerminal else {
      // Not a terminal: print the pages, as less does.
      var print = try PrintCommand.parse([])
      print.input = input
      print.layout = layout
      print.output = output
      print.files = files
      try print.run()
      return
    }
    if files.isEmpty {
      // As less does: no file and a terminal for input is a mistake, not a wait.
      guard !FileDescriptor.standardInput.isTerminal else {
        Diagnostics.fail("missing file name (browse reads standard input only from a pipe; see paginate browse --help)")
      }
      files = ["-"]
    }
    let paths = files
    let registry = Diagnostics.orFail { () throws(InputError) in try input.registry(for: paths, showsStyles: true) }
    let from = input.from
    // A file that cannot be read is said and passed over, as print and less do: the first that
    // can is shown, and the exit status says that one could not.
    var first = 0
    var skipped: [String] = []
    var readable: LoadedInput?
    while paths[first] != "-" && first + 1 < paths.count && readable == nil {
      do throws(InputError) {
        readable = try registry.loadInput(contentsOfFile: paths[first], format: from)
      } catch {
        Diagnostics.error(error.description)
        skipped.append(error.description)
        first += 1
      }
    }
    let loaded = readable ?? Diagnostics.orFail { [first] () throws(InputError) in
      guard paths[first] == "-" else { return try registry.loadInput(contentsOfFile: paths[first], format: from) }
      // Standard input is kept in an unnamed file as it is read, as less keeps it: the first
      // page shows as soon as its text has come, and pages are laid out again from the file.
      let spool = try SpooledInput(
        .standardInput, name: "<stdin>", folder: CurrentProcess.environment("TMPDIR").flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp")
      // While the pager waits for the pipe, or lays out a long stretch of it, q is answered:
      // the terminal is the pager's from now on.
      if PagerSession.hasTerminal { _ = PagerSession.takeTerminal(mouse: mouse) }
      spool.callWhileReading { if Terminal.quitIsTyped() { CurrentProcess.exit(0) } }
      return try registry.loadInput(spooled: spool, name: "<stdin>", format: from)
    }
    for warning in loaded.warnings { Diagnostics.warn(warning) }
    // Lines (a log, a program, a man page formatted for this terminal's width) take the whole
    // width, on a page of their own, as less shows them; prose keeps a readable measure, in
    // spreads on a wide terminal.
    let isLines = loaded.adapter.name == LinesAdapter().name
    let facingMode: PagerModel.FacingMode =
      switch layout.facingFlag {
      case .some(true): .on
      case .some(false): .off
      case .none: isLines || layout.chop ? .off : .auto
      }
    var options = layout.layoutOptions(fileName: loaded.name)
    if layout.chop { options.longLines = .whole }
    // The status line shows the page number: pages sized to the terminal leave out the folio
    // (two lines of a 24-line screen). A fixed --page-size keeps it, so that page N is the
    // page N that print makes, and so does a --footer given.
    if layout.pageSizeOption == nil && layout.footerOption == nil { options.footer = "" }
    var configuration = PagerModel.Configuration(
      options: options, fixedPageSize: layout.pageSizeOption, facing: facingMode,
      // A screen is not a book: page 1 pairs with page 2 and the first screen is full, unless
      // asked for, or double-sided (where a recto belongs on the right).
      facingOptions: FacingOptions(
        start: layout.facingStartOption ?? (options.isDoubleSided ? .right : .left), progression: layout.pageProgression,
        gutter: layout.gutter),
      fileNames: paths.map { $0 == "-" ? loaded.name : $0 })
    if isLines { configuration.widestPage = Int.max }
    var model = Diagnostics.orFail { () throws(LayoutError) in
      try PagerModel(reader: loaded.reader, configuration: configuration, columns: 80, rows: 24)
    }
    if first > 0 {
      // The files before could not be read: this one is shown as the file it is, with why.
      model.open(loaded.reader, fileIndex: first)
      model.loadFailed(skipped.joined(separator: "; "))
    }
    // After a reload (key r) the warnings at the end are those of the file as read last.
    var shown = loaded
    let settings = PagerSession.Settings(
      usesColour: output.color.allowsColourInPager, capturesMouse: mouse, makesHyperlinks: output.hyperlinks != .never)
    let opened = PagerSession.run(&model, settings: settings, startCommand: startCommand) { index in
      let path = paths[index]
      if path == "-" {
        // The pipe has been read to its end: what was read is all there is.
        return .failure(
          .init(index == 0 ? "standard input cannot be read again" : "standard input can be browsed only as the first file"))
      }
      do throws(InputError) {
        let reloaded = try registry.loadInput(contentsOfFile: path, format: from)
        shown = reloaded
        return .success(reloaded.reader)
      } catch {
        return .failure(.init("cannot read \(path): \(error.description)"))
      }
    }
    if !opened { Diagnostics.fail("cannot open the terminal (/dev/tty)") }
    for warning in shown.finalWarnings { Diagnostics.warn(warning) }
    if let error = shown.finalError { Diagnostics.fail(error) }
    if !skipped.isEmpty { throw ExitCode.failure }
  }
}
