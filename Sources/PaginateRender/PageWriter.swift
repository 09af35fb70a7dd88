public import PaginateLayout

/// A format pages are written out in, a spread at a time: the one way out for pages that the
/// text, JSON page set, HTML and PDF writers share.
///
/// A run of pages calls ``begin(title:language:)`` once, ``write(spread:)`` for each spread in
/// order (``SpreadGatherer`` groups pages arriving one at a time), then ``end(pageCount:)``; each
/// call returns the bytes to append to the output. Memory holds a spread, not the output.
///
///     var writer = TextPageWriter(renderer: TextRenderer(usesANSI: false), pageSize: pages.options.pageSize)
///     var gatherer = SpreadGatherer(facing: nil)
///     var output = writer.begin(title: pages.title, language: nil)
///     for page in pages.allPages() {
///       if let spread = gatherer.add(page) { output += writer.write(spread: spread) }
///     }
///     if let spread = gatherer.finish() { output += writer.write(spread: spread) }
///     output += writer.end(pageCount: pages.count)
public protocol PageWriter {
  /// What a write can fail with (`Never` for a writer that cannot fail).
  associatedtype Failure: Error = Never

  /// What opens the output, once the first document's title and language are known.
  mutating func begin(title: String?, language: String?) throws(Failure) -> [UInt8]

  /// One spread: the pages shown together, in reading order. Without facing pages, one page;
  /// with them, the pages of one spread that were selected (one side may be missing).
  mutating func write(spread pages: [Page]) throws(Failure) -> [UInt8]

  /// What closes the output. `pageCount`: the pages of the whole run, selected or not, when
  /// known.
  mutating func end(pageCount: Int?) throws(Failure) -> [UInt8]
}
