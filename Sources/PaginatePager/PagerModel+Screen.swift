public import PaginateLayout
import PaginateModel
import PaginatePaging

extension PagerModel {
  /// What the terminal must show: exactly ``rows`` lines, none wider than ``columns``: the
  /// page or spread centred, search matches highlighted, and a status line at the bottom.
  public mutating func screen() -> [Line] {
    if mode == .help { return helpScreen() }
    let area = rows - 1
    var content: [Line]
    if showsSpreads, let spread = controller.currentSpread() {
      let facing = controller.facing ?? FacingOptions()
      content = spread.lines(pageSize: controller.pages.options.pageSize, gutter: facing.gutter, spine: facing.drawsSpine)
    } else {
      content = controller.currentPage().lines
    }
    if let query = lastSearch?.query { content = content.map { Self.highlight(query, in: $0) } }
    let contentWidth = content.map(\.width).max() ?? 0
    let pageWidth =
      showsSpreads
      ? controller.pages.options.pageSize.columns * 2 + (controller.facing?.gutter ?? 0)
      : controller.pages.options.pageSize.columns
    let indent = max((columns - max(pageWidth, contentWidth)) / 2, 0)
    let visible = Array(content.dropFirst(scroll).prefix(area))
    let margin = Line(String(repeating: " ", count: indent))
    var lines: [Line] = []
    for line in visible {
      let fitted = line.width + indent > columns ? Self.cut(line, to: columns - indent) : line
      var shown = fitted.isEmpty ? fitted : fitted.prefixed(by: margin)
      shown.trimTrailingSpaces()
      lines.append(shown)
    }
    // Blank lines under a short page so that the screen is fully drawn.
    let topPadding = max((area - visible.count) / 2, 0)
    lines = Array(repeating: Line(), count: min(topPadding, area - lines.count)) + lines
    lines += Array(repeating: Line(), count: max(area - lines.count, 0))
    lines.append(statusLine())
    return lines
  }

  /// The status line: file, page of count, side, chapter, percentage; or the prompt.
  private mutating func statusLineText() -> (left: String, right: String) {
    switch mode {
    case .search(let forward, let text):
      return ((forward ? "/" : "?") + text, "Enter to search, Esc to cancel")
    case .number(let digits):
      return ("page: " + digits, "g or Enter to go, Esc to cancel")
    default:
      break
    }
    let position = controller.position()
    // A file name can hold control characters too: they are shown, never sent.
    let name = VisibleControls.escape(
      configuration.fileName.split(separator: "/").last.map(String.init) ?? configuration.fileName)
    var left = "\(name) — \(position) · \(position.side.rawValue)"
    if showsSpreads, let spread = controller.currentSpread() {
      let numbers = spread.pages.map { String($0.number) }.joined(separator: "–")
      let count = position.pageCount.map { String($0 + position.pageNumber - position.pageIndex - 1) } ?? "?"
      left = "\(name) — \(numbers) of \(count)"
    }
    if !position.runningHead.isEmpty { left += " · " + position.runningHead }
    var right = "\(Int((position.fraction * 100).rounded()))%"
    if maxScroll > 0 {
      right = "↕ \(scroll + 1)-\(min(scroll + rows - 1, controller.pages.options.pageSize.lines)) of \(controller.pages.options.pageSize.lines) · " + right
    }
    if controller.isWrapping { right += " · wrap" }
    if let message { right = message + " · " + right }
    right += " · H help"
    return (left, right)
  }

  private mutating func statusLine() -> Line {
    var (left, right) = statusLineText()
    // On a narrow terminal the hints go first, then all but a message: the page number stays.
    if DisplayWidth.of(left) + DisplayWidth.of(right) + 1 > columns {
      right = right.replacing(" · H help", with: "")
      if DisplayWidth.of(left) + DisplayWidth.of(right) + 1 > columns { right = message ?? "" }
    }
    let rightWidth = DisplayWidth.of(right)
    var text = Self.cutText(left, to: max(columns - rightWidth - 1, 0))
    let gap = columns - DisplayWidth.of(text) - rightWidth
    if gap >= 1 {
      text += String(repeating: " ", count: gap) + right
    } else {
      text = Self.cutText(left + " " + right, to: columns)
    }
    let padding = max(columns - DisplayWidth.of(text), 0)
    return Line(text + String(repeating: " ", count: padding), style: .highlight)
  }

  private func helpScreen() -> [Line] {
    let help = [
      "paginate browse — keys",
      "",
      "  Space PageDown → l j Enter   next page (or spread)",
      "  b PageUp ← h k               previous page",
      "  ↓ ↑                          scroll a page taller than the screen",
      "  g Home / G End               first / last page",
      "  N g  or  N Enter             go to page N",
      "  / text   ? text              search forward / backward",
      "  n / N                        next / previous match",
      "  f                            facing pages on or off",
      "  d                            double-sided on or off",
      "  w                            wrap-around on or off",
      "  r                            reload the file",
      "  H F1                         this help",
      "  q Esc                        quit",
      "",
      "Press any key to go back.",
    ]
    var lines = help.prefix(rows).map { Line(Self.cutText($0, to: columns)) }
    lines += Array(repeating: Line(), count: max(rows - lines.count, 0))
    return lines
  }

  /// The UTF-8 ranges of case-insensitive matches of `query` in `line`.
  static func highlight(_ query: String, in line: Line) -> Line {
    guard !query.isEmpty, !line.isEmpty else { return line }
    let haystack = Array(line.text.lowercased().utf8)
    let needle = Array(query.lowercased().utf8)
    // Lowercasing can change lengths outside ASCII; only highlight when offsets still match.
    guard haystack.count == line.utf8Count, !needle.isEmpty else { return line }
    var ranges: [Range<Int>] = []
    var index = 0
    while index + needle.count <= haystack.count {
      if haystack[index..<(index + needle.count)].elementsEqual(needle) {
        ranges.append(index..<(index + needle.count))
        index += needle.count
      } else {
        index += 1
      }
    }
    return line.adding(.highlight, in: ranges)
  }

  static func cutText(_ text: String, to width: Int) -> String {
    DisplayWidth.prefix(of: text, fitting: max(width, 0))
  }

  static func cut(_ line: Line, to width: Int) -> Line {
    Line(cutText(line.text, to: width))
  }
}
