import PaginateLayout
import PaginateModel
import PaginatePaging
import PaginateTestSupport
import Testing

/// The reader's place is a character of the document: relayouts land on the page that holds
/// it, never one late, for documents with and without source lines.
@Suite("Anchors")
struct AnchorTests {
  /// A random document; without source ranges for odd seeds (a document built in code).
  static func document(seed: Int) -> Document {
    var random = RandomDocument(seed: seed)
    var document = random.document(blocks: 4...30)
    if seed % 2 == 1 {
      document.blocks = document.blocks.map { Block($0.content, source: nil) }
    }
    return document
  }

  /// Whether the page at `index` holds `anchor`: its first character is at or before it, and
  /// the next page with text starts after it.
  static func page(_ index: Int, of controller: PagingController, holds anchor: TextAnchor) -> Bool {
    guard let page = controller.page(at: index), let top = page.anchor, top <= anchor else { return false }
    var next = index + 1
    while let following = controller.page(at: next) {
      if let start = following.anchor { return start > anchor }
      next += 1
    }
    return true
  }

  @Test("for every page and every relayout, the page shown afterwards holds the page's first character")
  func relayoutsLandOnTheAnchor() async {
    await forAll(count: 25, columns: 14...90, lines: 6...40) { seed, columns, lines in
      let document = Self.document(seed: seed)
      var options = LayoutOptions(pageSize: PageSize(columns: columns, lines: lines))
      options.footer = seed % 3 == 0 ? "|{page}|" : ""
      // Every size drawn leaves room for text: a layout error is a failure, not a case to skip.
      let original: PagingController
      do {
        original = try PagingController(document: document, options: options)
      } catch {
        Issue.record("seed \(seed), \(columns)x\(lines): \(error)")
        return
      }
      var relayouts: [(String, LayoutOptions, FacingOptions?)] = []
      for (name, size) in [("narrower", PageSize(columns: max(columns / 2, 10), lines: lines)),
        ("wider", PageSize(columns: columns + 23, lines: lines + 7)), ("shorter", PageSize(columns: columns, lines: max(lines - 4, 5)))]
      {
        var changed = options
        changed.pageSize = size
        relayouts.append((name, changed, nil))
      }
      var doubleSided = options
      doubleSided.isDoubleSided = true
      relayouts.append(("double-sided", doubleSided, nil))
      relayouts.append(("double-sided and facing", doubleSided, FacingOptions()))
      relayouts.append(("facing", options, FacingOptions(start: .left)))
      var margins = options
      margins.margins = Margins(top: 1, bottom: 1, inner: 3, outer: 2)
      relayouts.append(("margins", margins, nil))

      var index = 0
      while let page = original.page(at: index), index < 25 {
        defer { index += 1 }
        guard let anchor = page.anchor else { continue }
        var reader = original
        _ = reader.go(toPageAt: index)
        #expect(reader.currentAnchor == anchor)
        for (name, changed, facing) in relayouts {
          var copy = reader
          // Every relayout leaves room for text (at least 10x5 and margins of 5 columns and 2
          // lines): an error is a failure.
          do {
            try copy.relayout(options: changed, facing: facing)
          } catch {
            Issue.record("seed \(seed), \(columns)x\(lines), \(name): \(error)")
            continue
          }
          let held = Self.page(copy.currentIndex, of: copy, holds: anchor)
          #expect(held, "seed \(seed), \(columns)x\(lines), page \(index + 1), \(name): \(anchor) not on page \(copy.currentPage.number)")
          // And back: the first layout shows the same page again.
          do {
            try copy.relayout(options: options, facing: nil)
          } catch {
            Issue.record("seed \(seed), \(columns)x\(lines), \(name) and back: \(error)")
            continue
          }
          #expect(copy.currentIndex == index, "seed \(seed), \(columns)x\(lines), \(name) and back")
        }
      }
    }
  }

  @Test("anchors grow through the pages, line by line, and every page but a blank one has one")
  func anchorsAreInOrder() async {
    await forAll(count: 40, columns: 12...80, lines: 5...30) { seed, columns, lines in
      let document = Self.document(seed: seed)
      // Every size drawn leaves room for text and the footer: a layout error is a failure.
      var pages: PageSet
      do {
        pages = try PageSet(document: document, options: LayoutOptions(pageSize: PageSize(columns: columns, lines: lines)))
      } catch {
        Issue.record("seed \(seed), \(columns)x\(lines): \(error)")
        return
      }
      var last: TextAnchor?
      for page in pages.allPages() {
        // No anchor exactly where the page shows no character of the text: a blank page, or
        // a page of notes only (notes carried past the end of the text).
        // (The text area is `bodyLines`; the notes are its last lines, `noteLines`.)
        let textLines = page.bodyLines.lowerBound..<page.noteLines.lowerBound
        let notesOnly = !page.noteLines.isEmpty && textLines.allSatisfy { page.lines[$0].isEmpty }
        #expect((page.isBlank || notesOnly) == (page.anchor == nil), "seed \(seed) at \(columns)x\(lines): page \(page.number)")
        for anchor in page.lineAnchors.compactMap({ $0 }) {
          if let last { #expect(last <= anchor, "seed \(seed): \(anchor) after \(last)") }
          last = anchor
        }
      }
    }
  }

  @Test("a character has the same anchor at every width: spaces and furniture are not counted")
  func countsDoNotDependOnWidth() throws {
    let document = Document(blocks: [
      .paragraph("The quick brown fox jumps over the lazy dog, again and again, near the old harbour wall."),
      Block(.list(ListBlock(kind: .bullet, isTight: true, items: [ListBlock.Item([.paragraph("one two three four five six seven")])]))),
      Block(.blockQuote([.paragraph("quoted words that wrap across the quote bar at narrow widths")])),
    ])
    /// The anchor of the first character of `word` on the page.
    func anchor(of word: String, columns: Int) throws -> TextAnchor {
      var pages = try PageSet(document: document, options: LayoutOptions(pageSize: PageSize(columns: columns, lines: 200)))
      let page = try #require(pages.allPages().first)
      let index = try #require(page.lines.indices.first { page.lines[$0].text.contains(word) })
      let start = try #require(page.lineAnchors[index])
      let text = page.lines[index].text
      let before = text[..<text.firstRange(of: word)!.lowerBound]
      // Quote bars are furniture: not counted, like spaces. (A bullet is text of its item: it
      // comes once, at any width.)
      let counted = before.unicodeScalars.filter { $0 != " " && $0 != "│" }.count
      return TextAnchor(block: start.block, offset: start.offset + counted)
    }
    for word in ["lazy", "harbour", "six", "seven", "narrow"] {
      let anchors = try [12, 20, 33, 80].map { try anchor(of: word, columns: $0) }
      #expect(Set(anchors).count == 1, "\(word): \(anchors)")
    }
  }
}
