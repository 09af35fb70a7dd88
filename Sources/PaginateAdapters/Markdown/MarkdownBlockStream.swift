internal import CCmarkGFM
import PaginateModel
import PaginateSystem
import Synchronization

/// The consumer's end of a queue filled by a converter thread.
struct MarkdownBlockStream: BlockStream {
  /// The queue; it stops the converter when the last copy of the stream goes (a layout that
  /// stopped early).
  let cancellation: Cancellation
  /// The input read whole, for its line count (``progress``), or `nil` when read in parts.
  private let input: InputBytes?
  /// The line count found by the converter (0 until known), when the input is read in parts.
  private let lineTotal = LineTotal()
  private var lineCount: Int?
  /// The last source line of the blocks returned.
  private var lastLine = 0

  final class Cancellation: Sendable {
    let queue: BlockQueue
    init(_ queue: BlockQueue) { self.queue = queue }
    deinit { queue.cancel() }
  }

  /// The line count, set on the converter's thread and read on the layout's.
  final class LineTotal: Sendable {
    let value = Atomic(0)
  }

  /// How the text is read.
  enum Source: Sendable {
    /// Whole, already.
    case whole(InputBytes)
    /// Once through `first`, looked over (``MarkdownLookOver``), and then again through what
    /// `again` gives, a part at a time (``MarkdownPartBuffer``): a text with definitions once
    /// more before that, for them (``MarkdownDefinitions/scan(reading:skipping:bufferSize:isCancelled:)``);
    /// whole where lines end with carriage returns, or the definitions cannot be copied.
    case twice(
      first: @Sendable (UnsafeMutableRawBufferPointer) -> Int,
      again: @Sendable () -> (@Sendable (UnsafeMutableRawBufferPointer) -> Int)?)
  }

  /// - Parameter partSize: The size of the parts a large text is parsed in (see
  ///   ``MarkdownChunks``); smaller in tests.
  init(
    source: Source, options: Int32, html: HTMLHandling, diagnostics: ReadDiagnostics,
    partSize: Int = MarkdownChunks.partSize
  ) {
    let queue = BlockQueue()
    cancellation = Cancellation(queue)
    let lineTotal = lineTotal
    if case .whole(let input) = source { self.input = input } else { input = nil }
    let convert: @Sendable () -> Void = {
      var parts = MarkdownParts(queue: queue, diagnostics: diagnostics, options: options, html: html)
      switch source {
      case .whole(let input):
        Self.convert(input, into: &parts, partSize: partSize)
      case .twice(let first, let again):
        // The definitions are scanned for on another thread while the rest of the text is
        // looked over, from the first buffer that shows there may be some: a text without
        // any costs no scan.
        var scanning: DefinitionsScanThread?
        let look = MarkdownLookOver(
          reading: first, isCancelled: { queue.isCancelled },
          mayHaveDefinitionsFound: { byteOrderMark in
            scanning = DefinitionsScanThread.start(
              opening: again, skipping: byteOrderMark, isCancelled: { queue.isCancelled })
          })
        guard !look.wasCancelled else {
          scanning?.stop()
          return
        }
        if look.invalidUTF8 > 0 { diagnostics.addInvalidUTF8(look.invalidUTF8) }
        parts.textIsWellFormed = look.invalidUTF8 == 0
        // The look-over counts line feeds: the lines as the converter numbers them, but with
        // carriage returns (counted below, from the text read whole).
        if !look.hasCarriageReturn { lineTotal.value.store(look.lineCount, ordering: .releasing) }
        let byteOrderMark = look.startsWithByteOrderMark ? 3 : 0
        // A text with definitions is read through once more for them (on the scan's thread,
        // meanwhile), keeping only their bytes, so that its parts can be read a part at a time
        // too (``MarkdownDefinitions``).
        var definitions: MarkdownDefinitions?
        if look.mayHaveDefinitions && !look.hasCarriageReturn {
          if let scanning {
            definitions = scanning.definitions()
          } else if let scanned = again() {
            definitions = MarkdownDefinitions.scan(
              reading: scanned, skipping: byteOrderMark, isCancelled: { queue.isCancelled })
          }
          guard !queue.isCancelled else { return }
        } else {
          scanning?.stop()
        }
        guard let read = again() else {
          diagnostics.fail("could not read the input again")
          parts.finish()
          return
        }
        guard !look.hasCarriageReturn && (!look.mayHaveDefinitions || definitions != nil) else {
          // Read whole: lines that a lone carriage return ends, or definitions where a copy
          // might not read them the same (then parsed whole).
          let input = InputBytes(reading: read)
          if look.hasCarriageReturn { lineTotal.value.store(input.withBytes { ByteText.lineCount($0) }, ordering: .releasing) }
          Self.convert(input, into: &parts, partSize: partSize)
          return
        }
        var buffer = MarkdownPartBuffer(
          reading: read, skipping: byteOrderMark, partSize: partSize, definitions: definitions)
        defer { buffer.deallocate() }
        Self.convert(&buffer, into: &parts)
      }
    }
    if !DetachedThread.start(stackSize: 16 << 20, convert) {
      // No thread to be had: convert everything here, with nothing to wait for.
      queue.removeLimit()
      convert()
    }
  }

  /// Converts a text read whole, part by part, each parsed after the definitions it cites.
  private static func convert(_ input: InputBytes, into parts: inout MarkdownParts, partSize: Int) {
    if let reason = input.cutShort {
      parts.diagnostics.fail(reason)
      parts.finish()
      return
    }
    input.withBytes { bytes in
      var text = WholeText(bytes, partSize: partSize)
      convert(&text, into: &parts)
    }
  }

  /// Converts the parts of `source` one after another: each is cut from the text as the one
  /// before it is done with, and parsed after the definitions it cites; a part that ends inside
  /// a fenced code or HTML block runs on to the next cut.
  private static func convert(_ source: inout some MarkdownPartSource, into parts: inout MarkdownParts) {
    var start = 0
    var (end, isLast) = source.nextCut()
    var lineOffset = 0
    while true {
      let part = source.bytes(start..<end)
      // A part but the last ends with its line feed: its line count is its line ends.
      let lines = ByteText.lineCount(part)
      // A text of one part cites nothing outside it.
      let prefix = start == 0 && isLast ? MarkdownDefinitions.Prefix() : source.prefix(citedIn: part)
      switch parts.convert(part, after: prefix, lines: lines, lineOffset: lineOffset, isLast: isLast) {
      case .stopped: return  // cancelled, or libcmark-gfm failed
      case .runsOn:
        (end, isLast) = source.nextCut()
        continue
      case .converted:
        break
      }
      guard !isLast else { break }
      lineOffset += lines
      source.drop(before: end)
      start = end
      (end, isLast) = source.nextCut()
    }
    parts.finish()
  }

  mutating func nextBlock() -> Block? {
    guard let block = cancellation.queue.pop() else {
      lastLine = Int.max
      return nil
    }
    if let line = block.source?.lastLine { lastLine = line }
    return block
  }

  var title: String? { cancellation.queue.title }

  /// The converter thread makes the blocks.
  var makesBlocksAhead: Bool { true }

  /// The line count the converter found, once it has.
  private var knownLineTotal: Int? {
    let total = lineTotal.value.load(ordering: .acquiring)
    return total > 0 ? total : nil
  }

  /// The source lines of the blocks returned, out of the input's (counted once, when first
  /// asked: a scan for line ends, many bytes at a time).
  var progress: Double? {
    mutating get {
      if lastLine == Int.max { return 1 }
      guard let lines = lineCount ?? input?.withBytes({ ByteText.lineCount($0) }) ?? knownLineTotal else { return 0 }
      lineCount = lines
      return min(Double(lastLine) / Double(lines), 1)
    }
  }
}

/// Converts a Markdown text part by part (see ``MarkdownChunks``) into the queue: each part is
/// parsed, converted and freed in an arena of its own, its blocks' source lines counted from
/// the start of the whole text. The title (the first level-1 heading's text) is set before any block is
/// pushed: blocks wait here until a part has one, or the text ends.
private struct MarkdownParts {
  let queue: BlockQueue
  let diagnostics: ReadDiagnostics
  let options: Int32
  let html: HTMLHandling
  /// Whether the whole text is known to be well-formed UTF-8 (looked over before): no part is
  /// checked again.
  var textIsWellFormed = false
  private var titleSet = false
  private var waiting: [Block] = []

  init(queue: BlockQueue, diagnostics: ReadDiagnostics, options: Int32, html: HTMLHandling) {
    self.queue = queue
    self.diagnostics = diagnostics
    self.options = options
    self.html = html
  }

  /// What became of a part.
  enum Outcome {
    /// Its blocks are queued (or held for the title).
    case converted
    /// It ends inside a block still open (a fenced code block, an HTML block of a kind a blank
    /// line does not end): nothing is queued, and the part is to run on to the next cut.
    case runsOn
    /// The layout stopped reading, or libcmark-gfm failed (then the text ends here).
    case stopped
  }

  /// Parses and converts one part, of `lines` lines, whose first line is line
  /// `lineOffset + 1` of the text, after the definitions it cites.
  mutating func convert(
    _ part: UnsafeBufferPointer<UInt8>, after prefix: MarkdownDefinitions.Prefix, lines: Int, lineOffset: Int,
    isLast: Bool
  ) -> Outcome {
    guard !prefix.bytes.isEmpty else {
      return convert(source: part, prefixLines: [], lines: lines, lineOffset: lineOffset, isLast: isLast)
    }
    var source = prefix.bytes
    source.append(contentsOf: part)
    return source.withUnsafeBufferPointer {
      convert(source: $0, prefixLines: prefix.lines, lines: lines, lineOffset: lineOffset, isLast: isLast)
    }
  }

  /// Parses and converts `source`: a part of `lines` lines after a copy of definitions of
  /// `prefixLines.count` lines, whose blocks are dropped.
  private mutating func convert(
    source: UnsafeBufferPointer<UInt8>, prefixLines: [Int], lines: Int, lineOffset: Int, isLast: Bool
  ) -> Outcome {
    CmarkArena.withArena {
      // libcmark-gfm's own check of the UTF-8 (a tenth of its parse of READMEs) only where
      // the text needs it: a check sixteen bytes at a time finds most parts well-formed.
      let wellFormed = textIsWellFormed || UTF8Validation.invalidSequenceCount(source) == 0
      let parseOptions = wellFormed ? options & ~CMARK_OPT_VALIDATE_UTF8 : options
      guard let document = CmarkDocument.parse(source, options: parseOptions) else {
        finish()
        return .stopped
      }
      let copied = prefixLines.count
      if !isLast, Self.endsOpen(document.root, lines: copied + lines) { return .runsOn }
      var converter = CmarkTreeConverter(source: source, options: options, html: html)
      converter.lineOffset = lineOffset - copied
      converter.prefixLines = prefixLines
      converter.adopt(document)
      let root = document.root
      for paragraph in document.overBudget where paragraph.line > copied {
        diagnostics.addWarning(
          "line \(converter.wholeLine(paragraph.line)): \(paragraph.imageOpeners) image openers ('![') in one paragraph, which libcmark reads in quadratic time; read as '!' and a link each")
      }
      // The part's own blocks: after the copied definitions' (which only a paragraph that
      // starts with a link or the closing thematic break leave).
      var first = cmark_node_first_child(root)
      while let current = first, Int(cmark_node_get_start_line(current)) <= copied { first = cmark_node_next(current) }
      if !titleSet {
        // The title: the text of the first top-level level-1 heading.
        var heading = first
        while let current = heading,
          cmark_node_get_type(current) != CMARK_NODE_HEADING || cmark_node_get_heading_level(current) != 1
        {
          heading = cmark_node_next(current)
        }
        if let heading {
          queue.setTitle(converter.convert(subtree: heading).firstChapterTitle)
          titleSet = true
        }
      }
      var node = first
      var batch = waiting
      waiting = []
      while let current = node {
        if !CmarkDocument.isFootnoteDefinition(current) {
          // Paragraphs past a bound are split, so that the layout's memory is bounded too
          // (a check of the text's length; no array is made for the others).
          for block in converter.convert(subtree: current) {
            if block.isLongParagraph() { batch += block.splittingLongParagraph() } else { batch.append(block) }
          }
        }
        node = cmark_node_next(current)
        if titleSet && (batch.count >= 64 || node == nil) {
          guard queue.push(batch) else { return .stopped }  // cancelled
          batch.removeAll(keepingCapacity: true)
        }
      }
      waiting = batch
      return .converted
    }
  }

  /// Whether the part's last top-level block is a code or HTML block that runs to its last
  /// line, the blank one before the cut: a fence or an HTML block (comment, `<pre>`) still
  /// open, which the text after the cut may go on. (Indented code and the HTML blocks a blank
  /// line ends stop before it; a list or a quote cannot go on at the cut.)
  private static func endsOpen(_ root: OpaquePointer, lines: Int) -> Bool {
    // The footnote definitions that are cited come last, wherever they stood.
    var node = cmark_node_last_child(root)
    while let current = node, CmarkDocument.isFootnoteDefinition(current) { node = cmark_node_previous(current) }
    guard let last = node else { return false }
    let type = cmark_node_get_type(last)
    return (type == CMARK_NODE_CODE_BLOCK || type == CMARK_NODE_HTML_BLOCK) && Int(cmark_node_get_end_line(last)) >= lines
  }

  /// Ends the text: the title is none if no part had one, and the blocks held for it go.
  mutating func finish() {
    if !titleSet {
      queue.setTitle(nil)
      titleSet = true
    }
    if !waiting.isEmpty { _ = queue.push(waiting) }
    waiting = []
    queue.finish()
  }
}

/// A Markdown text as the converter takes it, a part at a time.
protocol MarkdownPartSource {
  /// Where the part under way ends, a cut or the end of the text, and whether it is the last.
  mutating func nextCut() -> (end: Int, isLast: Bool)
  /// The bytes of text offsets `range`, which begins where the part under way does.
  func bytes(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8>
  /// The definitions `part` is to be parsed after (see ``MarkdownDefinitions``).
  func prefix(citedIn part: UnsafeBufferPointer<UInt8>) -> MarkdownDefinitions.Prefix
  /// Tells that the text before `offset` is converted.
  mutating func drop(before offset: Int)
}

/// A text held whole: cut after a scan of its definitions (see ``MarkdownChunks``), a text whose
/// definitions the scan cannot be sure of in one part.
private struct WholeText: MarkdownPartSource {
  let text: UnsafeBufferPointer<UInt8>
  let definitions: MarkdownDefinitions?
  var cuts: MarkdownChunks.Cuts

  init(_ text: UnsafeBufferPointer<UInt8>, partSize: Int) {
    self.text = text
    // (A text of one part has nothing to scan.)
    definitions = text.count > min(partSize, MarkdownChunks.firstPartSize) ? MarkdownDefinitions.scan(text) : nil
    cuts = MarkdownChunks.Cuts(text, size: partSize, parsesWhole: definitions == nil)
  }

  mutating func nextCut() -> (end: Int, isLast: Bool) {
    cuts.next().map { ($0, false) } ?? (text.count, true)
  }

  func bytes(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(rebasing: text[range])
  }

  func prefix(citedIn part: UnsafeBufferPointer<UInt8>) -> MarkdownDefinitions.Prefix {
    definitions?.prefix(citedIn: part) ?? MarkdownDefinitions.Prefix()
  }

  /// Nothing to do: the text is held whole.
  func drop(before offset: Int) {}
}
