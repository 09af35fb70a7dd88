public import PaginateLayout
public import PaginateModel

/// One document of a ``PrintRun``: where its blocks come from and how it is laid out.
public struct PrintDocument {
  /// The document's blocks, read again from the start for each layout the run makes.
  public var reader: DocumentReader
  /// How it is laid out. The run sets ``/PaginateLayout/LayoutOptions/firstPageNumber``,
  /// ``/PaginateLayout/LayoutOptions/lastPageNumber`` and, when links print page numbers,
  /// ``/PaginateLayout/LayoutOptions/pageReferences``.
  public var options: LayoutOptions
  /// The name its warnings begin with: a file's name.
  public var name: String
  /// The size in bytes of the regular file it is read from; `nil` for a pipe or text in memory.
  /// A size says the document can be read again (for page references, when a guess of the
  /// last page number was too narrow) and sharpens that guess.
  public var fileSize: Int?

  /// A document read by `reader`, laid out with `options`.
  public init(reader: DocumentReader, options: LayoutOptions, name: String, fileSize: Int? = nil) {
    self.reader = reader
    self.options = options
    self.name = name
    self.fileSize = fileSize
  }

  /// Whether the run can lay it out more than once: its blocks are held, or read again from
  /// a file.
  var canLayOutAgain: Bool { reader.document != nil || fileSize != nil }

  /// Whether its in-document links can print their headings' page numbers: the document can be
  /// read again to find them.
  var readsAgain: Bool { reader.document != nil || reader.canResume }

  /// A guess of its last page number with `options`, for the width of page references in a
  /// first layout (a right guess spares a layout): by its lines when known, else by the file's
  /// size (pages of text half filled), else two digits' worth.
  func estimatedLastPage(_ options: LayoutOptions) -> Int {
    let area = max(options.bodyWidth * options.bodyHeight, 1)
    if let lines = reader.lastSourceLine {
      return options.firstPageNumber + lines / max(options.bodyHeight, 1)
    }
    if let fileSize {
      return options.firstPageNumber + fileSize * 2 / area
    }
    return 10
  }
}

/// The two passes of a ``PrintRun`` over its documents.
public enum PrintPass: Sendable, Hashable {
  /// Every document laid out only to count the run's pages, for `{pages}`.
  case counting
  /// The pages passed on.
  case printing
}

/// The documents of a ``PrintRun``, opened one at a time as the run reaches them, so that a
/// run of many files holds one open. A command line's files are one; an array of
/// ``PrintDocument`` is another.
public protocol PrintSource {
  /// How many documents the run prints.
  var count: Int { get }

  /// Opens the document at `index` for `pass`; `nil` skips it (a file that could not be read,
  /// reported by the source as it sees fit).
  ///
  /// When ``PrintRun`` counts pages first (for `{pages}` in a header or footer), each document
  /// is opened twice: first for ``PrintPass/counting``, then for ``PrintPass/printing``.
  mutating func open(_ index: Int, for pass: PrintPass) throws(PrintError) -> PrintDocument?

  /// The printing pass is done with the document at `index`: `complete`, every page was laid
  /// out (else the run stopped within it, past the last page selected). `warnings`: what the
  /// run found about it, one line each (notes left out, page numbers printed `?`).
  mutating func finished(_ index: Int, complete: Bool, warnings: [String]) throws(PrintError)
}

extension PrintSource {
  /// Does nothing with the warnings.
  public mutating func finished(_ index: Int, complete: Bool, warnings: [String]) throws(PrintError) {}
}

/// Documents given whole: a ``PrintSource`` over an array.
public struct PrintDocuments: PrintSource {
  /// The documents, in order.
  public var documents: [PrintDocument]
  /// The warnings the run gave, each document's in turn.
  public private(set) var warnings: [String] = []

  /// A source of `documents`, in order.
  public init(_ documents: [PrintDocument]) {
    self.documents = documents
  }

  public var count: Int { documents.count }

  public func open(_ index: Int, for pass: PrintPass) -> PrintDocument? {
    documents[index]
  }

  public mutating func finished(_ index: Int, complete: Bool, warnings: [String]) {
    self.warnings += warnings
  }
}
