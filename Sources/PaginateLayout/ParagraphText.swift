import PaginateModel

/// The text of a paragraph flattened for line breaking: UTF-8 bytes with a style per byte,
/// split at hard breaks into segments that are broken independently.
///
/// Link destinations become note markers (`[1]`) or inline URLs here, so that the line breaker
/// sees them as text.
struct ParagraphText {
  /// The bytes of each segment (a hard break ends a segment).
  var segments: [StyledBytes] = [StyledBytes()]

  /// Bytes and their styles, and the notes cited at byte offsets.
  struct StyledBytes {
    var bytes: [UInt8] = []
    /// Style runs: each run ends (exclusive) at `end` and starts where the previous one ended.
    var runs: [(end: Int, style: TextStyle)] = []
    /// Footnote numbers and the byte offset of their marker.
    var notes: [(offset: Int, number: Int)] = []

    mutating func append(_ text: String, style: TextStyle) {
      bytes.append(contentsOf: text.utf8)
      if let last = runs.last, last.style == style {
        runs[runs.count - 1].end = bytes.count
      } else {
        runs.append((bytes.count, style))
      }
    }
  }

  /// Flattens inlines.
  ///
  /// - Parameters:
  ///   - inlines: The paragraph content.
  ///   - style: A style applied to everything (heading text).
  ///   - links: How link destinations are shown.
  ///   - notes: The document's footnote registry; new link destinations are numbered here.
  init(_ inlines: [Inline], style: TextStyle = [], links: LinkStyle, notes: inout FootnoteRegistry) {
    append(inlines, style: style, links: links, notes: &notes)
  }

  private mutating func append(_ text: String, style: TextStyle) {
    segments[segments.count - 1].append(text, style: style)
  }

  private mutating func append(_ inlines: [Inline], style: TextStyle, links: LinkStyle, notes: inout FootnoteRegistry) {
    for inline in inlines {
      switch inline {
      case .text(let text), .html(let text):
        append(text, style: style)
      case .code(let text):
        append(text, style: style.union(.code))
      case .emphasis(let children):
        append(children, style: style.union(.italic), links: links, notes: &notes)
      case .strong(let children):
        append(children, style: style.union(.bold), links: links, notes: &notes)
      case .link(let destination, _, let children):
        append(children, style: style.union(.link), links: links, notes: &notes)
        guard FootnoteRegistry.showsDestination(destination, text: children) else { continue }
        switch links {
        case .footnotes:
          let number = notes.number(for: destination)
          let marker = "[\(number)]"
          segments[segments.count - 1].notes.append((segments[segments.count - 1].bytes.count, number))
          append(marker, style: .furniture)
        case .inline:
          append(" <", style: .furniture)
          append(destination, style: .link)
          append(">", style: .furniture)
        case .none:
          break
        }
      case .image(_, _, let alt):
        append(alt.isEmpty ? "[image]" : alt, style: style.union(.italic))
      case .softBreak:
        append(" ", style: [])
      case .hardBreak:
        segments.append(StyledBytes())
      }
    }
  }
}

/// Numbers link destinations in order of first citation, document-wide, and keeps each note's
/// text for the foot of the page.
struct FootnoteRegistry {
  private var numbers: [String: Int] = [:]
  private(set) var destinations: [String] = []

  /// The number of `destination`, assigning the next one on first use.
  mutating func number(for destination: String) -> Int {
    if let number = numbers[destination] { return number }
    destinations.append(destination)
    numbers[destination] = destinations.count
    return destinations.count
  }

  /// The destination of note `number`.
  func destination(of number: Int) -> String { destinations[number - 1] }

  /// Whether a link's destination is shown (as a note or inline): not for an autolink, whose
  /// text already is its URL.
  static func showsDestination(_ destination: String, text: [Inline]) -> Bool {
    guard !destination.isEmpty else { return false }
    let shown = text.plainText
    return shown != destination && "mailto:" + shown != destination
  }

  /// Numbers the links of `block` in the order its layout would, so that blocks after it can
  /// be laid out before it (on another core) and still cite the right numbers.
  mutating func register(_ block: Block) {
    func walk(_ inlines: [Inline]) {
      for inline in inlines {
        switch inline {
        case .link(let destination, _, let children):
          walk(children)
          if Self.showsDestination(destination, text: children) { _ = number(for: destination) }
        case .emphasis(let children), .strong(let children): walk(children)
        default: continue
        }
      }
    }
    switch block.content {
    case .heading(_, let inlines), .paragraph(let inlines): walk(inlines)
    case .blockQuote(let children): for child in children { register(child) }
    case .list(let list): for item in list.items { for child in item.blocks { register(child) } }
    case .table(let table):
      for row in [table.header] + table.rows { for cell in row.cells { walk(cell) } }
    case .codeBlock, .htmlBlock, .thematicBreak, .pageBreak: break
    }
  }
}
