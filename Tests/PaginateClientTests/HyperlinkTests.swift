import Paginate
import Testing

@Suite("Hyperlinks (OSC 8)")
struct HyperlinkTests {
  private func firstPage(_ markdown: String) throws -> Page {
    let reader = try PagingController(
      document: Document(markdown: markdown), options: LayoutOptions(pageSize: PageSize(columns: 60, lines: 20)))
    return reader.currentPage
  }

  private func rendered(_ page: Page, _ renderer: TextRenderer) -> String {
    var bytes: [UInt8] = []
    renderer.render(page.lines, links: page.linkDestinations, into: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  @Test("link text, across its words, and the destination in its note link to it; a page knows its links")
  func linked() throws {
    let page = try firstPage("See [the guide](https://example.org/guide) and <https://example.org/auto>.")
    #expect(Set(page.linkDestinations.map(\.destination)) == ["https://example.org/guide", "https://example.org/auto"])
    let text = rendered(page, TextRenderer(usesANSI: false, makesHyperlinks: true))
    let open = "\u{1B}]8;id=paginate-1;https://example.org/guide\u{1B}\\"
    #expect(text.contains(open + "the guide\u{1B}]8;;\u{1B}\\[1]"))
    // The note at the foot of the page is the destination, linked too.
    #expect(text.contains("[1] " + open + "https://example.org/guide\u{1B}]8;;\u{1B}\\"))
    #expect(text.contains("https://example.org/auto\u{1B}]8;;\u{1B}\\."))
    // Styles and links together.
    let styled = rendered(page, TextRenderer(usesANSI: true, makesHyperlinks: true))
    // One underline over the link's words and the space between them.
    #expect(styled.contains(open + "\u{1B}[4mthe guide\u{1B}[0m"))
  }

  @Test("without makesHyperlinks, or without the page's links, nothing of OSC 8 is written")
  func off() throws {
    let page = try firstPage("See [the guide](https://example.org/guide).")
    #expect(!rendered(page, TextRenderer(usesANSI: true)).contains("\u{1B}]8"))
    var bytes: [UInt8] = []
    TextRenderer(usesANSI: true, makesHyperlinks: true).render(page.lines, into: &bytes)
    #expect(!String(decoding: bytes, as: UTF8.self).contains("\u{1B}]8"))
  }

  @Test("only http, https and mailto are linked; a destination's controls and spaces are percent-encoded")
  func safe() throws {
    let page = try firstPage(
      "[a](file:///etc/passwd) [b](javascript:alert) [c](mailto:me@example.org) [d](<https://example.org/a b>)")
    let text = rendered(page, TextRenderer(usesANSI: false, makesHyperlinks: true))
    #expect(!text.contains("file:///etc/passwd\u{1B}"))
    #expect(!text.contains(";javascript:"))
    #expect(text.contains(";mailto:me@example.org\u{1B}\\"))
    #expect(text.contains(";https://example.org/a%20b\u{1B}\\"))
    // A destination can never end the sequence or send a control: ESC and BEL are encoded.
    let hostile = Document(blocks: [
      .paragraph([.link(destination: "https://x.example/\u{1B}]8;;\u{7}evil", title: "", content: [.text("x")])])
    ])
    let reader = try PagingController(document: hostile, options: LayoutOptions(pageSize: PageSize(columns: 60, lines: 20)))
    let escaped = rendered(reader.currentPage, TextRenderer(usesANSI: false, makesHyperlinks: true))
    #expect(escaped.contains(";https://x.example/%1B]8;;%07evil\u{1B}\\"))
  }
}
