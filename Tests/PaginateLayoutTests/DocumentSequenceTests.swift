import PaginateLayout
import PaginateModel
import Testing

/// Several documents as one run of pages: numbering runs on, each starts on a new page, and,
/// double-sided, on a recto after a blank verso where needed.
@Suite("Document sequence")
struct DocumentSequenceTests {
  /// A document of `pageCount` pages at 20x4 with no footer (each paragraph fills a page).
  private func document(pages pageCount: Int) -> Document {
    Document(blocks: (1...pageCount).map { .paragraph("page \($0) " + String(repeating: "word ", count: 10)) })
  }

  /// Lays the documents out through a sequence; each page as (index, number, blank, side).
  private func run(_ counts: [Int], doubleSided: Bool, firstPage: Int = 1) throws -> [(Int, Int, Bool, Page.Side)] {
    var sequence = DocumentSequence(firstPageNumber: firstPage)
    var result: [(Int, Int, Bool, Page.Side)] = []
    for count in counts {
      var layout = options(20, 4) {
        $0.isDoubleSided = doubleSided
        $0.chapterBreak = ChapterBreak.none
      }
      if let blank = sequence.begin(&layout) { result.append((blank.index, blank.number, blank.isBlank, blank.side)) }
      var set = try PageSet(document: document(pages: count), options: layout)
      for page in set.allPages() {
        let placed = sequence.place(page)
        result.append((placed.index, placed.number, placed.isBlank, placed.side))
      }
    }
    return result
  }

  @Test("single-sided: numbers and indexes run on, no blank pages")
  func singleSided() throws {
    let pages = try run([3, 2], doubleSided: false)
    #expect(pages.map(\.0) == [0, 1, 2, 3, 4])
    #expect(pages.map(\.1) == [1, 2, 3, 4, 5])
    #expect(pages.allSatisfy { !$0.2 })
  }

  @Test("double-sided: a document after one that ends on a recto gets a blank verso first")
  func blankVerso() throws {
    let pages = try run([3, 2, 2], doubleSided: true)
    #expect(pages.map(\.1) == [1, 2, 3, 4, 5, 6, 7, 8])
    #expect(pages.map(\.2) == [false, false, false, true, false, false, false, false])
    #expect(pages.map(\.0) == Array(0..<8))
    // Every document starts on a recto.
    #expect(pages[4].3 == .recto && pages[6].3 == .recto)
  }

  @Test("double-sided starting on a verso: the first document is not pushed, later ones are")
  func startsOnVerso() throws {
    // The first document starts on page 2, a verso, as asked; the second after a blank verso.
    let pages = try run([2, 1], doubleSided: true, firstPage: 2)
    #expect(pages.map(\.1) == [2, 3, 4, 5])
    #expect(pages.map(\.2) == [false, false, true, false])
  }

  @Test("an empty document adds no page and no blank")
  func emptyFirst() throws {
    var sequence = DocumentSequence()
    var layout = options(20, 4) { $0.isDoubleSided = true }
    #expect(sequence.begin(&layout) == nil)
    #expect(layout.firstPageNumber == 1)
    sequence.skip(pages: 0)
    #expect(sequence.begin(&layout) == nil, "no page yet: nothing to put a blank after")
    #expect(sequence.documentCount == 2)
  }
}
