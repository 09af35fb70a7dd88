public import PaginateLayout
public import PaginateRender

/// A PDF written as a ``/PaginateRender/PageWriter``: the ``PDFBookWriter`` is made when the
/// run begins, when the first document's title and language (for the metadata and the faces
/// of Han characters) are known.
///
/// Not `Sendable`, as the book writer it holds is not.
public struct PDFPageWriter: PageWriter {
  /// Why the PDF could not be made.
  public typealias Failure = PDFBookWriter.Failure

  /// What the PDF is made with; `title` and `language` are filled in by ``begin(title:language:)``.
  public var options: PDFBookWriter.Options
  /// Whether the page numbered so is in the PDF (see ``PDFBookWriter/includesPage``).
  public var includesPage: (Int) -> Bool
  private var book: PDFBookWriter?

  /// A writer that will make a PDF with `options`, of the pages `includesPage` accepts.
  public init(options: PDFBookWriter.Options, includesPage: @escaping (Int) -> Bool = { _ in true }) {
    self.options = options
    self.includesPage = includesPage
  }

  /// Makes the PDF; nothing is written before the first page.
  ///
  /// - Throws: ``PDFBookWriter/Failure`` when pango and cairo cannot be opened.
  public mutating func begin(title: String?, language: String?) throws(PDFBookWriter.Failure) -> [UInt8] {
    var options = options
    options.title = title ?? options.title
    options.language = options.language ?? language
    let book = try PDFBookWriter(options: options)
    book.includesPage = includesPage
    self.book = book
    return []
  }

  /// The spread's pages, each on its sheet (or held for an imposition).
  public mutating func write(spread pages: [Page]) -> [UInt8] {
    guard let book else { return [] }
    return pages.flatMap { book.add($0) }
  }

  /// The rest of the PDF: held sheets, the outline, the trailer.
  ///
  /// - Throws: ``PDFBookWriter/Failure`` when cairo could not finish the document.
  public mutating func end(pageCount: Int?) throws(PDFBookWriter.Failure) -> [UInt8] {
    try book?.finish() ?? []
  }
}
