// These tests use the library as an app would: this target depends on the `Paginate` product
// alone and imports nothing else of the package.
import Paginate
import Testing

/// A text long enough for a dozen small pages, with headings, a list and a link.
let story: String = {
  var text = "# The Harbour\n\nA story told in short paragraphs, for paging.\n\n"
  for chapter in 1...3 {
    text += "## Chapter \(chapter)\n\n"
    for paragraph in 1...6 {
      text += "Paragraph \(paragraph) of chapter \(chapter). The tide came in over the flats and the gulls "
      text += "rose from the mud, calling across the water to the boats at anchor.\n\n"
    }
  }
  return text
}()

let small = LayoutOptions(pageSize: PageSize(columns: 40, lines: 12))

@Suite("A reader, as an app builds one")
struct ReaderTests {
  @Test("a reader in ten statements: Markdown in memory, page 1, forward twice, back, a spread, a jump, a relayout")
  func tenStatements() throws {
    var reader = try PagingController(document: Document(markdown: story), options: small)  // 1
    #expect(reader.currentPage.textLines.first == "The Harbour")  // 2
    reader.goForward()  // 3
    reader.goForward()  // 4
    reader.goBack()  // 5
    #expect(reader.position.pageNumber == 2)  // 6
    reader.facing = FacingOptions()  // 7
    #expect(reader.currentSpread?.pages.map(\.number) == [2, 3])  // 8
    reader.go(toPageNumber: 5)  // 9
    reader.options.pageSize = PageSize(columns: 60, lines: 20)  // 10
    #expect(reader.currentPage.number < 5)  // larger pages: the same text is on an earlier one
  }

  @Test("defaults: PagingController(document:) gives single 80x66 pages")
  func defaults() {
    let reader = PagingController(document: Document(markdown: story))
    #expect(reader.options.pageSize == PageSize(columns: 80, lines: 66))
    #expect(reader.facing == nil)
    #expect(!reader.isWrapping)
    #expect(reader.currentPage.lines.count == 66)
  }

  @Test("documents from memory: Markdown, plain text, JSON, any registered format, and a file")
  func documentsFromMemory() throws {
    #expect(Document(markdown: story).title == "The Harbour")
    let text = Document(text: "First paragraph\nwraps here.\n\nSecond.")
    #expect(text.blocks.count == 2)
    let json = try Document(json: #"{"version": 1, "blocks": [{"type": "paragraph", "text": "From JSON."}]}"#)
    #expect(json.blocks == [.paragraph("From JSON.")])
    #expect(throws: InputError.self) { try Document(json: #"{"version": 1, "blocks": [{"type": "heading", "level": 9}]}"#) }
    do {
      _ = try Document(json: #"{"version": 1, "blocks": [{"type": "heading", "level": 9, "text": "x"}]}"#)
    } catch {
      #expect(error.description == "<json>: $.blocks[0].level: expected 1...6, got 9")
    }
    let bytes = Array("# Title\n\nBody.".utf8)
    #expect(try Document(bytes: bytes, format: .markdown).title == "Title")
    #expect(try Document(bytes: bytes, format: "md").title == "Title")
    #expect(throws: InputError.self) { try Document(bytes: bytes, format: "docx") }
    // An in-memory name without an extension is not read as plain text when a format is named.
    #expect(try Document(bytes: bytes, format: .markdown, name: "notes").blocks.count == 2)
  }

  @Test("a streamed source from a string lays out lazily and knows its lines")
  func streamedSource() throws {
    var long = ""
    for index in 1...2_000 { long += "Paragraph \(index) of a long document held in memory.\n\n" }
    var reader = try PagingController(reader: DocumentReader(markdown: long), options: small)
    #expect(reader.currentPage.textLines.first == "Paragraph 1 of a long document held in")
    #expect(reader.pageCount == nil)
    #expect(reader.laidOutPageCount < 5)
    // The estimate comes from the share of the source lines laid out.
    let estimate = reader.estimatedPageCount
    reader.goToLast()
    let count = try #require(reader.pageCount)
    #expect(abs(estimate - count) * 5 < count, "estimate \(estimate), count \(count)")
    #expect(reader.position.fraction == 1)
  }

  @Test("a value: reading needs no var, copies move on their own, and a copy over a stream sees every page")
  func valueSemantics() throws {
    let reader = try PagingController(reader: DocumentReader(markdown: story), options: small)
    // Reading a `let`:
    #expect(reader.position.pageNumber == 1)
    #expect(reader.page(at: 3)?.number == 4)
    #expect(reader.page(after: reader.currentPage)?.number == 2)
    var a = reader
    var b = reader
    a.goForward()
    #expect(a.currentPage.number == 2)
    #expect(b.currentPage.number == 1 && reader.currentPage.number == 1)
    // Both copies read the same streamed source: what one lays out, the other sees.
    a.goToLast()
    var pagesOfB: [Page] = [b.currentPage]
    while b.goForward() { pagesOfB.append(b.currentPage) }
    #expect(pagesOfB.count == a.pageCount)
    #expect(pagesOfB.last == a.currentPage)
  }

  @Test("random access and settable configuration")
  func randomAccess() throws {
    var reader = try PagingController(document: Document(markdown: story), options: small)
    #expect(reader.page(at: 6)?.number == 7)
    #expect(reader.page(at: 10_000) == nil)
    #expect(reader.page(number: 2)?.index == 1)
    reader.go(toPageNumber: 4)
    let top = try #require(reader.currentPage.textLines.first { !$0.isEmpty })
    reader.facing = FacingOptions()
    #expect(reader.currentPage.number == 4)
    #expect(reader.currentSpread?.pages.map(\.number) == [4, 5])
    reader.facing = nil
    #expect(reader.currentSpread == nil)
    var wider = reader.options
    wider.pageSize = PageSize(columns: 30, lines: 30)
    reader.options = wider
    #expect(reader.layoutError == nil)
    let shown = reader.currentPage.textLines.joined(separator: " ")
    let words = top.split(separator: " ").prefix(3).joined(separator: " ")
    #expect(shown.contains(words), "'\(words)' should still be on the page shown")
    reader.isWrapping = true
    reader.goToLast()
    let wrapped = reader.goForward()
    #expect(wrapped)
    #expect(reader.currentPage.number == 1)
  }

  @Test("errors, not traps: bad options throw a readable error; spreads without facing are nil")
  func errorsNotTraps() throws {
    let document = Document(markdown: story)
    #expect(throws: LayoutError.self) {
      _ = try PagingController(document: document, options: LayoutOptions(pageSize: PageSize(columns: 0, lines: 10)))
    }
    do {
      _ = try PagingController(document: document, options: LayoutOptions(pageSize: PageSize(columns: 20, lines: 2)))
      Issue.record("a 20x2 page with a footer has no room for text")
    } catch {
      #expect(error.description == "page 20x2 is too small: margins, header and footer take 2 of its 2 lines")
    }
    var reader = try PagingController(document: document, options: small)
    #expect(reader.spread(at: 0) == nil)
    #expect(reader.currentSpread == nil)
    reader.options = LayoutOptions(pageSize: PageSize(columns: 1, lines: 1))
    #expect(reader.layoutError != nil)
    #expect(reader.options == small)  // the layout stays as it was
    #expect(throws: LayoutError.self) {
      try reader.relayout(options: LayoutOptions(pageSize: PageSize(columns: -3, lines: 9)), facing: nil)
    }
    // Jumps say whether the reader is on the target afterwards (`#expect` cannot call a
    // mutating method: a move changes the value).
    let alreadyThere = reader.go(toPageNumber: 1)
    #expect(alreadyThere)
    let noSuchPage = reader.go(toPageNumber: 999)
    #expect(!noSuchPage)
    let onLine = reader.go(toSourceLine: 5)  // Markdown read from a string has source lines
    #expect(onLine && reader.currentPage.source?.firstLine ?? 99 <= 5)
    let built = try PagingController(document: Document(blocks: [.paragraph("No source lines here.")]), options: small)
    var copy = built
    let noLines = copy.go(toSourceLine: 3)
    #expect(!noLines)
  }

  @Test("previews and mocks: positions, loaded documents and sources can be built by hand")
  func buildByHand() {
    let position = PagingPosition(pageIndex: 2, pageNumber: 3, pageCount: nil, side: .recto, fraction: 0.25, runningHead: "")
    #expect(position.description == "3 of ?")
    #expect(position.estimatedPageCount == 3)
    let loaded = LoadedDocument(document: Document(markdown: "# A"), adapter: MarkdownAdapter())
    #expect(loaded.document.title == "A")
  }
}
