import Paginate
import Testing

/// Several documents printed as one run, the way an app prints a book kept as chapters:
/// through `PrintRun` and a `PageWriter`, with nothing but `import Paginate`.
@Suite("A print run")
struct PrintRunTests {
  static func chapter(_ title: String, paragraphs: Int) -> String {
    "# \(title)\n\n" + (1...paragraphs).map { "Paragraph \($0) of \(title). " + String(repeating: "Words fill lines. ", count: 12) }
      .joined(separator: "\n\n")
  }

  static func document(_ markdown: String, _ options: LayoutOptions) throws -> PrintDocument {
    PrintDocument(reader: DocumentReader(Document(markdown: markdown)), options: options, name: "chapter")
  }

  static let small = LayoutOptions(pageSize: PageSize(columns: 40, lines: 12))

  /// Every page of the run.
  static func pages<Source>(_ run: inout PrintRun<Source>) throws -> [Page] {
    var pages: [Page] = []
    while let page = try run.nextPage() { pages.append(page) }
    return pages
  }

  @Test("numbering runs on across documents; each starts a page; the run knows its total")
  func numbering() throws {
    let one = try Self.document(Self.chapter("One", paragraphs: 5), Self.small)
    let two = try Self.document(Self.chapter("Two", paragraphs: 4), Self.small)
    var alone = try PageSet(document: Document(markdown: Self.chapter("One", paragraphs: 5)), options: Self.small)
    let firstCount = alone.allPages().count
    var run = PrintRun(documents: [one, two])
    let pages = try Self.pages(&run)
    #expect(pages.map(\.number) == Array(1...pages.count))
    #expect(pages.map(\.index) == Array(0..<pages.count))
    #expect(pages[firstCount].textLines.contains { $0.contains("Two") }, "the second document starts a page")
    #expect(run.totalPages == pages.count)
    #expect(run.selectedCount == pages.count)
    #expect(run.title == "One")
  }

  @Test("double-sided: a document that would start on a verso gets a blank one before it")
  func blankVerso() throws {
    var options = Self.small
    options.isDoubleSided = true
    var run = PrintRun(documents: [
      try Self.document(Self.chapter("One", paragraphs: 1), options), try Self.document(Self.chapter("Two", paragraphs: 1), options),
    ])
    let pages = try Self.pages(&run)
    #expect(pages.count == 3)
    #expect(pages[1].isBlank && pages[1].side == .verso)
    #expect(pages[2].number == 3 && pages[2].side == .recto)
  }

  @Test("{pages} counts the whole run, not each document")
  func pageCount() throws {
    var options = Self.small
    options.footer = "|{page}/{pages}|"
    var run = PrintRun(documents: [
      try Self.document(Self.chapter("One", paragraphs: 5), options), try Self.document(Self.chapter("Two", paragraphs: 5), options),
    ])
    let pages = try Self.pages(&run)
    #expect(pages.count > 3)
    for page in pages {
      #expect(page.textLines.last?.contains("\(page.number)/\(pages.count)") == true, "\(page.textLines.last ?? "")")
    }
  }

  @Test("a selection passes on only its pages, and the layout stops past its last")
  func selection() throws {
    let documents = try (1...20).map { try Self.document(Self.chapter("Part \($0)", paragraphs: 4), Self.small) }
    var everything = PrintRun(documents: documents)
    let all = try Self.pages(&everything)
    var run = PrintRun(documents: documents, selection: try PageRanges("2-4,6"))
    let pages = try Self.pages(&run)
    #expect(pages.map(\.number) == [2, 3, 4, 6])
    #expect(pages.map(\.textLines) == [1, 2, 3, 5].map { all[$0].textLines })
    #expect(run.totalPages == nil, "the run stopped before the end")
    var odd = PrintRun(documents: documents, selection: try PageRanges("odd"))
    #expect(try Self.pages(&odd).allSatisfy { $0.number % 2 == 1 })
    #expect(odd.totalPages == all.count)
  }

  @Test("in-document links print the page numbers of their headings in the second document's numbering")
  func pageReferences() throws {
    let guide = """
      # Guide

      See [the end](#the-end).

      \((1...8).map { "Paragraph \($0). " + String(repeating: "Filling words. ", count: 14) }.joined(separator: "\n\n"))

      ## The end

      Done.
      """
    var run = PrintRun(documents: [
      try Self.document(Self.chapter("Preface", paragraphs: 6), Self.small), try Self.document(guide, Self.small),
    ])
    let pages = try Self.pages(&run)
    let end = try #require(pages.first { $0.textLines.contains { $0.hasPrefix("The end") } })
    let citing = try #require(pages.first { $0.textLines.contains { $0.contains("See the end") } })
    let line = citing.textLines.joined(separator: " ")
    #expect(line.contains("p.\u{A0}\(end.number)"), "\(line)")
  }

  @Test("spreads pair the pages facing each other; a writer gets begin, the spreads and end")
  func writer() throws {
    let facing = FacingOptions()
    let documents = [try Self.document(Self.chapter("One", paragraphs: 9), Self.small)]
    var spreads = PrintRun(documents: documents, facing: facing)
    var shapes: [[Int]] = []
    while let spread = try spreads.nextSpread() { shapes.append(spread.map(\.number)) }
    #expect(shapes.first == [1], "page 1 stands alone on the right")
    #expect(shapes.dropFirst().dropLast().allSatisfy { $0.count == 2 && $0[0] % 2 == 0 })

    var run = PrintRun(documents: documents)
    var writer = JSONPageSetWriter(pageSize: Self.small.pageSize)
    var output: [UInt8] = []
    var lastPages: [Int?] = []
    try run.write(to: &writer) { bytes, lastPage in
      output += bytes
      lastPages.append(lastPage)
    }
    #expect(lastPages.first == .some(nil) && lastPages.last == .some(nil))
    #expect(lastPages.dropFirst().dropLast().map { $0 ?? 0 } == Array(1...(run.totalPages ?? 0)))
    let json = String(decoding: output, as: UTF8.self)
    #expect(json.hasPrefix("{") && json.contains("\"pageCount\""), "\(json.prefix(200))")

    var none = PrintRun(documents: documents, selection: try PageRanges("90-"))
    var nothing: [UInt8] = []
    try none.write(to: &writer) { bytes, _ in nothing += bytes }
    #expect(nothing.isEmpty, "no page selected: nothing written")
  }

  /// A source that cannot open its second document.
  struct FailingSource: PrintSource {
    var count: Int { 2 }
    var finished: [Int] = []
    func open(_ index: Int, for pass: PrintPass) throws(PrintError) -> PrintDocument? {
      guard index == 0 else { throw PrintError("second: cannot be read") }
      return try? PrintRunTests.document(PrintRunTests.chapter("One", paragraphs: 1), PrintRunTests.small)
    }
    mutating func finished(_ index: Int, complete: Bool, warnings: [String]) { finished.append(index) }
  }

  @Test("a source's error ends the run with its line; the documents before it were finished")
  func sourceError() throws {
    var run = PrintRun(source: FailingSource())
    #expect(try run.nextPage()?.number == 1)
    #expect(throws: PrintError("second: cannot be read")) { try run.nextPage() }
    #expect(run.source.finished == [0])
  }
}
