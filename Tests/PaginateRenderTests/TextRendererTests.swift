import PaginateLayout
import PaginateModel
import PaginateRender
import PaginateTestSupport
import Testing

@Suite("Text renderer: plain and ANSI")
struct TextRendererTests {
  /// A heading and a paragraph that wraps, on a page of 20x6.
  static let small = Document(blocks: [
    .heading(level: 1, [.text("Tides")]),
    .paragraph("High water was late today, so the boats waited."),
  ])

  @Test("plain rendering of a small page is exactly its lines, each ending in a newline")
  func plainPage() throws {
    let page = try firstPage(Self.small, options(20, 6))
    let expected = [
      "Tides",
      "═════",
      "",
      "High water was late",
      "today, so the boats",
      "waited.",
    ]
    #expect(page.textLines == expected)
    let text = rendered(page, TextRenderer(usesANSI: false))
    #expect(text == expected.map { $0 + "\n" }.joined())
    // Line by line, the same bytes as the page at once (which is put together in one block).
    var lineByLine: [UInt8] = []
    for line in page.lines { TextRenderer(usesANSI: false).render(line, into: &lineByLine) }
    #expect(String(decoding: lineByLine, as: UTF8.self) == text)
  }

  @Test("a page with no lines renders to nothing; an empty line to a newline")
  func empty() {
    #expect(rendered([], TextRenderer(usesANSI: false)) == "")
    #expect(rendered([], TextRenderer(usesANSI: true)) == "")
    #expect(rendered([Line()], TextRenderer(usesANSI: false)) == "\n")
    #expect(rendered([Line()], TextRenderer(usesANSI: true)) == "\n")
  }

  /// A paragraph with every inline style.
  static let styled = Document(blocks: [
    .paragraph([
      .text("Was "), .strong([.text("late")]), .text(", "), .emphasis([.text("very")]), .text(" "),
      .strong([.emphasis([.text("both")])]), .text(" "), .code("tide"), .text(" "),
      .strikethrough([.text("gone")]), .text(" "),
      .link(destination: "https://example.org/tides", title: "", content: [.text("tables")]), .text("."),
    ])
  ])

  @Test("ANSI: each styled run gets its SGR sequence and a reset after it; unstyled text none")
  func ansiSpans() throws {
    let page = try firstPage(Self.styled, options(80, 4) { $0.links = .none })
    let line = rendered([page.lines[0]], TextRenderer(usesANSI: true))
    #expect(
      line
        == "Was \(esc)[1mlate\(esc)[0m, \(esc)[3mvery\(esc)[0m \(esc)[1;3mboth\(esc)[0m \(esc)[36mtide\(esc)[0m "
        + "\(esc)[9mgone\(esc)[0m \(esc)[4mtables\(esc)[0m.\n")
    // Without colour, code has nothing to show: no sequence at all, not an empty one.
    let noColour = rendered([page.lines[0]], TextRenderer(usesANSI: true, usesColour: false))
    #expect(noColour.contains(" tide "))
    #expect(!noColour.contains("\(esc)[m"))
    #expect(noColour.contains("\(esc)[1;3mboth\(esc)[0m"))
    // Plain: the text alone.
    #expect(rendered([page.lines[0]], TextRenderer(usesANSI: false)) == "Was late, very both tide gone tables.\n")
  }

  @Test("ANSI: headings bold, the rules and bars the layout draws dim")
  func ansiHeadingAndFurniture() throws {
    let document = Document(blocks: [
      .heading(level: 1, [.text("Tides")]), Block(.blockQuote([.paragraph("quoted")])),
    ])
    let page = try firstPage(document, options(20, 6))
    let text = rendered(page, TextRenderer(usesANSI: true))
    #expect(text.hasPrefix("\(esc)[1mTides\(esc)[0m\n"))
    #expect(text.contains("\(esc)[2m"))
    // Every sequence that turns a style on is followed by a reset before the line ends.
    for line in text.split(separator: "\n") {
      let opened = line.matches(of: #/\u{1B}\[[0-9;]+m/#).filter { $0.output != "\u{1B}[0m" }.count
      #expect(opened == occurrences(of: "\(esc)[0m", in: line), "\(line.debugDescription)")
    }
  }

  @Test("a link is an OSC 8 hyperlink, opened and closed around its text, only when makesHyperlinks is on")
  func hyperlinks() throws {
    let document = Document(blocks: [
      .paragraph([
        .text("See "), .link(destination: "https://example.org/tides", title: "", content: [.text("the tables")]),
        .text(" now."),
      ])
    ])
    let page = try firstPage(document, options(60, 6) { $0.links = .none })
    let open = "\(esc)]8;id=paginate-1;https://example.org/tides\(esc)\\"
    let close = "\(esc)]8;;\(esc)\\"
    #expect(page.linkDestinations.map(\.destination) == ["https://example.org/tides"])
    // Plain text with links: the link stays open over the space between its words.
    let linked = rendered([page.lines[0]], TextRenderer(usesANSI: false, makesHyperlinks: true), links: page.linkDestinations)
    #expect(linked == "See \(open)the tables\(close) now.\n")
    // With styles: the sequences nest, the link outside.
    let styled = rendered([page.lines[0]], TextRenderer(usesANSI: true, makesHyperlinks: true), links: page.linkDestinations)
    // One underline over the whole link text, the space between its words included.
    #expect(styled == "See \(open)\(esc)[4mthe tables\(esc)[0m\(close) now.\n")
    // Off: no OSC 8 at all, with or without styles; and on, but without the page's links.
    #expect(rendered([page.lines[0]], TextRenderer(usesANSI: false), links: page.linkDestinations) == "See the tables now.\n")
    #expect(!rendered([page.lines[0]], TextRenderer(usesANSI: true), links: page.linkDestinations).contains("\(esc)]8"))
    #expect(rendered([page.lines[0]], TextRenderer(usesANSI: false, makesHyperlinks: true)) == "See the tables now.\n")
  }

  @Test("only http, https and mailto destinations are linked; others keep their text, unlinked")
  func linkSchemes() throws {
    let document = Document(blocks: [
      .paragraph([
        .link(destination: "javascript:alert(1)", title: "", content: [.text("js")]), .text(" "),
        .link(destination: "file:///etc/passwd", title: "", content: [.text("file")]), .text(" "),
        .link(destination: "mailto:harbour@example.org", title: "", content: [.text("mail")]), .text(" "),
        .link(destination: "HTTPS://example.org/a b", title: "", content: [.text("web")]),
      ])
    ])
    let page = try firstPage(document, options(60, 6) { $0.links = .none })
    let text = rendered([page.lines[0]], TextRenderer(usesANSI: false, makesHyperlinks: true), links: page.linkDestinations)
    let close = "\(esc)]8;;\(esc)\\"
    #expect(
      text
        == "js file \(esc)]8;id=paginate-3;mailto:harbour@example.org\(esc)\\mail\(close) "
        + "\(esc)]8;id=paginate-4;HTTPS://example.org/a%20b\(esc)\\web\(close)\n")
  }

  /// Every kind of control a document can hold: C0, ESC sequences, DEL, C1, bidi overrides.
  static let payload = "esc \u{1B}[2J osc \u{1B}]0;title\u{07} c1 \u{9B}31m del \u{7F} bidi \u{202E}txt.exe isolate \u{2066}x\u{2069}"

  @Test("control characters in a document's text are never sent raw, plain or styled, linked or not")
  func controls() throws {
    let document = Document(
      title: "t\u{1B}]0;x\u{07}",
      blocks: [
        .heading(level: 2, [.text(Self.payload)]),
        .paragraph([.text(Self.payload), .strong([.text("\u{1B}[5m")]), .code("\u{1B}c")]),
        .paragraph([.link(destination: "https://example.org/\u{1B}]8;;\u{07}\u{9D}", title: "", content: [.text("link\u{1B}")])]),
        Block(.codeBlock(info: "sh", text: "printf '\u{1B}[31m'\n\u{7}")),
      ]
    ).withVisibleControls()
    for links in LinkStyle.allCases {
      for page in try pages(document, options(40, 30) { $0.links = links; $0.header = "{title}|{page}|" }) {
        for renderer in [
          TextRenderer(usesANSI: false), TextRenderer(usesANSI: true),
          TextRenderer(usesANSI: false, makesHyperlinks: true), TextRenderer(usesANSI: true, makesHyperlinks: true),
        ] {
          let text = rendered(page, renderer)
          let shown = withoutRendererSequences(text)
          #expect(!hasControls(shown), "links \(links), \(renderer): \(shown.debugDescription)")
          #expect(shown.contains("^["), "the escapes are shown, visibly")
        }
      }
    }
  }

  @Test(
    "random documents: ANSI output without its sequences is the plain output; every link closes on its line",
    .timeLimit(.minutes(10)))
  func ansiIsPlainPlusSequences() async {
    await forAll(count: 40, columns: 12...80, lines: 6...30) { seed, columns, lines in
      var random = RandomDocument(seed: seed)
      let document = random.document(blocks: 3...20)
      let all: [Page]
      do {
        all = try pages(document, options(columns, lines))
      } catch {
        Issue.record("seed \(seed), \(columns)x\(lines): \(error)")
        return
      }
      for page in all {
        let plain = rendered(page, TextRenderer(usesANSI: false))
        let styled = rendered(page, TextRenderer(usesANSI: true, makesHyperlinks: true))
        #expect(withoutRendererSequences(styled) == plain, "seed \(seed), \(columns)x\(lines), page \(page.number)")
        for line in styled.split(separator: "\n", omittingEmptySubsequences: false) {
          let opens = line.matches(of: #/\u{1B}\]8;id=/#).count
          let closes = occurrences(of: "\(esc)]8;;\(esc)\\", in: line)
          #expect(opens == closes, "seed \(seed): \(line.debugDescription)")
        }
      }
    }
  }
}
