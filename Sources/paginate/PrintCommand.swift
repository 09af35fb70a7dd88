import ArgumentParser
import PaginateLayout
import PaginateRender

/// `paginate [OPTIONS] [FILE ...]`: print the pages of each file to standard output.
struct PrintCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "print",
    abstract: "Print pages to standard output (the default command).",
    discussion: """
      Pages are separated by a form feed before every page after the first, and each page has \
      exactly its height in lines. Several files are paginated in turn, each starting on a new \
      page (on a recto when double-sided). With no FILE, or when FILE is -, standard input is read.

      Defaults for any option can be set in ~/.config/paginate/config.toml (or \
      $XDG_CONFIG_HOME/paginate/config.toml) as `long-option = value` lines, or in the \
      PAGINATE_OPTIONS environment variable; options on the command line win.

      Examples:
        paginate README.md
        paginate --page-size a5 --justify notes.txt | less -R
        paginate --pages 3-7,10 book.md
        paginate --pages odd book.md | lpr     (then --pages even for the backs)
        paginate --double-sided --margin-inner 6 --margin-outer 2 --header '{chapter}||{page}' book.md
        paginate --facing --page-size 50x30 book.md
        cat notes.md | paginate --from markdown -
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

  @Argument(help: ArgumentHelp("The files to paginate ('-' for standard input).", valueName: "file"))
  var files: [String] = []

  mutating func run() throws {
    var writer = OutputWriter(fileDescriptor: 1)
    let renderer = TextRenderer(usesANSI: output.color.usesANSI)
    var written = 0
    func emit(_ lines: [Line]) {
      if written > 0 { writer.write("\u{0C}") }
      var bytes: [UInt8] = []
      bytes.reserveCapacity(lines.count * (layout.pageSize.columns + 1))
      renderer.render(lines, into: &bytes)
      writer.write(bytes)
      written += 1
    }
    var stream = PageStream(files: files, input: input, layout: layout, selection: pages)
    if let facing = layout.facingOptions {
      var spreads = SpreadCollector(facing: facing, pageSize: layout.pageSize)
      try stream.forEach { page in
        if let spread = spreads.add(page) { emit(spread) }
      }
      if let spread = spreads.finish() { emit(spread) }
    } else {
      try stream.forEach { page in emit(page.lines) }
    }
    writer.flush()
    // Done: end now rather than free the documents' values one by one (as compilers skip
    // freeing before they exit). Nothing is left to write or close.
    Diagnostics.finishSuccessfully()
  }
}

/// Groups pages arriving in order into spreads, emitting each spread when the next page falls
/// in another one. Pages not passed in (unselected) leave their side of a spread empty.
struct SpreadCollector {
  let facing: FacingOptions
  let pageSize: PageSize
  private var current: (index: Int, pages: [Page])?

  init(facing: FacingOptions, pageSize: PageSize) {
    self.facing = facing
    self.pageSize = pageSize
  }

  /// Adds a page; returns the lines of the previous spread when this page starts a new one.
  mutating func add(_ page: Page) -> [Line]? {
    let index = facing.spreadIndex(ofPage: page.index)
    if let current, current.index == index {
      self.current?.pages.append(page)
      return nil
    }
    let finished = finish()
    current = (index, [page])
    return finished
  }

  /// The lines of the spread being collected, if any.
  mutating func finish() -> [Line]? {
    guard let current else { return nil }
    self.current = nil
    return spread(current.index, current.pages).lines(pageSize: pageSize, gutter: facing.gutter, spine: facing.drawsSpine)
  }

  func spread(_ index: Int, _ pages: [Page]) -> Spread {
    let (first, _) = facing.pageIndices(ofSpread: index)
    var left = pages.first { $0.index == first }
    var right = pages.first { $0.index != first }
    if facing.progression == .rtl { swap(&left, &right) }
    return Spread(index: index, left: left, right: right)
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
