import PaginateModel

/// A header or footer template: `left|center|right`, with `{page}`, `{pages}`, `{title}`,
/// `{chapter}`, `{file}`, `{date}` and `{time}` replaced.
///
/// Without a bar the whole template is centred; with one bar it is `left|right`. The template
/// is parsed once; filling it for a page only concatenates. Parts too long for the line are
/// shortened with `…`, the least telling first: the title, then the chapter, then the file name
/// (at its start, so that its last component stays); a page number never is.
struct HeaderTemplate: Hashable, Sendable {
  /// A piece of a template part.
  enum Token: Hashable, Sendable {
    case literal(String)
    case page, pages, title, chapter, file, date, time
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
        ("{date}", .date), ("{time}", .time),
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
    var date = ""
    var time = ""
  }

  private func fill(_ tokens: [Token], _ values: Values) -> String {
    var result = ""
    for token in tokens { result += Self.text(of: token, values) }
    return result
  }

  private static func text(of token: Token, _ values: Values) -> String {
    switch token {
    case .literal(let text): text
    case .page: String(values.page)
    case .pages: values.pages.map(String.init) ?? "?"
    case .title: values.title
    case .chapter: values.chapter
    case .file: VisibleControls.escape(values.file)
    case .date: values.date
    case .time: values.time
    }
  }

  /// A piece of a filled part, and how it may be shortened.
  private struct Piece {
    var text: String
    /// 0 for the title, 1 for the chapter, 2 for the file name: the order they are shortened
    /// in; `nil` for a piece that never is (literals, numbers, dates).
    var rank: Int?
    /// Whether it is shortened at its start (a path), not its end.
    var keepsEnd: Bool
  }

  private static func pieces(_ tokens: [Token], _ values: Values) -> [Piece] {
    tokens.map { token in
      let rank: Int? =
        switch token {
        case .title: 0
        case .chapter: 1
        case .file: 2
        default: nil
        }
      return Piece(text: text(of: token, values), rank: rank, keepsEnd: token == .file)
    }
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
    if let line = Self.placed(leftText, centerText, rightText, width: width) { return line }
    // Too long: the title, the chapter, then the file name shortened, as far as needed.
    var parts = [Self.pieces(left, values), Self.pieces(center, values), Self.pieces(right, values)]
    if mirrored { parts.swapAt(0, 2) }
    func joined(_ part: [Piece]) -> String { part.map(\.text).joined() }
    func excess() -> Int {
      let texts = parts.map(joined).filter { !$0.isEmpty }
      return texts.reduce(0) { $0 + DisplayWidth.of($1) } + max(texts.count - 1, 0) - width
    }
    for rank in 0...2 {
      for partIndex in parts.indices {
        for pieceIndex in parts[partIndex].indices where parts[partIndex][pieceIndex].rank == rank {
          let over = excess()
          guard over > 0 else { break }
          let piece = parts[partIndex][pieceIndex]
          let kept = max(DisplayWidth.of(piece.text) - over - 1, 0)
          parts[partIndex][pieceIndex].text =
            kept == 0 ? "" : piece.keepsEnd
              ? "…" + DisplayWidth.suffix(of: piece.text, fitting: kept)
              : DisplayWidth.prefix(of: piece.text, fitting: kept) + "…"
        }
      }
    }
    let (shortLeft, shortCenter, shortRight) = (joined(parts[0]), joined(parts[1]), joined(parts[2]))
    if let line = Self.placed(shortLeft, shortCenter, shortRight, width: width) { return line }
    // Still too long (numbers and words of its own): the parts with a page number first, then
    // left, right and centre, each as it is if it fits what room is left (a part with a page
    // number cut to its end, where the number usually is: `…12 of 40`), in their places' order.
    let hasNumber = [left, center, right].map { $0.contains(.page) || $0.contains(.pages) }
    let numbered = mirrored ? [hasNumber[2], hasNumber[1], hasNumber[0]] : hasNumber
    let texts = [shortLeft, shortCenter, shortRight]
    var kept = ["", "", ""]
    var remaining = width
    let order = [0, 2, 1].filter { numbered[$0] } + [0, 2, 1].filter { !numbered[$0] }
    for index in order where !texts[index].isEmpty && remaining > 0 {
      let room = remaining - (kept.contains { !$0.isEmpty } ? 1 : 0)
      guard room > 0 else { break }
      if DisplayWidth.of(texts[index]) <= room {
        kept[index] = texts[index]
      } else if numbered[index] && room >= 2 {
        // The number's part is cut at its start, and says so; another part that does not fit
        // whole (a date cut to `2026-1` would mislead) is left out.
        kept[index] = "…" + DisplayWidth.suffix(of: texts[index], fitting: room - 1)
      }
      if !kept[index].isEmpty { remaining = room - DisplayWidth.of(kept[index]) }
    }
    if let line = Self.placed(kept[0], kept[1], kept[2], width: width) { return line }
    var line = Line()
    for text in kept where !text.isEmpty {
      if !line.isEmpty { line.appendSpaces(1) }
      line.append(text, style: .furniture)
    }
    line.trimTrailingSpaces()
    return line
  }

  /// The three parts side by side, the centre one centred when it can be, else after the left
  /// one; `nil` when they do not fit a space apart.
  private static func placed(_ leftText: String, _ centerText: String, _ rightText: String, width: Int) -> Line? {
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
        ? sideBySide((leftText, 0), ("", 0), (rightText, rightStart - leftWidth))
        : sideBySide((leftText, 0), (centerText, centerStart - leftWidth), (rightText, rightStart - centerStart - centerWidth))
    }
    // Not centred: a space after the left part, the right one at the right edge.
    let gaps = (leftText.isEmpty || centerText.isEmpty ? 0 : 1) + (rightText.isEmpty || (leftText.isEmpty && centerText.isEmpty) ? 0 : 1)
    guard leftWidth + centerWidth + rightWidth + gaps <= width else { return nil }
    let centerGap = leftText.isEmpty || centerText.isEmpty ? 0 : 1
    return sideBySide((leftText, 0), (centerText, centerGap), (rightText, rightStart - leftWidth - centerGap - centerWidth))
  }
}
