import Foundation
import PaginateLayout
import PaginateModel
import PaginateTestSupport
import PropertyBased
import Synchronization
import Testing

@Suite("Layout properties over random documents and page sizes")
struct LayoutPropertyTests {
  @Test("every page has exactly L lines and no line is wider than C cells")
  func geometry() async {
    await forAll(count: 150, columns: 20...100, lines: 8...50) {
      seed, columns, lines in
      var generator = RandomDocument(seed: seed)
      let document = generator.document()
      let mode = seed % 4
      let options = options(columns, lines) { options in
        options.links = [.footnotes, .inline, .none][seed % 3]
        options.lineBreaking = seed % 2 == 0 ? .optimal : .greedy
        options.justifies = mode == 1
        options.isDoubleSided = mode == 2
        if mode == 3 {
          options.footer = "{title}|{page}|{chapter}"
          options.margins = Margins(top: 1, bottom: 1, inner: 2, outer: 1)
        }
      }
      for page in pages(document, options) {
        #expect(page.lines.count == lines, "seed \(seed): page \(page.number) has \(page.lines.count) lines")
        for line in page.lines {
          #expect(line.width <= columns, "seed \(seed) \(columns)x\(lines): '\(line.text)' is \(line.width) wide")
          #expect(!line.text.hasSuffix(" "))
        }
      }
    }
  }

  @Test("the words of the input appear on the pages, in order")
  func noWordLost() async {
    await forAll(count: 120, columns: 20...90, lines: 8...40) {
      seed, columns, lines in
      var generator = RandomDocument(seed: seed)
      let document = generator.document()
      let options = options(columns, lines) { options in
        options.links = .none
        options.justifies = seed % 2 == 0
        options.lineBreaking = seed % 3 == 0 ? .greedy : .optimal
      }
      let output = pages(document, options).flatMap(\.textLines).joined()
        // Continuation marks and quote bars may fall inside a split word.
        .filter { !$0.isWhitespace && $0 != "↪" && $0 != "│" }
      var position = output.startIndex
      for word in words(of: document) {
        guard let found = output[position...].range(of: word) else {
          Issue.record("seed \(seed) \(columns)x\(lines): '\(word)' missing or out of order")
          return
        }
        position = found.upperBound
      }
    }
  }

  @Test("every note is printed in full on the page that cites it")
  func notesOnCitingPage() async {
    let checked = Atomic<Int>(0)
    await forAll(count: 80, columns: 24...80, lines: 12...40) {
      seed, columns, lines in
      var generator = RandomDocument(seed: seed)
      var document = generator.document(tables: false)
      // Give every third paragraph a note of a few distinctive words.
      var notes: [Int: [String]] = [:]
      for index in document.blocks.indices where index % 3 == 0 {
        guard case .paragraph(var inlines) = document.blocks[index].content else { continue }
        let words = (0..<generator.int(1...12)).map { "n\(index)w\($0)" }
        notes[index] = words
        inlines.insert(.note([.paragraph(words.joined(separator: " "))]), at: generator.int(0...inlines.count))
        document.blocks[index].content = .paragraph(inlines)
      }
      let all = pages(document, options(columns, lines) { $0.links = .none })
      checked.add(notes.count, ordering: .relaxed)
      for (index, words) in notes {
        // The page whose foot holds the note's first word holds every word of it.
        guard let page = all.first(where: { $0.textLines.contains { $0.contains(words[0] + " ") || $0.hasSuffix(words[0]) } }) else {
          Issue.record("seed \(seed) \(columns)x\(lines): the note of block \(index) is missing")
          continue
        }
        let text = page.textLines.joined(separator: " ")
        for word in words where !text.split(separator: " ").contains(Substring(word)) {
          Issue.record("seed \(seed) \(columns)x\(lines): '\(word)' of the note of block \(index) is not on page \(page.number)")
        }
      }
    }
    #expect(checked.load(ordering: .relaxed) > 40, "too few documents had a paragraph to give a note")
  }

  @Test("no word of a note and no link destination is lost, however small the page and long the note")
  func nothingLost() async {
    await forAll(count: 60, columns: 16...40, lines: 5...16) {
      seed, columns, lines in
      var generator = RandomDocument(seed: seed)
      var document = generator.document(blocks: 1...12, tables: false)
      // Notes of up to 200 words (many longer than a page) and runs of links.
      var noteWords: [String] = []
      var destinations: Set<String> = []
      for index in document.blocks.indices {
        guard case .paragraph(var inlines) = document.blocks[index].content else { continue }
        let words = (0..<generator.int(1...200)).map { "n\(index)w\($0)" }
        noteWords += words
        inlines.insert(.note([.paragraph(words.joined(separator: " "))]), at: generator.int(0...inlines.count))
        for link in 0..<generator.int(0...30) {
          let destination = "https://e.example/\(index)/\(link)"
          destinations.insert(destination)
          inlines.append(.link(destination: destination, title: "", content: [.text("l\(link)")]))
        }
        document.blocks[index].content = .paragraph(inlines)
      }
      for inline in document.blocks.flatMap({ block -> [Inline] in
        if case .paragraph(let inlines) = block.content { return inlines }
        return []
      }) {
        if case .link(let destination, _, _) = inline { destinations.insert(destination) }
      }
      let all = pages(document, options(columns, lines) { $0.links = .footnotes })
      let text = all.flatMap(\.textLines).joined(separator: " ")
      let words = Set(text.split(separator: " ").map(String.init))
      for word in noteWords where !words.contains(word) {
        Issue.record("seed \(seed) \(columns)x\(lines): note word '\(word)' is on no page")
        return
      }
      // A destination is cut into pieces at the width, and may go on at the foot of the next
      // page: compare the notes of all the pages, one after another, without the white space.
      // (The rule above each page's notes is left out.)
      let joined = all.flatMap { page in page.lines[page.noteLines].map(\.text) }
        .filter { !$0.allSatisfy { $0 == "─" } }.joined().filter { !$0.isWhitespace }
      for destination in destinations where !joined.contains(destination) {
        Issue.record("seed \(seed) \(columns)x\(lines): link destination \(destination) is on no page")
        return
      }
    }
  }

  @Test("no page but the last ends with a heading")
  func noStrandedHeading() async {
    await forAll(count: 150, columns: 20...80, lines: 8...40) {
      checkNoStrandedHeading(seed: $0, columns: $1, lines: $2)
    }
  }

  @Test("no widow or orphan where the page height allows otherwise")
  func widowsAndOrphans() async {
    await forAll(count: 120, columns: 20...60, lines: 8...30) {
      seed, columns, lines in
      var random = SplitMix(seed: seed)
      // Paragraphs whose words name the paragraph, so each line can be traced to its paragraph.
      let paragraphs = (0..<Int.random(in: 3...30, using: &random)).map { index in
        (0..<Int.random(in: 1...60, using: &random)).map { _ in "p\(index)" }.joined(separator: " ")
      }
      let document = Document(blocks: paragraphs.map { .paragraph($0) })
      let all = pages(document, options(columns, lines))
      func owner(_ line: Line) -> Substring? { line.text.split(separator: " ").first }
      for (page, next) in zip(all, all.dropFirst()) {
        let bottom = page.lines.filter { !$0.isEmpty }
        let top = next.lines.filter { !$0.isEmpty }
        guard let last = bottom.last.flatMap(owner), let first = top.first.flatMap(owner), last == first else { continue }
        let onThisPage = bottom.reversed().prefix { owner($0) == last }.count
        let onNextPage = top.prefix { owner($0) == first }.count
        let empty = lines - page.lines.lastIndex { !$0.isEmpty }! - 1
        // Moving the whole part to the next page would leave this page more than a third empty:
        // then a widow or an orphan is allowed, and there is nothing to check.
        let unavoidable = (empty + onThisPage + 1) * 3 > lines
        guard !unavoidable else { continue }
        let split = "seed \(seed) \(columns)x\(lines): page \(page.number) splits \(last) \(onThisPage)/\(onNextPage)"
        #expect(onThisPage >= 2, "\(split)")
        #expect(onNextPage >= 2, "\(split)")
      }
    }
  }

  @Test("optimal breaking is never more ragged than greedy")
  func optimalBeatsGreedy() async {
    await propertyCheck(count: 200, input: Gen.int(in: 0...1_000_000), Gen.int(in: 10...100)) { seed, width in
      var generator = RandomDocument(seed: seed)
      let text = generator.sentence(5...200)
      let greedy = Raggedness.of(text, width: width, strategy: .greedy)
      let optimal = Raggedness.of(text, width: width, strategy: .optimal)
      #expect(optimal <= greedy, "seed \(seed) width \(width)")
    }
  }

  @Test("optimal breaking finds the least raggedness among the lines it considers (a quadratic reference)")
  func optimalMatchesReference() async {
    await forAll(count: 300, columns: 3...40, lines: 1...1) {
      seed, width, _ in
      var random = SplitMix(seed: seed)
      // Words no wider than the line, sometimes as wide as it (so the window of slack is no
      // narrower than the line).
      let longest = min(width, seed % 2 == 0 ? width : 12)
      let words = (0..<Int.random(in: 1...80, using: &random)).map { _ in
        Int.random(in: 1...longest, using: &random)
      }
      #expect(optimalRaggedness(words, width: width) == referenceRaggedness(words, width: width), "seed \(seed) width \(width)")
    }
  }

  @Test("optimal breaking considers no line whose slack is wider than the window")
  func optimalWindow() {
    // A window one cell wider finds a less ragged breaking here.
    let words = [9, 10, 7, 9, 10, 10, 6, 1, 11, 5, 1, 3, 7, 8, 2, 11]
    #expect(referenceRaggedness(words, width: 30, window: 13) == 391)
    #expect(referenceRaggedness(words, width: 30) == 395)
    #expect(optimalRaggedness(words, width: 30) == 395)
  }

  @Test("short plain text set as it is comes out as the general path sets it, styled or not")
  func plainTextAsItIs() async {
    await forAll(count: 200, columns: 8...40, lines: 6...20) {
      seed, columns, lines in
      var random = SplitMix(seed: seed)
      // Short ASCII runs of letters, punctuation and spaces (doubled, leading, trailing), near
      // the width of a line, a cell or a list item; sometimes a tab or a non-ASCII letter.
      let pieces = ["a", "bc", "def", " ", "  ", "-", "(x)", "end.", "\t", "é"]
      var text = ""
      while text.utf8.count < Int.random(in: 1...(columns + 4), using: &random) {
        text += pieces[Int.random(in: 0..<(seed % 5 == 0 ? pieces.count : pieces.count - 2), using: &random)]
      }
      // The same text in two inlines never takes the shortcut.
      let cut = text.index(text.startIndex, offsetBy: text.count / 2)
      let whole: [Inline] = [.text(text)]
      let split: [Inline] = [.text(String(text[..<cut])), .text(String(text[cut...]))]
      func document(_ inlines: [Inline]) -> Document {
        Document(blocks: [
          Block(.heading(level: 2, inlines)),
          Block(.paragraph(inlines)),
          Block(.list(ListBlock(kind: .bullet, items: [ListBlock.Item([Block(.paragraph(inlines))])]))),
          Block(.table(TableBlock(
            alignments: [.left, .right], header: TableBlock.Row([inlines, [.text("i")]]),
            rows: [TableBlock.Row([inlines, [.text("x")]])]))),
        ])
      }
      let layout = options(columns, lines) { $0.lineBreaking = seed % 2 == 0 ? .optimal : .greedy }
      let expected = pages(document(split), layout)
      #expect(!expected.isEmpty)
      #expect(pages(document(whole), layout) == expected, "seed \(seed) \(columns)x\(lines): '\(text)'")
    }
  }

  @Test("ASCII words with any white space between them break greedily as a reference wrapper breaks them")
  func asciiParagraphGreedy() async {
    await forAll(count: 300, columns: 2...40, lines: 6...30) {
      seed, columns, lines in
      var random = SplitMix(seed: seed)
      // Words of 1 to 40 letters and punctuation, so that they end at every place of a
      // sixteen-byte block and some are wider than the line, and now and then a control
      // character (no cell wide, and no gap); gaps of one to three spaces, newlines and tabs;
      // sometimes white space at either end.
      let letters = Array("abcdefghijklmnopqrstuvwxyzABC0123456789.,;:'!?\u{01}")
      let spaces = Array(" \n\t")
      func gap(_ count: ClosedRange<Int>) -> String { String((0..<random.pick(count)).map { _ in spaces[random.pick(0...2)] }) }
      var text = seed % 4 == 0 ? gap(1...2) : ""
      for index in 0..<random.pick(1...60) {
        if index > 0 { text += gap(random.pick(0...3) == 0 ? 1...3 : 1...1) }
        let length = random.pick(0...5) == 0 ? random.pick(1...40) : random.pick(1...9)
        text += String((0..<length).map { _ in letters[random.pick(0...(letters.count - (seed % 3 == 0 ? 1 : 2)))] })
      }
      if seed % 4 == 1 { text += gap(1...2) }
      // The reference: a word wider than the line is cut after each of a URL's punctuation
      // marks (`/ . ? & = - _ #`), and a piece still wider than the line into pieces of the
      // line's width, with no space between them; each piece goes on the line when it fits.
      func width(_ text: some StringProtocol) -> Int { text.filter { $0 != "\u{01}" }.count }
      var pieces: [(text: String, gapBefore: Bool)] = []
      for word in text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }) {
        let isOverlong = width(word) > columns
        var piece = ""
        var gapBefore = true
        func endPiece() {
          guard !piece.isEmpty else { return }
          pieces.append((piece, gapBefore))
          piece = ""
          gapBefore = false
        }
        for character in word {
          if width(piece) + width(String(character)) > columns { endPiece() }
          piece.append(character)
          if isOverlong && "/.?&=-_#".contains(character) { endPiece() }
        }
        endPiece()
      }
      var expected: [String] = []
      var line = ""
      for (piece, gapBefore) in pieces {
        let joined = line.isEmpty ? piece : line + (gapBefore ? " " : "") + piece
        if width(joined) <= columns {
          line = joined
        } else {
          expected.append(line)
          line = piece
        }
      }
      expected.append(line)
      let document = Document(blocks: [Block(.paragraph([.text(text)]))])
      let set = pages(document, options(columns, lines) { $0.lineBreaking = .greedy })
      // Each page's blank lines at its foot are padding; a blank line anywhere else is not.
      let got = set.flatMap { page in
        var lines = page.textLines
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines
      }
      #expect(got == expected, "seed \(seed) width \(columns): \(text.debugDescription)")
    }
  }

  @Test("every letter of a styled paragraph keeps its style, and each span is a whole styled run of letters")
  func styledSpans() async {
    await forAll(count: 300, columns: 4...60, lines: 6...30) {
      seed, columns, lines in
      var random = SplitMix(seed: seed)
      // Words of one to twelve letters (now and then longer than the line), cut into inlines
      // of random styles at random places, inside words too; gaps of one space, or now and
      // then two spaces, a soft break or a newline.
      let styles: [(TextStyle, ([Inline]) -> Inline)] = [
        ([], { $0.count == 1 ? $0[0] : .emphasis($0) }), (.italic, { .emphasis($0) }), (.bold, { .strong($0) }),
        ([.bold, .italic], { .strong([.emphasis($0)]) }),
      ]
      var expected: [TextStyle] = []  // the style of each letter, in order
      var inlines: [Inline] = []
      var pending = ""
      var pendingStyle = random.pick(0...3)
      func flush() {
        guard !pending.isEmpty else { return }
        inlines.append(styles[pendingStyle].1([.text(pending)]))
        pending = ""
      }
      for index in 0..<random.pick(1...50) {
        if index > 0 {
          switch random.pick(0...9) {
          case 0: pending += "  "
          case 1: flush(); inlines.append(.softBreak)
          case 2: pending += "\n"
          default: pending += " "
          }
        }
        let length = random.pick(0...9) == 0 ? random.pick(1...(columns + 8)) : random.pick(1...12)
        for _ in 0..<length {
          if random.pick(0...5) == 0 {
            flush()
            pendingStyle = random.pick(0...3)
          }
          pending.append(Character(UnicodeScalar(UInt8(ascii: "a") + UInt8(random.pick(0...25)))))
          expected.append(styles[pendingStyle].0)
        }
      }
      flush()
      let layout = options(columns, lines) {
        $0.lineBreaking = seed % 2 == 0 ? .optimal : .greedy
        $0.justifies = seed % 3 == 0
      }
      var letter = 0
      for line in pages(Document(blocks: [Block(.paragraph(inlines))]), layout).flatMap(\.lines) {
        let bytes = Array(line.text.utf8)
        var styleOf = [TextStyle](repeating: [], count: bytes.count)
        for (index, span) in line.spans.enumerated() {
          #expect(!span.style.isEmpty && !span.range.isEmpty, "seed \(seed): empty span \(span)")
          // Spaces between the words of one run are inside its span; a span begins and ends on
          // a letter.
          #expect(
            bytes[span.range].first != 0x20 && bytes[span.range].last != 0x20,
            "seed \(seed): a span begins or ends on a space in '\(line.text)'")
          if index > 0 {
            let previous = line.spans[index - 1]
            #expect(previous.range.upperBound <= span.range.lowerBound, "seed \(seed): spans out of order")
            #expect(
              previous.range.upperBound < span.range.lowerBound || previous.style != span.style,
              "seed \(seed): spans \(previous) and \(span) should be one")
          }
          for offset in span.range { styleOf[offset] = span.style }
        }
        for (offset, byte) in bytes.enumerated() where byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") {
          guard letter < expected.count else {
            Issue.record("seed \(seed): more letters on the page than in the paragraph")
            return
          }
          #expect(
            styleOf[offset] == expected[letter],
            "seed \(seed) width \(columns): letter \(letter) of '\(line.text)' is \(styleOf[offset]), not \(expected[letter])")
          letter += 1
        }
      }
      #expect(letter == expected.count, "seed \(seed): \(expected.count - letter) letters missing")
    }
  }

  @Test("the same input and options give identical pages")
  func deterministic() {
    var generator = RandomDocument(seed: 42)
    let document = generator.document(blocks: 30...30)
    #expect(pages(document, options(40, 20)) == pages(document, options(40, 20)))
  }
}
