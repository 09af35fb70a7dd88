internal import CGumbo
import PaginateModel
@_spi(Platform) import PaginateSystem

/// How raw HTML in a document (Markdown's HTML blocks and inline tags, pandoc's raw HTML) is
/// shown. Comments are never shown, whatever the choice (`<!-- pagebreak -->` still breaks the
/// page).
public enum HTMLHandling: String, Sendable, Hashable, CaseIterable {
  /// The HTML becomes the document's own blocks and inlines: `<strong>` bold, `<a href>` a
  /// link, `<img alt>` an image, `<p align="center">` centred, `<table>` a table, `<kbd>`
  /// a key in brackets; unknown tags keep their text; `<script>` and `<style>` are dropped.
  case render
  /// Tags dropped, their text kept.
  case strip
  /// The HTML source shown as it is (made safe, as all text is).
  case show
}

/// Turns HTML fragments into the document model through gumbo, Google's HTML5 parser, as a
/// browser's parser would read them: entities decoded, unclosed tags closed, comments dropped.
///
/// This is the one file that calls gumbo. Each call parses a fragment in a `<body>` context,
/// copies what it needs into Swift values and frees gumbo's tree before returning.
enum HTMLConverter {
  /// The longest fragment parsed, and the most tags, and the deepest nesting followed: larger
  /// or deeper input (hostile, or a whole web page pasted in) keeps its text without its
  /// structure, so that neither gumbo's recursive tree walk nor ours can exhaust the stack.
  static let maximumLength = 1 << 20
  static let maximumTags = 20_000
  static let maximumDepth = 48

  /// The blocks an HTML block stands for, each with `source`.
  static func blocks(fromHTML html: String, source: SourceRange?) -> [Block] {
    let blocks = parse(html) { BlockReader().blocks(of: $0) } ?? [.paragraph(text(fromHTML: html))]
    return blocks.map { Self.withSource($0, source) }
  }

  /// The inlines an HTML fragment inside a paragraph stands for.
  static func inlines(fromHTML html: String) -> [Inline] {
    parse(html) { InlineReader.paragraph(of: $0) } ?? [.text(text(fromHTML: html))]
  }

  /// The text of an HTML fragment, tags and comments dropped, white space collapsed.
  static func text(fromHTML html: String) -> String {
    if let text = parse(html, { InlineReader.paragraph(of: $0).plainText }) { return text }
    // Too large to parse: the characters outside angle brackets.
    var text = ""
    var inTag = false
    for character in html {
      if character == "<" { inTag = true } else if character == ">" { inTag = false } else if !inTag { text.append(character) }
    }
    return text
  }

  /// Whether `html` is nothing but comments and white space (a lone end tag, which a parser
  /// ignores, is not a comment).
  static func isOnlyComments(_ html: String) -> Bool {
    guard html.drop(while: { $0.isWhitespace }).hasPrefix("<!--") else { return false }
    return parse(html) { root in
      var onlyComments = true
      forEachChild(of: root) { node in
        switch node.pointee.type {
        case GUMBO_NODE_COMMENT, GUMBO_NODE_WHITESPACE: break
        default: onlyComments = false
        }
      }
      return onlyComments
    } ?? false
  }

  // MARK: Parsing

  /// Parses `html` as the content of a `<body>` and calls `body` with the element that holds
  /// it; `nil` when the fragment is too large to parse.
  private static func parse<Result>(_ html: String, _ body: (UnsafeMutablePointer<GumboNode>) -> Result) -> Result? {
    guard html.utf8.count <= maximumLength, html.utf8.lazy.filter({ $0 == UInt8(ascii: "<") }).count <= maximumTags
    else { return nil }
    var options = kGumboDefaultOptions
    options.fragment_context = GUMBO_TAG_BODY
    // gumbo 0.10.1 never sets the document's quirks mode when it parses a fragment and reads
    // it at every <table> (valgrind: a jump on uninitialised memory; in effect, a <table> would
    // close an open <p> or not at random). Zeroed memory makes that mode "no quirks", as for HTML5.
    options.allocator = { _, size in SystemMemory.allocateZeroed(byteCount: size) }
    options.max_errors = 0  // errors are of no use here: record none
    // GitHub's tag filter: a <script>, <style>, <xmp>… shows as text, as on GitHub.
    return TagFilter.filtered(html).withCString { text -> Result? in
      guard let output = gumbo_parse_with_options(&options, text, ByteScan.length(ofCString: text)) else { return nil }
      defer { gumbo_destroy_output(&options, output) }
      guard let root = output.pointee.root else { return nil }
      return body(root)
    }
  }

  static func forEachChild(of node: UnsafeMutablePointer<GumboNode>, _ body: (UnsafeMutablePointer<GumboNode>) -> Void) {
    let children: GumboVector
    switch node.pointee.type {
    case GUMBO_NODE_ELEMENT, GUMBO_NODE_TEMPLATE: children = node.pointee.v.element.children
    case GUMBO_NODE_DOCUMENT: children = node.pointee.v.document.children
    default: return
    }
    for index in 0..<Int(children.length) {
      guard let child = children.data[index] else { continue }
      body(child.assumingMemoryBound(to: GumboNode.self))
    }
  }

  static func tag(_ node: UnsafeMutablePointer<GumboNode>) -> GumboTag? {
    node.pointee.type == GUMBO_NODE_ELEMENT ? node.pointee.v.element.tag : nil
  }

  static func attribute(_ name: String, of node: UnsafeMutablePointer<GumboNode>) -> String? {
    guard node.pointee.type == GUMBO_NODE_ELEMENT else { return nil }
    return withUnsafePointer(to: &node.pointee.v.element.attributes) { attributes in
      guard let found = gumbo_get_attribute(attributes, name), let value = found.pointee.value else { return nil }
      return VisibleControls.escapeInline(String(cString: value))
    }
  }

  /// The text of a text node, or of an element and everything in it, as it stands (white space
  /// kept: for `<pre>`).
  static func rawText(_ node: UnsafeMutablePointer<GumboNode>) -> String {
    switch node.pointee.type {
    case GUMBO_NODE_TEXT, GUMBO_NODE_WHITESPACE, GUMBO_NODE_CDATA:
      return node.pointee.v.text.text.map { String(cString: $0) } ?? ""
    case GUMBO_NODE_ELEMENT:
      if tag(node) == GUMBO_TAG_BR { return "\n" }
      var text = ""
      forEachChild(of: node) { text += rawText($0) }
      return text
    default:
      return ""
    }
  }

  private static func withSource(_ block: Block, _ source: SourceRange?) -> Block {
    var block = block
    block.source = source
    return block
  }

  /// Elements whose content is not text to read.
  static func isDropped(_ tag: GumboTag) -> Bool {
    [GUMBO_TAG_SCRIPT, GUMBO_TAG_STYLE, GUMBO_TAG_TEMPLATE, GUMBO_TAG_HEAD, GUMBO_TAG_TITLE, GUMBO_TAG_NOSCRIPT]
      .contains(tag)
  }

  /// Elements that start a block of their own.
  static func isBlockLevel(_ tag: GumboTag) -> Bool {
    [
      GUMBO_TAG_P, GUMBO_TAG_DIV, GUMBO_TAG_CENTER, GUMBO_TAG_H1, GUMBO_TAG_H2, GUMBO_TAG_H3, GUMBO_TAG_H4,
      GUMBO_TAG_H5, GUMBO_TAG_H6, GUMBO_TAG_UL, GUMBO_TAG_OL, GUMBO_TAG_LI, GUMBO_TAG_PRE, GUMBO_TAG_BLOCKQUOTE,
      GUMBO_TAG_TABLE, GUMBO_TAG_DETAILS, GUMBO_TAG_SUMMARY, GUMBO_TAG_HR, GUMBO_TAG_SECTION, GUMBO_TAG_ARTICLE,
      GUMBO_TAG_HEADER, GUMBO_TAG_FOOTER, GUMBO_TAG_NAV, GUMBO_TAG_ASIDE, GUMBO_TAG_MAIN, GUMBO_TAG_FIGURE,
      GUMBO_TAG_FIGCAPTION, GUMBO_TAG_DL, GUMBO_TAG_DT, GUMBO_TAG_DD, GUMBO_TAG_ADDRESS, GUMBO_TAG_BODY,
      GUMBO_TAG_HTML, GUMBO_TAG_TR, GUMBO_TAG_TD, GUMBO_TAG_TH, GUMBO_TAG_THEAD, GUMBO_TAG_TBODY,
    ].contains(tag)
  }
}

// MARK: Inlines

/// Reads inline content: text with white space collapsed as a browser collapses it, styles,
/// links, images, keys, line breaks.
private struct InlineReader {
  private(set) var inlines: [Inline] = []

  /// The inlines of a paragraph's worth of nodes, trimmed and with runs of spaces made one.
  static func paragraph(of node: UnsafeMutablePointer<GumboNode>) -> [Inline] {
    var reader = InlineReader()
    HTMLConverter.forEachChild(of: node) { reader.read($0, depth: 0) }
    return Self.normalized(reader.inlines)
  }

  mutating func read(_ node: UnsafeMutablePointer<GumboNode>, depth: Int) {
    switch node.pointee.type {
    case GUMBO_NODE_TEXT, GUMBO_NODE_WHITESPACE, GUMBO_NODE_CDATA:
      inlines.append(.text(Self.collapsed(HTMLConverter.rawText(node))))
    case GUMBO_NODE_ELEMENT:
      readElement(node, depth: depth)
    default:
      break  // comments
    }
  }

  private mutating func readElement(_ node: UnsafeMutablePointer<GumboNode>, depth: Int) {
    guard let tag = HTMLConverter.tag(node), !HTMLConverter.isDropped(tag) else { return }
    func children() -> [Inline] {
      guard depth < HTMLConverter.maximumDepth else { return [.text(Self.collapsed(HTMLConverter.rawText(node)))] }
      var reader = InlineReader()
      HTMLConverter.forEachChild(of: node) { reader.read($0, depth: depth + 1) }
      return reader.inlines
    }
    switch tag {
    case GUMBO_TAG_B, GUMBO_TAG_STRONG:
      inlines.append(.strong(children()))
    case GUMBO_TAG_I, GUMBO_TAG_EM, GUMBO_TAG_CITE, GUMBO_TAG_VAR, GUMBO_TAG_DFN:
      inlines.append(.emphasis(children()))
    case GUMBO_TAG_DEL, GUMBO_TAG_S, GUMBO_TAG_STRIKE:
      inlines.append(.strikethrough(children()))
    case GUMBO_TAG_CODE, GUMBO_TAG_TT, GUMBO_TAG_SAMP:
      inlines.append(.code(Self.collapsed(HTMLConverter.rawText(node))))
    case GUMBO_TAG_KBD:
      // A key, as a keyboard shows it: [Ctrl].
      inlines.append(.text("[" + Self.collapsed(HTMLConverter.rawText(node)).trimmingSpaces() + "]"))
    case GUMBO_TAG_BR:
      inlines.append(.hardBreak)
    case GUMBO_TAG_SUP:
      inlines.append(.text("^"))
      inlines += children()
    case GUMBO_TAG_SUB:
      inlines.append(.text("_"))
      inlines += children()
    case GUMBO_TAG_A:
      let content = children()
      if let href = HTMLConverter.attribute("href", of: node), !href.isEmpty {
        inlines.append(.link(destination: href, title: HTMLConverter.attribute("title", of: node) ?? "", content: content))
      } else {
        inlines += content
      }
    case GUMBO_TAG_IMG:
      let alt = HTMLConverter.attribute("alt", of: node) ?? ""
      inlines.append(
        .image(
          source: HTMLConverter.attribute("src", of: node) ?? "", title: HTMLConverter.attribute("title", of: node) ?? "",
          alt: alt))
    default:
      // Unknown or layout-only elements keep their text; a block element inside a paragraph
      // stands apart from its neighbours.
      let apart = HTMLConverter.isBlockLevel(tag)
      if apart { inlines.append(.text(" ")) }
      inlines += children()
      if apart { inlines.append(.text(" ")) }
    }
  }

  /// HTML white space (space, tab, line ends, form feed) in runs made one space.
  static func collapsed(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    var lastWasSpace = false
    for scalar in text.unicodeScalars {
      if scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" || scalar == "\u{0C}" {
        if !lastWasSpace { result += " " }
        lastWasSpace = true
      } else {
        result.unicodeScalars.append(scalar)
        lastWasSpace = false
      }
    }
    return VisibleControls.escapeInline(result)
  }

  /// The inlines with neighbouring texts joined, no space doubled across them, and none at
  /// either end or around a line break.
  static func normalized(_ inlines: [Inline]) -> [Inline] {
    var result: [Inline] = []
    var endsWithSpace = true  // at the start, a space is dropped
    func appendText(_ text: String) {
      var text = Substring(text)
      if endsWithSpace { while text.first == " " { text.removeFirst() } }
      guard !text.isEmpty else { return }
      if case .text(let previous)? = result.last {
        result[result.count - 1] = .text(previous + text)
      } else {
        result.append(.text(String(text)))
      }
      endsWithSpace = text.last == " "
    }
    for inline in inlines {
      switch inline {
      case .text(let text):
        appendText(text)
      case .hardBreak:
        trimTrailingSpace(&result)
        result.append(.hardBreak)
        endsWithSpace = true
      case .strong(let children):
        result.append(.strong(normalizedChildren(children, after: &endsWithSpace)))
      case .emphasis(let children):
        result.append(.emphasis(normalizedChildren(children, after: &endsWithSpace)))
      case .link(let destination, let title, let children):
        result.append(.link(destination: destination, title: title, content: normalizedChildren(children, after: &endsWithSpace)))
      default:
        result.append(inline)
        endsWithSpace = false
      }
    }
    trimTrailingSpace(&result)
    return result
  }

  private static func normalizedChildren(_ children: [Inline], after endsWithSpace: inout Bool) -> [Inline] {
    // Children keep their own spaces, but none doubled after what came before.
    var children = children
    if endsWithSpace, case .text(let first)? = children.first {
      children[0] = .text(String(first.drop { $0 == " " }))
    }
    let inner = normalized(children)
    endsWithSpace = false
    return inner
  }

  private static func trimTrailingSpace(_ inlines: inout [Inline]) {
    guard case .text(let last)? = inlines.last else { return }
    let trimmed = String(last.reversed().drop { $0 == " " }.reversed())
    if trimmed.isEmpty { inlines.removeLast() } else { inlines[inlines.count - 1] = .text(trimmed) }
  }
}

// MARK: Blocks

/// Reads block content: paragraphs of the text between block elements, and each block
/// element as the block of the model it stands for.
private struct BlockReader {
  private var blocks: [Block] = []
  private var pending: [Inline] = []

  func blocks(of node: UnsafeMutablePointer<GumboNode>) -> [Block] {
    var reader = self
    reader.readChildren(of: node, depth: 0)
    reader.flush()
    return reader.blocks
  }

  private mutating func readChildren(of node: UnsafeMutablePointer<GumboNode>, depth: Int) {
    HTMLConverter.forEachChild(of: node) { read($0, depth: depth) }
  }

  /// Ends the paragraph of inline content gathered so far.
  private mutating func flush() {
    let inlines = InlineReader.normalized(pending)
    pending = []
    if !inlines.isEmpty { blocks.append(.paragraph(inlines)) }
  }

  private func nested(_ node: UnsafeMutablePointer<GumboNode>, depth: Int) -> [Block] {
    var reader = BlockReader()
    reader.readChildren(of: node, depth: depth + 1)
    reader.flush()
    return reader.blocks
  }

  private mutating func read(_ node: UnsafeMutablePointer<GumboNode>, depth: Int) {
    guard let tag = HTMLConverter.tag(node) else {
      var inline = InlineReader()
      inline.read(node, depth: depth)
      pending += inline.inlines
      return
    }
    guard !HTMLConverter.isDropped(tag) else { return }
    guard HTMLConverter.isBlockLevel(tag), depth < HTMLConverter.maximumDepth else {
      var inline = InlineReader()
      inline.read(node, depth: depth)
      pending += inline.inlines
      return
    }
    flush()
    let centred = HTMLConverter.attribute("align", of: node)?.lowercased() == "center" || tag == GUMBO_TAG_CENTER
    var made: [Block] = []
    switch tag {
    case GUMBO_TAG_P:
      let inlines = InlineReader.paragraph(of: node)
      if !inlines.isEmpty { made = [.paragraph(inlines)] }
    case GUMBO_TAG_H1, GUMBO_TAG_H2, GUMBO_TAG_H3, GUMBO_TAG_H4, GUMBO_TAG_H5, GUMBO_TAG_H6:
      let level = Int(tag.rawValue - GUMBO_TAG_H1.rawValue) + 1
      let inlines = InlineReader.paragraph(of: node)
      if !inlines.isEmpty { made = [.heading(level: level, inlines)] }
    case GUMBO_TAG_UL, GUMBO_TAG_OL:
      var items: [ListBlock.Item] = []
      HTMLConverter.forEachChild(of: node) { child in
        guard HTMLConverter.tag(child) == GUMBO_TAG_LI else { return }
        items.append(ListBlock.Item(nested(child, depth: depth)))
      }
      let start = HTMLConverter.attribute("start", of: node).flatMap { Int($0) } ?? 1
      if !items.isEmpty {
        made = [Block(.list(ListBlock(kind: tag == GUMBO_TAG_OL ? .ordered(start: min(max(start, 0), 999_999_999)) : .bullet, items: items)))]
      }
    case GUMBO_TAG_PRE:
      var text = HTMLConverter.rawText(node)
      if text.hasPrefix("\n") { text.removeFirst() }
      while text.hasSuffix("\n") { text.removeLast() }
      made = [Block(.codeBlock(info: "", text: VisibleControls.escape(text, keepingTabsAndNewlines: true)))]
    case GUMBO_TAG_BLOCKQUOTE:
      made = [Block(.blockQuote(nested(node, depth: depth)))]
    case GUMBO_TAG_HR:
      made = [Block(.thematicBreak)]
    case GUMBO_TAG_TABLE:
      made = table(node).map { [Block(.table($0))] } ?? nested(node, depth: depth)
    case GUMBO_TAG_DETAILS:
      // The summary as a bold line with a disclosure mark; the details below it, open, as
      // they would be printed.
      var summary: [Inline] = []
      var reader = BlockReader()
      HTMLConverter.forEachChild(of: node) { child in
        if HTMLConverter.tag(child) == GUMBO_TAG_SUMMARY {
          summary = InlineReader.paragraph(of: child)
        } else {
          reader.read(child, depth: depth + 1)
        }
      }
      reader.flush()
      made = (summary.isEmpty ? [] : [.paragraph([.text("▸ "), .strong(summary)])]) + reader.blocks
    case GUMBO_TAG_SUMMARY:
      let summary = InlineReader.paragraph(of: node)
      if !summary.isEmpty { made = [.paragraph([.text("▸ "), .strong(summary)])] }
    default:
      made = nested(node, depth: depth)
    }
    if centred && !made.isEmpty {
      blocks.append(Block(.centered(made)))
    } else {
      blocks += made
    }
  }

  /// A table of `<tr>` rows of `<th>` and `<td>` cells; the first row is the header.
  private func table(_ node: UnsafeMutablePointer<GumboNode>) -> TableBlock? {
    var rows: [[[Inline]]] = []
    func collect(_ parent: UnsafeMutablePointer<GumboNode>) {
      HTMLConverter.forEachChild(of: parent) { child in
        switch HTMLConverter.tag(child) {
        case GUMBO_TAG_THEAD, GUMBO_TAG_TBODY, GUMBO_TAG_TFOOT: collect(child)
        case GUMBO_TAG_TR:
          var cells: [[Inline]] = []
          HTMLConverter.forEachChild(of: child) { cell in
            let tag = HTMLConverter.tag(cell)
            if tag == GUMBO_TAG_TD || tag == GUMBO_TAG_TH { cells.append(InlineReader.paragraph(of: cell)) }
          }
          if !cells.isEmpty { rows.append(cells) }
        default: break
        }
      }
    }
    collect(node)
    guard let header = rows.first else { return nil }
    let columns = rows.map(\.count).max() ?? header.count
    func padded(_ cells: [[Inline]]) -> TableBlock.Row {
      TableBlock.Row(cells + Array(repeating: [], count: columns - cells.count))
    }
    return TableBlock(
      alignments: Array(repeating: .unspecified, count: columns), header: padded(header),
      rows: rows.dropFirst().map(padded))
  }
}

extension String {
  fileprivate func trimmingSpaces() -> String {
    String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
  }
}
