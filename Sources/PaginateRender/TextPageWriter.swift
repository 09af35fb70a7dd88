public import PaginateLayout

/// The text `paginate` prints and `export` writes as text: each page (or, with facing pages,
/// each spread, side by side with a gutter) exactly its height in lines, a form feed before
/// each one after the first (unless ``formFeeds`` is off).
public struct TextPageWriter: PageWriter, Sendable {
  /// How lines become bytes: plain, or with SGR styles and OSC 8 links.
  public var renderer: TextRenderer
  /// The size of every page.
  public var pageSize: PageSize
  /// How pages pair into spreads; `nil`: single pages.
  public var facing: FacingOptions?
  /// Whether a form feed goes before each page after the first: right for a printer (`lpr`,
  /// `pr`), wrong for a pager, which shows it as `^L` (the pages are their height in lines
  /// either way).
  public var formFeeds = true
  private var started = false

  /// A writer of pages of `pageSize`, single or paired by `facing`.
  public init(renderer: TextRenderer, pageSize: PageSize, facing: FacingOptions? = nil) {
    self.renderer = renderer
    self.pageSize = pageSize
    self.facing = facing
  }

  /// Nothing: text has no header.
  public mutating func begin(title: String?, language: String?) -> [UInt8] { [] }

  /// The page, or the spread's pages side by side.
  public mutating func write(spread pages: [Page]) -> [UInt8] {
    var output: [UInt8] = []
    write(spread: pages, into: &output)
    return output
  }

  /// The page, or the spread's pages side by side, appended to `output` (a printer's buffer:
  /// no array a page).
  public mutating func write(spread pages: [Page], into output: inout [UInt8]) {
    func startPage() {
      if started && formFeeds { output.append(0x0C) }
      started = true
    }
    if let facing, let whole = facing.spreads(of: pages).first {
      startPage()
      let links = pages.reduce(into: [Page.Link]()) { $0.add($1.linkDestinations) }
      renderer.render(whole.lines(pageSize: pageSize, gutter: facing.gutter, spine: facing.drawsSpine), links: links, into: &output)
    } else {
      for page in pages {
        startPage()
        renderer.render(page.lines, links: page.linkDestinations, into: &output)
      }
    }
  }

  /// Nothing: text has no trailer.
  public mutating func end(pageCount: Int?) -> [UInt8] { [] }
}
