import PaginateLayout
import PaginateRender

/// The text `paginate` prints and `export` writes as text: the pages (or, with `--facing`,
/// the spreads) in order, each exactly its height in lines, a form feed before each one after
/// the first. Pages arrive one at a time, so printing streams.
struct PrintedText {
  let renderer: TextRenderer
  let facing: FacingOptions?
  let pageSize: PageSize
  /// The spread being gathered, in facing mode: its index and the pages seen so far.
  private var spread: (index: Int, pages: [Page])?
  private var started = false

  init(renderer: TextRenderer, facing: FacingOptions?, pageSize: PageSize) {
    self.renderer = renderer
    self.facing = facing
    self.pageSize = pageSize
  }

  /// Adds a page; writes it (or the spread before it, once this page starts another).
  /// Pages not passed in (unselected) leave their side of a spread empty.
  mutating func add(_ page: Page, into output: inout [UInt8]) {
    guard let facing else {
      emit(page.lines, links: page.linkDestinations, into: &output)
      return
    }
    let index = facing.spreadIndex(ofPage: page.index)
    if spread?.index == index {
      spread?.pages.append(page)
      return
    }
    finish(into: &output)
    spread = (index, [page])
  }

  /// Writes the spread still being gathered, if any.
  mutating func finish(into output: inout [UInt8]) {
    guard let facing, let pages = spread?.pages, let whole = facing.spreads(of: pages).first else { return }
    spread = nil
    let links = pages.reduce(into: [Page.Link]()) { $0.add($1.linkDestinations) }
    emit(whole.lines(pageSize: pageSize, gutter: facing.gutter, spine: facing.drawsSpine), links: links, into: &output)
  }

  private mutating func emit(_ lines: [Line], links: [Page.Link], into output: inout [UInt8]) {
    if started { output.append(0x0C) }
    started = true
    renderer.render(lines, links: links, into: &output)
  }
}
