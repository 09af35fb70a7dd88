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
      // Notes cannot be written as HTML and read back: keep the text between the tags.
      guard !inlines.containsNote else { return inlines.withoutHTML { _ in true } }
      var html = ""
      inlines.appendHTML(to: &html)
      return HTMLConverter.inlines(fromHTML: html)
    }
  }
}

extension [Inline] {
  /// Whether raw HTML is among the inlines, at any depth.
  fileprivate var containsHTML: Bool {
    contains { inline in
      switch inline {
      case .html: true
      case .emphasis(let children), .strong(let children), .link(_, _, let children): children.containsHTML
      default: false
      }
    }
  }

  fileprivate var containsNote: Bool {
    contains { inline in
      switch inline {
      case .note: true
      case .emphasis(let children), .strong(let children), .link(_, _, let children): children.containsNote
      default: false
      }
    }
  }

  /// The inlines without the raw HTML pieces `dropped` says to drop.
  fileprivate func withoutHTML(_ dropped: (String) -> Bool) -> [Inline] {
    compactMap { inline in
      switch inline {
      case .html(let html): dropped(html) ? nil : inline
      case .emphasis(let children): .emphasis(children.withoutHTML(dropped))
      case .strong(let children): .strong(children.withoutHTML(dropped))
      case .link(let destination, let title, let children):
        .link(destination: destination, title: title, content: children.withoutHTML(dropped))
      default: inline
      }
    }
  }

  /// The inlines written as HTML: text escaped, styles, links and images as tags, raw HTML as
  /// it is.
  fileprivate func appendHTML(to html: inout String) {
    for inline in self {
      switch inline {
      case .text(let text): html += Self.escaped(text)
      case .emphasis(let children):
        html += "<em>"
        children.appendHTML(to: &html)
        html += "</em>"
      case .strong(let children):
        html += "<strong>"
        children.appendHTML(to: &html)
        html += "</strong>"
      case .code(let code): html += "<code>" + Self.escaped(code) + "</code>"
      case .link(let destination, let title, let children):
        html += "<a href=\"" + Self.escaped(destination) + "\" title=\"" + Self.escaped(title) + "\">"
        children.appendHTML(to: &html)
        html += "</a>"
      case .image(let source, let title, let alt):
        html += "<img src=\"" + Self.escaped(source) + "\" title=\"" + Self.escaped(title) + "\" alt=\""
          + Self.escaped(alt) + "\">"
      case .softBreak: html += "\n"
      case .hardBreak: html += "<br>"
      case .html(let raw): html += raw
      case .note: break
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
