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
  public let selection: PageRanges
  /// How pages pair into spreads for ``nextSpread()`` and ``write(to:_:)``; `nil`: single pages.
  public let facing: FacingOptions?
  /// The first document's title (its first heading, or its file's name), once its first page is
  /// laid out.
  public private(set) var title: String?
  /// The first document's language (its options', else its own), once its first page is laid out.
  public private(set) var language: String?
  /// The pages of the whole run, selected or not, once every document has been laid out;
  /// `nil` while pages remain, or when the run stopped past the last page selected.
  public private(set) var totalPages: Int?
  /// How many pages have been passed on.
  public private(set) var selectedCount = 0

  /// Where the documents come from: what it gathered (skipped files, warnings) can be read
  /// from it as the run goes.
  public private(set) var source: Source
  private let firstPageNumber: Int
  private var countsPages: Bool
  private var sequence: DocumentSequence
  /// The `{pages}` number found by the counting pass.
  private var lastPageNumber: Int?
  /// The next document to open.
  private var nextDocument = 0
  /// The document being printed.
  private var current: CurrentDocument?
  /// The blank verso before the document just opened, not yet passed on.
  private var blank: Page?
  private var ended = false
  private var gatherer: SpreadGatherer

  /// A document being printed: its pages, with their page references filled in when its
  /// links print page numbers.
  private struct CurrentDocument {
    var index: Int
    var name: String
    var bodyHeight: Int
    var pages: PageSet
    var numbered: NumberedPages?
    var nextIndex = 0

    mutating func next() throws(PrintError) -> Page? {
      if numbered != nil { return try numbered!.next() }
      defer { nextIndex += 1 }
      return pages.page(at: nextIndex)
    }

    var warnings: [String] {
      var warnings = numbered?.warnings ?? []
      let count = numbered?.notesLeftOut ?? pages.notesLeftOut
      if count > 0 {
        warnings.append(
          "\(name): \(count) note\(count == 1 ? "" : "s") left out: a page of \(bodyHeight) line\(bodyHeight == 1 ? "" : "s") has no room for notes")
      }
      return warnings
    }
  }

  /// A run over the documents of `source`.
  /// - Parameters:
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
    self.selection = selection
    self.facing = facing
    self.countsPages = countsPages && source.count > 1
    sequence = DocumentSequence(firstPageNumber: firstPageNumber)
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
    while !ended {
      if let page = blank {
        blank = nil
        if selection.contains(page.number) { return passed(page) }
      }
      guard current != nil else {
        try openNext()
        continue
      }
      guard let page = try current!.next() else {
        try finishCurrent(complete: true)
        continue
      }
      if let upper = selection.upperBound, page.number > upper {
        try finishCurrent(complete: false)
        ended = true
        return nil
      }
      let placed = sequence.place(page)
      if selection.contains(page.number) { return passed(placed) }
    }
    return nil
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

  private mutating func passed(_ page: Page) -> Page {
    selectedCount += 1
    return page
  }

  /// Opens the next document (or ends the run): its blank verso, its first page number, its
  /// page references.
  private mutating func openNext() throws(PrintError) {
    guard nextDocument < source.count else {
      ended = true
      totalPages = sequence.nextIndex
      return
    }
    let index = nextDocument
    nextDocument += 1
    guard let document = try source.open(index, for: .printing) else { return }
    var options = document.options
    options.lastPageNumber = lastPageNumber
    blank = sequence.begin(&options)
    setPageReferences(&options, of: document)
    let pages = try Self.pages(of: document, options)
    if title == nil {
      title = pages.title
      language = options.language ?? document.reader.language
    }
    // Pages that cite headings wait for their numbers (``NumberedPages``).
    let numbered =
      options.pageReferences == nil
      ? nil
      : NumberedPages(
        pages: pages, reader: document.reader, options: options, name: document.name,
        canLayOutAgain: document.canLayOutAgain)
    current = CurrentDocument(
      index: index, name: document.name, bodyHeight: options.bodyHeight, pages: pages, numbered: numbered)
  }

  private mutating func finishCurrent(complete: Bool) throws(PrintError) {
    guard let document = current else { return }
    current = nil
    try source.finished(document.index, complete: complete, warnings: complete ? document.warnings : [])
  }

  /// The counting pass: lays every document out to count the run's pages, quietly.
  private mutating func countPages() throws(PrintError) {
    var counting = DocumentSequence(firstPageNumber: firstPageNumber)
    for index in 0..<source.count {
      guard let document = try source.open(index, for: .counting) else { continue }
      var options = document.options
      _ = counting.begin(&options)
      setPageReferences(&options, of: document)
      var pages = try Self.pages(of: document, options)
      pages.layOutAll()
      counting.skip(pages: pages.laidOutCount)
    }
    lastPageNumber = firstPageNumber + counting.nextIndex - 1
  }

  /// In-document links print their headings' page numbers when the document can be read again
  /// to find them (a stream read once cannot): in cells as wide as a guess of the last number.
  private func setPageReferences(_ options: inout LayoutOptions, of document: PrintDocument) {
    guard document.readsAgain && options.links != .none else { return }
    options.pageReferences = .provisional(digits: PageReferences.digits(of: document.estimatedLastPage(options)))
  }

  /// A layout of `document` that keeps no page behind, so memory stays bounded.
  private static func pages(of document: PrintDocument, _ options: LayoutOptions) throws(PrintError) -> PageSet {
    do throws(LayoutError) {
      return try PageSet(reader: document.reader, options: options, keepsPages: false)
    } catch {
      throw PrintError("\(document.name): \(error.description)")
    }
  }
}
