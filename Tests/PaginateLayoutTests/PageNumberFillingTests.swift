import PaginateLayout
import PaginateModel
import PaginateTestSupport
import PropertyBased
import Testing

/// A layout with provisional page references, its numbers written in afterwards
/// (``PageNumberFiller``), against a second layout with the numbers known; and
/// pages through their compact form (``Page/appendCompact(to:)``).
@Suite("Page numbers written into a layout")
struct PageNumberFillingTests {
  /// A random document with in-document links among its paragraphs: to its headings (by the
  /// ids GitHub gives them), to headings it lacks, inside headings, tables and notes too.
  static func document(seed: Int) -> Document {
    var generator = RandomDocument(seed: seed)
    let document = generator.document(blocks: 5...40)
    var ids = HeadingIDs()
    var known: [String] = ["no-such-heading"]
    for block in document.blocks {
      if case .heading(_, let text) = block.content { known.append(ids.next(for: text.plainText)) }
    }
    func link() -> Inline {
      let id = known[generator.int(0...(known.count - 1))]
      return .link(destination: "#\(id)", title: "", content: [.text(generator.sentence(1...3))])
    }
    var blocks: [Block] = []
    for block in document.blocks {
      blocks.append(block)
      switch generator.int(0...5) {
      case 0:
        blocks.append(Block(.paragraph([.text(generator.sentence(0...8)), .text(" "), link(), .text(" "), link()])))
      case 1:
        blocks.append(
          Block(
            .list(
              ListBlock(
                kind: .bullet,
                items: [ListBlock.Item([Block(.paragraph([link()]))]), ListBlock.Item([Block(.paragraph([link(), link()]))])]))))
      case 2:
        blocks.append(Block(.heading(level: 2, [.text("See "), link()])))
        blocks.append(Block(.paragraph([.text(generator.sentence(3...20))])))
      case 3:
        blocks.append(Block(.paragraph([.text(generator.sentence(1...5)), .note([Block(.paragraph([link()]))])])))
      default:
        break
      }
    }
    return Document(blocks: blocks)
  }

  @Test("one layout, numbers written in, is the layout made again with them")
  func fillingMatchesSecondLayout() async {
    await forAll(count: 80, columns: 16...90, lines: 6...40) { seed, columns, lines in
      let document = Self.document(seed: seed)
      let base = options(columns, lines) { options in
        options.links = [.footnotes, .inline, .none][seed % 3]
        options.isDoubleSided = seed % 4 == 1
        options.justifies = seed % 5 == 2
      }
      // The width of the last page number, from a first layout.
      var counting = base
      counting.pageReferences = .provisional(digits: 1)
      let count = pages(document, counting).last?.number ?? 1
      let digits = PageReferences.digits(of: count) + seed % 2  // wider than need be, at times
      var first = base
      first.pageReferences = .provisional(digits: digits)
      let provisional = pages(document, first)
      var found = PageReferences()
      for page in provisional { found.add(page) }
      var second = base
      second.pageReferences = found.printed(inDigits: digits)
      let expected = pages(document, second)
      var filler = PageNumberFiller()
      let filled = provisional.map { filler.fill($0, with: found.printed(inDigits: digits)) }
      #expect(filler.tooWide == 0)
      #expect(filled.count == expected.count, "seed \(seed) \(columns)x\(lines)")
      for (page, wanted) in zip(filled, expected) {
        #expect(page == wanted, "seed \(seed) \(columns)x\(lines) page \(wanted.number): \(page.textLines) against \(wanted.textLines)")
        #expect(page.linkDestinations == wanted.linkDestinations, "seed \(seed) page \(wanted.number)")
      }
    }
  }

  @Test("a page read back from its compact form is the page, links, headings and anchors too")
  func compactRoundTrip() async {
    await forAll(count: 60, columns: 16...90, lines: 6...40) { seed, columns, lines in
      let document = Self.document(seed: seed)
      let layout = options(columns, lines) { options in
        options.links = [.footnotes, .inline, .none][seed % 3]
        options.pageReferences = .provisional(digits: 2)
        options.footer = "{title}|{page}"
      }
      for page in pages(document, layout) {
        var bytes: [UInt8] = [0xFF]  // after other bytes, as in a spill
        page.appendCompact(to: &bytes)
        let read = bytes.dropFirst().withUnsafeBytes { Page(compact: $0) }
        #expect(read == page, "seed \(seed) page \(page.number)")
        #expect(read?.linkDestinations == page.linkDestinations)
        #expect(read?.headings == page.headings)
        #expect(read?.lineAnchors == page.lineAnchors)
        #expect(read?.layout == page.layout)
        // Cut short, it is no page.
        #expect(bytes.dropFirst().dropLast().withUnsafeBytes { Page(compact: $0) } == nil)
      }
    }
  }

  @Test("a heading's id from ASCII is the id from Unicode's properties")
  func asciiSlugs() {
    var random = SplitMix(seed: 7)
    for _ in 0..<2_000 {
      let text = String(decoding: (0..<random.pick(0...30)).map { _ in UInt8(random.pick(0...127)) }, as: UTF8.self)
      // The same text with a scalar outside ASCII after it takes the path of Unicode's
      // properties; `é` is kept there, so the ids differ by it alone.
      #expect(HeadingIDs.slug(text) + "é" == HeadingIDs.slug(text + "é"), "\(Array(text.utf8))")
    }
  }
}
