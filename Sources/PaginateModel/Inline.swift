/// A run of text inside a block: plain text, a styled span, a link, a break.
///
/// Inlines nest (emphasis inside a link inside strong text); a block holds an array of them.
/// Every string is already decoded text: no Markdown syntax, no HTML entities, and no control
/// characters (adapters replace them with visible escapes, see ``VisibleControls``).
public enum Inline: Sendable, Hashable {
  /// Plain text.
  case text(String)
  /// Emphasised text, usually set in italics.
  case emphasis([Inline])
  /// Strongly emphasised text, usually set in bold.
  case strong([Inline])
  /// Struck-out text (`~~x~~` in GitHub Markdown, pandoc's `Strikeout`): crossed out with
  /// colour on, between `~~` marks without.
  case strikethrough([Inline])
  /// A code span, set verbatim.
  case code(String)
  /// A link: its text and where it points.
  case link(destination: String, title: String, content: [Inline])
  /// An image, which a character-cell page shows as its alt text (plain text, as CommonMark
  /// renders alt text).
  case image(source: String, title: String, alt: String)
  /// A line ending inside a paragraph that the layout may reflow (a space when joined).
  case softBreak
  /// A line ending the author asked for: the layout starts a new line here.
  case hardBreak
  /// Raw inline HTML from the input, shown as text and never interpreted.
  case html(String)
  /// A note (a footnote or endnote in the source): a marker here, and its blocks at the foot
  /// of the page that cites it.
  case note([Block])
}

extension Inline {
  /// The text a reader sees, without any styling: link text without its URL, image alt text,
  /// a soft break as a space and a hard break as a newline. Notes are left out: they are not
  /// part of the running text.
  public var plainText: String {
    var result = ""
    appendPlainText(to: &result)
    return result
  }

  /// Appends ``plainText`` to `result` without building intermediate strings.
  public func appendPlainText(to result: inout String) {
    switch self {
    case .text(let text), .code(let text), .html(let text), .image(_, _, let text):
      result += text
    case .emphasis(let children), .strong(let children), .strikethrough(let children), .link(_, _, let children):
      children.appendPlainText(to: &result)
    case .softBreak:
      result += " "
    case .hardBreak:
      result += "\n"
    case .note:
      break  // a note is not part of the running text
    }
  }
}

extension Array where Element == Inline {
  /// The text of all the inlines, as ``Inline/plainText`` gives it for each.
  public var plainText: String {
    var result = ""
    appendPlainText(to: &result)
    return result
  }

  /// Appends `plainText` to `result`.
  public func appendPlainText(to result: inout String) {
    for inline in self { inline.appendPlainText(to: &result) }
  }
}
