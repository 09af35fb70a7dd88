import PaginateAdapters
import PaginateLayout
import PaginateModel
import PaginateRender
import PaginateSystem

/// The pages of one or more files, in order, as printed (numbered as one run of pages by the
/// layout's ``DocumentSequence``), with only the selected page numbers passed on. Layout stops as soon as no later page can
/// be selected.
struct PageStream {
  var files: [String]
  var input: InputOptions
  var layout: LayoutOptionGroup
  var selection: PageRanges
  /// Whether the output shows styles (colour, HTML, a page set): `--marks auto` then adds no
  /// marks to the text.
  var styled: Bool
  /// Whether a file that cannot be read is skipped with its error (as `cat` does, for
  /// printing) rather than ending the program (an export is all or nothing).
  var skipsUnreadableFiles = false

  /// The title of the first document (or the first file's name).
  private(set) var title: String?
  /// The language of the first document: `--lang`, else its own, when known.
  private(set) var language: String?
  /// Pages in all the files, counting unselected ones, once every file has been laid out.
  private(set) var totalPages: Int?
  /// How many pages were passed on.
  private(set) var selectedCount = 0
  /// The errors of the files skipped (``skipsUnreadableFiles``).
  private(set) var skipped: [String] = []

  init(files: [String], input: InputOptions, layout: LayoutOptionGroup, selection: PageRanges, styled: Bool) {
    self.files = files.isEmpty ? ["-"] : files
    self.input = input
    self.layout = layout
    self.selection = selection
    self.styled = styled
  }

  /// Calls `body` with each selected page; `Page.index` counts every page of the output from 0.
  mutating func forEach(_ body: (Page) throws -> Void) throws {
    try forEach { page, _ in try body(page) }
  }

  /// The first document as an export describes it: its title and language.
  struct FirstDocument {
    var title: String?
    var language: String?
  }

  /// Calls `body` with each selected page and the first document's title and language, known
  /// by then (before its first page).
  mutating func forEach(_ body: (Page, _ first: FirstDocument) throws -> Void) throws {
    let files = files
    let registry = Diagnostics.orFail { () throws(InputError) in try input.registry(for: files, showsStyles: styled) }
    // `{pages}` is the number of the output's last page: with several files, a first pass
    // counts them all (standard input cannot be read twice: then each file counts its own).
    var lastPageNumber: Int?
    if files.count > 1 && !files.contains("-") && layout.showsPageCount {
      var counting = self
      try counting.run(registry: registry, lastPageNumber: nil, counting: true) { _, _ in }
      lastPageNumber = counting.totalPages.map { layout.firstPage + $0 - 1 }
    }
    try run(registry: registry, lastPageNumber: lastPageNumber, counting: false, body)
  }

  /// One pass over the files: passes the selected pages to `body`, or, `counting`, lays every
  /// file out only to count its pages, quietly.
  private mutating func run(
    registry: AdapterRegistry, lastPageNumber: Int?, counting: Bool, _ body: (Page, FirstDocument) throws -> Void
  ) throws {
    var sequence = DocumentSequence(firstPageNumber: layout.firstPage)
    var complete = true
    func pass(_ page: Page) throws {
      let placed = sequence.place(page)
      if selection.contains(page.number) {
        try body(placed, FirstDocument(title: title, language: language))
        selectedCount += 1
      }
    }
    files: for path in files {
      let loaded: LoadedInput
      do throws(InputError) {
        loaded = try registry.loadInput(contentsOfFile: path, format: input.from)
      } catch {
        guard skipsUnreadableFiles else { Diagnostics.fail(error.description) }
        if !counting {
          Diagnostics.error(error.description)
          skipped.append(error.description)
        }
        continue
      }
      if !counting { for warning in loaded.warnings { Diagnostics.warn(warning) } }
      defer { if !counting { for warning in loaded.finalWarnings { Diagnostics.warn(warning) } } }
      let name = loaded.name
      var options = layout.layoutOptions(fileName: name, styled: styled)
      options.lastPageNumber = lastPageNumber
      if let blank = sequence.begin(&options), !counting, selection.contains(blank.number) {
        try body(blank, FirstDocument(title: title, language: language))
        selectedCount += 1
      }
      // In-document links print their headings' page numbers when the document can be read
      // again to find them (standard input read as a stream cannot).
      let readsAgain = loaded.reader.document != nil || loaded.reader.canResume
      if readsAgain && options.links != .none {
        options.pageReferences = .provisional(digits: PageReferences.digits(of: estimatedLastPage(path, loaded, options)))
      }
      // Printing passes each page once: keep none behind, so memory stays bounded.
      // The options were checked when the command line was parsed.
      var pages = Diagnostics.orFail { () throws(LayoutError) in
        try PageSet(reader: loaded.reader, options: options, keepsPages: false)
      }
      if title == nil {
        title = pages.title
        language = options.language ?? loaded.reader.language
      }
      if counting {
        pages.layOutAll()
        sequence.skip(pages: pages.laidOutCount)
        continue
      }
      let notesLeftOut: Int
      if options.pageReferences != nil {
        // Pages that cite headings wait for their numbers (``NumberedPages``).
        // A named pipe is read once (opened again, it would wait for a writer).
        let regular = path != "-" && (try? FileStatus(path: path))?.kind == .regular
        var numbered = NumberedPages(
          pages: pages, reader: loaded.reader, options: options, name: name,
          canLayOutAgain: loaded.reader.document != nil || regular)
        while let page = numbered.next() {
          if let upper = selection.upperBound, page.number > upper {
            complete = false
            break files
          }
          try pass(page)
        }
        notesLeftOut = numbered.notesLeftOut
      } else {
        var index = 0
        while let page = pages.page(at: index) {
          if let upper = selection.upperBound, page.number > upper {
            complete = false
            break files
          }
          try pass(page)
          index += 1
        }
        notesLeftOut = pages.notesLeftOut
      }
      if !counting && notesLeftOut > 0 {
        let count = notesLeftOut
        Diagnostics.warn(
          "\(name): \(count) note\(count == 1 ? "" : "s") left out: a page of \(options.bodyHeight) line\(options.bodyHeight == 1 ? "" : "s") has no room for notes")
      }
      // The input could not be read to its end (an endless Markdown stream): what was read
      // was shown, and the command fails.
      if !counting, let error = loaded.finalError {
        guard skipsUnreadableFiles else { Diagnostics.fail(error) }
        Diagnostics.error(error)
        skipped.append(error)
      }
    }
    if complete { totalPages = sequence.nextIndex }
  }

  /// A guess of the last page number of `loaded`, for the width of page references in a first
  /// layout (a right guess spares a layout): by its lines when known, else by the file's size
  /// (pages of text half filled), else two digits' worth.
  private func estimatedLastPage(_ path: String, _ loaded: LoadedInput, _ options: LayoutOptions) -> Int {
    let area = max(options.bodyWidth * options.bodyHeight, 1)
    if let lines = loaded.reader.lastSourceLine {
      return options.firstPageNumber + lines / max(options.bodyHeight, 1)
    }
    if path != "-", let status = try? FileStatus(path: path), status.kind == .regular {
      return options.firstPageNumber + status.size * 2 / area
    }
    return 10
  }

  /// Ends the program when `--pages` selected no page at all, with one line saying how many
  /// pages there are (as pr does); ranges that reach past the end only print what there is.
  func checkSelection() {
    guard let total = totalPages, selection != .all, selectedCount == 0 else { return }
    let last = layout.firstPage + total - 1
    let pages = total == 0 ? "no pages" : total == 1 ? "1 page (\(last))" : "\(total) pages (\(layout.firstPage)-\(last))"
    Diagnostics.fail("--pages \(selection) selects no page: the output has \(pages)")
  }
}
