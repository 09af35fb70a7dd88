package import PaginateLayout
import PaginateModel
import PaginatePaging

extension PagerModel {
  /// What the terminal must show: exactly ``rows`` lines, none wider than ``columns``: the
  /// page or spread centred, search matches highlighted, and a status line at the bottom.
  package func screen() -> [Line] {
    if case .help(let scroll) = mode { return helpScreen(scroll: scroll) }
    var content = highlightedUnitLines(next: false)
    if scrollsByLine && scroll + area > content.count {
      // Scrolled past the unit's top: the next unit's start fills the screen below it.
      content += highlightedUnitLines(next: true)
    }
    let wide = contentWidth > columns
    let indent = wide ? 0 : max((columns - contentWidth) / 2, 0)
    let visible = Array(content.dropFirst(scrollsByLine ? scroll : 0).prefix(area))
    let margin = Line(String(repeating: " ", count: indent))
    var lines: [Line] = []
    for line in visible {
      var shown = wide ? line.cells(column..<(column + columns)) : line
      if shown.width + indent > columns { shown = shown.cells(0..<(columns - indent)) }
      if !shown.isEmpty { shown = shown.prefixed(by: margin) }
      shown.trimTrailingSpaces()
      lines.append(shown)
    }
    // A page shorter than the screen is centred on it.
    let topPadding = max((area - visible.count) / 2, 0)
    lines = Array(repeating: Line(), count: min(topPadding, area - lines.count)) + lines
    lines += Array(repeating: Line(), count: max(area - lines.count, 0))
    lines.append(statusLine())
    return lines
  }

  /// The destinations of the links on the screen (see ``Page/linkDestinations``).
  package var screenLinks: [Page.Link] {
    var pages = controller.visiblePages
    if let next = pages.last.flatMap({ controller.page(at: $0.index + 1) }) { pages.append(next) }
    return pages.reduce(into: []) { $0.add($1.linkDestinations) }
  }

  /// The lines of the unit shown (or the next one), matches of the last search highlighted.
  private func highlightedUnitLines(next: Bool) -> [Line] {
    if showsSpreads, let current = controller.currentSpread {
      guard var spread = next ? controller.spread(at: current.index + 1) : current else { return [] }
      spread.left = spread.left.map(highlighted)
      spread.right = spread.right.map(highlighted)
      return lines(of: spread)
    }
    let index = controller.currentPage.index + (next ? 1 : 0)
    return controller.page(at: index).map { highlighted($0).lines } ?? []
  }

  /// The status line: page of count, file, side, chapter; percentage and hints; or the prompt.
  private func statusLineText() -> (left: String, right: String) {
    switch mode {
    case .search(let forward, let text):
      let kind = searchOptions.isRegularExpression ? "" : "words "
      return (kind + (forward ? "/" : "?") + text, "Enter search · Esc cancel · ↑↓ history · ^R words/regex")
    case .number(let digits):
      return (digits, "g page · % percent · Space pages · j lines")
    case .prefix(let prefix):
      return (String(prefix), prefix == ":" ? "n next file · p previous · q quit" : "f facing · d double-sided · w wrap")
    default:
      break
    }
    let position = controller.position
    // A file name can hold control characters too: they are shown, never sent.
    let name = VisibleControls.escape(fileName.split(separator: "/").last.map(String.init) ?? fileName)
    let count = position.pageCount.map { String($0 + position.pageNumber - position.pageIndex - 1) } ?? "?"
    var numbers = String(position.pageNumber)
    if showsSpreads, let spread = controller.currentSpread {
      numbers = spread.pages.map { String($0.number) }.joined(separator: "–")
    }
    // The position first: on a narrow terminal the name and the rest are cut, not it.
    var left = "\(numbers) of \(count) · \(name)"
    if configuration.fileNames.count > 1 { left += " (\(fileIndex + 1)/\(configuration.fileNames.count))" }
    if controller.options.isDoubleSided && !showsSpreads { left += " · " + position.side.rawValue }
    if !position.runningHead.isEmpty { left += " · " + position.runningHead }
    var right: [String] = []
    // A message can name a file or repeat a pattern: its controls are shown, never sent.
    if let message { right.append(VisibleControls.escape(message)) }
    if unitHeight > area {
      right.append("lines \(scroll + 1)-\(min(scroll + area, unitHeight)) of \(unitHeight)")
    }
    if maxColumn > 0 { right.append("cols \(column + 1)-\(min(column + columns, contentWidth)) of \(contentWidth)") }
    if controller.isWrapping { right.append("wrap") }
    if isFollowing { right.append("F") }
    let percent = Int((position.fraction * 100).rounded())
    if position.pageCount != nil {
      right.append("\(percent)%")
    } else if position.fraction > 0 {
      // Before the end is laid out the share is an estimate.
      right.append("~\(percent)%")
    }
    right.append("h help")
    return (left, right.joined(separator: " · "))
  }

  private func statusLine() -> Line {
    var (left, right) = statusLineText()
    // On a narrow terminal the hints go first, then all but a message: the page number stays.
    if DisplayWidth.of(left) + DisplayWidth.of(right) + 1 > columns {
      right = right.replacing(" · h help", with: "").replacing("h help", with: "")
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

  private func helpScreen(scroll: Int) -> [Line] {
    let help = PagerKeys.helpLines
    let page = max(rows - 1, 1)
    var lines = help.dropFirst(scroll).prefix(page).map { Line(Self.cutText($0, to: columns)) }
    lines += Array(repeating: Line(), count: max(page - lines.count, 0))
    let shown = "help \(scroll + 1)-\(min(scroll + page, help.count)) of \(help.count) · Space b j k scroll · q back"
    let status = Self.cutText(shown, to: columns)
    lines.append(Line(status + String(repeating: " ", count: max(columns - DisplayWidth.of(status), 0)), style: .highlight))
    return lines
  }

  /// `page` with the matches of the last search that show on it marked, as phrases across
  /// line and page ends are found.
  private func highlighted(_ page: Page) -> Page {
    guard let query = lastSearch?.query else { return page }
    let matches = controller.matches(of: query, onPageAt: page.index, options: searchOptions)
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
