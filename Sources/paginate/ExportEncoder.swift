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

/// The bytes of an export, a piece at a time as pages come: the format's ``PageWriter`` fed the
/// spreads a ``SpreadGatherer`` groups the pages into. Memory holds a spread, not the export.
struct ExportEncoder {
  private var writer: any PageWriter
  private var gatherer: SpreadGatherer

  init(format: ExportCommand.Format, layout: LayoutOptionGroup, pdf settings: PDFSettings) {
    let facing = layout.facingOptions
    gatherer = SpreadGatherer(facing: facing)
    switch format {
    case .text:
      writer = TextPageWriter(renderer: TextRenderer(usesANSI: false), pageSize: layout.pageSize, facing: facing)
    case .json:
      writer = JSONPageSetWriter(pageSize: layout.pageSize, facing: facing)
    case .html:
      writer = HTMLBookWriter(pageSize: layout.pageSize, facing: facing, title: "paginate", paper: settings.paper)
    case .pdf:
      let selection = settings.selection
      writer = PDFPageWriter(
        options: PDFBookWriter.Options(
          pageSize: layout.pageSize, paper: settings.paper ?? .a4, imposition: settings.imposition,
          author: settings.author, facing: facing),
        includesPage: { selection.contains($0) })
    }
  }

  /// Why the format's writer failed (a PDF that cairo could not make), in a line.
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// The beginning, once the first document's title and language are known.
  mutating func beginning(title: String?, language: String? = nil) throws(Failure) -> [UInt8] {
    try Self.writing { try writer.begin(title: title, language: language) }
  }

  /// What `page` adds: itself, or, when it starts a new spread, the spread before it.
  mutating func add(_ page: Page) throws(Failure) -> [UInt8] {
    guard let spread = gatherer.add(page) else { return [] }
    return try Self.writing { try writer.write(spread: spread) }
  }

  /// The end: the last spread and what follows the pages.
  mutating func ending(documentPageCount: Int?) throws(Failure) -> [UInt8] {
    let last = gatherer.finish()
    return try Self.writing {
      var out = try last.map { try writer.write(spread: $0) } ?? []
      out += try writer.end(pageCount: documentPageCount)
      return out
    }
  }

  /// `body`'s bytes; whatever the writer threw as a ``Failure``.
  private static func writing(_ body: () throws -> [UInt8]) throws(Failure) -> [UInt8] {
    do {
      return try body()
    } catch {
      throw Failure(description: String(describing: error))
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
