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

extension ExportCommand {
  /// The writer of `format`, for pages of the layout's size and facing.
  static func writer(format: Format, layout: LayoutOptionGroup, pdf settings: PDFSettings) -> any PageWriter {
    let facing = layout.facingOptions
    switch format {
    case .text:
      return TextPageWriter(renderer: TextRenderer(usesANSI: false), pageSize: layout.pageSize, facing: facing)
    case .json:
      return JSONPageSetWriter(pageSize: layout.pageSize, facing: facing)
    case .html:
      return HTMLBookWriter(pageSize: layout.pageSize, facing: facing, title: "paginate", paper: settings.paper)
    case .pdf:
      let selection = settings.selection
      return PDFPageWriter(
        options: PDFBookWriter.Options(
          pageSize: layout.pageSize, paper: settings.paper ?? .a4, imposition: settings.imposition,
          author: settings.author, facing: facing),
        includesPage: { selection.contains($0) })
    }
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
