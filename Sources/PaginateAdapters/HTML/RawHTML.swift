import PaginateModel

/// What the adapters do with raw HTML, as ``HTMLHandling`` says: an HTML block becomes blocks,
/// and the inline tags of a paragraph are read together with the text between them (a
/// `<kbd>` and its `</kbd>` arrive as two inline pieces, so the paragraph is put back together
/// as HTML and read as a whole).
enum RawHTML {
  /// The blocks an HTML block stands for; none for comments (a page break is the caller's).
  static func blocks(ofHTMLBlock html: String, source: SourceRange?, handling: HTMLHandling) -> [Block] {
    if HTMLConverter.isOnlyComments(html) { return [] }
    switch handling {
    case .show:
      return [Block(.htmlBlock(html), source: source)]
    case .strip:
      let text = HTMLConverter.text(fromHTML: html)
      return text.isEmpty ? [] : [Block(.paragraph([.text(text)]), source: source)]
    case .render:
      return HTMLConverter.blocks(fromHTML: html, source: source)
    }
  }

  /// The inlines of a paragraph, heading or cell with its raw HTML handled; the same inlines
  /// when it has none.
  static func inlines(_ inlines: [Inline], handling: HTMLHandling) -> [Inline] {
    guard inlines.containsHTML else { return inlines }
    switch handling {
    case .show:
      // Comments never show.
      return inlines.withoutHTML { HTMLConverter.isOnlyComments($0) }
    case .strip:
      return inlines.withoutHTML { _ in true }
    case .render:
      var notes: [[Block]] = []
      var html = ""
      inlines.appendHTML(to: &html, notes: &notes)
      let rendered = HTMLConverter.inlines(fromHTML: html)
      guard !notes.isEmpty else { return rendered }
      // Notes cannot be written as HTML: each went through as a placeholder character.
      // Text that has such characters of its own keeps its text between the tags instead.
      guard !inlines.containsNotePlaceholder else { return inlines.withoutHTML { _ in true } }
      return rendered.replacingNotePlaceholders(with: notes)
    }
  }

  /// The placeholder that stands for note `index` in HTML written from inlines: a character
  /// of Unicode's supplementary private use area A (U+F0000 to U+FFFFD), which text does not
  /// have (and when it does, ``inlines(_:handling:)`` does not use placeholders).
  static func notePlaceholder(_ index: Int) -> Unicode.Scalar? {
    Unicode.Scalar(0xF0000 + UInt32(index)).flatMap { $0.value <= 0xFFFFD ? $0 : nil }
  }

  /// The note index a scalar stands for, when it is a placeholder.
  static func noteIndex(_ scalar: Unicode.Scalar) -> Int? {
    (0xF0000...0xFFFFD).contains(scalar.value) ? Int(scalar.value - 0xF0000) : nil
  }
}

extension [Inline] {
  /// Whether raw HTML is among the inlines, at any depth.
  fileprivate var containsHTML: Bool {
    contains { inline in
      switch inline {
      case .html: true
      case .emphasis(let children), .strong(let children), .strikethrough(let children), .link(_, _, let children):
        children.containsHTML
      default: false
      }
    }
  }

  /// Whether text among the inlines has a character that note placeholders use.
  fileprivate var containsNotePlaceholder: Bool {
    contains { inline in
      switch inline {
      case .text(let text), .code(let text), .html(let text):
        text.unicodeScalars.contains { RawHTML.noteIndex($0) != nil }
      case .emphasis(let children), .strong(let children), .strikethrough(let children), .link(_, _, let children):
        children.containsNotePlaceholder
      default: false
      }
    }
  }

  /// The inlines with each note placeholder in their text replaced by its note.
  fileprivate func replacingNotePlaceholders(with notes: [[Block]]) -> [Inline] {
    var result: [Inline] = []
    for inline in self {
      switch inline {
      case .text(let text) where text.unicodeScalars.contains(where: { RawHTML.noteIndex($0) != nil }):
        var run = ""
        for scalar in text.unicodeScalars {
          if let index = RawHTML.noteIndex(scalar), index < notes.count {
            if !run.isEmpty { result.append(.text(run)) }
            run = ""
            result.append(.note(notes[index]))
          } else {
            run.unicodeScalars.append(scalar)
          }
        }
        if !run.isEmpty { result.append(.text(run)) }
      case .emphasis(let children): result.append(.emphasis(children.replacingNotePlaceholders(with: notes)))
      case .strong(let children): result.append(.strong(children.replacingNotePlaceholders(with: notes)))
      case .strikethrough(let children): result.append(.strikethrough(children.replacingNotePlaceholders(with: notes)))
      case .link(let destination, let title, let children):
        result.append(.link(destination: destination, title: title, content: children.replacingNotePlaceholders(with: notes)))
      default: result.append(inline)
      }
    }
    return result
  }

  /// The inlines without the raw HTML pieces `dropped` says to drop.
  fileprivate func withoutHTML(_ dropped: (String) -> Bool) -> [Inline] {
    compactMap { inline in
      switch inline {
      case .html(let html): dropped(html) ? nil : inline
      case .emphasis(let children): .emphasis(children.withoutHTML(dropped))
      case .strong(let children): .strong(children.withoutHTML(dropped))
      case .strikethrough(let children): .strikethrough(children.withoutHTML(dropped))
      case .link(let destination, let title, let children):
        .link(destination: destination, title: title, content: children.withoutHTML(dropped))
      default: inline
      }
    }
  }

  /// The inlines written as HTML: text escaped, styles, links and images as tags, raw HTML as
  /// it is.
  fileprivate func appendHTML(to html: inout String, notes: inout [[Block]]) {
    for inline in self {
      switch inline {
      case .text(let text): html += Self.escaped(text)
      case .emphasis(let children):
        html += "<em>"
        children.appendHTML(to: &html, notes: &notes)
        html += "</em>"
      case .strong(let children):
        html += "<strong>"
        children.appendHTML(to: &html, notes: &notes)
        html += "</strong>"
      case .strikethrough(let children):
        html += "<del>"
        children.appendHTML(to: &html, notes: &notes)
        html += "</del>"
      case .code(let code): html += "<code>" + Self.escaped(code) + "</code>"
      case .link(let destination, let title, let children):
        html += "<a href=\"" + Self.escaped(destination) + "\" title=\"" + Self.escaped(title) + "\">"
        children.appendHTML(to: &html, notes: &notes)
        html += "</a>"
      case .image(let source, let title, let alt):
        html += "<img src=\"" + Self.escaped(source) + "\" title=\"" + Self.escaped(title) + "\" alt=\""
          + Self.escaped(alt) + "\">"
      case .softBreak: html += "\n"
      case .hardBreak: html += "<br>"
      case .html(let raw): html += raw
      case .note(let blocks):
        guard let placeholder = RawHTML.notePlaceholder(notes.count) else { break }
        notes.append(blocks)
        html.unicodeScalars.append(placeholder)
      }
    }
  }

  private static func escaped(_ text: String) -> String {
    guard text.utf8.contains(where: { $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">") || $0 == UInt8(ascii: "\"") })
    else { return text }
    var result = ""
    for character in text {
      switch character {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      default: result.append(character)
      }
    }
    return result
  }
}
