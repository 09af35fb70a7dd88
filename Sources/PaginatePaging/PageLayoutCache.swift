import PaginateLayout
import PaginateModel
import Synchronization

/// The pages of one layout (a document reader and options), laid out as far as anyone has
/// asked, behind a lock.
///
/// Copies of a ``PagingController`` share their cache until one of them lays the document out
/// anew, so reading never needs `mutating` and a page laid out through one copy is there for
/// the others: over a source that can be read only once (a pipe), every copy sees every page.
/// The lock is held while a page is laid out: two threads asking for pages at once take turns.
final class PageLayoutCache: Sendable {
  /// The options the pages are laid out with.
  let options: LayoutOptions
  /// The document.
  let reader: DocumentReader
  /// The title `{title}` stands for.
  let title: String
  /// The identity of the layout, which its pages carry.
  let identity: LayoutIdentity
  private let pages: Mutex<PageSet>
  /// The pages before page 0, for a source with earlier blocks.
  private let earlier: Mutex<EarlierPages>?
  /// The characters of each block, for a document in memory: counted when first asked for.
  private let characters = Mutex<DocumentCharacters?>(nil)
  /// The lines each block is expected to take, for a document in memory: when first asked for.
  private let heights = Mutex<DocumentHeights?>(nil)

  /// A cache over a new layout of `source`.
  ///
  /// - Throws: ``LayoutError`` when the options leave no room for text.
  convenience init(reader: DocumentReader, options: LayoutOptions) throws(LayoutError) {
    self.init(pages: try PageSet(reader: reader, options: options))
  }

  /// A cache over a page set (which may have laid out some pages already).
  init(pages: PageSet) {
    options = pages.options
    reader = pages.reader
    title = pages.title
    identity = pages.identity
    earlier =
      pages.reader.hasEarlierBlocks
      ? Mutex(EarlierPages(reader: pages.reader, options: pages.options, identity: pages.identity)) : nil
    self.pages = Mutex(pages)
  }

  /// The page at `index`, laying out as far as needed; `nil` past the end (and before page 0,
  /// unless the source has earlier blocks).
  func page(at index: Int) -> Page? {
    guard index >= 0 else { return earlier?.withLock { $0.page(at: index) } }
    return pages.withLock { $0.page(at: index) }
  }

  /// The spread at `index`, laying out as far as needed; `nil` past the end.
  func spread(at index: Int, facing: FacingOptions) -> Spread? {
    guard earlier != nil else { return pages.withLock { $0.spread(at: index, facing: facing) } }
    return Spread(index: index, facing: facing) { page(at: $0) }
  }

  /// The number of pages, once the end has been laid out.
  var count: Int? { pages.withLock { $0.count } }

  /// The number of pages laid out so far.
  var laidOutCount: Int { pages.withLock { $0.laidOutCount } }

  /// The share of the document laid out so far (see ``PageSet/laidOutFraction``).
  var laidOutFraction: Double? { pages.withLock { $0.laidOutFraction } }

  /// The number of top-level blocks laid out so far.
  var blocksLaidOut: Int { pages.withLock { $0.blocksLaidOut } }

  /// The lines each block of the source's document is expected to take at the text's width,
  /// when it is a document held in memory.
  var documentHeights: DocumentHeights? {
    guard let document = reader.document else { return nil }
    return heights.withLock { known in
      if let known { return known }
      let expected = DocumentHeights(document, width: options.bodyWidth)
      known = expected
      return expected
    }
  }

  /// The characters of each block of the source's document, when it is one held in memory.
  var documentCharacters: DocumentCharacters? {
    guard let document = reader.document else { return nil }
    return characters.withLock { known in
      if let known { return known }
      let counted = DocumentCharacters(document)
      known = counted
      return counted
    }
  }

  /// The anchor of page `index`'s first character, without laying out again a page released
  /// from the window (pages before page 0 come from the earlier pages).
  func anchor(ofPageAt index: Int) -> TextAnchor? {
    guard index >= 0 else { return page(at: index)?.anchor }
    return pages.withLock { $0.anchor(ofPageAt: index) }
  }

  /// The index of the page (from 0 on) that holds `anchor`; see
  /// ``/PaginateLayout/PageSet/pageIndex(containing:)``.
  func pageIndex(containing anchor: TextAnchor) -> Int? {
    pages.withLock { $0.pageIndex(containing: anchor) }
  }

  /// The share of the document laid out by the end of page `index`, when known; see
  /// ``/PaginateLayout/PageSet/endFraction(ofPage:)``.
  func endFraction(ofPage index: Int) -> Double? {
    guard index >= 0 else { return nil }
    return pages.withLock { $0.endFraction(ofPage: index) }
  }

  /// The index of the first page by whose end `fraction` of the document was laid out; see
  /// ``/PaginateLayout/PageSet/pageIndex(atFraction:)``.
  func pageIndex(atFraction fraction: Double) -> Int? {
    pages.withLock { $0.pageIndex(atFraction: fraction) }
  }

  /// Lays out up to `count` more pages; `false` once the end is laid out.
  func layOut(morePages count: Int) -> Bool {
    pages.withLock { $0.layOut(morePages: count) }
  }

  /// Whether the source never ends: there is no last page to lay out.
  var isEndless: Bool { reader.isEndless }

  /// Lays out the rest of the document and returns the page count (for an endless source,
  /// lays out nothing and returns the pages laid out so far).
  @discardableResult
  func layOutAll() -> Int {
    pages.withLock {
      $0.layOutAll()
      return $0.laidOutCount
    }
  }
}
