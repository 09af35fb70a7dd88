public import PaginateModel

/// Random documents for property tests: every kind of block, nested, in several scripts.
public struct RandomDocument {
  public static let words = [
    "the", "sea", "keeps", "its", "own", "time", "harbour", "tide-table", "long-distance", "a", "I",
    "Nordseeküstengezeitenbeobachtungsstation", "naïve", "cafe\u{0301}", "Привет", "мир", "über", "Straße",
    "漢字", "日本語の文章です。", "清晨的海边还笼罩在薄雾之中，渔船一艘接一艘地停靠在码头旁。", "「潮水」", "👩‍💻", "👍🏽", "🇯🇵",
    "https://example.com/a/very/long/path/that/goes/on/and/on/index.html", "x", "—", "end.", "(note)",
    "[sic]", "{braces}", "so-called(really)[1]{2}",
  ]

  public var random: SplitMix

  public init(seed: Int) { random = SplitMix(seed: seed) }

  public mutating func int(_ range: ClosedRange<Int>) -> Int { random.pick(range) }

  public mutating func word() -> String { Self.words.randomElement(using: &random) ?? "x" }

  public mutating func sentence(_ count: ClosedRange<Int>) -> String {
    (0..<int(count)).map { _ in word() }.joined(separator: " ")
  }

  public mutating func inlines(_ count: ClosedRange<Int>) -> [Inline] {
    var result: [Inline] = []
    for index in 0..<int(count) {
      if index > 0 { result.append(int(0...5) == 0 ? .softBreak : .text(" ")) }
      switch int(0...9) {
      case 0: result.append(.emphasis([.text(word())]))
      case 1: result.append(.strong([.text(word())]))
      case 2: result.append(.code(word()))
      case 3: result.append(.link(destination: "https://example.org/\(int(1...20))", title: "", content: [.text(word())]))
      default: result.append(.text(word()))
      }
    }
    return result
  }

  /// A document of `count` top-level blocks; a heading is always followed by a paragraph.
  public mutating func document(blocks count: ClosedRange<Int> = 1...25, tables: Bool = true) -> Document {
    var blocks: [Block] = []
    var line = 1
    for _ in 0..<int(count) {
      let kind = int(0...12)
      func next(_ block: Block.Content, lines: Int = 1) {
        blocks.append(Block(block, source: SourceRange(firstLine: line, lastLine: line + lines - 1)))
        line += lines + 1
      }
      switch kind {
      case 0, 1:
        next(.heading(level: int(1...3), [.text(sentence(1...5))]))
        next(.paragraph(inlines(3...40)), lines: 3)
      case 2:
        next(.list(list(depth: 0)), lines: 4)
      case 3:
        next(.blockQuote([.paragraph(inlines(1...30)), Block(.blockQuote([.paragraph(inlines(1...10))]))]), lines: 3)
      case 4:
        let code = (0..<int(1...14)).map { _ in sentence(0...12) }.joined(separator: "\n")
        next(.codeBlock(info: "", text: code), lines: 5)
      case 5:
        next(.thematicBreak)
      case 6 where tables:
        let columns = int(1...3)
        let cell = { (random: inout RandomDocument) -> [Inline] in [.text(["a", "bc", "def", "漢", "42"][random.int(0...4)])] }
        var copy = self
        let header = TableBlock.Row((0..<columns).map { _ in cell(&copy) })
        let rows = (0..<int(1...12)).map { _ in TableBlock.Row((0..<columns).map { _ in cell(&copy) }) }
        self = copy
        next(.table(TableBlock(alignments: (0..<columns).map { _ in [.left, .center, .right][int(0...2)] }, header: header, rows: rows)), lines: 3)
      case 8:
        let items = (0..<int(1...3)).map { _ in
          DefinitionItem(
            term: [.text(sentence(1...3))],
            definitions: (0..<int(1...2)).map { _ in [.paragraph(inlines(1...25))] })
        }
        next(.definitionList(items), lines: 4)
      case 7:
        if !blocks.isEmpty, case .heading = blocks[blocks.count - 1].content {} else { next(.pageBreak) }
      default:
        next(.paragraph(inlines(1...120)), lines: 3)
      }
    }
    return Document(title: "Random", blocks: blocks)
  }

  public mutating func list(depth: Int) -> ListBlock {
    let items = (0..<int(1...4)).map { _ -> ListBlock.Item in
      var blocks: [Block] = [.paragraph(inlines(1...20))]
      if depth < 2 && int(0...3) == 0 { blocks.append(Block(.list(list(depth: depth + 1)))) }
      return ListBlock.Item(blocks)
    }
    return ListBlock(kind: int(0...1) == 0 ? .bullet : .ordered(start: int(0...12)), isTight: int(0...1) == 0, items: items)
  }
}

/// The words of a document's text in reading order (whitespace-separated); notes are left out.
public func words(of document: Document) -> [String] {
  document.blocks.plainText.split(whereSeparator: { $0.isWhitespace }).map(String.init)
}
