import PaginateLayout
import PaginatePDF
import PaginateRender

/// What a PDF export is printed on, from the command line (the paper an HTML book's too).
struct PDFSettings {
  var paper: Paper?
  var imposition: Imposition
  var author: String?
  /// The pages exported: in-document links lead only to these.
  var selection: PageRanges
}

/// The text of an export, a piece at a time as pages come: the beginning, each page (HTML and
/// page sets group a spread's pages), the end. Memory holds a spread, not the export.
struct ExportEncoder {
  let format: ExportCommand.Format
  let layout: LayoutOptionGroup
  let nonce: String
  private var printed: PrintedText
  private var html: HTMLBookWriter
  private var pageSet: JSONPageSetWriter
  private let pdfSettings: PDFSettings
  /// The PDF, made with the first page (its metadata wants the title).
  private var pdf: PDFBookWriter?
  /// The pages of the spread not yet written (one page at a time without facing).
  private var pending: [Page] = []
  private var viewsWritten = 0
  private var pagesWritten = 0
  /// The spreads written, as page numbers, for the page set's end.
  private var spreads: [(left: Int?, right: Int?)] = []

  init(format: ExportCommand.Format, layout: LayoutOptionGroup, nonce: String, pdf: PDFSettings) {
    self.format = format
    pdfSettings = pdf
    self.layout = layout
    self.nonce = nonce
    let facing = layout.facingOptions
    printed = PrintedText(renderer: TextRenderer(usesANSI: false), facing: facing, pageSize: layout.pageSize)
    html = HTMLBookWriter(pageSize: layout.pageSize, facing: facing, title: "paginate")
    pageSet = JSONPageSetWriter(pageSize: layout.pageSize, facing: facing)
  }

  /// The beginning, once the document's title and language are known.
  mutating func beginning(title: String?, language: String? = nil) -> [UInt8] {
    switch format {
    case .text: return []
    case .pdf:
      let options = PDFBookWriter.Options(
        pageSize: layout.pageSize, paper: pdfSettings.paper ?? .a4, imposition: pdfSettings.imposition,
        title: title ?? "", author: pdfSettings.author, facing: layout.facingOptions, language: language)
      pdf = Diagnostics.orFail { () throws(PDFBookWriter.Failure) in try PDFBookWriter(options: options) }
      let selection = pdfSettings.selection
      pdf?.includesPage = { selection.contains($0) }
      return []
    case .html:
      html.paper = pdfSettings.paper
      html.title = title ?? "paginate"
      return Array(html.beginning(nonce: nonce).utf8)
    case .json:
      pageSet.title = title
      return Array(pageSet.beginning().utf8)
    }
  }

  /// What `page` adds: itself, or, when it starts a new spread, the spread before it.
  mutating func add(_ page: Page) -> [UInt8] {
    switch format {
    case .text:
      var text: [UInt8] = []
      printed.add(page, into: &text)
      return text
    case .pdf:
      return pdf?.add(page) ?? []
    case .html, .json:
      var out: [UInt8] = []
      if let facing = layout.facingOptions, let first = pending.first,
        facing.spreadIndex(ofPage: first.index) == facing.spreadIndex(ofPage: page.index)
      {
        pending.append(page)
        return out
      }
      out = writePending()
      pending = [page]
      return out
    }
  }

  /// The end: the last spread and what follows the pages.
  mutating func ending(documentPageCount: Int?) throws(PDFBookWriter.Failure) -> [UInt8] {
    switch format {
    case .pdf:
      return try pdf?.finish() ?? []
    case .text:
      var text: [UInt8] = []
      printed.finish(into: &text)
      return text
    case .html:
      return writePending() + Array(html.ending(nonce: nonce).utf8)
    case .json:
      pageSet.documentPageCount = documentPageCount
      return writePending() + Array(pageSet.ending(spreads: spreads).utf8)
    }
  }

  private mutating func writePending() -> [UInt8] {
    defer { pending = [] }
    guard !pending.isEmpty else { return [] }
    var out = ""
    switch format {
    case .text, .pdf: break
    case .html:
      for view in html.views(of: pending) {
        out += html.view(view, index: viewsWritten)
        viewsWritten += 1
      }
    case .json:
      for page in pending {
        out += pageSet.page(page, isFirst: pagesWritten == 0)
        pagesWritten += 1
      }
      if let facing = layout.facingOptions {
        spreads += facing.spreads(of: pending).map { ($0.left?.number, $0.right?.number) }
      }
    }
    return Array(out.utf8)
  }
}

/// Where an export goes: standard output, or a file written atomically (``AtomicFile``).
struct ExportSink {
  // One of the two; optional chaining writes either in place.
  private var standardOutput: OutputWriter?
  private var file: AtomicFile?

  /// Standard output for `-`, else the file at `path`.
  init(_ path: String) throws(AtomicFile.Failure) {
    if path == "-" {
      standardOutput = OutputWriter()
    } else {
      file = try AtomicFile(path)
    }
  }

  mutating func write(_ bytes: [UInt8]) {
    standardOutput?.write(bytes)
    file?.write(bytes)
  }

  /// Writes what is left and, for a file, puts it in place.
  mutating func finish() throws(AtomicFile.Failure) {
    standardOutput?.flush()
    try file?.commit()
  }
}
