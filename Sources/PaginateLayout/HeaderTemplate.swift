import PaginateModel

/// A header or footer template: `left|center|right`, with `{page}`, `{pages}`, `{title}`,
/// `{chapter}` and `{file}` replaced.
///
/// Without a bar the whole template is centred; with one bar it is `left|right`. The template
/// is parsed once; filling it for a page only concatenates.
struct HeaderTemplate: Hashable, Sendable {
  /// A piece of a template part.
  enum Token: Hashable, Sendable {
    case literal(String)
    case page, pages, title, chapter, file
  }

  let left: [Token]
  let center: [Token]
  let right: [Token]
  /// Whether the template needs the page count (`{pages}`), so printing must wait for the end.
  let needsPageCount: Bool

  init(_ template: String) {
    let parts = template.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
    let (left, center, right): (String, String, String)
    switch parts.count {
    case 0: (left, center, right) = ("", "", "")
    case 1: (left, center, right) = ("", parts[0], "")
    case 2: (left, center, right) = (parts[0], "", parts[1])
    default: (left, center, right) = (parts[0], parts[1], parts[2...].joined(separator: "|"))
    }
    self.left = Self.tokens(left)
    self.center = Self.tokens(center)
    self.right = Self.tokens(right)
    needsPageCount = (self.left + self.center + self.right).contains(.pages)
  }

  private static func tokens(_ text: String) -> [Token] {
    var tokens: [Token] = []
    var literal = ""
    var rest = Substring(VisibleControls.escape(text))
    while let open = rest.firstIndex(of: "{") {
      literal += rest[..<open]
      let afterOpen = rest[open...]
      let names: [(String, Token)] = [
        ("{page}", .page), ("{pages}", .pages), ("{title}", .title), ("{chapter}", .chapter), ("{file}", .file),
      ]
      if let (name, token) = names.first(where: { afterOpen.hasPrefix($0.0) }) {
        if !literal.isEmpty { tokens.append(.literal(literal)) }
        literal = ""
        tokens.append(token)
        rest = afterOpen.dropFirst(name.count)
      } else {
        literal += "{"
        rest = afterOpen.dropFirst()
      }
    }
    literal += rest
    if !literal.isEmpty { tokens.append(.literal(literal)) }
    return tokens
  }

  var isEmpty: Bool { left.isEmpty && center.isEmpty && right.isEmpty }

  /// Whether `template` gives an empty line, without parsing it: a template is empty exactly
  /// when it holds nothing but at most two `|` separators (every part is then empty; a third
  /// `|` is text of the right part).
  static func isEmpty(_ template: String) -> Bool {
    template.utf8.count <= 2 && template.utf8.allSatisfy { $0 == UInt8(ascii: "|") }
  }

  /// The values the placeholders stand for on one page.
  struct Values {
    var page: Int
    var pages: Int?
    var title: String
    var chapter: String
    var file: String
  }

  private func fill(_ tokens: [Token], _ values: Values) -> String {
    var result = ""
    for token in tokens {
      switch token {
      case .literal(let text): result += text
      case .page: result += String(values.page)
      case .pages: result += values.pages.map(String.init) ?? "?"
      case .title: result += values.title
      case .chapter: result += values.chapter
      case .file: result += VisibleControls.escape(values.file)
      }
    }
    return result
  }

  /// The parts as furniture, each after its count of spaces, written as bytes into one
  /// string. Spaces are written only before a part that has text, so the line ends with no
  /// gap to trim. (A footer is made for every page: it is built with no array of parts and
  /// no string appends.)
  private static func sideBySide(_ first: (String, Int), _ second: (String, Int), _ third: (String, Int)) -> Line {
    var spans: [StyleSpan] = []
    let capacity = first.0.utf8.count + second.0.utf8.count + third.0.utf8.count + first.1 + second.1 + third.1
    let text = String(unsafeUninitializedCapacity: capacity) { buffer in
      var written = 0
      var gap = 0
      for (part, spacesBefore) in [first, second, third] {
        gap += spacesBefore
        guard !part.isEmpty else { continue }
        if gap > 0 {
          UnsafeMutableBufferPointer(rebasing: buffer[written..<(written + gap)]).initialize(repeating: 0x20)
          written += gap
          gap = 0
        }
        var part = part
        let count = part.withUTF8 { UnsafeMutableBufferPointer(rebasing: buffer[written...]).initialize(fromContentsOf: $0) }
        spans.appendMerging(StyleSpan(range: written..<(written + count), style: .furniture))
        written += count
      }
      return written
    }
    var line = Line(text: text, spans: spans)
    line.trimTrailingSpaces()  // a part's own (only the last byte is read when there are none)
    return line
  }

  /// The line for a page `width` cells wide; left and right swap when `mirrored` (versos).
  func line(width: Int, values: Values, mirrored: Bool) -> Line {
    var leftText = fill(left, values)
    var rightText = fill(right, values)
    let centerText = fill(center, values)
    if mirrored { swap(&leftText, &rightText) }
    let leftWidth = DisplayWidth.of(leftText)
    let rightWidth = DisplayWidth.of(rightText)
    let centerWidth = DisplayWidth.of(centerText)
    let centerStart = max((width - centerWidth) / 2, 0)
    let rightStart = max(width - rightWidth, 0)
    if leftWidth + rightWidth + centerWidth <= width
      && (centerText.isEmpty || (leftWidth <= centerStart && centerStart + centerWidth <= rightStart))
    {
      // The usual case: the three parts fit side by side.
      return centerText.isEmpty
        ? Self.sideBySide((leftText, 0), ("", 0), (rightText, rightStart - leftWidth))
        : Self.sideBySide((leftText, 0), (centerText, centerStart - leftWidth), (rightText, rightStart - centerStart - centerWidth))
    }
    // Too long: keep what fits, left first, then right, then centre, a space apart.
    var line = Line()
    var remaining = width
    for text in [leftText, rightText, centerText] where !text.isEmpty && remaining > 0 {
      if !line.isEmpty {
        line.appendSpaces(1)
        remaining -= 1
      }
      let fitted = DisplayWidth.prefix(of: text, fitting: remaining)
      line.append(fitted, style: .furniture)
      remaining -= DisplayWidth.of(fitted)
    }
    line.trimTrailingSpaces()
    return line
  }
}
