import PaginateLayout
import PaginateModel
@testable import PaginateRender
import Testing

@Suite("HTML book writer")
struct HTMLBookWriterTests {
  /// The part of `html` between `<main id="book">` and `</main>`: the pages.
  func book(_ html: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Substring {
    let start = try #require(html.firstRange(of: "<main id=\"book\">"), sourceLocation: sourceLocation)
    let end = try #require(html.firstRange(of: "</main>"), sourceLocation: sourceLocation)
    return html[start.upperBound..<end.lowerBound]
  }

  @Test("document text escapes <, >, &, double and single quotes, in the pages and in the title")
  func escaping() throws {
    let document = Document(
      title: "Tom & \"Jerry's\" <b>",
      blocks: [
        .paragraph("a < b & \"c\" 'd' > e <script>alert(1)</script>"),
        .paragraph([.strong([.text("<i>&amp;</i>")])]),
      ])
    let page = try firstPage(document, options(60, 8))
    let writer = HTMLBookWriter(pageSize: PageSize(columns: 60, lines: 8), title: document.title ?? "")
    let html = writer.html(for: [page], nonce: "n0nce")
    #expect(html.contains("<title>Tom &amp; &quot;Jerry&#39;s&quot; &lt;b&gt;</title>"))
    let pages = try book(html)
    #expect(pages.contains("a &lt; b &amp; &quot;c&quot; &#39;d&#39; &gt; e &lt;script&gt;alert(1)&lt;/script&gt;"))
    #expect(pages.contains("<span class=\"s-bold\">&lt;i&gt;&amp;amp;&lt;/i&gt;</span>"))
    // Every tag in the pages is one the writer writes.
    let tags = Set(pages.matches(of: #/<\/?([a-z]+)/#).map { String($0.output.1) })
    #expect(tags.isSubset(of: ["div", "section", "pre", "span", "a"]), "\(tags)")
  }

  @Test("each page is a section with its number and side, its lines in a <pre>, styles as classes")
  func pageStructure() throws {
    let document = Document(blocks: [.heading(level: 1, [.text("Tides")]), .paragraph("Low water.")])
    let page = try firstPage(document, options(20, 4))
    let html = HTMLBookWriter(pageSize: PageSize(columns: 20, lines: 4), title: "T").html(for: [page], nonce: "n")
    #expect(
      try book(html)
        == "\n<div class=\"view\" data-view=\"0\">\n<section class=\"page recto\" data-page=\"1\" aria-label=\"Page 1\"><pre>"
        + "<span class=\"target\" id=\"tides\"></span><span class=\"s-bold s-heading\">Tides</span>\n<span class=\"s-furniture\">═════</span>\n\nLow water.</pre></section>\n</div>\n")
    #expect(html.contains("--columns: 20; --lines: 4;"))
  }

  @Test("only http, https and mailto URLs become links; a javascript: URL stays text")
  func links() throws {
    let document = Document(blocks: [
      .paragraph([
        .link(destination: "https://example.org/a?b=1&c=2", title: "", content: [.text("https://example.org/a?b=1&c=2")]),
        .text(" "), .link(destination: "javascript:alert(1)", title: "", content: [.text("javascript:alert(1)")]),
      ])
    ])
    let page = try firstPage(document, options(60, 8))
    let pages = try book(HTMLBookWriter(pageSize: PageSize(columns: 60, lines: 8), title: "").html(for: [page], nonce: "n"))
    #expect(
      pages.contains(
        "<a class=\"s-link\" href=\"https://example.org/a?b=1&amp;c=2\" rel=\"noopener noreferrer\">https://example.org/a?b=1&amp;c=2</a>"
      ))
    #expect(!pages.contains("href=\"javascript:"))
    #expect(pages.contains("<span class=\"s-link\">javascript:alert(1)</span>"))
  }

  @Test("a link's href is its whole destination, on its text and on every line of its wrapped note")
  func wholeDestinations() throws {
    let long = "https://example.org/documentation/basicco/a/very/long/path/that/wraps/in/the/note?x=1"
    let document = Document(blocks: [
      .paragraph([
        .text("Read "), .link(destination: long, title: "", content: [.text("the long guide")]),
        .text(", "), .link(destination: "docs/guide.md", title: "", content: [.text("the guide")]),
        .text(" and "), .link(destination: "#notes", title: "", content: [.text("the notes")]), .text("."),
      ]),
      .heading(level: 2, [.text("Notes")]),
    ])
    let page = try firstPage(document, options(30, 20))
    let html = try book(HTMLBookWriter(pageSize: PageSize(columns: 30, lines: 20), title: "").html(for: [page], nonce: "n"))
    let hrefs = html.matches(of: #/href="([^"]*)"/#).map { String($0.output.1) }
    // The text and the note's three lines lead to the whole URL; nothing leads elsewhere.
    #expect(hrefs.filter { $0 == long }.count >= 3, "\(hrefs)")
    #expect(Set(hrefs) == [long, "docs/guide.md", "#notes"], "\(hrefs)")
    // A link's words are one element, not one per word.
    #expect(html.contains(">the long guide</a>"))
    // The heading is the target of the in-document link, which has no note.
    #expect(html.contains("<span class=\"target\" id=\"notes\"></span>"))
    #expect(!page.textLines.joined().contains("#notes"))
  }

  @Test("repeated headings get GitHub's ids in document order: notes, notes-1, notes-2")
  func headingIDs() throws {
    let document = Document(blocks: [
      .heading(level: 2, [.text("Notes")]), Block(.pageBreak), .heading(level: 2, [.text("Notes")]),
      .heading(level: 3, [.text("Notes")]),
    ])
    let all = try pages(document, options(30, 10))
    let html = try book(HTMLBookWriter(pageSize: PageSize(columns: 30, lines: 10), title: "").html(for: all, nonce: "n"))
    let ids = html.matches(of: #/class="target" id="([^"]*)"/#).map { String($0.output.1) }
    #expect(ids == ["notes", "notes-1", "notes-2"])
  }

  @Test("each wide character sits in a cell exactly two columns wide")
  func wideCells() throws {
    let page = try firstPage(Document(blocks: [.paragraph("漢字 and かな.")]), options(30, 4))
    let html = try book(HTMLBookWriter(pageSize: PageSize(columns: 30, lines: 4), title: "").html(for: [page], nonce: "n"))
    #expect(html.contains(#"<span class="w">漢</span><span class="w">字</span> and <span class="w">か</span><span class="w">な</span>."#))
    #expect(HTMLBookWriter.stylesheet(pageSize: PageSize(columns: 30, lines: 4)).contains(".w { display: inline-block; width: 2ch;"))
  }

  @Test("printed, a page fits one sheet of A4 or Letter (or the paper named) inside 10 mm margins, filling it")
  func printSize() {
    for (columns, lines) in [(80, 66), (80, 24), (132, 66), (40, 100)] {
      let pageSize = PageSize(columns: columns, lines: lines)
      let either = HTMLBookWriter.printSize(pageSize: pageSize, paper: nil)
      #expect(either.size == nil)
      #expect(Double(lines) * 1.25 * either.fontSize <= 259.4 && Double(columns) * 0.602 * either.fontSize <= 190)
      // No smaller than it need be: within 1% of one bound.
      #expect(Double(lines) * 1.25 * either.fontSize > 259.4 * 0.99 || Double(columns) * 0.602 * either.fontSize > 190 * 0.99)
      for paper in [Paper.a4, .letter, .a5] {
        let sized = HTMLBookWriter.printSize(pageSize: pageSize, paper: paper)
        let size = try? #require(sized.size?.split(separator: " ").compactMap { Double($0.dropLast(2)) })
        let (width, height) = (size?[0] ?? 0, size?[1] ?? 0)
        #expect(Double(lines) * 1.25 * sized.fontSize <= height - 20 && Double(columns) * 0.602 * sized.fontSize <= width - 20)
        // Turned when that prints it larger.
        let turned = HTMLBookWriter.printFontSize(pageSize: pageSize, paperWidth: height, paperHeight: width)
        #expect(sized.fontSize >= turned, "\(columns)x\(lines) on \(paper.name)")
      }
    }
    #expect(HTMLBookWriter.stylesheet(pageSize: PageSize(columns: 80, lines: 66), paper: .a4).contains("@page { size: 210.0mm 297.0mm; margin: 10mm; }"))
    #expect(HTMLBookWriter.stylesheet(pageSize: PageSize(columns: 80, lines: 66), paper: .legal).contains("size: 215.9mm 355.6mm;"))
  }

  @Test("the navigation script runs only by the file's nonce; nothing loads from the network")
  func contentSecurityPolicy() throws {
    let html = HTMLBookWriter(pageSize: PageSize(columns: 20, lines: 4), title: "T").html(for: [], nonce: "abc123")
    #expect(html.contains("content=\"default-src 'none'; style-src 'unsafe-inline'; img-src 'none'; script-src 'nonce-abc123'\""))
    #expect(occurrences(of: "<script", in: html) == 1)
    #expect(html.contains("<script nonce=\"abc123\">"))
    #expect(!html.contains("http://"))
  }

  @Test("facing: views are spreads of two slots, an empty side drawn empty; written in parts, the same text")
  func facingAndParts() throws {
    let document = Document(blocks: [
      .paragraph("Page 1."), Block(.pageBreak), .paragraph("Page 2."), Block(.pageBreak), .paragraph("Page 3."),
      Block(.pageBreak), .paragraph("Page 4."),
    ])
    let all = try pages(document, options(20, 4))
    #expect(all.map(\.number) == [1, 2, 3, 4])
    var writer = HTMLBookWriter(pageSize: PageSize(columns: 20, lines: 4), facing: FacingOptions(), title: "T")
    #expect(writer.views(of: all).map { $0.map { $0?.number } } == [[nil, 1], [2, 3], [4, nil]])
    let html = writer.html(for: all, nonce: "n")
    #expect(occurrences(of: "<section class=\"page empty\" aria-hidden=\"true\"></section>", in: html) == 2)
    #expect(html.contains("<div class=\"view spread\" data-view=\"0\">"))
    #expect(html.contains("<div class=\"view spread\" data-view=\"1\" hidden>"))
    var parts = writer.beginning(nonce: "n")
    for (index, view) in writer.views(of: all).enumerated() { parts += writer.view(view, index: index) }
    parts += writer.ending(nonce: "n")
    #expect(parts == html)
  }
}
