internal import CPangoCairo
public import PaginateLayout
import PaginateRender
import PaginateModel

/// Writes pages as a PDF through cairo and pango: each page's grid of cells drawn in a
/// monospace font (DejaVu Sans Mono; wide characters from Noto Sans CJK, each centred in its two
/// cells), scaled to fill the paper inside its margins, with bold, italic, underline and
/// strike-through from the spans, links that can be clicked, an outline (bookmarks) from the
/// headings, and the title and author in the document's metadata. cairo embeds the fonts,
/// subset to the glyphs used.
///
/// Pages are drawn as they come and the PDF's bytes handed back as cairo writes them, so a
/// long book is not held: ``add(_:)`` for each page, then ``finish()``. An imposition
/// (``Imposition/booklet``) needs every page before the first sheet, so it holds them.
///
/// Not `Sendable`: it owns a cairo surface, which one thread draws on at a time.
public final class PDFBookWriter {
  /// What the PDF is made with.
  public struct Options: Sendable, Hashable {
    /// The size of every page, in cells.
    public var pageSize: PageSize
    /// The paper each page (or, imposed, each pair of pages) is printed on.
    public var paper: Paper
    /// How pages are put on sheets.
    public var imposition: Imposition
    /// The margin around the grid on each side of the paper, in points.
    public var margin: Double
    /// The document's title, for the PDF's metadata.
    public var title: String
    /// The document's author, for the PDF's metadata.
    public var author: String?
    /// How a viewer shows the pages: as a book's spreads (`/PageLayout /TwoPageRight`, or
    /// `/TwoPageLeft` when the first page is a left one), right to left when so; `nil` for one
    /// page at a time. (Imposed sheets are shown one at a time.)
    public var facing: FacingOptions?
    /// The language of the text, a BCP 47 tag (`ja`, `zh-TW`): it chooses the forms of Han
    /// characters (Noto Sans CJK's JP, KR, TC, HK or SC face; SC when not known).
    public var language: String?

    /// Creates options: A4, one page a sheet, half-inch margins.
    public init(
      pageSize: PageSize, paper: Paper = .a4, imposition: Imposition = .none, margin: Double = 36, title: String = "",
      author: String? = nil, facing: FacingOptions? = nil, language: String? = nil
    ) {
      self.facing = facing
      self.language = language
      self.pageSize = pageSize
      self.paper = paper
      self.imposition = imposition
      self.margin = margin
      self.title = title
      self.author = author
    }
  }

  /// Why a PDF could not be made.
  public struct Failure: Error, CustomStringConvertible, Sendable {
    /// What went wrong, in a line.
    public let description: String
  }

  /// What the PDF is made with.
  public let options: Options
  /// The bytes cairo has written and ``add(_:)`` or ``finish()`` has not yet handed back.
  private let output = Output()
  private let surface: OpaquePointer
  private let context: OpaquePointer
  private let grid: Grid
  private let fonts: Fonts
  private let layout: OpaquePointer
  /// Narrow characters drawn from the font's glyphs directly (`nil`: all through pango).
  private let glyphs: GridGlyphs?
  /// The page's glyphs drawn from `glyphs`, drawn at the page's end.
  private var batch = GlyphBatch()
  /// Wide characters shaped once each.
  private let shaped = ShapedClusters()
  /// The left edge of the page being drawn on its sheet (an imposition's right-hand page is
  /// moved by half the sheet): cairo 1.16 places a link's `rect` and a destination's `x` as
  /// given, not moved with the drawing.
  private var slotX = 0.0
  /// Pages held for an imposition.
  private var held: [Page] = []
  /// Sides of paper written so far.
  private var sidesWritten = 0
  /// The outline entries open at each level, for nesting headings.
  private var outlineParents: [(level: Int, id: Int32)] = []
  private var finished = false

  /// Starts a PDF.
  ///
  /// - Throws: ``Failure`` when pango and cairo cannot be opened (they are opened for the
  ///   first PDF, not when the program starts), or cairo cannot make the surface.
  public init(options: Options) throws(Failure) {
    if let failure = PangoCairoLibrary.failure { throw Failure(description: "cannot make a PDF: \(failure)") }
    self.options = options
    let sheet = options.imposition == .none ? Self.oriented(options.paper, for: options.pageSize) : options.paper.landscape
    // cairo keeps the box for its write callback, unretained: the writer holds `output` for as
    // long as the surface lives (the surface is destroyed in deinit, before the properties go).
    let box = Unmanaged.passUnretained(output).toOpaque()
    surface = cairo_pdf_surface_create_for_stream(Self.write, box, sheet.width, sheet.height)
    guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
      let message = String(cString: cairo_status_to_string(cairo_surface_status(surface)))
      cairo_surface_destroy(surface)
      throw Failure(description: "cannot make a PDF: \(message)")
    }
    cairo_pdf_surface_restrict_to_version(surface, CAIRO_PDF_VERSION_1_5)
    cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, "paginate")
    if !options.title.isEmpty { cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, options.title) }
    if let author = options.author, !author.isEmpty {
      cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_AUTHOR, author)
    }
    context = cairo_create(surface)
    layout = pango_cairo_create_layout(context)
    // Text is placed by cells: no hinting that would move glyphs off the grid.
    let fontOptions = cairo_font_options_create()
    cairo_font_options_set_hint_metrics(fontOptions, CAIRO_HINT_METRICS_OFF)
    cairo_font_options_set_hint_style(fontOptions, CAIRO_HINT_STYLE_NONE)
    pango_cairo_context_set_font_options(pango_layout_get_context(layout), fontOptions)
    cairo_font_options_destroy(fontOptions)
    // Nor rounding of glyph positions to whole points, which at 9 points made a run of
    // characters half a point a character wider than its cells.
    pango_context_set_round_glyph_positions(pango_layout_get_context(layout), 0)
    if let language = options.language {
      pango_context_set_language(pango_layout_get_context(layout), pango_language_from_string(language))
    }
    pango_layout_context_changed(layout)

    // The page's area on the sheet: the whole sheet, or half of it side by side.
    let slot = options.imposition == .none ? (width: sheet.width, height: sheet.height) : (width: sheet.width / 2, height: sheet.height)
    fonts = Fonts(size: 10, language: options.language)
    grid = Grid(
      pageSize: options.pageSize, slotWidth: slot.width, slotHeight: slot.height, margin: options.margin,
      fonts: fonts, layout: layout)
    fonts.resize(to: grid.fontSize)
    glyphs = GridGlyphs(fonts: fonts, layout: layout)
  }

  deinit {
    g_object_unref(UnsafeMutableRawPointer(layout))
    cairo_destroy(context)
    cairo_surface_destroy(surface)
  }

  /// The paper turned the way the page is: landscape for a page wider than tall.
  static func oriented(_ paper: Paper, for pageSize: PageSize) -> Paper {
    Double(pageSize.columns) * Grid.cellWidthInEm > Double(pageSize.lines) * Grid.lineHeightInEm ? paper.landscape : paper
  }

  /// Draws `page` (on its own sheet, or held for an imposition) and returns the bytes of the
  /// PDF made so far.
  public func add(_ page: Page) -> [UInt8] {
    if options.imposition == .none {
      draw(side: [page])
    } else {
      held.append(page)
    }
    return output.take()
  }

  /// Ends the PDF (drawing the sheets of an imposition) and returns its last bytes.
  ///
  /// - Throws: ``Failure`` when cairo reports an error.
  public func finish() throws(Failure) -> [UInt8] {
    guard !finished else { return output.take() }
    finished = true
    if options.imposition != .none {
      let sides = options.imposition.sides(pageCount: held.count)
      // The outline in page order (the sheets come in folding order): each heading leads to
      // the side its page is on.
      var sideOfPage = [Int](repeating: 0, count: held.count)
      for (side, pages) in sides.enumerated() {
        for page in pages.compactMap({ $0 }) { sideOfPage[page] = side + 1 }
      }
      for (index, page) in held.enumerated() {
        for heading in page.headings { addOutlineEntry(heading, side: sideOfPage[index], y: grid.top(ofLine: heading.line)) }
      }
      for side in sides {
        draw(side: side.map { $0.map { held[$0] } })
      }
      held = []
    }
    if sidesWritten == 0 {
      // A PDF has at least one page.
      cairo_show_page(context)
    }
    cairo_surface_finish(surface)
    let status = cairo_surface_status(surface)
    guard status == CAIRO_STATUS_SUCCESS else {
      throw Failure(description: "cannot write the PDF: \(String(cString: cairo_status_to_string(status)))")
    }
    let length = output.total
    var tail = output.take()
    XrefRepair.freeMisplacedEntries(in: &tail, objects: output.objects)
    if let facing = options.facing, options.imposition == .none {
      var entries = [facing.start == .right ? "/PageLayout /TwoPageRight" : "/PageLayout /TwoPageLeft"]
      if facing.progression == .rtl { entries.append("/ViewerPreferences << /Direction /R2L >>") }
      if let update = CatalogUpdate.appending(entries, toPDFEndingWith: tail, length: length) {
        tail += update
      }
    }
    return tail
  }

  /// Draws one side of paper: its pages left to right (`nil` leaves a half blank).
  private func draw(side pages: [Page?]) {
    sidesWritten += 1
    let slotWidth = options.imposition == .none ? 0 : options.paper.landscape.width / 2
    for (slot, page) in pages.enumerated() {
      guard let page else { continue }
      cairo_save(context)
      slotX = Double(slot) * slotWidth
      cairo_translate(context, slotX, 0)
      draw(page)
      cairo_restore(context)
    }
    cairo_show_page(context)
  }

  private func draw(_ page: Page) {
    for heading in page.headings {
      // (An imposition's outline is made before its sheets, in page order.)
      if options.imposition == .none { addOutlineEntry(heading, side: sidesWritten, y: grid.top(ofLine: heading.line)) }
      // The place in-document links lead to.
      let name = Self.destinationName(PageReferences.Target(pageNumber: page.number, line: heading.line))
      cairo_tag_begin(context, CAIRO_TAG_DEST, "name='\(name)' x=\(slotX + grid.left(ofColumn: 0)) y=\(grid.top(ofLine: heading.line))")
      cairo_tag_end(context, CAIRO_TAG_DEST)
    }
    for (row, line) in page.lines.enumerated() where !line.isEmpty {
      draw(line, row: row, links: page.linkDestinations)
    }
    batch.draw(on: context, fonts: glyphs)
  }

  /// An outline entry for `heading`, the next in page order, nested under the last one of a
  /// lower level, leading to side `side` (from 1) at height `y`.
  private func addOutlineEntry(_ heading: Page.Heading, side: Int, y: Double) {
    while let last = outlineParents.last, last.level >= heading.level { outlineParents.removeLast() }
    let parent = outlineParents.last?.id ?? Int32(CAIRO_PDF_OUTLINE_ROOT)
    let target = "page=\(side) pos=[0 \(Int(y))]"
    let flags = heading.level <= 1 ? CAIRO_PDF_OUTLINE_FLAG_OPEN : cairo_pdf_outline_flags_t(0)
    let id = cairo_pdf_surface_add_outline(surface, parent, heading.text, target, flags)
    outlineParents.append((heading.level, id))
  }

  /// Whether text in `style` is underlined: a link (not its furniture), or underlined text.
  static func isUnderlined(_ style: TextStyle) -> Bool {
    (style.contains(.link) && !style.contains(.furniture)) || style.contains(.underline)
  }

  /// Draws a line: its text in pieces of one style, each run of narrow characters at once
  /// (shaped together: Arabic joins, a run of right-to-left text is reordered) and each wide
  /// character in its own two cells. A link is the rectangle of its piece's cells (its
  /// glyphs are drawn with the page's, in ``batch``).
  private func draw(_ line: Line, row: Int, links: [Page.Link]) {
    let count = line.utf8Count
    // The style of each byte's piece: spans, with unstyled gaps between them.
    var segments: [(range: Range<Int>, style: TextStyle)] = []
    var position = 0
    for span in line.spans {
      if span.range.lowerBound > position { segments.append((position..<span.range.lowerBound, [])) }
      segments.append((span.range, span.style))
      position = span.range.upperBound
    }
    if position < count { segments.append((position..<count, [])) }

    let baseline = grid.baseline(ofLine: row)
    var column = 0
    // The line's bytes where it keeps them (a slice of its paragraph), not a copy.
    line.withUTF8 { buffer in
      for segment in segments {
        let link = segment.style.linkID != 0 ? links.first { $0.id == segment.style.linkID } : nil
        let uri = link.flatMap(linkAttributes)
        let ink = GlyphBatch.Ink(segment.style)
        let segmentColumn = column
        let style = segment.style
        let face = (style.contains(.bold) || style.syntax == .keyword ? 1 : 0) + (style.contains(.italic) || style.syntax == .comment ? 2 : 0)
        let pieceBytes = UnsafeBufferPointer(rebasing: buffer[segment.range])
        if let glyphs, GridGlyphs.isPrintableASCII(pieceBytes) {
          // Printable ASCII, the most of most lines: a byte a cell, its glyph from a table.
          batch.addASCII(
            pieceBytes, face: face, ink: ink, underline: Self.isUnderlined(style),
            strikethrough: style.contains(.strikethrough), x: grid.left(ofColumn: column), baseline: baseline,
            cellWidth: grid.cellWidth, from: glyphs)
          column += pieceBytes.count
          addLink(uri, from: segmentColumn, to: column, row: row)
          continue
        }
        // What pango draws comes in the piece's colour; the batch sets its own.
        let (red, green, blue) = ink.rgb
        cairo_set_source_rgb(context, red, green, blue)
        // A run is a stretch of narrow characters drawn at once: from the font's glyphs
        // (`scalars`, when each is one the face has and needs no shaping), else through pango.
        var runStart: Int?
        var runColumn = column
        var scalars: [UInt32]?
        func flushRun(upTo end: Int) {
          guard let start = runStart else { return }
          let x = grid.left(ofColumn: runColumn)
          if let scalars, let glyphs {
            batch.add(
              scalars, face: face, ink: ink, underline: Self.isUnderlined(style),
              strikethrough: style.contains(.strikethrough), x: x, baseline: baseline, cellWidth: grid.cellWidth,
              from: glyphs)
          } else {
            show(buffer, start..<end, style: style, x: x, cells: nil, baseline: baseline)
          }
          runStart = nil
        }
        DisplayWidth.forEachCluster(in: UnsafeBufferPointer(rebasing: buffer[segment.range])) { range, width in
          let lower = segment.range.lowerBound + range.lowerBound
          let upper = segment.range.lowerBound + range.upperBound
          if width == 1 {
            var scalar = DisplayWidth.singleScalar(in: buffer, lower..<upper)
            if let value = scalar, !GridGlyphs.isUnshaped(value) || glyphs?.glyph(of: value, face: face) == nil {
              scalar = nil
            }
            // A run changes kind where a character is drawn the other way.
            if runStart != nil && (scalar != nil) != (scalars != nil) { flushRun(upTo: lower) }
            if runStart == nil {
              runStart = lower
              runColumn = column
              scalars = scalar != nil ? [] : nil
            }
            if let scalar { scalars?.append(scalar) }
          } else {
            flushRun(upTo: lower)
            if width > 0 {
              drawWide(buffer, lower..<upper, style: style, face: face, ink: ink, column: column, cells: width, baseline: baseline)
            }
          }
          column += width
        }
        flushRun(upTo: segment.range.upperBound)
        addLink(uri, from: segmentColumn, to: column, row: row)
      }
    }
  }

  /// A link (cairo's attributes `uri`, if any) over the cells from `start` to `end` of `row`.
  private func addLink(_ uri: String?, from start: Int, to end: Int, row: Int) {
    guard let uri, end > start else { return }
    let rect = "rect=[\(slotX + grid.left(ofColumn: start)) \(grid.top(ofLine: row)) \(Double(end - start) * grid.cellWidth) \(grid.lineHeight)]"
    cairo_tag_begin(context, CAIRO_TAG_LINK, "\(uri) \(rect)")
    cairo_tag_end(context, CAIRO_TAG_LINK)
  }

  /// Draws a wide character (or cluster) centred in its `cells` from `column`: from the glyphs
  /// pango chose for it the first time (into the page's ``batch``), else through pango.
  private func drawWide(
    _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, style: TextStyle, face: Int, ink: GlyphBatch.Ink,
    column: Int, cells: Int, baseline: Double
  ) {
    let x = grid.left(ofColumn: column)
    let shape = shaped.shape(UnsafeBufferPointer(rebasing: bytes[range]), face: face, cells: cells, layout: layout) {
      prepare(bytes, range, style: style, cells: cells, decorated: false)
    }
    guard let shape else {
      show(bytes, range, style: style, x: x, cells: cells, baseline: baseline)
      return
    }
    let width = Double(cells) * grid.cellWidth
    batch.add(
      shape, text: UnsafeBufferPointer(rebasing: bytes[range]), ink: ink, underline: Self.isUnderlined(style),
      strikethrough: style.contains(.strikethrough), x: x + max((width - shape.width) / 2, 0), width: shape.width,
      baseline: baseline, rulesFrom: glyphs)
  }

  /// Sets `layout` to `bytes[range]` in the face of `style`: scaled for a character of two
  /// `cells`, and, when `decorated`, underlined as a link and struck through as `style` says.
  private func prepare(
    _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, style: TextStyle, cells: Int?, decorated: Bool
  ) {
    let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    pango_layout_set_font_description(layout, fonts.description(bold: style.contains(.bold), italic: style.contains(.italic)))
    text.withCString { pango_layout_set_text(layout, $0, -1) }
    let attributes = pango_attr_list_new()
    if decorated && Self.isUnderlined(style) {
      pango_attr_list_insert(attributes, pango_attr_underline_new(PANGO_UNDERLINE_SINGLE))
    }
    if decorated && style.contains(.strikethrough) { pango_attr_list_insert(attributes, pango_attr_strikethrough_new(1)) }
    if cells == 2 {
      // A CJK glyph is an em wide; its two cells are 1.2 em. At 1.12 times the size, centred,
      // the gaps between glyphs stay under a tenth of an em, so that text extraction
      // (pdftotext, copying) reads a row of them as one word, as it is.
      pango_attr_list_insert(attributes, pango_attr_scale_new(Self.wideScale))
    }
    pango_layout_set_attributes(layout, attributes)
    pango_attr_list_unref(attributes)
  }

  /// Shows `bytes[range]` with its left edge at `x` and on `baseline`; with `cells`, centred in
  /// that many cells (a wide character's glyph is seldom exactly two cells wide).
  private func show(
    _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, style: TextStyle, x: Double, cells: Int?, baseline: Double
  ) {
    prepare(bytes, range, style: style, cells: cells, decorated: true)
    var left = x
    if let cells {
      var ink = PangoRectangle()
      var logical = PangoRectangle()
      pango_layout_get_extents(layout, &ink, &logical)
      let width = Double(logical.width) / Double(PANGO_SCALE)
      left += max((Double(cells) * grid.cellWidth - width) / 2, 0)
    }
    let ascent = Double(pango_layout_get_baseline(layout)) / Double(PANGO_SCALE)
    cairo_move_to(context, left, baseline - ascent)
    pango_cairo_show_layout(context, layout)
  }

  /// The size of wide characters' glyphs relative to the font's.
  static let wideScale = 1.12

  /// Whether the page numbered so is in the PDF (a selection of pages may leave it out): an
  /// in-document link leads only to a page that is. Set it when adding a selection of a
  /// document's pages: a link to a heading on a page left out would lead nowhere (cairo 1.16
  /// leaves such a link dangling; later versions refuse the document).
  public var includesPage: (Int) -> Bool = { _ in true }

  /// cairo's write callback: appends the bytes to the writer's ``Output``.
  private static let write: cairo_write_func_t = { box, data, length in
    guard let box, let data else { return CAIRO_STATUS_WRITE_ERROR }
    let output = Unmanaged<Output>.fromOpaque(box).takeUnretainedValue()
    output.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
    return CAIRO_STATUS_SUCCESS
  }

  /// The bytes cairo has written, until taken.
  private final class Output {
    var bytes: [UInt8] = []
    /// Every byte written so far, taken or not.
    var total: Int { taken + bytes.count }
    private var taken = 0

    /// Where the objects taken so far begin, for ``XrefRepair``.
    private(set) var objects = XrefRepair.ObjectStarts()

    func take() -> [UInt8] {
      objects.note(bytes, at: taken)
      taken += bytes.count
      defer { bytes = [] }
      return bytes
    }
  }
}
