import PaginateAdapters
import PaginateLayout
import PaginateModel
import Testing

@Suite("Golden pages")
struct GoldenTests {
  static let blocks = """
    # Harbour Notes

    High water was *late* today, and the **harbour master** said so in
    `tidewatch log`, with a [link to the tables](https://example.org/tides) and an
    autolink <https://example.org>.

    ## Lists

    - First item with enough words to wrap onto a second line here.
    - Second item
      1. Nested and numbered
      2. Another one
    - Third

    8. eight
    9. nine
    10. ten

    > A quote with a bar.
    >
    > > And a nested one that also wraps onto a second line.

    ```swift
    let line = "a code line that is far too long to fit on the page at this width"
    \tindented()
    ```

    ---

    | Day | High (m) | Note |
    |:----|---------:|:----:|
    | Tue | 3.86 | spring tide, windy |
    | Wed | 3.91 | calm |

    ![A painted tide post](post.png)

    <div class="x">raw html</div>

    ### A small heading

    Last words.
    """

  @Test("every block type at 40 columns", arguments: [40, 24])
  func blockTypes(columns: Int) throws {
    let all = try pages(markdownDocument(Self.blocks), options(columns, 30) { $0.footer = "|{page}|" })
    assertGolden(framed(all, columns: columns), named: "blocks.\(columns)x30")
  }

  /// Code and URLs wider than the page, as real READMEs have them (swift-snapshot-testing's
  /// and swift-argument-parser's).
  static let wrapping = """
    ```swift
    import SnapshotTesting
    import Testing

    @Suite(.snapshots(record: .failed))
    struct MySnapshotTests {
      // Record all snapshot failures in a Swift Testing suite:
      @Test func snapshotOfAView() {
        assertSnapshot(of: view, as: .image(precision: 0.98, perceptualPrecision: 0.98), record: .all)
      }
    }
    ```

    See [the guide](https://github.com/apple/swift-argument-parser/blob/main/Sources/ArgumentParser/Documentation.docc/Articles/GettingStarted.md),
    [the tests](https://github.com/pointfreeco/swift-snapshot-testing/tree/main/Tests/SnapshotTestingTests?tab=readme-ov-file#usage)
    or the path /usr/share/doc/swift-argument-parser/examples/repeat-command-with-options.swift in text.
    """

  @Test("code breaks at its boundaries with its indentation; URLs break after their punctuation", arguments: [40, 24])
  func wrapping(columns: Int) throws {
    let all = try pages(markdownDocument(Self.wrapping), options(columns, 40))
    assertGolden(framed(all, columns: columns), named: "wrapping.\(columns)x40")
  }

  /// Raw HTML as READMEs and CHANGELOGs have it.
  static let html = """
    <!-- Add new entries at the top. This comment never shows. -->
    <p align="center">
      <img src="logo.png" alt="Tidewatch logo" width="200">
      <br>
      <a href="https://ci.example.org"><img src="badge.svg" alt="build passing"></a>
      <a href="LICENSE"><img src="license.svg" alt="license MIT"></a>
    </p>

    # Tidewatch <!-- omit in toc -->

    Press <kbd>Ctrl</kbd>+<kbd>C</kbd> to stop; x<sup>2</sup> and H<sub>2</sub>O. A line
    <!-- a comment that
    spans lines --> goes on.

    <details>
    <summary>More options</summary>

    Hidden *Markdown* text.

    </details>

    <table>
      <tr><th>Station</th><th>Height</th></tr>
      <tr><td>pier-east</td><td>3.86 &amp; rising</td></tr>
      <tr><td><b>pier-west</b></td><td>3.91</td></tr>
    </table>

    <script>alert("shown as text, as GitHub shows it")</script>
    <div align="center">Centred <em>text</em> in a div.</div>
    """

  @Test("raw HTML rendered: comments hidden, a centred logo and badges, keys, details, a table; a script as text (GitHub's tag filter)", arguments: [40, 24])
  func rawHTML(columns: Int) throws {
    let all = try pages(markdownDocument(Self.html), options(columns, 30) { $0.footer = "|{page}|" })
    assertGolden(framed(all, columns: columns), named: "html.\(columns)x30")
  }

  /// GitHub's extensions as READMEs use them.
  static let github = """
    # Tidewatch

    - [x] log the morning tide
    - [ ] check the painted post

    1) Open the log.
    2) Write the height.

    The ~~old~~ new gauge[^gauge] reads in metres[^m].

    | Station | Gauge |
    | --- | :-: |
    | [pier-east][east] <br> north side | `tw read` |
    | ~~pier-west~~ | *closed* |

    > [!WARNING]
    > Back up the log before pruning.

    > [!TIP]
    > `tw prune --dry-run` shows what would go.

    [east]: https://example.org/pier-east
    [^gauge]: Installed in 2024.
    [^m]: Not feet.
    """

  @Test("GitHub Markdown: task lists, ) lists, strikethrough, footnotes, a table with links and <br>, alerts", arguments: [40, 24])
  func gitHub(columns: Int) throws {
    // As printed without colour: struck-out text and code are marked in the text.
    try assertGoldenWithoutColour(Self.github, named: "github", columns: columns, lines: 40)
  }

  /// Compares `markdown` set as printed without colour (styles marked in the text, the page
  /// number in the footer) with the golden file `name.CxL`.
  private func assertGoldenWithoutColour(
    _ markdown: String, named name: String, columns: Int, lines: Int, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let all = try pages(markdownDocument(markdown), options(columns, lines) {
      $0.footer = "|{page}|"
      $0.marks = .text
    })
    assertGolden(framed(all, columns: columns), named: "\(name).\(columns)x\(lines)", sourceLocation: sourceLocation)
  }

  /// What styles show on a terminal, for plain text.
  static let marked = """
    # Level one

    ## Level two

    ### Level three, long enough to wrap under its marker

    #### Level four

    ##### Level five

    ###### Level six

    Text with *emphasis*, **strong**, ***both***, `code`, `` a`tick ``, ~~struck~~ and a
    [link](https://example.org) around ![a painted tide post](post.png) and ![](blank.png).

    ```swift
    let height = 3.86  // metres
    ```

    1. A list item with `code`
    """

  @Test("without colour: headings 1–6, code blocks, inline code, emphasis, struck-out text and images are marked", arguments: [40, 24])
  func marks(columns: Int) throws {
    try assertGoldenWithoutColour(Self.marked, named: "marks", columns: columns, lines: 44)
  }

  @Test("CJK and mixed-script paragraphs")
  func cjk() throws {
    let document = try markdownDocument(
      """
      # 港の朝

      夜明け前の港は、まだ静かだった。漁師たちは小さな灯りの下で網を整え、「今日は潮がいい」と短く言葉を交わした。カモメが一羽、防波堤の上で首をかしげている。

      清晨的海边还笼罩在薄雾之中，渔船一艘接一艘地停靠在码头旁（据说已经有一百多年的历史）。

      Mixed: the word 潮見表 means tide table, and Straße is German; 👩‍💻 and 🇯🇵 take two cells each.
      """)
    assertGolden(framed(pages(document, options(24, 16)), columns: 24), named: "cjk.24x16")
  }

  @Test("CJK as written in READMEs: source line ends between ideographs and spaces before closing punctuation vanish")
  func cjkSpacing() throws {
    let markdown = try markdownDocument(
      """
      テストを学びました。
      テストは大切です 。次の文も、
      そして 」で終わる文もあります 、と彼は言った。

      中文的句子也一样
      不需要空格 ，对吧？
      """)
    // The same text read as plain text (prose, reflowed): its lines join the same way.
    let plain = try AdapterRegistry.builtIn.load(
      AdapterInput(text: "テストを学びました。\nテストは大切です 。次の文も、\n\nEnglish words\nand 日本語\nmixed.", name: "a.txt"),
      named: "text"
    ).document
    let all = pages(Document(blocks: markdown.blocks + plain.blocks), options(24, 16))
    assertGolden(framed(all, columns: 24), named: "cjk-spacing.24x16")
  }

  /// English and German prose, hyphenated by the document's language (Debian's hyphen-en-us
  /// and hyphen-de patterns), justified at 40 columns and ragged at 24.
  static let hyphenation = [
    Document(
      language: "en-US",
      blocks: [
        .paragraph(
          "Nobody on Harrow Street could remember a time before the clock shop. It sat between a baker and a seller of umbrellas, and its window was so crowded with pendulums and brass faces that passers-by often stopped just to hear them all tick at once. Inside, behind a counter scarred by a century of screwdrivers, worked a woman who had inherited the shop from an uncle she had met exactly twice."
        )
      ]),
    Document(
      language: "de",
      blocks: [
        .paragraph(
          "Niemand in der Harrowstraße konnte sich an eine Zeit vor dem Uhrengeschäft erinnern. Es lag zwischen einem Bäcker und einem Schirmverkäufer, und sein Schaufenster war so voller Pendel und Messingzifferblätter, dass Vorübergehende oft stehen blieben, nur um sie alle zugleich ticken zu hören."
        )
      ]),
  ]

  @Test("hyphenated English and German paragraphs, justified at 40 columns and ragged at 24", arguments: [40, 24])
  func hyphenation(columns: Int) {
    let all = Self.hyphenation.flatMap { document in
      pages(document, options(columns, 20) { $0.hyphenates = true; $0.justifies = columns == 40 })
    }
    assertGolden(framed(all, columns: columns), named: "hyphenation.\(columns)x20")
  }

  @Test("page breaks: badges before the first chapter stay with it, no page starts blank, short tables and items stay whole")
  func pageBreaks() throws {
    let document = try markdownDocument(
      """
      [![CI](https://ci.example.org/badge.svg)](https://ci.example.org) ![Swift 6](https://img.example.org/swift.svg)

      # Harbour

      Words to fill the page up to the point where the code block begins and then breaks.

      ```
      first()

      second()

      third()
      ```

      A paragraph that fills lines before the short table at the foot of the page.

      | Day | High |
      |-----|------|
      | Tue | 3.86 |
      | Wed | 3.91 |

      Lines before a list whose items are short enough to stay together.

      - An item of two lines that must not be split in two.
      - Another item.
      """)
    let all = pages(document, options(24, 12) { $0.isDoubleSided = true; $0.footer = "|{page}|" })
    assertGolden(framed(all, columns: 24), named: "pagebreaks.24x12")
    #expect(PageBreakFaultTests.faults(in: all, place: "golden").isEmpty)
  }

  @Test("justified text")
  func justified() throws {
    let document = try markdownDocument(
      "Justified text spreads its spaces evenly so that every line but the last of a paragraph fills the measure exactly, as in a printed book.\n\n漢字の行は両端揃えしない。"
    )
    assertGolden(framed(pages(document, options(30, 10) { $0.justifies = true }), columns: 30), named: "justify.30x10")
  }

  @Test("notes at the foot of the citing page, definition lists indented under bold terms")
  func notesAndDefinitions() {
    func filler(_ count: Int) -> Block { .paragraph((1...count).map { "word\($0)" }.joined(separator: " ")) }
    let document = Document(blocks: [
      .paragraph([
        .text("The gauge"), .note([.paragraph("Read at every high water, and at noon when the wind is strong.")]),
        .text(" sits by the "), .link(destination: "https://example.org/pier", title: "", content: [.text("pier")]),
        .text("."),
      ]),
      Block(
        .definitionList([
          DefinitionItem(term: [.text("Datum")], definitions: [[.paragraph("The level depths are measured from.")]]),
          DefinitionItem(
            term: [.text("Residual")],
            definitions: [
              [.paragraph([.text("Observed minus predicted"), .note([.paragraph("A note inside"), .paragraph("a definition.")])])],
              [.paragraph("Also called a surge.")],
            ]),
        ])),
      filler(30),
      .paragraph([.text("A second page cites"), .note([.paragraph([.text("its own note, with a nested"), .note([.paragraph("aside")])])])]),
    ])
    assertGolden(framed(pages(document, options(30, 16) { $0.footer = "|{page}|" }), columns: 30), named: "notes.30x16")
  }

  static let book = """
    # One

    The first chapter is short.

    # Two

    The second chapter starts on a recto, so a blank verso comes before it. It has enough text to run onto a second page so that the margins of a verso show.
    More words follow here to fill the page: the tide rose, the boats lifted, the gulls complained, and the harbour master wrote it all down in a notebook with a pencil.

    ## Section

    Closing words.
    """

  @Test("double-sided: mirrored margins, blank verso, outer page numbers, running heads")
  func doubleSided() throws {
    let all = try pages(
      markdownDocument(Self.book),
      options(30, 14) {
        $0.isDoubleSided = true
        $0.margins = Margins(top: 1, bottom: 0, inner: 4, outer: 1)
        $0.header = "{chapter}||{page}"
        $0.footer = "|{title}|"
        $0.padsToEvenPageCount = true
      })
    assertGolden(framed(all, columns: 30), named: "double-sided.30x14")
  }

  @Test("facing spreads: page 1 alone on the right, pairs from the left, right to left")
  func facing() throws {
    let document = try markdownDocument(Self.book)
    let size = PageSize(columns: 22, lines: 9)
    var set = try PageSet(document: document, options: options(22, 9) { $0.footer = "|{page}|"; $0.chapterBreak = .page })
    var out = ""
    for facing in [
      FacingOptions(), FacingOptions(start: .left), FacingOptions(progression: .rtl, gutter: 3, drawsSpine: true),
    ] {
      out += "=== start \(facing.start.rawValue), \(facing.progression.rawValue), gutter \(facing.gutter)\n"
      var spreads: [Spread] = []
      var index = 0
      while let spread = set.spread(at: index, facing: facing) {
        spreads.append(spread)
        index += 1
      }
      out += framed(spreads, pageSize: size, gutter: facing.gutter)
    }
    assertGolden(out, named: "facing.22x9")
  }
}
