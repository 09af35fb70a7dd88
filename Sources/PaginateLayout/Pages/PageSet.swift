public import PaginateModel

/// The pages of a document, laid out lazily: asking for page N lays out only as far as page N.
///
/// ```swift
/// var pages = try PageSet(document: document, options: options)
/// let first = pages.page(at: 0)      // lays out one page
/// let count = pages.count            // nil until the end has been reached
/// pages.layOutAll()                  // now count is known
/// ```
///
/// A page set is a value: copying it copies the layout state. Use it from one task at a time
/// (it is `Sendable`, so it can be handed from one to another).
///
/// - Complexity: `page(at: n)` costs the layout of pages up to n the first time and O(1) after.
public struct PageSet: Sendable {
  /// The options every page is laid out with.
  public let options: LayoutOptions
  /// The document being laid out.
  public let reader: DocumentReader
  private var breaker: PageBreaker
  /// The pages laid out: `bodies[0]` is page `bodiesStart`. When pages are not kept, the first
  /// `dropped` of them are done with (their lines already released) and are removed in bulk,
  /// so that dropping a page at a time never shifts the array for each page.
  private var bodies: [PageBody] = []
  private var bodiesStart = 0
  private var dropped = 0
  /// When pages are not kept: the last page asked for, whose body has been taken out.
  private var lastTaken: Page?
  /// When pages are kept: a window of them, and what it takes to lay out any other again.
  private var window: PageWindow
  /// Whether pages can be asked for again in any order (a pager; a window of them is kept and
  /// any other laid out again when asked for) or are dropped once passed (printing).
  public let keepsPages: Bool
  /// Whether the end of the document has been reached.
  public private(set) var isComplete = false
  /// This layout's identity, which every page it gives carries (`Page.layout`).
  package let identity = LayoutIdentity.next()
  private let header: HeaderTemplate
  private let footer: HeaderTemplate
  /// `{title}`: the reader's title, else one its blocks name (Markdown's first level-1
  /// heading), else the file name.
  public let title: String

  /// Creates a page set; nothing is laid out until a page is asked for.
  ///
  /// - Throws: ``LayoutError`` when the options leave no room for text (see
  ///   ``LayoutOptions/validate()``).
  public init(document: Document, options: LayoutOptions) throws(LayoutError) {
    try self.init(reader: DocumentReader(document), options: options)
  }

  /// Creates a page set over a document reader (which may read its blocks incrementally).
  /// No page is laid out yet, but the title is asked for: a Markdown source answers once
  /// libcmark has parsed the input, which its first block needs anyway.
  ///
  /// - Parameters:
  ///   - reader: The document.
  ///   - options: The layout options.
  ///   - keepsPages: Let any page be asked for again, in any order (the default). A window of
  ///     pages is kept; a page released from it is laid out again from a checkpoint, the same
  ///     to the byte, when the source can be read again from a mark
  ///     (``/PaginateModel/DocumentReader/canResume``); otherwise every page is kept. Without
  ///     it, memory stays bounded by a page: only pages at or after the last one asked for can
  ///     be asked for, as when printing a stream.
  ///   - pagesKept: When pages can be released, how many of those asked for last are kept
  ///     (``defaultPagesKept`` by default): more uses more memory and lays out again less.
  /// - Throws: ``LayoutError`` when the options leave no room for text (see
  ///   ``LayoutOptions/validate()``).
  public init(
    reader: DocumentReader, options: LayoutOptions, keepsPages: Bool = true, pagesKept: Int = PageSet.defaultPagesKept
  ) throws(LayoutError) {
    try options.validate()
    self.options = options
    self.reader = reader
    self.keepsPages = keepsPages
    // A page set that keeps no pages prints a stream: nobody asks how far it has got.
    breaker = PageBreaker(reader: reader, options: options, tracksProgress: keepsPages)
    window = PageWindow(canRelease: keepsPages && reader.canResume, limit: pagesKept)
    header = HeaderTemplate(options.header)
    footer = HeaderTemplate(options.footer)
    title = reader.title ?? breaker.flow.blockTitle ?? options.fileName
  }

  /// The pages kept by default when they can be released (see ``init(reader:options:keepsPages:pagesKept:)``):
  /// a few screens either way of any place a reader has been lately.
  public static let defaultPagesKept = 256

  /// The number of pages, once the end of the document has been laid out; `nil` before.
  public var count: Int? { isComplete ? laidOutCount : nil }

  /// The notes left out of the pages laid out so far, or not shown whole: a page too short
  /// for the rule above the notes and a line of them (one line) has no room for any. A reader
  /// warns of them.
  public var notesLeftOut: Int { breaker.notesLeftOut }

  /// The number of pages laid out so far.
  public var laidOutCount: Int { keepsPages ? window.count : bodiesStart + bodies.count }

  /// The first page that can still be asked for.
  private var firstKept: Int { bodiesStart + dropped }

  /// The number of top-level blocks laid out so far (for measuring laziness).
  public var blocksLaidOut: Int { breaker.flow.blocksLaidOut }

  /// The share of the document laid out so far, from 0 to 1: 1 once the end is reached;
  /// before, by source lines when the source knows its last line and the pages carry source
  /// lines, else as the block stream measures its progress (``/PaginateModel/BlockStream/progress``), else
  /// `nil`.
  public var laidOutFraction: Double? {
    if isComplete { return 1 }
    if let last = reader.lastSourceLine, last > 0, let reached = lastSourceLineLaidOut {
      return min(Double(reached) / Double(last), 1)
    }
    return breaker.flow.progress.map { min(max($0, 0), 1) }
  }

  /// The last source line on the pages laid out so far, when they carry source lines.
  private var lastSourceLineLaidOut: Int? {
    if keepsPages { return window.lastSourceLine }
    for body in bodies.reversed() { if let range = body.source { return range.lastLine } }
    return lastTaken?.source?.lastLine
  }

  /// Whether printing must wait for the whole layout: a header or footer shows `{pages}`.
  public var needsPageCount: Bool { header.needsPageCount || footer.needsPageCount }

  /// The page at `index` (from 0), laying out as far as needed; `nil` past the last page, and,
  /// in a page set that keeps no pages, for a page before the last one asked for.
  ///
  /// When a header or footer shows `{pages}`, the first call lays out the whole document.
  public mutating func page(at index: Int) -> Page? {
    guard index >= 0 else { return nil }
    if let lastTaken, lastTaken.index == index { return lastTaken }
    if needsPageCount && !isComplete && !reader.isEndless { layOutAll() }
    while laidOutCount <= index && !isComplete { layOutNext() }
    guard index < laidOutCount, index >= firstKept else { return nil }
    if keepsPages {
      if let body = window.body(at: index) { return compose(body, index: index) }
      return layOutAgain(index)
    }
    // Nothing before this page can be asked for again. Its body is taken out, so that the
    // lines move onto the page rather than being copied (a copy retains each line's text and
    // spans), and the page is kept in case it is asked for again.
    let body = bodies[index - bodiesStart]
    drop(through: index)
    let page = compose(body, index: index)
    lastTaken = page
    return page
  }

  /// Drops the pages up to and including `last`, releasing their lines; the array is shifted
  /// only once the dropped part is at least half of it, so each page costs O(1) on average.
  private mutating func drop(through last: Int) {
    for position in dropped..<(last + 1 - bodiesStart) { bodies[position].lines = [] }
    dropped = last + 1 - bodiesStart
    if dropped >= 32 && dropped * 2 >= bodies.count {
      bodies.removeFirst(dropped)
      bodiesStart += dropped
      dropped = 0
    }
  }

  /// The page with printed number `number`, if the set has it.
  public mutating func page(number: Int) -> Page? {
    page(at: number - options.firstPageNumber)
  }

  /// Lays out the rest of the document; nothing for an endless source
  /// (``/PaginateModel/DocumentReader/isEndless``), which has no rest.
  public mutating func layOutAll() {
    guard !reader.isEndless else { return }
    while !isComplete { layOutNext() }
  }

  /// All the pages, laying out the whole document. A page set that keeps no pages gives those
  /// from the last one asked for.
  public mutating func allPages() -> [Page] {
    layOutAll()
    if keepsPages { return (0..<window.count).compactMap { page(at: $0) } }
    let kept = bodies.indices.dropFirst(dropped).map { compose(bodies[$0], index: bodiesStart + $0) }
    guard let lastTaken, lastTaken.index == firstKept - 1 else { return kept }
    return [lastTaken] + kept
  }

  /// The anchor of the first character of page `index` (for a blank page, `nil`), laying out
  /// as far as the page but not again a page released from the window: cheap for a page set
  /// that keeps its pages. `nil` past the end and for a page set that keeps none.
  public mutating func anchor(ofPageAt index: Int) -> TextAnchor? {
    guard keepsPages, index >= 0 else { return nil }
    while laidOutCount <= index && !isComplete { layOutNext() }
    return window.topAnchor(ofPageAt: index)
  }

  /// The index of the page that holds `anchor`: the last page whose first character is at or
  /// before it (the first page for an anchor before any text), laying out as far as needed;
  /// `nil` for a document without text, and for a page set that keeps no pages.
  ///
  /// - Complexity: O(log n) over the pages laid out, plus the layout of those needed.
  public mutating func pageIndex(containing anchor: TextAnchor) -> Int? {
    guard keepsPages else { return nil }
    while !isComplete && (window.lastTopAnchor.map { $0 <= anchor } ?? true) { layOutNext() }
    return window.lastPage(startingAtOrBefore: anchor) ?? (window.hasText ? 0 : nil)
  }

  /// The share of the document (0 to 1, by ``laidOutFraction``'s measure) laid out by the end
  /// of page `index`, when that page has been laid out and the layout could say; the place
  /// ``pageIndex(atFraction:)`` finds the page by.
  package func endFraction(ofPage index: Int) -> Double? {
    keepsPages ? window.endFraction(ofPage: index) : nil
  }

  /// The index of the first page by whose end at least `fraction` (0 to 1) of the document
  /// was laid out, laying out as far as needed: where a slider's place falls, by the same
  /// measure as ``laidOutFraction``. `nil` when the layout cannot say how far it has got, and
  /// for a page set that keeps no pages.
  ///
  /// - Complexity: O(log n) over the pages laid out, plus the layout of those needed.
  package mutating func pageIndex(atFraction fraction: Double) -> Int? {
    guard keepsPages else { return nil }
    let fraction = fraction.isNaN ? 0 : min(max(fraction, 0), 1)
    while !isComplete && window.firstPage(reachingFraction: fraction) == nil {
      layOutNext()
      guard laidOutFraction != nil else { return nil }
    }
    if let index = window.firstPage(reachingFraction: fraction) { return index }
    return laidOutCount > 0 ? laidOutCount - 1 : nil
  }

  /// Lays out up to `pages` more pages; `false` once the end is laid out (nothing is left,
  /// or never ends: an endless source lays out the pages asked for).
  @discardableResult
  package mutating func layOut(morePages pages: Int) -> Bool {
    for _ in 0..<max(pages, 1) where !isComplete { layOutNext() }
    return !isComplete
  }

  /// Lays page `index` out again (released from the window) from the last checkpoint before
  /// it, keeping the pages laid out on the way.
  private mutating func layOutAgain(_ index: Int) -> Page? {
    guard let (start, checkpoint) = window.checkpoint(atOrBefore: index),
      var again = PageBreaker(resuming: checkpoint, reader: reader, original: breaker)
    else { return nil }
    for page in start...index {
      guard let body = again.nextBody(number: options.firstPageNumber + page) else { return nil }
      window.store(body, at: page, protecting: index)
    }
    return window.body(at: index).map { compose($0, index: index) }
  }

  private mutating func layOutNext() {
    let number = options.firstPageNumber + laidOutCount
    if keepsPages {
      // The state at a checkpoint's page start, before the page is laid out.
      let checkpoint =
        window.limit != Int.max && PageWindow.isCheckpoint(window.count) ? breaker.checkpoint() : nil
      if let body = breaker.nextBody(number: number) {
        window.append(body, checkpoint: checkpoint)
        window.recordEndFraction(laidOutFraction)
        return
      }
      if window.count == 0 {
        window.append(
          PageBody(
            number: number, isBlank: false, lines: Array(repeating: Line(), count: options.bodyHeight), source: nil,
            runningHead: ""), checkpoint: nil, pinned: true)
      }
      if options.padsToEvenPageCount && window.count % 2 == 1 {
        window.append(
          PageBody(
            number: options.firstPageNumber + window.count, isBlank: true,
            lines: Array(repeating: Line(), count: options.bodyHeight), source: nil,
            runningHead: window.lastRunningHead), checkpoint: nil, pinned: true)
      }
      isComplete = true
      window.recordEndFraction(1)
      return
    }
    if let body = breaker.nextBody(number: number) {
      bodies.append(body)
      if !keepsPages && !needsPageCount && laidOutCount - firstKept > 2 {
        // Laid out past a page asked for: only the last two can still be asked for.
        drop(through: laidOutCount - 3)
      }
      return
    }
    if laidOutCount == 0 {
      bodies.append(
        PageBody(
          number: number, isBlank: false, lines: Array(repeating: Line(), count: options.bodyHeight), source: nil,
          runningHead: ""))
    }
    if options.padsToEvenPageCount && laidOutCount % 2 == 1 {
      bodies.append(
        PageBody(
          number: options.firstPageNumber + laidOutCount, isBlank: true,
          lines: Array(repeating: Line(), count: options.bodyHeight), source: nil,
          runningHead: bodies.last?.runningHead ?? ""))
    }
    isComplete = true
  }

  /// Adds margins, header and footer to a text area. The body's lines become the page's: when
  /// the body is not shared (a page set that keeps no pages), they are changed in place.
  private func compose(_ body: consuming PageBody, index: Int) -> Page {
    let side = Page.side(of: body.number)
    let mirrored = options.isDoubleSided && side == .verso
    let left = mirrored ? options.margins.outer : options.margins.inner
    let values = HeaderTemplate.Values(
      page: body.number, pages: options.lastPageNumber ?? count.map { options.firstPageNumber + $0 - 1 },
      title: title, chapter: body.runningHead,
      file: options.fileName, date: options.fileDate, time: options.fileTime)
    var lines = body.lines
    body.lines = []
    let indent = Line(String.repeated(" ", count: left))
    func finish(_ line: inout Line) {
      if left > 0 && !line.isEmpty { line = line.prefixed(by: indent) }
      line.trimTrailingSpaces()
    }
    for index in lines.indices { finish(&lines[index]) }
    var above: [Line] = Array(repeating: Line(), count: options.margins.top)
    if !header.isEmpty {
      var line = body.isBlank ? Line() : header.line(width: options.bodyWidth, values: values, mirrored: mirrored)
      finish(&line)
      above += [line, Line()]
    }
    if !above.isEmpty { lines.insert(contentsOf: above, at: 0) }
    if !footer.isEmpty {
      var line = body.isBlank ? Line() : footer.line(width: options.bodyWidth, values: values, mirrored: mirrored)
      finish(&line)
      lines += [Line(), line]
    }
    lines.append(contentsOf: repeatElement(Line(), count: options.margins.bottom))
    let bodyStart = above.count
    let bodyEnd = bodyStart + options.bodyHeight
    var page = Page(
      index: index, number: body.number, side: side, isBlank: body.isBlank, lines: lines, source: body.source,
      anchorLine: body.anchorLine, runningHead: body.runningHead, bodyLines: bodyStart..<bodyEnd,
      noteLines: (bodyEnd - body.noteLineCount)..<bodyEnd)
    page.layout = identity
    if !body.headings.isEmpty {
      page.headings = body.headings.map { Page.Heading(level: $0.level, text: $0.text, line: bodyStart + $0.line) }
    }
    let registry = breaker.flow.layout.notes
    if registry.hasLinks {
      for line in page.lines {
        for span in line.spans where span.style.linkID != 0 {
          let id = span.style.linkID
          if page.linkDestinations.destination(ofLink: id) == nil, let destination = registry.destination(ofLink: id) {
            page.linkDestinations.append(
              Page.Link(id: id, destination: destination, target: options.pageReferences?.target(of: destination)))
          }
        }
      }
    }
    if !body.anchors.isEmpty {
      var anchors = [TextAnchor?](repeating: nil, count: lines.count)
      for (offset, anchor) in body.anchors.enumerated() where bodyStart + offset < bodyEnd { anchors[bodyStart + offset] = anchor }
      page.lineAnchors = anchors
    }
    return page
  }
}
