import PaginateLayout
import PaginateModel

/// The pages of one document whose in-document links print the numbers of the pages their
/// headings are on (``PageReferences``), in order, each as soon as its numbers are known: from
/// one layout in all but a few cases.
///
/// The layout prints every number in the same cells, as wide as a guess of the last page
/// number (``PageReferences/provisional(digits:)``), and a layout depends on how wide the
/// numbers are, not on their values. So a page that cites headings is held until they are
/// placed, and then has their numbers written in (``PageNumberFiller``): the
/// page a second layout would make. That holds once the guess is sure to be as wide as the
/// last page number:
/// - at the end of the document, when the last number is known: a document held whole (the
///   usual README: its contents on page 1 cite headings throughout) is laid out once;
/// - before, when what is laid out so far says so (``numbersAreSure``): on a long document,
///   each page goes as soon as the headings it cites are placed, so the first pages of a
///   large file print at once.
///
/// At most ``mostHeld`` pages wait in memory; more wait in a scratch file (``PageSpill``).
/// But a document of more than ``mostWaitedFor`` pages whose numbers are sure does not wait
/// past ``mostHeld``: its first page held goes with the numbers known (a heading not yet
/// placed prints `?`, and a warning at the end counts those that turned out to be further
/// on), so that its pages keep coming, for a pipe (`| head`) as for a terminal. When the guess
/// was wrong, the document is laid out again, with the numbers found, from the first page
/// held (``relaidOut(from:)``).
struct NumberedPages {
  /// The most pages held in memory, waiting for their numbers: about 10 MB at 80x66.
  static let mostHeld = 1_024
  /// The most pages of a document that wait for a heading more than ``mostHeld`` pages on
  /// rather than print `?` for it: about 50 MB of text at 80x66, some seconds of layout here.
  static let mostWaitedFor = 10_000
  /// The pages held before one that cites a heading when the numbers are not yet sure: if a
  /// layout must be made again, it starts there (a paragraph that begins a few pages before
  /// may break its lines otherwise when the numbers are wider).
  static let heldBeforeCitation = 4

  private var pages: PageSet
  private let reader: DocumentReader
  private var options: LayoutOptions
  private let name: String
  /// The width the first layout printed numbers in.
  private let digits: Int
  /// The headings placed so far.
  private var found = PageReferences()
  /// The index of the next page to lay out.
  private var nextIndex = 0
  /// The number of the last page laid out.
  private var lastNumber: Int
  /// Whether the layout has ended, and whether every page has been returned.
  private var ended = false
  private var finished = false
  /// The pages laid out and not yet returned: in memory from `heldStart`, then in `spill`.
  private var held: [Page] = []
  private var heldStart = 0
  private var spill: PageSpill?
  /// Whether a page has gone with numbers of ``digits`` figures: then they stay so.
  private var committed = false
  /// Whether a page laid out so far cites a heading.
  private var citesHeadings = false
  /// Whether the document can be laid out again (a named pipe cannot be read twice): else
  /// the numbers keep the guess's width, a wider one printed `?`.
  private let canLayOutAgain: Bool
  /// The in-document destinations printed `?` before the end, to tell which were placed later.
  private var printedUnknown: Set<String> = []
  /// Writes the numbers in.
  private var filler = PageNumberFiller()
  /// The first page held, which waits for headings, and how many headings were placed when it
  /// was last looked at.
  private var waiting: (page: Int, placed: Int) = (-1, -1)
  /// The layout made again, and the index of its next page.
  private var again: PageSet?
  private var againIndex = 0

  /// Notes that did not fit, in the layout that made the pages returned.
  var notesLeftOut: Int { again?.notesLeftOut ?? pages.notesLeftOut }
  /// What a reader of the output should know about the numbers (printed `?`, a layout made
  /// twice), one line each, in the order found.
  private(set) var warnings: [String] = []

  /// - Parameter pages: A layout whose ``LayoutOptions/pageReferences`` are provisional.
  init(pages: PageSet, reader: DocumentReader, options: LayoutOptions, name: String, canLayOutAgain: Bool) {
    self.pages = pages
    self.canLayOutAgain = canLayOutAgain
    self.reader = reader
    self.options = options
    self.name = name
    digits = options.pageReferences?.digits ?? 1
    lastNumber = options.firstPageNumber
  }

  /// The next page, its numbers written in; `nil` at the end.
  /// - Throws: ``PrintError`` when a scratch file cannot be written or read back, or a layout
  ///   made again fails.
  mutating func next() throws(PrintError) -> Page? {
    if case .some = again {
      defer { againIndex += 1 }
      return again?.page(at: againIndex)
    }
    while true {
      if let page = try nextReady() { return page }
      if ended {
        guard let first = firstHeld else {
          spill?.close()
          spill = nil
          if !finished { warnAboutUnknown() }
          finished = true
          return nil
        }
        // The guess was not as wide as the last page number, no page has gone with it, and
        // some page cites a heading (else the numbers' width changes nothing).
        if !committed && citesHeadings && canLayOutAgain && PageReferences.digits(of: lastNumber) != digits {
          return try layOutAgain(from: first.index)
        }
        return try take(final: true)
      }
      guard let page = pages.page(at: nextIndex) else {
        ended = true
        continue
      }
      nextIndex += 1
      found.add(page)
      lastNumber = page.number
      if page.citesDocument { citesHeadings = true }
      if let spill, !spill.isEmpty {
        guard self.spill!.append(page) else {
          throw PrintError("\(name): could not write the pages waiting for their numbers to a scratch file")
        }
        continue
      }
      held.append(page)
      guard held.count - heldStart > Self.mostHeld else { continue }
      // The first page held waits for a heading far on, or for the numbers to be sure.
      if committed || numbersAreSure, let pages = estimatedPageCount, pages > Self.mostWaitedFor {
        committed = true
        return try take(final: false)
      }
      if spill == nil { spill = PageSpill() }
      guard spill != nil, spill!.append(held.removeLast()) else {
        guard canLayOutAgain else {
          committed = true
          return try take(final: false)
        }
        return try layOutAgain(from: firstHeld!.index, spilled: "could not be made")
      }
    }
  }

  /// The first page held (in memory: spilled pages come back before memory runs out of them).
  private var firstHeld: Page? {
    heldStart < held.count ? held[heldStart] : nil
  }

  /// Lays the document out again from page `index` (the first layout dropped), when the guess
  /// of the numbers' width was wrong, or pages could not be spilled (`spilled` says why).
  private mutating func layOutAgain(from index: Int, spilled: String? = nil) throws(PrintError) -> Page? {
    if let spilled { warnings.append("\(name): a scratch file for the pages waiting for their numbers \(spilled); laying the document out twice") }
    held = []
    heldStart = 0
    spill?.close()
    spill = nil
    // The first layout goes on to the end, to find the numbers.
    while let page = pages.page(at: nextIndex) {
      nextIndex += 1
      found.add(page)
      lastNumber = page.number
    }
    ended = true
    again = try relaidOut(from: index)
    return try next()
  }

  /// The first page held, when it can go: once the numbers are sure, when the headings it
  /// cites are placed; before, when it cites none and neither do the few after it.
  private mutating func nextReady() throws(PrintError) -> Page? {
    guard let first = firstHeld, !ended else { return nil }
    if committed || numbersAreSure {
      // The page that waits is looked at again only once more headings are placed.
      let placed = found.targets.count
      if waiting == (first.index, placed) { return nil }
      guard first.citesOnlyHeadings(of: found) else {
        waiting = (first.index, placed)
        return nil
      }
      committed = true
      return try take(final: false)
    }
    let window = held[heldStart...].prefix(Self.heldBeforeCitation + 1)
    guard window.count > Self.heldBeforeCitation, !window.contains(where: \.citesDocument) else { return nil }
    return try take(final: false)
  }

  /// Returns the first page held, with the numbers known (all of them, at the end), and
  /// brings spilled pages back into memory as room is made.
  private mutating func take(final: Bool) throws(PrintError) -> Page {
    let page = held[heldStart]
    heldStart += 1
    if heldStart > 64 && heldStart * 2 > held.count {
      held.removeFirst(heldStart)
      heldStart = 0
    }
    if spill != nil, held.count - heldStart < Self.mostHeld / 2 {
      while held.count - heldStart < Self.mostHeld, !spill!.isEmpty {
        guard let back = spill!.removeFirst() else {
          throw PrintError("\(name): could not read back the pages waiting for their numbers from a scratch file")
        }
        held.append(back)
      }
    }
    if !final && page.citesDocument { printedUnknown.formUnion(page.unknownCitations(in: found)) }
    return filler.fill(page, with: found.printed(inDigits: digits))
  }

  /// The pages of the document, as the layout so far tells.
  private var estimatedPageCount: Int? {
    guard let fraction = pages.laidOutFraction, fraction > 0 else { return nil }
    return Int(min(Double(lastNumber - options.firstPageNumber + 1) / fraction, 1e15))
  }

  /// Whether the last page number is sure to have ``digits`` figures, as far as the layout so
  /// far tells: the rest of the document, at half to twice as many pages for its share of the
  /// input as so far, would end on a number of as many figures.
  private var numbersAreSure: Bool {
    guard let fraction = pages.laidOutFraction, fraction >= 0.001, fraction < 1 else { return false }
    let done = Double(lastNumber)
    let rest = done / fraction * (1 - fraction)
    let fewest = Int(done + rest / 2)
    let most = Int(min(done + rest * 2, 1e15))
    return PageReferences.digits(of: fewest) == digits && PageReferences.digits(of: most) == digits
  }

  /// Warns about the numbers printed `?` whose headings were placed after all, and those
  /// printed too wide for their cells.
  private mutating func warnAboutUnknown() {
    let placed = printedUnknown.filter { found.target(of: $0) != nil }.count
    if placed > 0 {
      warnings.append(
        "\(name): \(placed) in-document link\(placed == 1 ? "" : "s") printed '?' for a heading more than \(Self.mostHeld) pages on")
    }
    if filler.tooWide > 0 {
      let tooWide = filler.tooWide
      warnings.append(
        "\(name): \(tooWide) page number\(tooWide == 1 ? "" : "s") of in-document links printed '?': the document has more pages than guessed")
    }
  }

  /// The pages of the document from `index`, laid out again with the numbers found by the
  /// first layout (which has ended).
  ///
  /// When the first layout's guess was as wide as its last page number, or pages have gone
  /// with numbers as wide as guessed, its numbers are the right ones (two layouts in all).
  /// Else a layout with numbers as wide as the first's last page number finds the right ones
  /// before that (three), unless it ends on a page number with more digits: then again, up to
  /// three such layouts (five in all, and a warning if the width still moves).
  private mutating func relaidOut(from start: Int) throws(PrintError) -> PageSet {
    var found = found
    var digits = digits
    func layOut() throws(PrintError) -> PageSet {
      do throws(LayoutError) {
        return try PageSet(reader: reader, options: options, keepsPages: false)
      } catch {
        throw PrintError(error.description)
      }
    }
    // Pages have gone with numbers this wide: the rest keeps them so (a number wider than
    // guessed takes more cells).
    var settled = committed || PageReferences.digits(of: lastNumber) == digits
    var last = lastNumber
    var layouts = 0
    while !settled && layouts < 3 {
      digits = PageReferences.digits(of: last)
      options.pageReferences = found.printed(inDigits: digits)
      var pages = try layOut()
      var again = PageReferences()
      var index = 0
      while let page = pages.page(at: index) {
        again.add(page)
        last = page.number
        index += 1
      }
      layouts += 1
      found = again
      settled = PageReferences.digits(of: last) == digits
    }
    if !settled {
      warnings.append("\(name): the page numbers of in-document links did not settle; some may be off by a page")
    }
    options.pageReferences = found.printed(inDigits: digits)
    againIndex = start
    return try layOut()
  }
}
