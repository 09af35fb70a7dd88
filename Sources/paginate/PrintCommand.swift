import ArgumentParser
import PaginateAdapters
import PaginateLayout
import PaginateModel
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

      Examples:
        paginate README.md
        paginate --page-size 60x30 --justify notes.txt | less -R
        paginate --double-sided --margin-inner 6 --margin-outer 2 --header '{chapter}||{page}' book.md
        paginate --facing --page-size 50x30 book.md
        cat notes.md | paginate --from markdown -
      """
  )

  @OptionGroup var input: InputOptions
  @OptionGroup var layout: LayoutOptionGroup
  @OptionGroup var output: OutputOptions

  @Argument(help: ArgumentHelp("The files to paginate ('-' for standard input).", valueName: "file"))
  var files: [String] = []

  mutating func run() throws {
    let registry = input.registry
    var writer = OutputWriter(fileDescriptor: 1)
    let renderer = TextRenderer(usesANSI: output.color.usesANSI)
    var nextNumber = layout.firstPage
    var pagesWritten = 0
    var pendingFacing: [Page] = []

    func emit(_ lines: [Line]) {
      if pagesWritten > 0 { writer.write("\u{0C}") }
      var bytes: [UInt8] = []
      renderer.render(lines, into: &bytes)
      writer.write(bytes)
      pagesWritten += 1
    }

    for path in files.isEmpty ? ["-"] : files {
      let loaded = try CommandFailure.wrap { () throws(InputError) in
        try registry.load(try InputReader.read(path), named: input.from)
      }
      for warning in loaded.warnings { Diagnostics.warn(warning) }
      var options = layout.layoutOptions(fileName: path == "-" ? "<stdin>" : path)
      options.firstPageNumber = nextNumber
      // Each file starts on a new page; on a recto when double-sided.
      if layout.doubleSided && Page.side(of: nextNumber) == .verso && pagesWritten > 0 {
        options.firstPageNumber += 1
        let blank = Page(
          index: 0, number: nextNumber, side: .verso, isBlank: true,
          lines: Array(repeating: Line(), count: options.pageSize.lines), source: nil, runningHead: "")
        if layout.facingOptions != nil { pendingFacing.append(blank) } else { emit(blank.lines) }
      }
      var pages = PageSet(document: loaded.document, options: options)
      var index = 0
      while let page = pages.page(at: index) {
        if let facing = layout.facingOptions {
          pendingFacing.append(page)
          emitSpreads(&pendingFacing, facing: facing, pageSize: options.pageSize, final: false, emit: emit)
        } else {
          emit(page.lines)
        }
        nextNumber = page.number + 1
        index += 1
      }
    }
    if let facing = layout.facingOptions {
      emitSpreads(&pendingFacing, facing: facing, pageSize: layout.pageSize, final: true, emit: emit)
    }
    writer.flush()
  }

  /// Emits the complete spreads among `pages` (all of them when `final`), in order.
  private func emitSpreads(
    _ pages: inout [Page], facing: FacingOptions, pageSize: PageSize, final: Bool, emit: ([Line]) -> Void
  ) {
    // Spreads are numbered over the whole output, so count from the first page printed.
    while !pages.isEmpty {
      let firstOrdinal = pages[0].number - layout.firstPage
      let spreadIndex = facing.spreadIndex(ofPage: firstOrdinal)
      let (first, second) = facing.pageIndices(ofSpread: spreadIndex)
      let needed = [first, second].compactMap { $0 }.filter { $0 >= firstOrdinal }.count
      if pages.count < needed && !final { return }
      let take = min(needed, pages.count)
      let group = Array(pages.prefix(take))
      pages.removeFirst(take)
      var left: Page? = nil
      var right: Page? = nil
      for page in group {
        let ordinal = page.number - layout.firstPage
        if ordinal == first { left = page } else { right = page }
      }
      if facing.progression == .rtl { swap(&left, &right) }
      emit(Spread(index: spreadIndex, left: left, right: right).lines(pageSize: pageSize, gutter: facing.gutter))
    }
  }
}
