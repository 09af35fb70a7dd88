import PaginateAdapters
import PaginateModel
import Testing

/// GitHub's extensions to CommonMark, as libcmark-gfm reads them: what READMEs are written in.
@Suite("GitHub Markdown")
struct GitHubMarkdownTests {
  @Test("pipe-table cells are Markdown: reference links to the document's definitions, code, emphasis, <br>, escaped bars")
  func tableCells() throws {
    let document = try markdown(
      """
      | Repository | NIO 2 |
      | --- | :-: |
      | [https://github.com/apple/swift-nio][repo-nio] <br> SwiftNIO core | `from: "2.0.0"` |
      | *new* \\| **bold** | ~~old~~ |

      [repo-nio]: https://github.com/apple/swift-nio
      """)
    let table = try #require(leadingTable(document))
    #expect(table.alignments == [.unspecified, .center])
    #expect(table.header.cells == [[.text("Repository")], [.text("NIO 2")]])
    #expect(table.rows.count == 2)
    #expect(
      table.rows[0].cells == [
        [
          .link(
            destination: "https://github.com/apple/swift-nio", title: "",
            content: [.text("https://github.com/apple/swift-nio")]),
          .hardBreak, .text("SwiftNIO core"),
        ],
        [.code("from: \"2.0.0\"")],
      ])
    #expect(table.rows[1].cells == [[.emphasis([.text("new")]), .text(" | "), .strong([.text("bold")])], [.strikethrough([.text("old")])]])
    #expect(table.rows[0].source == SourceRange(line: 3))
  }

  @Test("GitHub's autolinks: bare https:// and www. addresses and e-mail addresses are links; not in code, not in a link")
  func autolinks() throws {
    let document = try markdown(
      "See https://github.com/pyenv/pyenv-installer, www.example.com/docs and alice@example.org; `https://in.code` and [text](https://x.org)."
    )
    #expect(
      document.blocks.map(\.content) == [
        .paragraph([
          .text("See "),
          .link(
            destination: "https://github.com/pyenv/pyenv-installer", title: "",
            content: [.text("https://github.com/pyenv/pyenv-installer")]),
          .text(", "),
          .link(destination: "http://www.example.com/docs", title: "", content: [.text("www.example.com/docs")]),
          .text(" and "),
          .link(destination: "mailto:alice@example.org", title: "", content: [.text("alice@example.org")]),
          .text("; "), .code("https://in.code"), .text(" and "),
          .link(destination: "https://x.org", title: "", content: [.text("text")]), .text("."),
        ])
      ])
  }

  @Test("a footnote cited from a table cell keeps its reference links, as one cited from a paragraph does")
  func footnoteFromTableCell() throws {
    let document = try markdown(
      """
      | Tool | Notes |
      | --- | --- |
      | clippy | see[^n] |

      [^n]: Read [the notes] and [docs][d].

      [the notes]: https://example.org/notes
      [d]: https://example.org/docs
      """)
    guard case .table(let table) = document.blocks.first?.content,
      case .note(let blocks) = table.rows.first?.cells.last?.last
    else {
      Issue.record("no table with a note: \(document.blocks)")
      return
    }
    #expect(
      blocks.map(\.content) == [
        .paragraph([
          .text("Read "), .link(destination: "https://example.org/notes", title: "", content: [.text("the notes")]),
          .text(" and "), .link(destination: "https://example.org/docs", title: "", content: [.text("docs")]), .text("."),
        ])
      ])
  }

  @Test("GitHub's tag filter: <xmp>, <style>, <script> and the like show as text and swallow nothing after them")
  func tagFilter() throws {
    let document = try markdown("Before <xmp> and *this* after.\n\n<style>p { color: red }</style>\n\nA <kbd>Ctrl</kbd> and <SCRIPT>x</SCRIPT>.\n")
    let text = document.blocks.map { $0.plainText }
    #expect(text == ["Before <xmp> and this after.", "<style>p { color: red }</style>", "A [Ctrl] and <SCRIPT>x</SCRIPT>."], "\(text)")
    guard case .paragraph(let inlines) = document.blocks.first?.content else { return }
    #expect(inlines.contains(.emphasis([.text("this")])), "the emphasis after <xmp> is read: \(inlines)")
  }

  @Test("a pipe table right under a paragraph's lines interrupts it, as on GitHub; in a block quote too")
  func tableInterruptsParagraph() throws {
    let document = try markdown("123\n456 *em*\n| a | b |\n| --- | --- |\nd | e\n\n> one\n> | x |\n> | - |\n> y\n")
    #expect(document.blocks.count == 3, "\(document.blocks)")
    #expect(document.blocks.first?.content == .paragraph([.text("123"), .softBreak, .text("456 "), .emphasis([.text("em")])]))
    #expect(document.blocks.first?.source == SourceRange(firstLine: 1, lastLine: 2))
    guard case .table(let table) = document.blocks[1].content else {
      Issue.record("no table: \(document.blocks)")
      return
    }
    #expect(table.header.cells == [[.text("a")], [.text("b")]])
    #expect(table.rows.map(\.cells) == [[[.text("d")], [.text("e")]]])
    #expect(document.blocks[1].source == SourceRange(firstLine: 3, lastLine: 5))
    guard case .blockQuote(let quoted) = document.blocks[2].content else { return }
    #expect(quoted.count == 2, "\(quoted)")
    // A bar alone does not: the line after is no delimiter row.
    let plain = try markdown("one\ntwo | three\nfour\n")
    #expect(plain.blocks.count == 1)
  }

  @Test("strikethrough with one or two tildes")
  func strikethrough() throws {
    let document = try markdown("A ~~gone~~ and ~also~ word.")
    #expect(
      document.blocks.map(\.content) == [
        .paragraph([.text("A "), .strikethrough([.text("gone")]), .text(" and "), .strikethrough([.text("also")]), .text(" word.")])
      ])
  }

  @Test("task lists: each item's box, checked or not; an ordinary item has none")
  func taskLists() throws {
    let document = try markdown("- [ ] todo\n- [x] done\n- [X] also done\n- plain\n")
    guard case .list(let list) = document.blocks.first?.content else {
      Issue.record("no list: \(document.blocks)")
      return
    }
    #expect(list.items.map(\.checkbox) == [.unchecked, .checked, .checked, nil])
    #expect(list.items[0].blocks.map(\.content) == [.paragraph([.text("todo")])])
  }

  @Test("ordered lists keep their delimiter")
  func listDelimiters() throws {
    let document = try markdown("1) one\n2) two\n\n- x\n\n3. three\n")
    let lists = document.blocks.compactMap { block -> ListBlock? in
      if case .list(let list) = block.content { return list } else { return nil }
    }
    #expect(lists.map(\.delimiter) == [.parenthesis, .period, .period])
    #expect(lists[0].kind == .ordered(start: 1))
    #expect(lists[2].kind == .ordered(start: 3))
  }

  @Test("footnotes are notes where they are cited: cited twice, cited in a note, undefined, unused")
  func footnotes() throws {
    let document = try markdown(
      """
      a[^x] b[^x] c[^y] d[^nope].

      [^y]: Y, citing[^x].
      [^x]: The *x* note.

          With a second paragraph.
      [^unused]: Never cited.
      """)
    // A note's blocks keep the lines of its definition.
    let x: [Block] = [
      .paragraph([.text("The "), .emphasis([.text("x")]), .text(" note.")], source: SourceRange(line: 4)),
      .paragraph([.text("With a second paragraph.")], source: SourceRange(line: 6)),
    ]
    let y: [Block] = [.paragraph([.text("Y, citing"), .note(x), .text(".")], source: SourceRange(line: 3))]
    #expect(document.blocks.count == 1, "the definitions are not blocks of their own")
    #expect(
      withoutSources(document.blocks).map(\.content) == [
        .paragraph([
          .text("a"), .note(x), .text(" b"), .note(x), .text(" c"), .note(y), .text(" d[^nope]."),
        ])
      ])
  }

  @Test("a footnote that cites itself is set once, the inner citation as written")
  func selfCitingFootnote() throws {
    let document = try markdown("a[^x]\n\n[^x]: x cites[^x].\n")
    guard case .paragraph(let inlines) = document.blocks.first?.content, case .note(let note) = inlines.last else {
      Issue.record("no note: \(document.blocks)")
      return
    }
    // As written, not as libcmark-gfm's number, which depends on what else was parsed with it.
    #expect(note.map(\.content) == [.paragraph([.text("x cites"), .text("[^x]"), .text(".")])])
  }

  @Test("alerts: a quote opening with [!NOTE] and the like is a labelled box, in any case", arguments: [
    ("NOTE", "Note"), ("tip", "Tip"), ("Important", "Important"), ("WARNING", "Warning"), ("caution", "Caution"),
  ])
  func alerts(marker: String, label: String) throws {
    let document = try markdown("> [!\(marker)]\n> Back up the log.\n>\n> Then prune it.\n")
    #expect(
      withoutSources(document.blocks).map(\.content) == [
        .callout(label: label, [.paragraph([.text("Back up the log.")]), .paragraph([.text("Then prune it.")])])
      ])
  }

  @Test("not alerts: an unknown kind, a marker with text after it on its line, a plain quote")
  func notAlerts() throws {
    for text in ["> [!NOTICE]\n> x\n", "> [!NOTE] x\n", "> x\n"] {
      let document = try markdown(text)
      guard case .blockQuote = document.blocks.first?.content else {
        Issue.record("\(text.debugDescription) is not a quote: \(document.blocks)")
        continue
      }
    }
  }

  @Test("an alert with nothing after its marker is an empty box")
  func emptyAlert() throws {
    let document = try markdown("> [!NOTE]\n")
    #expect(withoutSources(document.blocks).map(\.content) == [.callout(label: "Note", [])])
  }

  @Test("a paragraph with a footnote and inline HTML renders both; text with a private-use character keeps the note")
  func footnoteWithHTML() throws {
    let note: [Block] = [.paragraph([.text("Keys.")], source: SourceRange(line: 3))]
    let document = try markdown("Press <kbd>Ctrl</kbd>[^k] and m<sup>3</sup>.\n\n[^k]: Keys.\n")
    #expect(document.blocks.map(\.content) == [.paragraph([.text("Press [Ctrl]"), .note(note), .text(" and m^3.")])])
    let odd = try markdown("A \u{F0000} <b>b</b>[^k].\n\n[^k]: Keys.\n")
    #expect(odd.blocks.map(\.content) == [.paragraph([.text("A \u{F0000} "), .text("b"), .note(note), .text(".")])])
  }

  @Test("a chain of 5,000 notes each citing the next is cut at the nesting limit, not followed to the end")
  func noteChain() throws {
    var text = "a[^1]\n\n"
    for index in 1...5_000 { text += "[^\(index)]: n\(index)[^\(index + 1)]\n" }
    let document = try markdown(text)
    var depth = 0
    var blocks = document.blocks
    while case .paragraph(let inlines)? = blocks.first?.content, case .note(let note)? = inlines.last(where: {
      if case .note = $0 { return true } else { return false }
    }) {
      depth += 1
      blocks = note
    }
    #expect(depth == MarkdownAdapter.maximumNoteNesting)
  }

  @Test("table cells cite definitions anywhere in the document: full, collapsed and shortcut references, any case, a title on its own line")
  func tableReferenceForms() throws {
    let document = try markdown(
      """
      [Early]: https://example.org/early

      | Full | Collapsed | Shortcut |
      |---|---|---|
      | [one][EARLY] | [late][] | [Late] |

      Text.

      [late]:
        https://example.org/late
        "Late one"
      """)
    let table = try #require(leadingTable(document))
    #expect(
      table.rows[0].cells == [
        [.link(destination: "https://example.org/early", title: "", content: [.text("one")])],
        [.link(destination: "https://example.org/late", title: "Late one", content: [.text("late")])],
        [.link(destination: "https://example.org/late", title: "Late one", content: [.text("Late")])],
      ])
  }

  @Test("a footnote cited in a table cell is a note there")
  func footnoteInTable() throws {
    let document = try markdown("| a | b |\n|---|---|\n| x[^n] | y |\n\n[^n]: The note.\n")
    let table = try #require(leadingTable(document))
    // Parsed apart from the document, the note has no source lines of its own.
    #expect(table.rows[0].cells[0] == [.text("x"), .note([.paragraph([.text("The note.")])])])
  }
}
