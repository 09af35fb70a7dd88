public import PaginateLayout
public import PaginateModel
public import PaginatePaging

/// Everything the pager knows and decides, with no terminal in sight: which page or spread is
/// shown, how big pages are for the terminal, what each key does, and what the screen must show.
/// The terminal part only reads keys, calls ``handle(_:)`` and draws ``screen()``.
public struct PagerModel: Sendable {
  /// Whether two-page spreads are shown.
  public enum FacingMode: String, Sendable, Hashable, CaseIterable {
    /// Spreads when the terminal is wide enough for two pages of a readable width.
    case auto
    /// Always spreads.
    case on
    /// Always single pages.
    case off
  }

  /// What the pager was started with.
  public struct Configuration: Sendable {
    /// Layout options; the page size is replaced by the terminal's unless ``fixedPageSize``.
    public var options: LayoutOptions
    /// A page size given on the command line: page N stays page N whatever the window does.
    public var fixedPageSize: PageSize?
    /// Spreads: automatic, on or off.
    public var facing: FacingMode
    /// How pages pair into spreads.
    public var facingOptions: FacingOptions
    /// The name shown in the status line.
    public var fileName: String
    /// The narrowest page, in columns, worth showing two of side by side.
    public var readableWidth = 60

    /// Creates a configuration.
    public init(
      options: LayoutOptions, fixedPageSize: PageSize?, facing: FacingMode, facingOptions: FacingOptions,
      fileName: String
    ) {
      self.options = options
      self.fixedPageSize = fixedPageSize
      self.facing = facing
      self.facingOptions = facingOptions
      self.fileName = fileName
    }
  }

  /// What the terminal part must do after a key.
  public enum Action: Sendable, Hashable {
    /// Draw the screen again.
    case redraw
    /// Leave the pager.
    case quit
    /// Read the file again and call ``reload(_:)``.
    case reload
  }

  /// What keys currently mean.
  public enum InputMode: Sendable, Hashable {
    case normal
    /// Digits typed so far, for `Ng` or `N Enter`.
    case number(String)
    /// A search being typed: `/` forward, `?` backward.
    case search(forward: Bool, text: String)
    /// The help screen.
    case help
  }

  public private(set) var configuration: Configuration
  public internal(set) var controller: PagingController
  public private(set) var mode: InputMode = .normal
  /// The terminal size: columns and rows (the last row is the status line).
  public private(set) var columns: Int
  public private(set) var rows: Int
  /// The last search, repeated by n and N.
  public private(set) var lastSearch: (query: String, forward: Bool)?
  /// A one-line message for the status line (a failed search, a toggled mode).
  public private(set) var message: String?
  /// Lines scrolled within a fixed page taller than the terminal.
  public private(set) var scroll = 0

  /// Creates the model for a document and a terminal of `columns` × `rows`.
  ///
  /// - Throws: ``LayoutError`` when the configured options leave no room for text even
  ///   without header, footer and margins.
  public init(source: DocumentSource, configuration: Configuration, columns: Int, rows: Int) throws(LayoutError) {
    self.configuration = configuration
    self.columns = max(columns, 1)
    self.rows = max(rows, 2)
    let (options, facing) = Self.layout(for: configuration, columns: self.columns, rows: self.rows)
    controller = try PagingController(source: source, options: options, facing: facing)
  }

  // MARK: Layout for the terminal

  /// The page shown (the first of a spread's pages in reading order when spreads are shown).
  public var currentPage: Page {
    controller.currentPage
  }

  /// Whether spreads are shown now.
  public var showsSpreads: Bool { controller.facing != nil }

  /// The page size and spread settings for a terminal, falling back to fewer furnishings (no
  /// header, footer or margins) when the terminal is too small for them.
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
      options.pageSize = PageSize(columns: max(width, 1), lines: height)
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

  /// Follows a new terminal size: a relayout that keeps the same text at the top of the page
  /// (unless the page size is fixed, when only the view changes).
  public mutating func resize(columns: Int, rows: Int) {
    self.columns = max(columns, 1)
    self.rows = max(rows, 2)
    let (options, facing) = Self.layout(for: configuration, columns: self.columns, rows: self.rows)
    if options != controller.options || facing != controller.facing {
      // The options for a terminal fall back until they are valid; were they not, the
      // layout would stay as it was.
      try? controller.relayout(options: options, facing: facing)
    }
    scroll = min(scroll, maxScroll)
  }

  /// Replaces the document (the file was read again), keeping the reader's place.
  public mutating func reload(_ source: DocumentSource) {
    controller.reload(source)
    message = "reloaded"
  }

  private mutating func relayoutForConfiguration() {
    let (options, facing) = Self.layout(for: configuration, columns: columns, rows: rows)
    try? controller.relayout(options: options, facing: facing)
    scroll = 0
  }

  // MARK: Keys

  /// Applies a key.
  public mutating func handle(_ key: Key) -> Action {
    message = nil
    switch mode {
    case .help:
      mode = .normal
      return key == .character("q") ? .quit : .redraw
    case .search(let forward, let text):
      return handleSearchInput(key, forward: forward, text: text)
    case .number(let digits):
      if case .character(let character) = key, character.isASCII, character.isNumber {
        mode = .number(digits + String(character))
        return .redraw
      }
      mode = .normal
      if key == .character("g") || key == .enter || key == .character("G") {
        if let number = Int(digits), controller.go(toPageNumber: number) {
          scroll = 0
        } else {
          message = "no page \(digits)"
        }
        return .redraw
      }
      if key == .escape { return .redraw }
      return handleNormal(key)
    case .normal:
      return handleNormal(key)
    }
  }

  private mutating func handleNormal(_ key: Key) -> Action {
    switch key {
    case .character(" "), .pageDown, .right, .character("l"), .character("j"), .enter, .wheelDown:
      next()
    case .character("b"), .pageUp, .left, .character("h"), .character("k"), .wheelUp:
      previous()
    case .down:
      if scroll < maxScroll { scroll += 1 } else { next() }
    case .up:
      if scroll > 0 { scroll -= 1 } else { previous() }
    case .character("g"), .home:
      controller.goToFirst()
      scroll = 0
    case .character("G"), .end:
      controller.goToLast()
      scroll = 0
    case .character(let character) where character.isASCII && character.isNumber:
      mode = .number(String(character))
    case .character("/"):
      mode = .search(forward: true, text: "")
    case .character("?"):
      mode = .search(forward: false, text: "")
    case .character("n"):
      repeatSearch(reversed: false)
    case .character("N"):
      repeatSearch(reversed: true)
    case .character("f"):
      configuration.facing = showsSpreads ? .off : .on
      relayoutForConfiguration()
      message = showsSpreads ? "facing pages" : "single pages"
    case .character("d"):
      configuration.options.isDoubleSided.toggle()
      relayoutForConfiguration()
      message = configuration.options.isDoubleSided ? "double-sided" : "single-sided"
    case .character("w"):
      controller.isWrapping.toggle()
      message = controller.isWrapping ? "wrap-around on" : "wrap-around off"
    case .character("r"):
      return .reload
    case .character("H"), .function(1):
      mode = .help
    case .character("q"), .escape, .control("c"):
      return .quit
    case .control("l"):
      break
    default:
      break
    }
    return .redraw
  }

  private mutating func next() {
    if !controller.goForward() { message = "end of document" } else { scroll = 0 }
  }

  private mutating func previous() {
    if !controller.goBack() { message = "start of document" } else { scroll = 0 }
  }

  private mutating func handleSearchInput(_ key: Key, forward: Bool, text: String) -> Action {
    switch key {
    case .enter:
      mode = .normal
      guard !text.isEmpty else { return .redraw }
      lastSearch = (text, forward)
      search(text, forward: forward, includingCurrent: true)
    case .escape, .control("c"):
      mode = .normal
    case .backspace:
      if text.isEmpty { mode = .normal } else { mode = .search(forward: forward, text: String(text.dropLast())) }
    case .character(let character):
      mode = .search(forward: forward, text: text + String(character))
    default:
      break
    }
    return .redraw
  }

  private mutating func repeatSearch(reversed: Bool) {
    guard let lastSearch else {
      message = "no previous search"
      return
    }
    search(lastSearch.query, forward: lastSearch.forward != reversed, includingCurrent: false)
  }

  private mutating func search(_ query: String, forward: Bool, includingCurrent: Bool) {
    // A new search finds a match already on the screen, as less does; n and N move on.
    if controller.goToNextMatch(of: query, forward: forward, includingCurrent: includingCurrent) != nil {
      scroll = 0
    } else {
      message = "pattern not found: \(query)"
    }
  }

  // MARK: Screen

  /// How far the view can scroll within a fixed page taller than the terminal.
  var maxScroll: Int {
    max(controller.options.pageSize.lines - (rows - 1), 0)
  }
}
