import PaginateModel

/// Turns pandoc's JSON elements (`{"t": "Para", "c": [...]}`) into model blocks and inlines.
///
/// It never fails: an element of an unexpected shape or an unknown type gives the text of every
/// string inside it, so no words are lost to a newer pandoc.
struct PandocConverter {
  /// What raw HTML (`RawBlock` and `RawInline` in the `html` format) becomes.
  var html: HTMLHandling = .render

  // MARK: Blocks

  /// The blocks of an array of pandoc blocks.
  func blocks(_ elements: [JSONValue]) -> [Block] {
    var result: [Block] = []
    for element in elements { append(element, to: &result) }
    return result
  }

  /// Converts one pandoc block and appends what it gives (nothing, one block, or several for a
  /// `Div` or a figure).
  func append(_ element: JSONValue, to result: inout [Block]) {
    guard let (type, content) = Self.tagged(element) else {
      appendText(of: element, to: &result)
      return
    }
    let items = content.array
    var unrecognised = false
    switch type {
    case "Plain", "Para":
      guard let items else { unrecognised = true; break }
      result.append(.paragraph(RawHTML.inlines(inlines(items), handling: html)))
    case "LineBlock":
      guard let items else { unrecognised = true; break }
      var lines: [Inline] = []
      for line in items.compactMap({ $0.array }) {
        if !lines.isEmpty { lines.append(.hardBreak) }
        lines += inlines(line)
      }
      result.append(.paragraph(lines))
    case "CodeBlock":
      guard let items, items.count == 2, let text = items[1].string else { unrecognised = true; break }
      let info = Self.classes(items[0]).first ?? ""
      result.append(Block(.codeBlock(info: info, text: text)))
    case "RawBlock":
      guard let items, items.count == 2, var text = items[1].string else { unrecognised = true; break }
      while text.hasSuffix("\n") { text.removeLast() }  // readers keep the raw block's last newline
      let format = Self.format(items[0])
      if Self.isPageBreak(format: format, text: text) {
        result.append(Block(.pageBreak))
      } else if format == "html" {
        result += RawHTML.blocks(ofHTMLBlock: text, source: nil, handling: html)
      } else {
        result.append(Block(.codeBlock(info: format, text: text)))
      }
    case "BlockQuote":
      guard let items else { unrecognised = true; break }
      // pandoc's gfm reader leaves a GitHub alert a quote opening with `[!NOTE]`.
      let quoted = blocks(items)
      if let (label, boxed) = GitHubAlert.split(quoted) {
        result.append(Block(.callout(label: label, boxed)))
      } else {
        result.append(Block(.blockQuote(quoted)))
      }
    case "OrderedList":
      guard let items, items.count == 2, let attributes = items[0].array, let entries = items[1].array else { unrecognised = true; break }
      let start = attributes.first?.int ?? 1
      // [start, style, delimiter]: `OneParen` and `TwoParens` are written `1)` and `(1)`.
      let delimiter = attributes.count == 3 ? Self.tagged(attributes[2])?.0 : nil
      result.append(
        list(
          .ordered(start: min(max(start, 0), 999_999_999)), entries,
          delimiter: delimiter == "OneParen" || delimiter == "TwoParens" ? .parenthesis : .period))
    case "BulletList":
      guard let items else { unrecognised = true; break }
      result.append(list(.bullet, items))
    case "DefinitionList":
      guard let items else { unrecognised = true; break }
      result.append(Block(.definitionList(items.compactMap(definition))))
    case "Header":
      guard let items, items.count == 3, let level = items[0].int, let text = items[2].array
      else { unrecognised = true; break }
      result.append(.heading(level: min(max(level, 1), 6), RawHTML.inlines(inlines(text), handling: html)))
    case "HorizontalRule":
      result.append(Block(.thematicBreak))
    case "Table":
      guard let items, let table = table(items) else { unrecognised = true; break }
      result += table
    case "Figure":
      // pandoc-types 1.23: [attr, caption, blocks]; the caption follows the figure.
      guard let items, items.count == 3, let body = items[2].array else { unrecognised = true; break }
      result += blocks(body)
      result += caption(items[1])
    case "Div":
      guard let items, items.count == 2, let body = items[1].array else { unrecognised = true; break }
      result += blocks(body)
    case "Null":
      return
    default:
      appendText(of: content, to: &result)
      return
    }
    // A known type in a shape this converter does not expect keeps its words.
    if unrecognised { appendText(of: content, to: &result) }
  }

  /// A caption (`[short, blocks]` from pandoc-types 1.21) as blocks, each paragraph in italics.
  func caption(_ element: JSONValue) -> [Block] {
    guard let parts = element.array, parts.count == 2, let body = parts[1].array else { return [] }
    return blocks(body).map { block in
      if case .paragraph(let text) = block.content, !text.isEmpty { return .paragraph([.emphasis(text)]) }
      return block
    }
  }

  private func list(_ kind: ListBlock.Kind, _ entries: [JSONValue], delimiter: ListBlock.Delimiter = .period) -> Block {
    var items: [ListBlock.Item] = []
    var tight = true
    for entry in entries {
      let elements = entry.array ?? [entry]
      // pandoc marks a tight list by giving its items `Plain` rather than `Para` blocks.
      if elements.contains(where: { Self.tagged($0)?.0 == "Para" }) { tight = false }
      items.append(ListBlock.Item(blocks(elements)))
    }
    return Block(.list(ListBlock(kind: kind, isTight: tight, items: items, delimiter: delimiter)))
  }

  private func definition(_ entry: JSONValue) -> DefinitionItem? {
    guard let parts = entry.array, parts.count == 2, let term = parts[0].array,
      let definitions = parts[1].array
    else { return nil }
    return DefinitionItem(term: inlines(term), definitions: definitions.map { blocks($0.array ?? [$0]) })
  }

  /// The title, subtitle, authors and date of the metadata, as a heading and paragraphs. A
  /// reader such as reStructuredText's moves the document's only top-level heading there.
  func titleBlocks(_ meta: JSONValue) -> [Block] {
    var result: [Block] = []
    if let title = meta["title"] {
      let text = metaInlines(title)
      if !text.isEmpty { result.append(.heading(level: 1, text)) }
    }
    if let subtitle = meta["subtitle"] {
      let text = metaInlines(subtitle)
      if !text.isEmpty { result.append(.paragraph([.emphasis(text)])) }
    }
    for key in ["author", "date"] {
      guard let value = meta[key] else { continue }
      let text = metaInlines(value)
      if !text.isEmpty { result.append(.paragraph(text)) }
    }
    return result
  }

  /// A metadata value as inlines: a list joined with commas, blocks joined with spaces.
  func metaInlines(_ value: JSONValue) -> [Inline] {
    guard let (type, content) = Self.tagged(value) else { return [] }
    switch type {
    case "MetaInlines":
      return inlines(content.array ?? [])
    case "MetaString":
      return (content.string).map { [.text($0)] } ?? []
    case "MetaBool":
      return []
    case "MetaBlocks":
      let text = blocks(content.array ?? []).plainText
      return text.isEmpty ? [] : [.text(text.split(separator: "\n").joined(separator: " "))]
    case "MetaList":
      var result: [Inline] = []
      for item in content.array ?? [] {
        let text = metaInlines(item)
        if text.isEmpty { continue }
        if !result.isEmpty { result.append(.text(", ")) }
        result += text
      }
      return result
    default:
      return [.text(Self.words(in: content))]
    }
  }

  // MARK: Inlines

  /// The inlines of an array of pandoc inlines, with adjacent text merged.
  func inlines(_ elements: [JSONValue]) -> [Inline] {
    var builder = InlineBuilder()
    for element in elements { append(element, to: &builder) }
    return builder.finish()
  }

  private func append(_ element: JSONValue, to builder: inout InlineBuilder) {
    guard let (type, content) = Self.tagged(element) else {
      builder.text(Self.words(in: element))
      return
    }
    let items = content.array
    switch type {
    case "Str":
      builder.text(content.string ?? "")
    case "Space":
      builder.text(" ")
    case "SoftBreak":
      builder.append(.softBreak)
    case "LineBreak":
      builder.append(.hardBreak)
    case "Emph", "Underline":
      builder.append(.emphasis(inlines(items ?? [])))
    case "Strong":
      builder.append(.strong(inlines(items ?? [])))
    case "Strikeout":
      builder.append(.strikethrough(inlines(items ?? [])))
    case "SmallCaps":
      for item in items ?? [] { append(item, to: &builder) }
    case "Superscript":
      builder.text("^")
      for item in items ?? [] { append(item, to: &builder) }
    case "Subscript":
      builder.text("_")
      for item in items ?? [] { append(item, to: &builder) }
    case "Quoted":
      guard let items, items.count == 2, let text = items[1].array else { builder.text(Self.words(in: content)); break }
      let double = Self.tagged(items[0])?.0 != "SingleQuote"
      builder.text(double ? "\u{201C}" : "\u{2018}")
      for item in text { append(item, to: &builder) }
      builder.text(double ? "\u{201D}" : "\u{2019}")
    case "Cite":
      guard let items, items.count == 2, let text = items[1].array else { builder.text(Self.words(in: content)); break }
      for item in text { append(item, to: &builder) }
    case "Code", "Math":
      guard let items, items.count == 2, let text = items[1].string else { builder.text(Self.words(in: content)); break }
      builder.append(.code(text))
    case "RawInline":
      guard let items, items.count == 2, let text = items[1].string else { builder.text(Self.words(in: content)); break }
      builder.append(.html(text))
    case "Link":
      guard let items, items.count == 3, let text = items[1].array, let target = items[2].array else { builder.text(Self.words(in: content)); break }
      builder.append(
        .link(destination: target.first?.string ?? "", title: target.last?.string ?? "", content: inlines(text)))
    case "Image":
      guard let items, items.count == 3, let text = items[1].array, let target = items[2].array else { builder.text(Self.words(in: content)); break }
      builder.append(
        .image(source: target.first?.string ?? "", title: target.last?.string ?? "", alt: inlines(text).plainText))
    case "Note":
      builder.append(.note(blocks(items ?? [])))
    case "Span":
      guard let items, items.count == 2, let text = items[1].array else { builder.text(Self.words(in: content)); break }
      for item in text { append(item, to: &builder) }
    default:
      builder.text(Self.words(in: content))
    }
  }

  // MARK: Helpers

  /// The type and content of a pandoc element, `{"t": type, "c": content}`.
  static func tagged(_ element: JSONValue) -> (String, JSONValue)? {
    guard let type = element["t"]?.string else { return nil }
    return (type, element["c"] ?? .array([]))
  }

  /// Appends a paragraph with the text of every string in `element`, when there is any.
  private func appendText(of element: JSONValue, to result: inout [Block]) {
    let words = Self.words(in: element)
    if !words.isEmpty { result.append(.paragraph(words)) }
  }

  /// The strings inside `element` (``strings(in:)``) joined by spaces: what is kept of an
  /// element that has no counterpart, or is malformed.
  static func words(in element: JSONValue) -> String {
    strings(in: element).joined(separator: " ")
  }

  /// Every string value inside `element` except element types and attributes' keys, in order.
  static func strings(in element: JSONValue) -> [String] {
    var result: [String] = []
    func walk(_ value: JSONValue) {
      if let text = value.string {
        if !text.isEmpty { result.append(text) }
      } else if let array = value.array {
        for item in array { walk(item) }
      } else if value.isObject {
        if let content = value["c"] { walk(content) }
      }
    }
    walk(element)
    return result
  }

  /// The classes of an attribute `[id, [classes], [[key, value]]]`.
  static func classes(_ attributes: JSONValue) -> [String] {
    guard let parts = attributes.array, parts.count == 3 else { return [] }
    return (parts[1].array)?.compactMap { $0.string } ?? []
  }

  /// A raw element's format, lowercase: `"html"`, `"latex"`, …
  private static func format(_ value: JSONValue) -> String {
    ((value.string) ?? Self.strings(in: value).first ?? "").lowercased()
  }

  /// Whether a raw block is a page break: `<!-- pagebreak -->` in HTML (as in Markdown), or
  /// `\newpage`, `\clearpage` or `\pagebreak` in LaTeX.
  private static func isPageBreak(format: String, text: String) -> Bool {
    switch format {
    case "html", "html5": return MarkdownAdapter.isPageBreakComment(text)
    case "latex", "tex": return ["\\newpage", "\\clearpage", "\\pagebreak"].contains(text.filter { !$0.isWhitespace })
    default: return false
    }
  }
}

/// Collects inlines, merging adjacent text into one string.
struct InlineBuilder {
  private var result: [Inline] = []
  private var pending = ""

  mutating func text(_ text: String) {
    pending += text
  }

  mutating func append(_ inline: Inline) {
    flush()
    result.append(inline)
  }

  mutating func finish() -> [Inline] {
    flush()
    return result
  }

  private mutating func flush() {
    if !pending.isEmpty {
      result.append(.text(pending))
      pending = ""
    }
  }
}
