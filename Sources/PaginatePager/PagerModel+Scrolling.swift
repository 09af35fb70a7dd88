import PaginateLayout
import PaginateModel
import PaginatePaging

/// Scrolling: the pages (or spreads) read as one long column that the screen is a window on.
/// ``PagerModel/scroll`` counts the lines from the top of the unit shown (page or spread) to
/// the top of the screen; lines past its end are the start of the next unit. Page turns (Space,
/// b) go to a unit's top; line and half-screen moves run on across unit ends, as in less.
extension PagerModel {
  /// The lines of the screen above the status line.
  var area: Int { rows - 1 }

  /// The height of a page (a spread is as tall as its pages).
  var unitHeight: Int { controller.options.pageSize.lines }

  /// Whether line moves scroll (a page at least as tall as the screen); else a page shorter
  /// than the screen (a fixed size) is shown whole and centred, and they turn pages.
  var scrollsByLine: Bool { unitHeight >= area }

  func lines(of spread: Spread) -> [Line] {
    let facing = controller.facing ?? FacingOptions()
    return spread.lines(pageSize: controller.options.pageSize, gutter: facing.gutter, spine: facing.drawsSpine)
  }

  /// The first page of the unit `step` units after the one shown (before it, for a negative
  /// step), without wrapping round; `nil` past either end.
  private func firstPage(ofUnit step: Int) -> Int? {
    if showsSpreads, let spread = controller.currentSpread {
      let index = spread.index + step
      return index >= 0 ? controller.spread(at: index)?.pages.first?.index : nil
    }
    let index = controller.currentPage.index + step
    return index >= 0 && controller.page(at: index) != nil ? index : nil
  }

  /// How far the last unit may scroll: its bottom at the bottom of the screen.
  var maxScrollInUnit: Int { max(unitHeight - area, 0) }

  /// The width of what is shown: a page, or a spread's two pages and gutter.
  var contentWidth: Int {
    let pageSize = controller.options.pageSize
    let width = showsSpreads ? pageSize.columns * 2 + (controller.facing?.gutter ?? 0) : pageSize.columns
    guard controller.options.longLines == .whole else { return width }
    // Lines kept whole (--chop) may run past the page: the view scrolls sideways to their ends.
    var widest = width
    for page in controller.visiblePages {
      for line in page.lines where line.utf8Count > widest { widest = max(widest, line.width) }
    }
    return widest
  }

  /// How far the view can scroll sideways.
  var maxColumn: Int { max(contentWidth - columns, 0) }

  /// Keeps the scroll within what there is to show.
  mutating func clampView() {
    if !scrollsByLine || firstPage(ofUnit: 1) == nil { scroll = min(scroll, maxScrollInUnit) }
    scroll = max(min(scroll, unitHeight - 1), 0)
    column = min(max(column, 0), maxColumn)
  }

  // MARK: Moves

  /// Scrolls `count` lines down, on into the next units; `false` when already at the end.
  @discardableResult
  mutating func scrollDown(_ count: Int) -> Bool {
    guard scrollsByLine else { return turn(1, forward: true) }
    var remaining = count
    var moved = false
    while remaining > 0 {
      let next = firstPage(ofUnit: 1)
      guard let next, scroll + remaining >= unitHeight else {
        let limit = next == nil ? maxScrollInUnit : unitHeight - 1
        let target = max(min(scroll + remaining, limit), scroll)
        moved = moved || target != scroll
        scroll = target
        break
      }
      remaining -= unitHeight - scroll
      controller.go(toPageAt: next)
      scroll = 0
      moved = true
    }
    if !moved { message = "end of document" }
    return moved
  }

  /// Scrolls `count` lines up, back into earlier units; `false` when already at the start.
  @discardableResult
  mutating func scrollUp(_ count: Int) -> Bool {
    guard scrollsByLine else { return turn(1, forward: false) }
    var remaining = count
    var moved = false
    while remaining > 0 {
      if scroll >= remaining {
        scroll -= remaining
        moved = true
        break
      }
      guard let previous = firstPage(ofUnit: -1) else {
        moved = moved || scroll > 0
        scroll = 0
        break
      }
      remaining -= scroll
      controller.go(toPageAt: previous)
      scroll = unitHeight
      moved = true
    }
    if !moved { message = "start of document" }
    return moved
  }

  /// Space: a screen down in a unit taller than the screen, else the next unit's top (`count`
  /// units on).
  mutating func forwardWindow(count: Int?) {
    if count == nil, unitHeight > area, scroll + area < unitHeight {
      scroll = min(scroll + area, maxScrollInUnit)
      return
    }
    turn(count ?? 1, forward: true)
  }

  /// b: a screen up in a unit taller than the screen, else the previous unit (its bottom, when
  /// it is taller than the screen).
  mutating func backWindow(count: Int?) {
    if count == nil, unitHeight > area, scroll > 0 {
      scroll = max(scroll - area, 0)
      return
    }
    if count == nil, scroll > 0 {
      scroll = 0
      return
    }
    if turn(count ?? 1, forward: false), count == nil { scroll = maxScrollInUnit }
  }

  /// Turns `count` units forward or back (wrapping round when that is on), to the top of the
  /// unit; `false`, saying so, when there is none.
  @discardableResult
  mutating func turn(_ count: Int, forward: Bool) -> Bool {
    var moved = false
    for _ in 0..<max(count, 1) {
      guard forward ? controller.goForward() : controller.goBack() else { break }
      moved = true
    }
    if moved { scroll = 0 } else { message = forward ? "end of document" : "start of document" }
    return moved
  }

  /// → and ←: half a screen sideways in a page wider than the screen, else a page turn.
  mutating func sideways(right: Bool) {
    // A page that fits, or the edge of a wide one: the arrow goes on to the page beyond.
    if maxColumn == 0 || column == (right ? maxColumn : 0) {
      if turn(1, forward: right) && right { column = 0 }
      return
    }
    let step = max(columns / 2, 1)
    column = min(max(column + (right ? step : -step), 0), maxColumn)
  }

  // MARK: The text at the top of the screen

  /// The page whose line is at the top of the screen, and that line's index.
  private var topLine: (page: Page, line: Int) {
    var page = showsSpreads ? controller.currentSpread?.pages.first ?? controller.currentPage : controller.currentPage
    var line = scroll
    if line >= unitHeight, let next = firstPage(ofUnit: 1), let nextPage = controller.page(at: next) {
      page = nextPage
      line -= unitHeight
    }
    return (page, line)
  }

  /// The first character at or below the top of the screen.
  var topAnchor: TextAnchor? {
    let (page, line) = topLine
    guard !page.lineAnchors.isEmpty else { return controller.currentAnchor }
    return page.lineAnchors[min(line, page.lineAnchors.count - 1)...].lazy.compactMap { $0 }.first
      ?? controller.currentAnchor
  }

  /// Shows the page that holds `anchor`, scrolled so that its line is at the top of the screen
  /// when line moves scroll.
  mutating func scrollToAnchor(_ anchor: TextAnchor) {
    guard controller.go(to: anchor) else { return }
    guard scrollsByLine else { return }
    let pages = showsSpreads ? controller.currentSpread?.pages ?? [] : [controller.currentPage]
    for page in pages {
      guard let line = page.lineAnchors.lastIndex(where: { $0 != nil && $0! <= anchor }) else { continue }
      if page.lineAnchors.compactMap({ $0 }).contains(where: { $0 > anchor }) || page.index == pages.last?.index {
        scroll = line
        return
      }
    }
  }
}
