import PaginateAdapters
import PaginateLayout
import PaginateModel
import PaginatePaging
import PaginateTestSupport
import Synchronization
import Testing

@Suite("Edits while browsing, reloads, stale pages")
struct EditingTests {
  @Test("random insertions and deletions before, on and after the page shown keep the reader on their text")
  func editsKeepThePlace() async {
    await forAll(count: 40, columns: 16...80, lines: 6...30) { seed, columns, lines in
      var random = RandomDocument(seed: seed)
      let document = random.document(blocks: 6...30)
      var options = LayoutOptions(pageSize: PageSize(columns: columns, lines: lines))
      options.footer = ""
      // Every size drawn leaves room for text: a layout error is a failure, not a case to skip.
      var reader: PagingController
      do {
        reader = try PagingController(document: document, options: options)
      } catch {
        Issue.record("seed \(seed), \(columns)x\(lines): \(error)")
        return
      }
      let changes = Mutex<[ContentChange]>([])
      reader.addObserver { event in
        if case .didChangeContent(let change, _) = event { changes.withLock { $0.append(change) } }
      }
      reader.goToLast()
      _ = reader.go(toPageAt: random.int(0...reader.currentIndex))
      for step in 0..<6 {
        guard let place = reader.currentAnchor, var current = reader.reader.document else { return }
        let count = current.blocks.count
        let block = place.block
        // Before, on or after the reader's block; an insertion, a removal or a replacement.
        let start: Int
        switch random.int(0...2) {
        case 0: start = random.int(0...max(block, 0))
        case 1: start = block
        default: start = random.int(min(block + 1, count)...count)
        }
        let end = min(start + random.int(0...3), count)
        let inserted = (0..<random.int(0...3)).map { _ in Block.paragraph(random.inlines(2...30)) }
        let kind = random.int(0...2)
        let removed = kind == 0 ? start..<start : start..<end
        let added = kind == 1 ? [] : inserted
        let before = changes.withLock { $0.count }
        let oldBlock = block < count ? current.blocks[block] : nil
        do {
          try reader.replace(blocksIn: removed, with: added)
        } catch {
          Issue.record("seed \(seed) step \(step): \(error)")
          return
        }
        current.blocks.replaceSubrange(removed, with: added)
        #expect(changes.withLock { $0.count } == before + 1)
        #expect(changes.withLock { $0.last } == ContentChange(removed: removed, inserted: start..<(start + added.count)))
        guard let now = reader.currentAnchor else { continue }
        if !removed.contains(block), let oldBlock {
          // The same text: its block moved by what was inserted or removed before it.
          #expect(now.offset == place.offset, "seed \(seed) step \(step)")
          #expect(current.blocks[now.block] == oldBlock, "seed \(seed) step \(step): another block at \(now)")
        }
        // The page shown holds the anchor: its first character is at or before it. (An anchor
        // in a block with no text of its own, a page break, before the first page's text, is on
        // the first page, whose first character may come after it: nothing to check there.)
        let page = reader.currentPage
        if page.index > 0, let top = page.anchor {
          #expect(top <= now, "seed \(seed) step \(step)")
        }
        if let next = reader.page(after: page), let nextAnchor = next.anchor, !next.isBlank {
          #expect(now < nextAnchor, "seed \(seed) step \(step): \(now) is past page \(page.number)")
        }
      }
    }
  }

  @Test("a page kept from before a relayout or an edit is refused, not read as a page of the new layout")
  func stalePages() throws {
    let document = Document(blocks: (1...80).map { .paragraph("Paragraph \($0) of a document that wraps onto a few lines.") })
    var reader = try PagingController(document: document, options: LayoutOptions(pageSize: PageSize(columns: 30, lines: 10)))
    let page10 = try #require(reader.page(at: 9))
    #expect(reader.isCurrent(page10))
    #expect(reader.page(after: page10)?.number == 11)
    reader.options.pageSize = PageSize(columns: 40, lines: 14)
    #expect(!reader.isCurrent(page10))
    #expect(reader.page(after: page10) == nil)
    #expect(reader.page(before: page10) == nil)
    #expect(reader.anchor(of: page10) == nil)
    let fresh = try #require(reader.page(at: 9))
    #expect(reader.isCurrent(fresh))
    try reader.insert([.paragraph("New text.")], at: 0)
    #expect(!reader.isCurrent(fresh))
    #expect(reader.page(after: fresh) == nil)
    reader.facing = FacingOptions()
    let spread = try #require(reader.currentSpread)
    try reader.remove(blocksIn: 0..<1)
    #expect(reader.spread(after: spread) == nil)
  }

  @Test("edits need a document in memory, and a range inside it")
  func editErrors() throws {
    var streamed = try PagingController(reader: DocumentReader(markdown: "# A\n\nText."))
    #expect(throws: PagingError.self) { try streamed.insert([.paragraph("x")], at: 0) }
    var reader = PagingController(document: Document(blocks: [.paragraph("One.")]))
    #expect(throws: PagingError.self) { try reader.remove(blocksIn: 0..<5) }
    #expect(throws: PagingError.self) { try reader.insert([], at: -1) }
    #expect(reader.reader.document?.blocks.count == 1)
  }

  @Test("a reloaded document with text inserted or deleted before the page shown keeps the reader on their text")
  func reloadThroughEdits() throws {
    let paragraphs = (1...200).map { "Paragraph \($0) tells of the harbour at length, so that it takes several lines." }
    let document = Document(blocks: paragraphs.map { .paragraph($0) })
    var reader = try PagingController(document: document, options: LayoutOptions(pageSize: PageSize(columns: 40, lines: 12)))
    reader.go(toPageNumber: 30)
    let top = try #require(reader.currentPage.textLines.first { !$0.isEmpty })
    // 30 paragraphs inserted near the start, 10 deleted after them.
    var changed = document
    changed.blocks.insert(contentsOf: (1...30).map { .paragraph("Inserted paragraph \($0), long enough to wrap onto two lines.") }, at: 3)
    changed.blocks.removeSubrange(40..<50)
    reader.reload(changed)
    // Page breaks moved with the edit: the line is on the page shown, if not at its top.
    #expect(reader.currentPage.textLines.contains(top))
    #expect(reader.currentPage.number > 30)

    // The same for a source read as it goes (Markdown in memory, with no document to match
    // blocks in): the words at the top of the page are found again.
    let markdown = paragraphs.joined(separator: "\n\n")
    var streamed = try PagingController(reader: DocumentReader(markdown: markdown), options: LayoutOptions(pageSize: PageSize(columns: 40, lines: 12)))
    streamed.go(toPageNumber: 30)
    let streamedTop = try #require(streamed.currentPage.textLines.first { !$0.isEmpty })
    var edited = paragraphs
    edited.insert(contentsOf: (1...30).map { "Inserted paragraph \($0), long enough to wrap onto two lines." }, at: 3)
    edited.removeSubrange(40..<50)
    streamed.reload(DocumentReader(markdown: edited.joined(separator: "\n\n")))
    #expect(streamed.currentPage.textLines.contains(streamedTop))
    #expect(streamed.currentPage.number > 30)
  }
}
