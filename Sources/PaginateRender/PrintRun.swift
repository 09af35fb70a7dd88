public import PaginateLayout
import PaginateModel

/// Documents printed one after another as one run of pages, the way `paginate` prints its
/// files: numbered across documents (each starts on a new page, on a recto when
/// double-sided), `{pages}` counting the whole run, in-document links
/// printing their headings' page numbers, and only the selected pages passed on. Pages come one
/// at a time as they are laid out; memory holds a page (or the few that wait for their page
/// references), not the run.
///
///     var run = PrintRun(documents: documents, selection: try PageRanges("1-10"))
///     var writer = TextPageWriter(renderer: TextRenderer(usesANSI: false), pageSize: options.pageSize)
///     var output: [UInt8] = []
///     try run.write(to: &writer) { bytes, _ in output += bytes }
///
/// `{pages}` in a header or footer is the run's last page number when the run counts its
/// pages first (``init(source:firstPageNumber:selection:facing:countsPages:)``): every
/// document is then laid out twice. Otherwise each document counts its own.
///
/// Layout stops as soon as no later page can be selected.
public struct PrintRun<Source: PrintSource> {
  /// The pages passed on, by printed number.
  public var selection: PageRanges { pages.selection }
  /// How pages pair into spreads for ``nextSpread()`` and ``write(to:_:)``; `nil`: single pages.
  public let facing: FacingOptions?
  /// The first document's title (its first heading, or its file's name), once its first page is
  /// laid out.
  public var title: String? { pages.title }
  /// The first document's language (its options', else its own), once its first page is laid out.
  public var language: String? { pages.language }
  /// The pages of the whole run, selected or not, once every document has been laid out;
  /// `nil` while pages remain, or when the run stopped past the last page selected.
  public var totalPages: Int? { pages.totalPages }
  /// How many pages have been passed on.
  public var selectedCount: Int { pages.selectedCount }
  /// Where the documents come from: what it gathered (skipped files, warnings) can be read
  /// from it as the run goes.
  public private(set) var source: Source

  private let firstPageNumber: Int
  private var countsPages: Bool
  private var pages: PrintPages
  private var gatherer: SpreadGatherer

  /// A run over the documents of `source`.
  /// - Parameters:
  ///   - source: Where the documents come from, opened one at a time.
  ///   - firstPageNumber: The number of the run's first page.
  ///   - selection: The printed page numbers passed on.
  ///   - facing: How ``nextSpread()`` pairs pages; `nil` for single pages.
  ///   - countsPages: Whether to lay every document out once first, to count the run's pages
  ///     for `{pages}` (the source must then open each document twice). Without it, `{pages}`
  ///     in each document is that document's last page number.
  public init(
    source: Source, firstPageNumber: Int = 1, selection: PageRanges = .all, facing: FacingOptions? = nil,
    countsPages: Bool = false
  ) {
    self.source = source
    self.firstPageNumber = firstPageNumber
    self.facing = facing
    self.countsPages = countsPages && source.count > 1
    pages = PrintPages(documentCount: source.count, firstPageNumber: firstPageNumber, selection: selection)
    gatherer = SpreadGatherer(facing: facing)
  }

  /// A run over `documents`, numbered from the first's ``/PaginateLayout/LayoutOptions/firstPageNumber``; it
  /// counts its pages first when a header or footer shows `{pages}` and every document can be
  /// laid out twice.
  public init(documents: [PrintDocument], selection: PageRanges = .all, facing: FacingOptions? = nil)
  where Source == PrintDocuments {
    let showsCount = documents.contains { $0.options.header.contains("{pages}") || $0.options.footer.contains("{pages}") }
    self.init(
      source: PrintDocuments(documents), firstPageNumber: documents.first?.options.firstPageNumber ?? 1, selection: selection,
      facing: facing, countsPages: showsCount && documents.allSatisfy(\.readsAgain))
  }

  /// The next selected page, its index counting every page of the run from 0; `nil` at the end.
  /// - Throws: ``PrintError`` from the source, a layout, or a scratch file.
  public mutating func nextPage() throws(PrintError) -> Page? {
    if countsPages {
      countsPages = false
      try countPages()
    }
    while true {
      switch try pages.next() {
      case .page(let page):
        return page
      case .open(let index):
        if let document = try source.open(index, for: .printing) { try pages.begin(document, index: index) }
      case .finished(let index, let complete, let warnings):
        try source.finished(index, complete: complete, warnings: warnings)
      case .end:
        return nil
      }
    }
  }

  /// The next spread of selected pages, in reading order (by ``facing``): one page without
  /// facing pages; `nil` at the end.
  public mutating func nextSpread() throws(PrintError) -> [Page]? {
    while let page = try nextPage() {
      if let spread = gatherer.add(page) { return spread }
    }
    return gatherer.finish()
  }

  /// Writes the run through `writer`, handing its bytes to `output` a spread at a time: the
  /// beginning with the first page (nothing at all when no page is selected), each spread, and
  /// the end with ``totalPages``. `output` is also told the number of the last page in the bytes
  /// (`nil` for the beginning and the end), for progress.
  /// - Throws: ``PrintError`` from the run or `output`, or the writer's failure as one.
  public mutating func write<Writer: PageWriter>(
    to writer: inout Writer, _ output: (_ bytes: [UInt8], _ lastPage: Int?) throws(PrintError) -> Void
  ) throws(PrintError) {
    func writing(_ lastPage: Int?, _ body: () throws(Writer.Failure) -> [UInt8]) throws(PrintError) {
      let bytes: [UInt8]
      do throws(Writer.Failure) {
        bytes = try body()
      } catch {
        throw PrintError(String(describing: error))
      }
      try output(bytes, lastPage)
    }
    var begun = false
    while let spread = try nextSpread() {
      if !begun {
        begun = true
        let (title, language) = (title, language)
        try writing(nil) { () throws(Writer.Failure) in try writer.begin(title: title, language: language) }
      }
      try writing(spread.last?.number) { () throws(Writer.Failure) in try writer.write(spread: spread) }
    }
    guard begun else { return }
    let count = totalPages
    try writing(nil) { () throws(Writer.Failure) in try writer.end(pageCount: count) }
  }

  /// The counting pass: lays every document out to count the run's pages, quietly.
  private mutating func countPages() throws(PrintError) {
    var counter = PrintPages.Counter(firstPageNumber: firstPageNumber)
    for index in 0..<source.count {
      if let document = try source.open(index, for: .counting) { try counter.count(document) }
    }
    pages.lastPageNumber = counter.lastPageNumber
  }
}
