internal import CCmarkGFM
import PaginateModel
import PaginateSystem

/// The consumer's end of a queue filled by a converter thread.
struct MarkdownBlockStream: BlockStream {
  /// The queue; it stops the converter when the last copy of the stream goes (a layout that
  /// stopped early).
  let cancellation: Cancellation
  /// The input, for its line count (``progress``).
  private let input: InputBytes
  private var lineCount: Int?
  /// The last source line of the blocks returned.
  private var lastLine = 0

  final class Cancellation: Sendable {
    let queue: BlockQueue
    init(_ queue: BlockQueue) { self.queue = queue }
    deinit { queue.cancel() }
  }

  init(input: InputBytes, options: Int32, html: HTMLHandling, diagnostics: ReadDiagnostics) {
    let queue = BlockQueue()
    cancellation = Cancellation(queue)
    self.input = input
    let convert: @Sendable () -> Void = {
      CmarkArena.withArena {
        if let reason = input.cutShort {
          diagnostics.fail(reason)
          queue.setTitle(nil)
          queue.finish()
          return
        }
        input.withBytes { bytes in
          guard let document = CmarkDocument.parse(bytes, options: options) else {
            queue.setTitle(nil)
            queue.finish()
            return
          }
          var converter = CmarkTreeConverter(source: bytes, options: options, html: html)
          converter.adopt(document)
          let root = document.root
          for paragraph in document.overBudget {
            diagnostics.addWarning(
              "line \(paragraph.line): \(paragraph.imageOpeners) image openers ('![') in one paragraph, which libcmark reads in quadratic time; read as '!' and a link each")
          }
          // The title first: the text of the first top-level level-1 heading.
          var heading = cmark_node_first_child(root)
          while let current = heading,
            cmark_node_get_type(current) != CMARK_NODE_HEADING || cmark_node_get_heading_level(current) != 1
          {
            heading = cmark_node_next(current)
          }
          queue.setTitle(heading.flatMap { converter.convert(subtree: $0).firstChapterTitle })
          var node = cmark_node_first_child(root)
          var batch: [Block] = []
          while let current = node {
            if !CmarkDocument.isFootnoteDefinition(current) {
              // Paragraphs past a bound are split, so that the layout's memory is bounded too
              // (a check of the text's length; no array is made for the others).
              for block in converter.convert(subtree: current) {
                if block.isLongParagraph() { batch += block.splittingLongParagraph() } else { batch.append(block) }
              }
            }
            node = cmark_node_next(current)
            if batch.count >= 64 || node == nil {
              guard queue.push(batch) else { return }  // cancelled
              batch.removeAll(keepingCapacity: true)
            }
          }
          queue.finish()
        }
      }
    }
    if !DetachedThread.start(stackSize: 16 << 20, convert) {
      // No thread to be had: convert everything here, with nothing to wait for.
      queue.removeLimit()
      convert()
    }
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

  /// The source lines of the blocks returned, out of the input's (counted once, when first
  /// asked: a scan for line ends, many bytes at a time).
  var progress: Double? {
    mutating get {
      if lastLine == Int.max { return 1 }
      let lines = lineCount ?? input.withBytes { ByteText.lineCount($0) }
      lineCount = lines
      return min(Double(lastLine) / Double(lines), 1)
    }
  }
}
