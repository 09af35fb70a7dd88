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

  /// The lines of the unit shown.
  var currentUnitLines: [Line] {
    if showsSpreads, let spread = controller.currentSpread { return lines(of: spread) }
    return controller.currentPage.lines
  }

  /// The lines of the unit after the one shown (never wrapping round), `nil` after the last.
  var nextUnitLines: [Line]? {
    if showsSpreads, let spread = controller.currentSpread {
      return controller.spread(at: spread.index + 1).map(lines(of:))
    }
    return controller.page(at: controller.currentPage.index + 1)?.lines
  }

  func lines(of spread: Spread) -> [Line] {
    let facing = controller.facing ?? FacingOptions()
    return spread.lines(pageSize: controller.options.pageSize, gutter: facing.gutter, spine: facing.drawsSpine)
  }

  /// The first page of the unit after the one shown, without wrapping round.
  private var nextUnitFirstPage: Int? {
    if showsSpreads, let spread = controller.currentSpread {
      return controller.spread(at: spread.index + 1)?.pages.first?.index
    }
    let next = controller.currentPage.index + 1
    return controller.page(at: next) == nil ? nil : next
  }

  /// The first page of the unit before the one shown, without wrapping round.
  private var previousUnitFirstPage: Int? {
    if showsSpreads, let spread = controller.currentSpread {
      return spread.index > 0 ? controller.spread(at: spread.index - 1)?.pages.first?.index : nil
    }
    let previous = controller.currentPage.index - 1
    return previous >= 0 && controller.page(at: previous) != nil ? previous : nil
  }

  /// How far the last unit may scroll: its bottom at the bottom of the screen.
  var maxScrollInUnit: Int { max(unitHeight - area, 0) }

  /// The width of what is shown: a page, or a spread's two pages and gutter.
  var contentWidth: Int {
    let pageSize = controller.options.pageSize
    return showsSpreads ? pageSize.columns * 2 + (controller.facing?.gutter ?? 0) : pageSize.columns
  }

  /// How far the view can scroll sideways.
  var maxColumn: Int { max(contentWidth - columns, 0) }

  /// Keeps the scroll within what there is to show.
  mutating func clampView() {
    if !scrollsByLine || nextUnitFirstPage == nil { scroll = min(scroll, maxScrollInUnit) }
    scroll = max(min(scroll, unitHeight - 1), 0)
    column = min(max(column, 0), maxColumn)
  }

  // MARK: Moves

  /// Scrolls `count` lines down, on into the next units; `false` when already at the end.
  @discardableResult
  mutating func scrollDown(_ count: Int) -> Bool {
    guard scrollsByLine else { return turnForward(1) }
    var remaining = count
    var moved = false
    while remaining > 0 {
      if scroll + remaining < unitHeight || nextUnitFirstPage == nil {
        let limit = nextUnitFirstPage == nil ? maxScrollInUnit : unitHeight - 1
        let target = max(min(scroll + remaining, limit), scroll)
        moved = moved || target != scroll
        scroll = target
        break
      }
      remaining -= unitHeight - scroll
      guard let next = nextUnitFirstPage else { break }
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
    guard scrollsByLine else { return turnBack(1) }
    var remaining = count
    var moved = false
    while remaining > 0 {
      if scroll >= remaining {
        scroll -= remaining
        moved = true
        break
      }
      guard let previous = previousUnitFirstPage else {
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
    turnForward(count ?? 1)
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
    if turnBack(count ?? 1), count == nil { scroll = maxScrollInUnit }
  }

  /// Turns `count` units forward (wrapping round when that is on); `false` when there is none.
  @discardableResult
  mutating func turnForward(_ count: Int) -> Bool {
    var moved = false
    for _ in 0..<max(count, 1) {
      guard controller.goForward() else { break }
      moved = true
    }
    if moved { scroll = 0 } else { message = "end of document" }
    return moved
  }

  /// Turns `count` units back; `false` when there is none.
  @discardableResult
  mutating func turnBack(_ count: Int) -> Bool {
    var moved = false
    for _ in 0..<max(count, 1) {
      guard controller.goBack() else { break }
      moved = true
    }
    if moved { scroll = 0 } else { message = "start of document" }
    return moved
  }

  /// → and ←: half a screen sideways in a page wider than the screen, else a page turn.
  mutating func sideways(right: Bool) {
    guard maxColumn > 0 else {
      if right { turnForward(1) } else { turnBack(1) }
      return
    }
    // At the edge, the arrow goes on to the page beyond, as it does for a page that fits.
    if right && column == maxColumn {
      if turnForward(1) { column = 0 }
      return
    }
    if !right && column == 0 {
      turnBack(1)
      return
    }
    let step = max(columns / 2, 1)
    column = min(max(column + (right ? step : -step), 0), maxColumn)
  }

  // MARK: The text at the top of the screen

  /// The page whose line is at the top of the screen, and that line's index.
  private var topLine: (page: Page, line: Int)? {
    var page = showsSpreads ? controller.currentSpread?.pages.first ?? controller.currentPage : controller.currentPage
    var line = scroll
    if line >= unitHeight, let next = nextUnitFirstPage, let nextPage = controller.page(at: next) {
      page = nextPage
      line -= unitHeight
    }
    return (page, line)
  }

  /// The first character at or below the top of the screen.
  var topAnchor: TextAnchor? {
    guard let (page, line) = topLine, !page.lineAnchors.isEmpty else { return controller.currentAnchor }
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
