public import PaginateLayout
import PaginateModel
import PaginatePaging

extension PagerModel {
  /// What the terminal must show: exactly ``rows`` lines, none wider than ``columns``: the
  /// page or spread centred, search matches highlighted, and a status line at the bottom.
  public func screen() -> [Line] {
    if mode == .help { return helpScreen() }
    let area = rows - 1
    let content: [Line]
    let pageSize = controller.options.pageSize
    if showsSpreads, var spread = controller.currentSpread {
      let facing = controller.facing ?? FacingOptions()
      spread.left = spread.left.map(highlighted)
      spread.right = spread.right.map(highlighted)
      content = spread.lines(pageSize: pageSize, gutter: facing.gutter, spine: facing.drawsSpine)
    } else {
      content = highlighted(controller.currentPage).lines
    }
    let contentWidth = content.map(\.width).max() ?? 0
    let pageWidth = showsSpreads ? pageSize.columns * 2 + (controller.facing?.gutter ?? 0) : pageSize.columns
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
  private func statusLineText() -> (left: String, right: String) {
    switch mode {
    case .search(let forward, let text):
      return ((forward ? "/" : "?") + text, "Enter to search, Esc to cancel")
    case .number(let digits):
      return ("page: " + digits, "g or Enter to go, Esc to cancel")
    default:
      break
    }
    let position = controller.position
    // A file name can hold control characters too: they are shown, never sent.
    let name = VisibleControls.escape(
      configuration.fileName.split(separator: "/").last.map(String.init) ?? configuration.fileName)
    var left = "\(name) — \(position) · \(position.side.rawValue)"
    if showsSpreads, let spread = controller.currentSpread {
      let numbers = spread.pages.map { String($0.number) }.joined(separator: "–")
      let count = position.pageCount.map { String($0 + position.pageNumber - position.pageIndex - 1) } ?? "?"
      left = "\(name) — \(numbers) of \(count)"
    }
    if !position.runningHead.isEmpty { left += " · " + position.runningHead }
    var right = "\(Int((position.fraction * 100).rounded()))%"
    if maxScroll > 0 {
      let lines = controller.options.pageSize.lines
      right = "↕ \(scroll + 1)-\(min(scroll + rows - 1, lines)) of \(lines) · " + right
    }
    if controller.isWrapping { right += " · wrap" }
    if let message { right = message + " · " + right }
    right += " · H help"
    return (left, right)
  }

  private func statusLine() -> Line {
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

  /// `page` with the matches of the last search that show on it marked, as phrases across
  /// line and page ends are found.
  private func highlighted(_ page: Page) -> Page {
    guard let query = lastSearch?.query else { return page }
    let matches = controller.matches(of: query, onPageAt: page.index)
    guard !matches.isEmpty else { return page }
    var page = page
    var ranges: [Int: [Range<Int>]] = [:]
    for piece in matches.flatMap(\.pieces) where piece.pageIndex == page.index && !piece.utf8Range.isEmpty {
      ranges[piece.line, default: []].append(piece.utf8Range)
    }
    for (line, found) in ranges where line < page.lines.count {
      page.lines[line] = page.lines[line].adding(.highlight, in: found.sorted { $0.lowerBound < $1.lowerBound })
    }
    return page
  }

  static func cutText(_ text: String, to width: Int) -> String {
    DisplayWidth.prefix(of: text, fitting: max(width, 0))
  }

  static func cut(_ line: Line, to width: Int) -> Line {
    Line(cutText(line.text, to: width))
  }
}
