/// Several documents printed one after another as one run of pages (the files of one
/// `paginate` command, or the chapters of a book kept as files): the numbering runs on from one
/// document to the next, each document starts on a new page and, double-sided, on a recto, with
/// a blank verso inserted before it when the one before ended on a recto.
///
/// The policy lives here, in the layout, so that every way of showing pages shares it:
///
///     var sequence = DocumentSequence(firstPageNumber: 1)
///     for document in documents {
///       var options = baseOptions
///       if let blank = sequence.begin(&options) { show(blank) }
///       var pages = try PageSet(document: document, options: options)
///       for page in pages.allPages() { show(sequence.place(page)) }
///     }
package struct DocumentSequence: Sendable {
  /// The number the next page gets.
  package private(set) var nextNumber: Int
  /// The index in the whole run the next page gets (from 0).
  package private(set) var nextIndex = 0
  /// The documents begun so far.
  package private(set) var documentCount = 0

  /// A run whose first page is numbered `firstPageNumber`.
  package init(firstPageNumber: Int = 1) {
    nextNumber = firstPageNumber
  }

  /// Begins the next document laid out with `options`: sets its first page number, and
  /// returns the blank verso to put before it, if one is needed (double-sided, pages before it
  /// in the run, and the page it would start on is a verso). The blank page is counted.
  package mutating func begin(_ options: inout LayoutOptions) -> Page? {
    defer {
      options.firstPageNumber = nextNumber
      documentCount += 1
    }
    guard options.isDoubleSided, nextIndex > 0, Page.side(of: nextNumber) == .verso else { return nil }
    let blank = Page(
      index: nextIndex, number: nextNumber, side: .verso, isBlank: true,
      lines: Array(repeating: Line(), count: options.pageSize.lines), source: nil, runningHead: "")
    nextIndex += 1
    nextNumber += 1
    return blank
  }

  /// The page `page` of the current document as a page of the whole run (its index counts
  /// every page before it), and counted.
  package mutating func place(_ page: Page) -> Page {
    var placed = page
    placed.index = nextIndex
    nextIndex += 1
    nextNumber = page.number + 1
    return placed
  }

  /// Counts `count` pages of the current document that are not shown (laid out only to be
  /// counted).
  package mutating func skip(pages count: Int) {
    nextIndex += count
    nextNumber += count
  }
}
