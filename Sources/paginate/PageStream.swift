import PaginateAdapters
import PaginateLayout
import PaginateModel
import PaginateRender

/// The pages of one or more files, in order, as printed: numbering runs on from file to file,
/// each file starts on a new page (on a recto when double-sided, with a blank verso inserted),
/// and only the selected page numbers are passed on. Layout stops as soon as no later page can
/// be selected.
struct PageStream {
  var files: [String]
  var input: InputOptions
  var layout: LayoutOptionGroup
  var selection: PageRanges
  /// Whether the output shows styles (colour, HTML, a page set): `--marks auto` then adds no
  /// marks to the text.
  var styled: Bool

  /// The title of the first document (or the first file's name).
  private(set) var title: String?
  /// Pages in all the files, counting unselected ones, once every file has been laid out.
  private(set) var totalPages: Int?

  init(files: [String], input: InputOptions, layout: LayoutOptionGroup, selection: PageRanges, styled: Bool) {
    self.files = files.isEmpty ? ["-"] : files
    self.input = input
    self.layout = layout
    self.selection = selection
    self.styled = styled
  }

  /// Calls `body` with each selected page; `Page.index` counts every page of the output from 0.
  mutating func forEach(_ body: (Page) throws -> Void) throws {
    let files = files
    let registry = Diagnostics.orFail { () throws(InputError) in try input.registry(for: files) }
    var nextNumber = layout.firstPage
    var ordinal = 0
    var complete = true
    files: for path in files {
      let loaded = Diagnostics.orFail { () throws(InputError) in
        try registry.loadSource(contentsOfFile: path, format: input.from)
      }
      for warning in loaded.warnings { Diagnostics.warn(warning) }
      defer { for warning in loaded.finalWarnings { Diagnostics.warn(warning) } }
      let name = loaded.name
      var options = layout.layoutOptions(fileName: name, styled: styled)
      if layout.doubleSided && Page.side(of: nextNumber) == .verso && ordinal > 0 {
        let blank = Page(
          index: ordinal, number: nextNumber, side: .verso, isBlank: true,
          lines: Array(repeating: Line(), count: options.pageSize.lines), source: nil, runningHead: "")
        if selection.contains(blank.number) { try body(blank) }
        ordinal += 1
        nextNumber += 1
      }
      options.firstPageNumber = nextNumber
      // Printing passes each page once: keep none behind, so memory stays bounded.
      // The options were checked when the command line was parsed.
      var pages = Diagnostics.orFail { () throws(LayoutError) in
        try PageSet(source: loaded.source, options: options, keepsPages: false)
      }
      if title == nil { title = pages.title }
      var index = 0
      while let page = pages.page(at: index) {
        if let upper = selection.upperBound, page.number > upper {
          complete = false
          break files
        }
        if selection.contains(page.number) {
          var stamped = page
          stamped.index = ordinal
          try body(stamped)
        }
        ordinal += 1
        nextNumber = page.number + 1
        index += 1
      }
    }
    if complete { totalPages = ordinal }
  }
}
