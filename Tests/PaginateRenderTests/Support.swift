import PaginateLayout
import PaginateModel
import PaginateRender
import Testing

/// Options for a page of `columns` by `lines` cells with no footer, unless changed by
/// `configure`.
func options(_ columns: Int, _ lines: Int, _ configure: (inout LayoutOptions) -> Void = { _ in }) -> LayoutOptions {
  var options = LayoutOptions(pageSize: PageSize(columns: columns, lines: lines))
  options.footer = ""
  configure(&options)
  return options
}

/// Every page of `document`, laid out through the public layout API.
func pages(_ document: Document, _ options: LayoutOptions) throws -> [Page] {
  var set = try PageSet(document: document, options: options)
  return set.allPages()
}

/// The first page of `document`.
func firstPage(_ document: Document, _ options: LayoutOptions, sourceLocation: SourceLocation = #_sourceLocation)
  throws -> Page
{
  try #require(try pages(document, options).first, "no page", sourceLocation: sourceLocation)
}

/// The text `renderer` writes for `lines`, with the links given.
func rendered(_ lines: [Line], _ renderer: TextRenderer, links: [Page.Link] = []) -> String {
  var bytes: [UInt8] = []
  renderer.render(lines, links: links, into: &bytes)
  return String(decoding: bytes, as: UTF8.self)
}

/// The text `renderer` writes for `page`, with the page's links.
func rendered(_ page: Page, _ renderer: TextRenderer) -> String {
  rendered(page.lines, renderer, links: page.linkDestinations)
}

/// ESC, for writing the expected escape sequences.
let esc = "\u{1B}"

/// `text` with the renderer's own escape sequences removed: SGR (`ESC [ … m`) and OSC 8
/// hyperlinks (`ESC ] 8 ; params ; URI ESC \`).
func withoutRendererSequences(_ text: String) -> String {
  text.replacing(#/\u{1B}\[[0-9;]*m/#, with: "").replacing(#/\u{1B}\]8;[^\u{1B}\u{07}]*\u{1B}\\/#, with: "")
}

/// Whether `text` holds anything a terminal would act on: C0 controls other than newline,
/// DEL, C1 controls, or bidirectional overrides and isolates.
func hasControls(_ text: String) -> Bool {
  text.unicodeScalars.contains { scalar in
    let value = scalar.value
    return (value < 0x20 && value != 0x0A) || (0x7F...0x9F).contains(value)
      || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
  }
}

/// How many times `needle` occurs in `text`, without overlaps.
func occurrences(of needle: String, in text: some StringProtocol) -> Int {
  text.ranges(of: needle).count
}
