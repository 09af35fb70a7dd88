import PaginateModel

/// The text of a paragraph flattened for line breaking: UTF-8 bytes with a style per byte,
/// split at hard breaks into segments that are broken independently.
///
/// Link destinations become note markers (`[1]`) or inline URLs here, and notes become markers
/// (or, inside a note, their text in parentheses), so that the line breaker sees them as text.
struct ParagraphText {
  /// The bytes of each segment (a hard break ends a segment).
  var segments: [StyledBytes] = [StyledBytes()]

  /// Bytes and their styles, and the notes cited at byte offsets.
  struct StyledBytes {
    var bytes: [UInt8] = []
    /// Style runs: each run ends (exclusive) at `end` and starts where the previous one ended.
    var runs: [(end: Int, style: TextStyle)] = []
    /// Footnote numbers and the byte offset of their marker.
    var notes: [(offset: Int, number: Int)] = []

    /// The last Unicode scalar of the bytes when it is not ASCII (the usual case, ASCII, needs
    /// no decoding: no ASCII character is wide).
    var lastNonASCIIScalar: UInt32? {
      guard let last = bytes.last, last >= 0x80 else { return nil }
      return bytes.withUnsafeBufferPointer { CJKSpacing.scalar(endingAt: $0.count, in: $0) }
    }

    mutating func append(_ text: String, style: TextStyle) {
      bytes.append(contentsOf: text.utf8)
      if let last = runs.last, last.style == style {
        runs[runs.count - 1].end = bytes.count
      } else {
        runs.append((bytes.count, style))
      }
    }
  }

  /// Flattens inlines.
  ///
  /// - Parameters:
  ///   - inlines: The paragraph content.
  ///   - style: A style applied to everything (heading text).
  ///   - links: How link destinations are shown.
  ///   - notes: The document's footnote registry; new link destinations and notes are
  ///     numbered here.
  ///   - notesInline: Whether notes are set in the text, in parentheses, rather than cited
  ///     with a marker (inside a note, which has no foot of its own).
  init(
    _ inlines: [Inline], style: TextStyle = [], links: LinkStyle, marks: Marks = .styles, notes: inout FootnoteRegistry,
    notesInline: Bool
  ) {
    self.notesInline = notesInline
    self.marksText = marks == .text
    // Room for the text at once: grown as it comes, the bytes of a paragraph with a few styled
    // words would be copied four or five times over.
    var runCount = 0
    segments[0].bytes.reserveCapacity(Self.estimatedLength(of: inlines, runs: &runCount))
    segments[0].runs.reserveCapacity(runCount)
    append(inlines, style: style, links: links, notes: &notes)
  }

  /// The backquotes that mark a code span in the text: one, or as many more than the longest
  /// run inside it as Markdown would need (`` `a`b` `` is ``` ``a`b`` ```).
  static func backquotes(around code: String) -> String {
    func longestRun(_ bytes: some Sequence<UInt8>) -> Int {
      var longest = 0
      var run = 0
      for byte in bytes {
        run = byte == UInt8(ascii: "`") ? run + 1 : 0
        longest = max(longest, run)
      }
      return longest
    }
    // The bytes where the string keeps them, when it does (a native string always).
    let longest = code.utf8.withContiguousStorageIfAvailable { longestRun($0) } ?? longestRun(code.utf8)
    return longest == 0 ? "`" : String(repeating: "`", count: longest + 1)
  }

  /// About the bytes the inlines flatten to (the text, and a few for each link's note marker
  /// or destination), and a count of the runs they may make.
  private static func estimatedLength(of inlines: [Inline], runs: inout Int) -> Int {
    var length = 0
    for inline in inlines {
      runs += 1
      switch inline {
      case .text(let text), .code(let text), .html(let text), .image(_, _, let text): length += text.utf8.count
      case .emphasis(let children), .strong(let children), .strikethrough(let children):
        length += estimatedLength(of: children, runs: &runs)
      case .link(let destination, _, let children):
        runs += 2
        length += estimatedLength(of: children, runs: &runs) + min(destination.utf8.count + 3, 8)
      case .softBreak, .hardBreak: length += 1
      case .note: length += 6
      }
    }
    return length
  }

  private let notesInline: Bool
  /// Whether styles are marked in the text (``Marks/text``): `_`, `**`, `~~`, backquotes.
  private let marksText: Bool

  /// Appends `children` in `style`, between `mark`s when styles are marked in the text.
  private mutating func append(
    _ children: [Inline], style: TextStyle, mark: String, links: LinkStyle, notes: inout FootnoteRegistry
  ) {
    if marksText { append(mark, style: .furniture) }
    append(children, style: style, links: links, notes: &notes)
    if marksText { append(mark, style: .furniture) }
  }

  /// The first scalar of the text `inlines` show, looking inside spans.
  private static func firstScalar(of inlines: ArraySlice<Inline>) -> UInt32? {
    for inline in inlines {
      switch inline {
      case .text(let text), .code(let text), .html(let text):
        if let scalar = text.unicodeScalars.first { return scalar.value }
      case .emphasis(let children), .strong(let children), .strikethrough(let children), .link(_, _, let children):
        if let scalar = firstScalar(of: children[...]) { return scalar }
      case .softBreak, .hardBreak, .image, .note:
        return nil
      }
    }
    return nil
  }

  private mutating func cite(_ number: Int) {
    segments[segments.count - 1].notes.append((segments[segments.count - 1].bytes.count, number))
    append("[\(number)]", style: .furniture)
  }

  private mutating func append(_ text: String, style: TextStyle) {
    segments[segments.count - 1].append(text, style: style)
  }

  private mutating func append(_ inlines: [Inline], style: TextStyle, links: LinkStyle, notes: inout FootnoteRegistry) {
    // A link's note marker waits for the rest of its word: `[ChannelHandler][ch]s` prints
    // `ChannelHandlers[1]`, not a marker inside the word.
    var pendingCite: Int?
    for (index, inline) in inlines.enumerated() {
      if let number = pendingCite {
        pendingCite = nil
        if case .text(let text) = inline {
          let end = text.firstIndex { !$0.isLetter && !$0.isNumber } ?? text.endIndex
          if end > text.startIndex {
            append(String(text[..<end]), style: style)
            cite(number)
            if end < text.endIndex { append(CJKSpacing.closingUp(String(text[end...])), style: style) }
            continue
          }
        }
        cite(number)
      }
      switch inline {
      case .text(let text), .html(let text):
        append(CJKSpacing.closingUp(text), style: style)
      case .code(let text):
        if marksText { append(Self.backquotes(around: text), style: .furniture) }
        append(text, style: style.union(.code))
        if marksText { append(Self.backquotes(around: text), style: .furniture) }
      case .emphasis(let children):
        append(children, style: style.union(.italic), mark: "_", links: links, notes: &notes)
      case .strong(let children):
        append(children, style: style.union(.bold), mark: "**", links: links, notes: &notes)
      case .strikethrough(let children):
        append(children, style: style.union(.strikethrough), mark: "~~", links: links, notes: &notes)
      case .link(let destination, _, let children):
        let known = notes.knownNumbers(forLink: destination)
        let link = TextStyle.link(known.link != 0 ? known.link : notes.linkID(for: destination))
        append(children, style: style.union(link), links: links, notes: &notes)
        if PageReferences.isInDocument(destination) {
          // A place in the document: the page it is on, when the numbers are known (`?` for
          // no heading); never a note.
          if let references = notes.pageReferences {
            append(" →\u{A0}", style: .furniture)
            append(references.text(forPage: references.pageNumber(for: destination)), style: link.union(.pageNumber))
          }
          continue
        }
        guard FootnoteRegistry.showsDestination(destination, text: children) else { continue }
        switch links {
        case .footnotes:
          pendingCite = known.note != 0 ? known.note : notes.number(for: destination)
        case .inline:
          append(" <", style: .furniture)
          append(destination, style: link)
          append(">", style: .furniture)
        case .none:
          break
        }
      case .image(_, _, let alt) where marksText:
        append(alt.isEmpty ? "[image]" : "[image: ", style: .furniture)
        guard !alt.isEmpty else { continue }
        append(alt, style: style.union(.italic))
        append("]", style: .furniture)
      case .image(_, _, let alt):
        // Images side by side (a README's row of badges) keep a space between their texts,
        // which styles alone would run together ("TextCat").
        if index > 0, case .image = inlines[index - 1] { append(" ", style: []) }
        append(alt.isEmpty ? "[image]" : alt, style: style.union(.italic))
      case .softBreak:
        // Between two wide characters (CJK, its punctuation too) a line end of the source is no
        // space: CSS Text's segment break transformation.
        if let before = segments[segments.count - 1].lastNonASCIIScalar, let after = Self.firstScalar(of: inlines[(index + 1)...]),
          CJKSpacing.joinsWithoutSpace(before, after)
        {
          continue
        }
        append(" ", style: [])
      case .hardBreak:
        segments.append(StyledBytes())
      case .note(let blocks):
        if notesInline {
          let text = blocks.plainText.split(separator: "\n").joined(separator: " ")
          append(" (" + text + ")", style: style)
        } else {
          cite(notes.number(forNote: blocks))
        }
      }
    }
    if let number = pendingCite { cite(number) }
  }
}

/// Numbers link destinations and notes in order of first citation, document-wide, and keeps
/// each one's content for the foot of the page.
struct FootnoteRegistry {
  /// What a footnote shows.
  enum Entry {
    /// A link's destination.
    case destination(String)
    /// A note's blocks.
    case note([Block])
  }

  /// A destination's numbers: as a link (from 1, in order of first citation, whether it is
  /// shown as a footnote or not: the ``TextStyle/linkID`` of link text) and as a footnote; 0
  /// for none yet. One dictionary for both, so that a link costs one hash.
  private struct DestinationNumbers {
    var link: UInt32 = 0
    var note = 0
  }

  private var numbers: [String: DestinationNumbers] = [:]
  /// Where the document's headings are, for in-document links (``LayoutOptions/pageReferences``).
  var pageReferences: PageReferences?
  private var noteNumbers: [[Block]: Int] = [:]
  private(set) var entries: [Entry] = []
  /// The destinations by link number (from 1).
  private(set) var destinations: [String] = []

  /// The longest destination linked, in UTF-8 bytes: the most a terminal keeps (VTE's limit is
  /// 2,083) several times over, and RFC 9110's recommended 8,000 octets. A longer one is shown,
  /// not linked: carried by every line its text and note reach (in OSC 8 sequences, hrefs,
  /// spans), it made output grow with the square of its length (a 1 MB address: 12 GB).
  static let maximumLinkedDestination = 8_192

  /// The number of link `destination` (see ``TextStyle/link(_:)``), assigning the next one on
  /// first use; 0 for an empty destination or one longer than ``maximumLinkedDestination``.
  mutating func linkID(for destination: String) -> UInt32 {
    guard !destination.isEmpty, destination.utf8.count <= Self.maximumLinkedDestination else { return 0 }
    let next = UInt32(destinations.count + 1)
    let id = Self.assign(next, ifAbsent: &numbers[destination, default: DestinationNumbers()].link)
    if id == next { destinations.append(destination) }
    return id
  }

  /// The link and footnote numbers of `destination` given so far (0: none yet): one hash, and
  /// no change to a registry that may be shared (``register(_:links:)`` numbered the links of
  /// the blocks being laid out).
  func knownNumbers(forLink destination: String) -> (link: UInt32, note: Int) {
    numbers[destination].map { ($0.link, $0.note) } ?? (0, 0)
  }

  /// Whether any link has a number.
  var hasLinks: Bool { !destinations.isEmpty }

  /// The destination of link `id`.
  func destination(ofLink id: UInt32) -> String? {
    id >= 1 && Int(id) <= destinations.count ? destinations[Int(id) - 1] : nil
  }

  /// `number`, or `next` stored there first when it is 0 (absent).
  private static func assign<Number: BinaryInteger>(_ next: Number, ifAbsent number: inout Number) -> Number {
    if number == 0 { number = next }
    return number
  }

  /// The number of `destination`, assigning the next one on first use.
  mutating func number(for destination: String) -> Int {
    // One hash of the destination, whether it is new or not (a lookup and then an insertion
    // hashed a new one twice).
    let next = entries.count + 1
    let number = Self.assign(next, ifAbsent: &numbers[destination, default: DestinationNumbers()].note)
    if number == next { entries.append(.destination(destination)) }
    return number
  }

  /// The number of the note with these blocks, assigning the next one on first use. Two equal
  /// notes (the same blocks, source lines included) share a number, as two links to one place
  /// do; that is what lets a block be laid out again (or on another core) and cite the same
  /// numbers.
  mutating func number(forNote blocks: [Block]) -> Int {
    // One hash of the blocks, as for a destination.
    let next = entries.count + 1
    let number = Self.assign(next, ifAbsent: &noteNumbers[blocks, default: 0])
    if number == next { entries.append(.note(blocks)) }
    return number
  }

  /// What footnote `number` shows.
  func entry(of number: Int) -> Entry { entries[number - 1] }

  /// Whether a link's destination is shown (as a note or inline): not for an autolink, whose
  /// text already is its URL.
  static func showsDestination(_ destination: String, text: [Inline]) -> Bool {
    guard !destination.isEmpty, !PageReferences.isInDocument(destination) else { return false }
    if text.count == 1, case .text(let shown) = text[0] { return isShown(destination, text: shown) }
    return isShown(destination, text: text.plainText)
  }

  /// Whether `destination` is shown beside the link text `shown`: not when it is that text, or
  /// that text after `mailto:` (an e-mail autolink) or `http://` (GitHub's `www.` autolink).
  private static func isShown(_ destination: String, text shown: String) -> Bool {
    // Only a destination whose bytes begin with the scheme can equal the scheme and the text:
    // no combining mark changes a colon, so every form of that string begins so.
    guard shown != destination else { return false }
    for scheme in ["mailto:", "http://"] where destination.utf8.starts(with: scheme.utf8) {
      if scheme + shown == destination { return false }
    }
    return true
  }

  /// Numbers the notes of `block`, and its links when they are shown as footnotes, in the
  /// order its layout would, so that blocks after it can be laid out before it (on another
  /// core) and still cite the right numbers.
  mutating func register(_ block: Block, links: LinkStyle) {
    func walk(_ inlines: [Inline]) {
      for inline in inlines {
        switch inline {
        case .link(let destination, _, let children):
          _ = linkID(for: destination)
          walk(children)
          if links == .footnotes && Self.showsDestination(destination, text: children) {
            _ = number(for: destination)
          }
        case .emphasis(let children), .strong(let children), .strikethrough(let children): walk(children)
        case .note(let blocks):
          _ = number(forNote: blocks)
          for child in blocks { numberLinks(in: child) }
        default: continue
        }
      }
    }
    switch block.content {
    case .heading(_, let inlines), .paragraph(let inlines): walk(inlines)
    case .blockQuote(let children), .centered(let children), .callout(_, let children):
      for child in children { register(child, links: links) }
    case .list(let list): for item in list.items { for child in item.blocks { register(child, links: links) } }
    case .table(let table):
      for cell in table.header.cells { walk(cell) }
      for row in table.rows { for cell in row.cells { walk(cell) } }
    case .definitionList(let items):
      for item in items {
        walk(item.term)
        for definition in item.definitions { for child in definition { register(child, links: links) } }
      }
    case .codeBlock, .htmlBlock, .lines, .thematicBreak, .pageBreak: break
    }
  }

  /// Numbers the links of a note's `block` (a note's own notes and links are set inline, so
  /// only their links need numbers, for the link ids of their text).
  private mutating func numberLinks(in block: Block) {
    var inner = FootnoteRegistry()
    swap(&inner.numbers, &numbers)
    swap(&inner.destinations, &destinations)
    inner.register(block, links: .inline)
    swap(&inner.numbers, &numbers)
    swap(&inner.destinations, &destinations)
  }
}
