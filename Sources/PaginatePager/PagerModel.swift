package import PaginateLayout
package import PaginateModel
package import PaginatePaging

/// Everything the pager knows and decides, with no terminal in sight: which page or spread is
/// shown and how far it is scrolled, how big pages are for the terminal, what each key does
/// (``PagerKeys``), and what the screen must show. The terminal part only reads keys, calls
/// ``handle(_:)``, does what the returned ``Action`` asks (read a file), steps a long search
/// or jump (``continueWork(pageLimit:)``) and draws ``screen()``.
package struct PagerModel: Sendable {
  /// Whether two-page spreads are shown.
  package enum FacingMode: String, Sendable, Hashable, CaseIterable {
    /// Spreads when the terminal is wide enough for two pages of a readable width.
    case auto
    /// Always spreads.
    case on
    /// Always single pages.
    case off
  }

  /// What the pager was started with.
  package struct Configuration: Sendable {
    /// Layout options; the page size is replaced by the terminal's unless ``fixedPageSize``.
    package var options: LayoutOptions
    /// A page size given on the command line: page N stays page N whatever the window does.
    package var fixedPageSize: PageSize?
    /// Spreads: automatic, on or off.
    package var facing: FacingMode
    /// How pages pair into spreads.
    package var facingOptions: FacingOptions
    /// The names of the files being paged through (`:n` and `:p` move between them); the
    /// status line shows the current one.
    package var fileNames: [String]
    /// The narrowest page, in columns, worth showing two of side by side.
    package var readableWidth = 60
    /// The widest page the terminal's size gives when the page size is not fixed: lines of
    /// more than about 80 characters are hard to read (and code is written for 80); a wider
    /// terminal centres the page.
    package var widestPage = 80

    /// The name of the first file.
    package var fileName: String { fileNames.first ?? "" }

    /// Creates a configuration.
    package init(
      options: LayoutOptions, fixedPageSize: PageSize?, facing: FacingMode, facingOptions: FacingOptions,
      fileNames: [String]
    ) {
      self.options = options
      self.fixedPageSize = fixedPageSize
      self.facing = facing
      self.facingOptions = facingOptions
      self.fileNames = fileNames.isEmpty ? ["-"] : fileNames
    }

    /// Creates a configuration for one file.
    package init(
      options: LayoutOptions, fixedPageSize: PageSize?, facing: FacingMode, facingOptions: FacingOptions,
      fileName: String
    ) {
      self.init(
        options: options, fixedPageSize: fixedPageSize, facing: facing, facingOptions: facingOptions,
        fileNames: [fileName])
    }
  }

  /// What the terminal part must do after a key.
  package enum Action: Sendable, Hashable {
    /// Draw the screen again.
    case redraw
    /// Leave the pager.
    case quit
    /// Read the current file again and call ``reload(_:)`` (or ``loadFailed(_:)``).
    case reload
    /// Read file `index` of ``Configuration/fileNames`` and call ``open(_:fileIndex:)``.
    case open(fileIndex: Int)
  }

  /// What keys currently mean.
  package enum InputMode: Sendable, Hashable {
    case normal
    /// Digits typed so far: a count or page number for the next key (`12g`, `5 Space`, `50%`).
    case number(String)
    /// A search being typed: `/` forward, `?` backward.
    case search(forward: Bool, text: String)
    /// The first key of a two-key command (`:` or `-`) was typed.
    case prefix(Character)
    /// The help screen, scrolled by `scroll` lines.
    case help(scroll: Int)
  }

  package internal(set) var configuration: Configuration
  package internal(set) var controller: PagingController
  package internal(set) var mode: InputMode = .normal
  /// The terminal size: columns and rows (the last row is the status line).
  package private(set) var columns: Int
  package private(set) var rows: Int
  /// The last search, repeated by n and N.
  package internal(set) var lastSearch: (query: String, forward: Bool)?
  /// How searches compare: a regular expression, as in less, unless ^R in the prompt asks
  /// for words; case ignored.
  package internal(set) var searchOptions = SearchOptions(isRegularExpression: true)
  /// Searches typed before, oldest first (↑ and ↓ in the prompt).
  package internal(set) var searchHistory: [String] = []
  /// Where ↑ and ↓ are in ``searchHistory`` while a search is typed.
  var historyIndex: Int?
  /// A one-line message for the status line (a failed search, a toggled mode).
  package internal(set) var message: String?
  /// Lines scrolled from the top of the page (or spread) shown; past its end the screen shows
  /// the start of the next one, as one long scroll.
  package internal(set) var scroll = 0
  /// Columns scrolled from the left of a page wider than the terminal.
  package internal(set) var column = 0
  /// The file shown, an index into ``Configuration/fileNames``.
  package internal(set) var fileIndex = 0
  /// A search going on in steps; ``continueSearch(pageLimit:)`` takes it further.
  var pendingSearch: PendingSearch?
  /// A jump going on in steps; ``continueJump(pageLimit:)`` takes it further.
  var pendingJump: PendingJump?
  /// Whether the file is followed as it grows (`F`): the terminal part reloads it from time to
  /// time and calls ``followed(_:)``.
  package internal(set) var isFollowing = false

  /// Creates the model for a document and a terminal of `columns` × `rows`.
  ///
  /// - Throws: ``LayoutError`` when the configured options leave no room for text even
  ///   without header, footer and margins.
  package init(reader: DocumentReader, configuration: Configuration, columns: Int, rows: Int) throws(LayoutError) {
    self.configuration = configuration
    self.columns = max(columns, 1)
    self.rows = max(rows, 2)
    let (options, facing) = Self.layout(for: configuration, columns: self.columns, rows: self.rows)
    controller = try PagingController(reader: reader, options: options, facing: facing)
  }

  // MARK: Layout for the terminal

  /// The page shown (the first of a spread's pages in reading order when spreads are shown).
  package var currentPage: Page {
    controller.currentPage
  }

  /// Whether spreads are shown now.
  package var showsSpreads: Bool { controller.facing != nil }

  /// The name of the file shown.
  package var fileName: String {
    configuration.fileNames.indices.contains(fileIndex) ? configuration.fileNames[fileIndex] : configuration.fileName
  }

  /// The page size and spread settings for a terminal, falling back to fewer furnishings (no
  /// header, footer or margins) when the terminal is too small for them. Pages sized by the
  /// terminal are no wider than ``Configuration/widestPage``.
  static func layout(for configuration: Configuration, columns: Int, rows: Int) -> (LayoutOptions, FacingOptions?) {
    var options = configuration.options
    let gutter = configuration.facingOptions.gutter
    let height = max(rows - 1, 1)
    let spreads: Bool
    switch configuration.facing {
    case .on: spreads = true
    case .off: spreads = false
    case .auto:
      let pageWidth = configuration.fixedPageSize?.columns ?? configuration.readableWidth
      spreads = columns >= 2 * pageWidth + gutter
    }
    if let fixed = configuration.fixedPageSize {
      options.pageSize = fixed
    } else {
      let width = spreads ? max((columns - gutter) / 2, 1) : columns
      options.pageSize = PageSize(columns: max(min(width, configuration.widestPage), 1), lines: height)
    }
    if (try? options.validate()) == nil {
      options.header = ""
      options.footer = ""
      options.margins = .zero
    }
    if (try? options.validate()) == nil {
      // A terminal narrower than a wide character: lay out for 2 columns; the screen cuts.
      options.pageSize = PageSize(columns: max(options.pageSize.columns, 2), lines: options.pageSize.lines)
    }
    return (options, spreads ? configuration.facingOptions : nil)
  }

  /// Follows a new terminal size: a relayout that keeps the reader's text on the page shown,
  /// scrolled so that the line that was at the top of the screen is at the top again (unless
  /// the page size is fixed, when only the view changes).
  package mutating func resize(columns: Int, rows: Int) {
    self.columns = max(columns, 1)
    self.rows = max(rows, 2)
    let (options, facing) = Self.layout(for: configuration, columns: self.columns, rows: self.rows)
    if options != controller.options || facing != controller.facing {
      let top = topAnchor
      // The options for a terminal fall back until they are valid; were they not, the
      // layout would stay as it was.
      try? controller.relayout(options: options, facing: facing)
      scroll = 0
      if let top { scrollToAnchor(top) }
    }
    clampView()
  }

  /// Replaces the document (the file was read again), keeping the reader's place.
  package mutating func reload(_ reader: DocumentReader) {
    controller.reload(reader)
    clampView()
    message = "reloaded"
  }

  /// Shows file `fileIndex` of ``Configuration/fileNames`` from its first page.
  package mutating func open(_ reader: DocumentReader, fileIndex: Int) {
    let (options, facing) = Self.layout(for: configuration, columns: columns, rows: rows)
    guard let opened = try? PagingController(reader: reader, options: options, facing: facing) else {
      message = "cannot lay out \(fileName)"
      return
    }
    let wrapping = controller.isWrapping
    controller = opened
    controller.isWrapping = wrapping
    self.fileIndex = fileIndex
    scroll = 0
    column = 0
    message = "file \(fileIndex + 1) of \(configuration.fileNames.count)"
  }

  /// The file could not be read (again): the document shown stays, and `reason` is shown.
  package mutating func loadFailed(_ reason: String) {
    message = reason
    isFollowing = false
  }

  /// A followed file was read again: its new end is shown.
  package mutating func followed(_ reader: DocumentReader) {
    controller.reload(reader)
    controller.goToLast()
    scroll = maxScrollInUnit
    message = "following · any key stops"
  }

  mutating func relayoutForConfiguration() {
    let (options, facing) = Self.layout(for: configuration, columns: columns, rows: rows)
    try? controller.relayout(options: options, facing: facing)
    scroll = 0
    clampView()
  }
}
