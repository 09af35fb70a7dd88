import PaginateLayout
import PaginateModel

/// The pages of a ``PrintRun``, one document at a time: numbering across documents, the blank
/// verso before a document, page references, selection. Not generic, so that the per-page work
/// is compiled for its types: in the generic run, and in an optional, the document was copied
/// whole for each page through its value witnesses (Benchmarks/README.md, "Tried and dropped").
struct PrintPages {
  /// What ``next()`` found.
  enum Step {
    /// A selected page.
    case page(Page)
    /// The next document is wanted: ``begin(_:index:)`` it, or ``skip()`` it.
    case open(Int)
    /// The document at `index` has given its last page (`complete`), or the run stopped
    /// within it past the last page selected.
    case finished(index: Int, complete: Bool, warnings: [String])
    /// No page is left.
    case end
  }

  let selection: PageRanges
  let documentCount: Int
  private(set) var title: String?
  private(set) var language: String?
  private(set) var totalPages: Int?
  private(set) var selectedCount = 0
  /// The `{pages}` number found by a counting pass.
  var lastPageNumber: Int?

  private var sequence: DocumentSequence
  private var nextDocument = 0
  /// The document being printed: none or one. An array, whose element is mutated in place: a
  /// document held in an optional was copied, layout state and all, for every page.
  private var current: [CurrentDocument] = []
  private var blank: Page?
  private var ended = false

  init(documentCount: Int, firstPageNumber: Int, selection: PageRanges) {
    self.documentCount = documentCount
    self.selection = selection
    sequence = DocumentSequence(firstPageNumber: firstPageNumber)
  }

  mutating func next() throws(PrintError) -> Step {
    while !ended {
      if let page = blank {
        blank = nil
        if selection.contains(page.number) { return passed(page) }
      }
      if current.isEmpty {
        guard nextDocument < documentCount else {
          ended = true
          totalPages = sequence.nextIndex
          return .end
        }
        nextDocument += 1
        return .open(nextDocument - 1)
      }
      guard let page = try current[0].next() else {
        return finish(complete: true)
      }
      if let upper = selection.upperBound, page.number > upper {
        ended = true
        return finish(complete: false)
      }
      let placed = sequence.place(page)
      if selection.contains(page.number) { return passed(placed) }
    }
    return .end
  }

  /// Begins `document`, the one ``next()`` asked for: its blank verso, its first page number,
  /// its page references.
  mutating func begin(_ document: PrintDocument, index: Int) throws(PrintError) {
    var options = document.options
    options.lastPageNumber = lastPageNumber
    blank = sequence.begin(&options)
    Self.setPageReferences(&options, of: document)
    let pages = try Self.pages(of: document, options)
    if title == nil {
      title = pages.title
      language = options.language ?? document.reader.language
    }
    // Pages that cite headings wait for their numbers (``NumberedPages``).
    let numbered =
      options.pageReferences == nil
      ? []
      : [
        NumberedPages(
          pages: pages, reader: document.reader, options: options, name: document.name,
          canLayOutAgain: document.canLayOutAgain)
      ]
    current = [CurrentDocument(
      index: index, name: document.name, bodyHeight: options.bodyHeight, pages: pages, numbered: numbered)]
  }

  private mutating func passed(_ page: Page) -> Step {
    selectedCount += 1
    return .page(page)
  }

  private mutating func finish(complete: Bool) -> Step {
    guard let document = current.popLast() else { return .end }
    return .finished(index: document.index, complete: complete, warnings: complete ? document.warnings : [])
  }

  /// The pages `documents` take, one after another, laid out only to be counted.
  struct Counter {
    private var sequence: DocumentSequence

    init(firstPageNumber: Int) {
      sequence = DocumentSequence(firstPageNumber: firstPageNumber)
    }

    /// The number of the last page counted so far.
    var lastPageNumber: Int { sequence.nextNumber - 1 }

    mutating func count(_ document: PrintDocument) throws(PrintError) {
      var options = document.options
      _ = sequence.begin(&options)
      PrintPages.setPageReferences(&options, of: document)
      var pages = try PrintPages.pages(of: document, options)
      pages.layOutAll()
      sequence.skip(pages: pages.laidOutCount)
    }
  }

  /// In-document links print their headings' page numbers when the document can be read again
  /// to find them (a stream read once cannot): in cells as wide as a guess of the last number.
  static func setPageReferences(_ options: inout LayoutOptions, of document: PrintDocument) {
    guard document.readsAgain && options.links != .none else { return }
    options.pageReferences = .provisional(digits: PageReferences.digits(of: document.estimatedLastPage(options)))
  }

  /// A layout of `document` that keeps no page behind, so memory stays bounded.
  static func pages(of document: PrintDocument, _ options: LayoutOptions) throws(PrintError) -> PageSet {
    do throws(LayoutError) {
      return try PageSet(reader: document.reader, options: options, keepsPages: false)
    } catch {
      throw PrintError("\(document.name): \(error.description)")
    }
  }
}

/// A document being printed: its pages, with their page references filled in when its links
/// print page numbers.
private struct CurrentDocument {
  var index: Int
  var name: String
  var bodyHeight: Int
  var pages: PageSet
  /// The pages with their page references filled in, when its links print page numbers:
  /// none or one (an array, for the reason ``PrintPages`` holds the document in one).
  var numbered: [NumberedPages]
  var nextIndex = 0

  mutating func next() throws(PrintError) -> Page? {
    if !numbered.isEmpty { return try numbered[0].next() }
    defer { nextIndex += 1 }
    return pages.page(at: nextIndex)
  }

  var warnings: [String] {
    var warnings = numbered.first?.warnings ?? []
    let count = numbered.first?.notesLeftOut ?? pages.notesLeftOut
    if count > 0 {
      warnings.append(
        "\(name): \(count) note\(count == 1 ? "" : "s") left out: a page of \(bodyHeight) line\(bodyHeight == 1 ? "" : "s") has no room for notes")
    }
    return warnings
  }
}
