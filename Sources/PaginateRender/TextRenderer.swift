public import PaginateLayout
import PaginateModel

/// Renders lines as text: plain, or with ANSI styles for a terminal (bold headings and strong
/// text, italic emphasis, underlined links, cyan code, dim rules and bars).
///
/// The text of a line never holds control characters (the adapters made them visible), so the
/// only escape sequences in the output are the ones this renderer writes.
public struct TextRenderer: Sendable {
  /// Whether to write ANSI SGR sequences for styles.
  public var usesANSI: Bool
  /// Whether the styles may use colour (cyan code); without it (`NO_COLOR`, `--color never` in
  /// the pager) styles are only bold, dim, italic, underline, reverse and strike-through.
  public var usesColour: Bool

  /// Whether link text links to its destination (OSC 8 hyperlinks, which terminals that know
  /// them make clickable and others ignore), for the links given to `render(_:links:into:)`.
  public var makesHyperlinks: Bool

  /// Creates a renderer.
  public init(usesANSI: Bool, usesColour: Bool = true, makesHyperlinks: Bool = false) {
    self.usesANSI = usesANSI
    self.usesColour = usesColour
    self.makesHyperlinks = makesHyperlinks
  }

  /// Appends the line and a newline to `output`.
  public func render(_ line: Line, into output: inout [UInt8]) {
    render(line, links: [], into: &output)
  }

  /// Appends the line and a newline to `output`; link text whose destination `links` gives
  /// (``/PaginateLayout/Page/linkDestinations``) becomes a hyperlink when ``makesHyperlinks``.
  public func render(_ line: Line, links: [Page.Link], into output: inout [UInt8]) {
    let linking = makesHyperlinks && !links.isEmpty
    guard (usesANSI || linking) && !line.spans.isEmpty else {
      line.withUTF8 { output.append(contentsOf: $0) }
      output.append(0x0A)
      return
    }
    let spans = line.spans
    line.withUTF8 { bytes in
      var position = 0
      var openLink: UInt32 = 0
      for span in spans {
        let id = linking ? span.style.linkID : 0
        // A link stays open over the spaces between its words (spans are set word by word).
        if openLink != 0 && (id != openLink || bytes[position..<span.range.lowerBound].contains { $0 != 0x20 }) {
          output.append(contentsOf: Hyperlink.close)
          openLink = 0
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[position..<span.range.lowerBound]))
        if id != 0 && id != openLink, let destination = links.destination(ofLink: id),
          let open = Hyperlink.open(destination, id: id)
        {
          output.append(contentsOf: open)
          openLink = id
        }
        let sequence = usesANSI ? Self.sequence(for: span.style, colour: usesColour) : ""
        // A style with nothing to show without colour (code) writes no sequence at all.
        if sequence.utf8.count > 3 { output.append(contentsOf: sequence.utf8) }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[span.range]))
        if sequence.utf8.count > 3 { output.append(contentsOf: "\u{1B}[0m".utf8) }
        position = span.range.upperBound
      }
      if openLink != 0 { output.append(contentsOf: Hyperlink.close) }
      output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[position...]))
      output.append(0x0A)
    }
  }

  /// Appends every line, each followed by a newline. Without styles the page is put together
  /// in scratch memory (on the stack when small, else a heap block) and appended at once: an
  /// append per line, even into reserved room, costs more than the block and the second copy.
  public func render(_ lines: [Line], into output: inout [UInt8]) {
    render(lines, links: [], into: &output)
  }

  /// Appends every line, each followed by a newline, links made as
  /// ``render(_:links:into:)`` makes them.
  public func render(_ lines: [Line], links: [Page.Link], into output: inout [UInt8]) {
    guard !usesANSI && !(makesHyperlinks && !links.isEmpty) else {
      for line in lines { render(line, links: links, into: &output) }
      return
    }
    var total = 0
    for line in lines { total += line.utf8Count + 1 }
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: total) { page in
      guard let start = page.baseAddress else { return }  // no lines
      var position = 0
      for index in lines.indices {
        position += lines[index].copyUTF8(to: start + position)
        start[position] = 0x0A
        position += 1
      }
      output.append(contentsOf: UnsafeBufferPointer(page))
    }
  }

  /// The SGR sequence that turns on `style`.
  static func sequence(for style: TextStyle, colour: Bool = true) -> String {
    var codes: [String] = []
    let syntax = colour ? style.syntax.map(Self.syntaxCodes) : nil
    if style.contains(.bold) || style.contains(.heading) || syntax?.bold == true { codes.append("1") }
    if style.contains(.furniture) { codes.append("2") }
    if style.contains(.italic) || syntax?.italic == true { codes.append("3") }
    if style.contains(.link) || style.contains(.underline) { codes.append("4") }
    if style.contains(.strikethrough) { codes.append("9") }
    if colour {
      if let foreground = style.foreground {
        codes.append(Self.colourCode(foreground, background: false))
      } else if let colourCode = syntax?.colour {
        codes.append(colourCode)
      } else if style.contains(.code) {
        codes.append("36")
      }
      if let background = style.background { codes.append(Self.colourCode(background, background: true)) }
    }
    if style.contains(.highlight) != style.contains(.inverse) { codes.append("7") }
    return "\u{1B}[" + codes.joined(separator: ";") + "m"
  }

  /// The SGR parameter for palette colour `index`: 30–37 and 90–97 for the sixteen standard
  /// colours (40–47, 100–107 behind the text), `38;5;N` (`48;5;N`) for the others.
  static func colourCode(_ index: UInt8, background: Bool) -> String {
    let base = background ? 40 : 30
    switch index {
    case 0..<8: return String(base + Int(index))
    case 8..<16: return String(base + 60 + Int(index) - 8)
    default: return (background ? "48;5;" : "38;5;") + String(index)
    }
  }

  /// How a terminal shows each part of a program: the sixteen standard colours, so that the
  /// terminal's own theme picks the shades (as `source-highlight`'s `esc.style` and `less`
  /// do).
  static func syntaxCodes(_ syntax: SyntaxClass) -> (colour: String?, bold: Bool, italic: Bool) {
    switch syntax {
    case .keyword: ("34", true, false)
    case .type: ("32", false, false)
    case .string: ("31", false, false)
    case .number, .constant: ("35", false, false)
    case .comment: ("90", false, true)
    case .preprocessor: ("36", false, false)
    case .function: (nil, true, false)
    case .variable: ("33", false, false)
    case .symbol: (nil, false, false)
    }
  }
}
