import PaginateModel

/// Cuts set lines into pages of exactly `lines` lines.
struct PageFlow {
  let pageSize: PageSize
  private var pages: [Page] = []
  private var current: [String] = []
  private var firstSource: Int?
  private var lastSource: Int?

  init(pageSize: PageSize) {
    self.pageSize = pageSize
  }

  mutating func add(_ line: SetLine) {
    switch line {
    case .pageBreak:
      if !current.isEmpty { endPage() }
    case .text(let text, let source):
      // A blank line at the top of a page is dropped: pages start with text.
      if current.isEmpty && text.isEmpty { return }
      current.append(text)
      if let source {
        firstSource = min(firstSource ?? source.firstLine, source.firstLine)
        lastSource = max(lastSource ?? source.lastLine, source.lastLine)
      }
      if current.count == pageSize.lines { endPage() }
    }
  }

  mutating func finish() -> [Page] {
    if !current.isEmpty || pages.isEmpty { endPage() }
    return pages
  }

  private mutating func endPage() {
    var lines = current
    lines += Array(repeating: "", count: pageSize.lines - lines.count)
    let source = firstSource.map { SourceRange(firstLine: $0, lastLine: max(lastSource ?? $0, $0)) }
    pages.append(Page(number: pages.count + 1, lines: lines, source: source))
    current.removeAll(keepingCapacity: true)
    firstSource = nil
    lastSource = nil
  }
}
