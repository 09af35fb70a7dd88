import PaginateModel

/// Fills text areas with flow lines, choosing each page break where the sum of the break's
/// penalty and the cost of the space it leaves is least.
///
/// The rules this serves: no widow or orphan, a heading kept with two lines of what follows, a
/// short code block or a table row kept whole, explicit and chapter breaks honoured, a table's
/// header repeated at the top of each page it continues on, and notes (a link's destination, or
/// a note's own text) at the foot of the page where they are cited. A note too long for the
/// room at the foot continues at the foot of the next page (and, past the last line of text,
/// on pages of notes): no word of a note is lost. A page is left short by more than a third of
/// its height only when every other break is worse.
struct PageBreaker {
  private(set) var flow: LineFlow
  let options: LayoutOptions
  private let height: Int
  private let width: Int
  private var runningHead = ""
  private var noteCache: [Int: [Line]] = [:]
  /// Note lines that did not fit at the foot of their page, continued on the next pages.
  private var carriedNotes: [CarriedNote] = []
  /// Notes that could not be shown, or not whole: pages too short for a rule and a line of note.
  private(set) var notesLeftOut = 0

  /// Whether pages get the anchors of their lines.
  private let tracksAnchors: Bool

  init(reader: DocumentReader, options: LayoutOptions, tracksProgress: Bool = true) {
    flow = LineFlow(reader: reader, options: options, tracksProgress: tracksProgress)
    tracksAnchors = tracksProgress
    self.options = options
    height = options.bodyHeight
    width = options.bodyWidth
  }

  /// A breaker that lays pages out again from `checkpoint`, as `original` did the first time
  /// (its footnote numbers are reused); `nil` when the source cannot be read from there.
  init?(resuming checkpoint: PageCheckpoint, reader: DocumentReader, original: PageBreaker) {
    guard
      let flow = LineFlow(
        resumingAt: checkpoint.flow, consumed: checkpoint.consumed, reader: reader,
        layout: original.flow.layout)
    else { return nil }
    self.flow = flow
    tracksAnchors = true
    options = original.options
    height = original.height
    width = original.width
    runningHead = checkpoint.runningHead
    carriedNotes = checkpoint.carriedNotes
  }

  /// The state at the start of the next page, to lay it out again later; `nil` when the
  /// source cannot be resumed.
  mutating func checkpoint() -> PageCheckpoint? {
    guard let (point, consumed) = flow.resumePoint() else { return nil }
    return PageCheckpoint(flow: point, consumed: consumed, runningHead: runningHead, carriedNotes: carriedNotes)
  }

  /// The next page's text area, or `nil` when the document is done.
  ///
  /// - Parameter number: The page number the body will have (it decides recto or verso).
  mutating func nextBody(number: Int) -> PageBody? {
    // A page starts with text: spacing between blocks, a thematic break's rule, and blank
    // lines of a block (a code block's) where the page breaks, are left out there, as TeX
    // discards glue at a page top. A file's lines are all kept (`pr` keeps them).
    while flow.hasLine(at: 0),
      flow[0].isSpacing || flow[0].isDiscardable
        || (flow[0].line.isEmpty && !flow[0].isKept && flow[0].forcedBreak == nil)
    {
      flow.consume(1)
    }
    guard flow.hasLine(at: 0) else { return carriedNotes.isEmpty ? nil : notesOnlyBody(number: number) }
    if flow[0].forcedBreak == .recto && Page.side(of: number) == .verso {
      return PageBody(
        number: number, isBlank: true, lines: Array(repeating: Line(), count: height), source: nil,
        runningHead: runningHead)
    }

    var repeatedHeader: [Line] = []
    if let table = flow[0].tableHeader {
      repeatedHeader = flow.layout.tableHeaders[table]
      if repeatedHeader.count >= height { repeatedHeader = [] }
    }

    // Notes carried from earlier pages take up to half the text area (the rule included), and
    // at least a line: the rest of them waits for the next page.
    let carriedTotal = carriedNotes.reduce(0) { $0 + noteLines($1.number).count - $1.shown }
    let carriedShown = carriedTotal == 0 ? 0 : min(carriedTotal, max(height / 2 - 1, 1))

    // Gather the lines that fit and the cost of breaking after each of them.
    var taken = 0
    var notes: [Int] = []
    var noteLineCount = carriedShown == 0 ? 0 : carriedShown + 1
    var best = (count: 0, cost: Int.max, noteCount: 0, noteLineCount: 0)
    while flow.hasLine(at: taken) {
      if taken > 0 && flow[taken].forcedBreak != nil { break }
      var newNotes: [Int] = []
      var extra = 0
      for note in flow[taken].notes where !notes.contains(note) && !newNotes.contains(note) {
        newNotes.append(note)
        extra += noteLines(note).count
      }
      if !newNotes.isEmpty && notes.isEmpty && carriedShown == 0 { extra += 1 }  // the rule above the notes
      let used = repeatedHeader.count + taken + 1 + noteLineCount + extra
      if used > height && taken > 0 { break }
      taken += 1
      // Only when there are any: appending an empty array to an empty one allocates.
      if !newNotes.isEmpty { notes += newNotes }
      noteLineCount += extra
      let cost = breakCost(after: taken, used: min(used, height))
      if cost <= best.cost {
        best = (taken, cost, notes.count, noteLineCount)
      }
      if cost == 0 && used == height { break }
    }
    guard best.count > 0 else { return nil }

    var lines = repeatedHeader
    var firstSourceLine: Int?
    var lastSourceLine: Int?
    let chosenNotes = Array(notes.prefix(best.noteCount))
    var anchorLine: Int?
    var headings: [Page.Heading] = []
    var anchors: [TextAnchor?] = []
    if tracksAnchors {
      anchors.reserveCapacity(height)
      anchors += repeatElement(nil, count: repeatedHeader.count)
    }
    lines.reserveCapacity(options.pageSize.lines)  // room for the margins, header and footer too
    // Where a thematic break's rule ends the page's text (blank lines after it aside), and more
    // follows: there it is dropped, as at a page top.
    var discardedTail: Int?
    for offset in 0..<best.count {  // every one confirmed by the gathering above
      if flow[offset].isDiscardable {
        discardedTail = discardedTail ?? lines.count
      } else if !flow[offset].isSpacing && !flow[offset].line.isEmpty {
        discardedTail = nil
      }
      if anchorLine == nil && !flow[offset].isSpacing { anchorLine = flow[offset].sourceLine }
      if tracksAnchors { anchors.append(flow[offset].anchor) }
      if let heading = flow[offset].heading {
        if heading.level <= 2 { runningHead = heading.text }
        headings.append(Page.Heading(level: heading.level, text: heading.text, line: lines.count))
      }
      lines.append(flow.takeLine(at: offset))
      if let range = flow[offset].source {
        firstSourceLine = min(firstSourceLine ?? range.firstLine, range.firstLine)
        lastSourceLine = max(lastSourceLine ?? range.lastLine, range.lastLine)
      }
    }
    flow.consume(best.count)
    if let discardedTail, flow.hasLine(at: 0) { lines.removeLast(lines.count - discardedTail) }
    while lines.last?.isEmpty == true { lines.removeLast() }
    if tracksAnchors && anchors.count > lines.count {
      // A page of blank lines of the document (the end of a code block) still has a place.
      let first = anchors.lazy.compactMap { $0 }.first
      anchors.removeLast(anchors.count - lines.count)
      if let first, !anchors.contains(where: { $0 != nil }) {
        if anchors.isEmpty {
          lines.append(Line())
          anchors.append(first)
        } else {
          anchors[0] = first
        }
      }
    }

    // Notes at the foot of the text area: those carried from earlier pages first. What does
    // not fit (a line that cites more than the page holds) continues on the next page.
    var noteArea: [Line] = []
    if carriedNotes.isEmpty && best.noteLineCount <= height - lines.count {
      // The usual page: its own notes, all of which fit.
      if !chosenNotes.isEmpty {
        noteArea.reserveCapacity(best.noteLineCount)  // the rule and every chosen note's lines
        noteArea.append(Line(Rule.light.string(count: min(12, width)), style: .furniture))
        for note in chosenNotes { noteArea += noteLines(note) }
      }
    } else {
      var queue = carriedNotes
      queue += chosenNotes.map { CarriedNote(number: $0, shown: 0) }
      noteArea = footNotes(from: &queue, room: height - lines.count, carriedLimit: carriedShown)
      carriedNotes = queue
    }
    lines += Array(repeating: Line(), count: max(height - lines.count - noteArea.count, 0))
    lines += noteArea
    if lines.count > height { lines = Array(lines.prefix(height)) }
    if tracksAnchors {
      // The padding and the notes have no anchors.
      if anchors.count > lines.count { anchors.removeLast(anchors.count - lines.count) }
      anchors += repeatElement(nil, count: lines.count - anchors.count)
    }
    let range = firstSourceLine.map { SourceRange(firstLine: $0, lastLine: max(lastSourceLine ?? $0, $0)) }
    return PageBody(
      number: number, isBlank: false, lines: lines, source: range, anchorLine: anchorLine ?? range?.firstLine,
      runningHead: runningHead, headings: headings, noteLineCount: noteArea.count, anchors: anchors)
  }

  /// The note area for `room` lines: a rule, then the queued notes' lines in order (at most
  /// `carriedLimit` of those already begun, when the page has text of its own). `queue` is left
  /// with what did not fit.
  private mutating func footNotes(from queue: inout [CarriedNote], room: Int, carriedLimit: Int) -> [Line] {
    guard !queue.isEmpty, room >= 2 else { return [] }
    var area = [Line(Rule.light.string(count: min(12, width)), style: .furniture)]
    var continuedShown = 0
    while let first = queue.first, area.count < room {
      let lines = noteLines(first.number)
      var available = room - area.count
      if first.shown > 0 {
        // A note begun on an earlier page: within the share its continuation may take.
        available = min(available, carriedLimit - continuedShown)
        guard available > 0 else { break }
      }
      let shown = min(lines.count - first.shown, available)
      area += lines[first.shown..<(first.shown + shown)]
      if first.shown > 0 { continuedShown += shown }
      if first.shown + shown < lines.count {
        queue[0].shown += shown
        break
      }
      queue.removeFirst()
    }
    return area
  }

  /// A page of notes alone, after the last line of text: the notes still carried.
  private mutating func notesOnlyBody(number: Int) -> PageBody {
    var queue = carriedNotes
    let area = footNotes(from: &queue, room: height, carriedLimit: height)
    // A page too short for a rule and a line ends them.
    if area.count <= 1 { notesLeftOut += carriedNotes.count }
    carriedNotes = area.count > 1 ? queue : []
    let lines = Array(repeating: Line(), count: max(height - area.count, 0)) + area
    return PageBody(
      number: number, isBlank: false, lines: lines, source: nil, anchorLine: nil, runningHead: runningHead,
      noteLineCount: area.count, anchors: tracksAnchors ? Array(repeating: nil, count: lines.count) : [])
  }

  /// The cost of ending the page after `count` lines that use `used` lines of the area.
  private mutating func breakCost(after count: Int, used: Int) -> Int {
    var penalty = 0
    var offset = count
    while flow.hasLine(at: offset) {
      if flow[offset].forcedBreak != nil { penalty = 0; break }
      penalty = max(penalty, flow[offset].penalty)
      if !flow[offset].isSpacing { break }
      offset += 1
    }
    let empty = height - used
    let shortness = empty * 3 > height ? Penalty.shortPage + empty : empty
    return penalty + shortness
  }

  /// The lines of note `number`: `[n] ` and then a link's destination, wrapped at any cell, or
  /// a note's blocks, set at the width left by the marker (below the marker, at the full width,
  /// on a page too narrow for that).
  private mutating func noteLines(_ number: Int) -> [Line] {
    if let lines = noteCache[number] { return lines }
    let marker = "[" + String(number) + "] "
    let markerWidth = marker.utf8.count  // ASCII: a cell a byte
    var lines: [Line] = []
    switch flow.layout.notes.entry(of: number) {
    case .destination(let destination):
      // The destination is a link to itself (clickable where the output makes links).
      let link = TextStyle.link(flow.layout.notes.knownNumbers(forLink: destination).link)
      if markerWidth < width {
        // Each line is made in one piece: the marker (or as many spaces) as furniture, then a
        // piece of the destination as a link.
        let indent = String.repeated(" ", count: markerWidth)
        for (index, piece) in LineWrapping.urlPieces(of: destination, width: width - markerWidth).enumerated() {
          var spans: [StyleSpan] = []
          spans.reserveCapacity(2)  // an array literal of one would grow for the second
          spans.append(StyleSpan(range: 0..<markerWidth, style: .furniture))
          let end = markerWidth + piece.utf8.count
          if end > markerWidth { spans.append(StyleSpan(range: markerWidth..<end, style: link)) }
          lines.append(Line(text: (index == 0 ? marker : indent) + piece, spans: spans))
        }
      } else {
        lines = BlockLayout.cut(marker + destination, width: width).map { Line($0, style: link) }
      }
    case .note(let blocks):
      // A note's links show their destinations inline, and a note inside it is set in
      // parentheses: the foot of the page has no foot of its own.
      var options = options
      options.links = .inline
      var layout = BlockLayout(options: options)
      layout.notesInline = true
      layout.hyphenator = flow.layout.hyphenator
      // The document's registry, moved in and back (no copy): a link in a note has the same
      // number as elsewhere, and one first linked here is numbered for the whole document
      // (a copy gave it a number the next new link took too, and the page's links lacked it).
      flow.swapNotes(with: &layout.notes)
      defer { flow.swapNotes(with: &layout.notes) }
      // The note hangs from its marker; on a page too narrow for that, the marker has a line
      // of its own.
      let marker = Line(marker, style: .furniture)
      if markerWidth < width / 2 {
        let body = layout.lines(for: blocks, width: width - markerWidth, tight: true)
        lines = BlockLayout.prefixed(body, first: marker, rest: Line(String.repeated(" ", count: markerWidth))).map(\.line)
        if lines.isEmpty { lines = [marker] }
      } else {
        // The marker alone may be wider than the page (`[12]` on two columns): cut like a word.
        let markers = BlockLayout.cut("[" + String(number) + "]", width: width).map { Line($0, style: .furniture) }
        lines = markers + layout.lines(for: blocks, width: width, tight: true).map(\.line)
      }
    }
    noteCache[number] = lines
    return lines
  }
}
