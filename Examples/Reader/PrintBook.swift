import Paginate

/// Prints several files as one book: numbered across files, each chapter on a new page,
/// `{pages}` counting the whole book, page references in the book's numbering.
func printBook(_ paths: [String]) throws {
  var options = LayoutOptions(pageSize: PageSize(columns: 50, lines: 16))
  options.footer = "{file}||{page} of {pages}"
  let documents = try paths.map { path in
    let loaded = try AdapterRegistry.builtIn.loadInput(contentsOfFile: path)
    var chapter = options
    chapter.fileName = loaded.name
    return PrintDocument(reader: loaded.reader, options: chapter, name: loaded.name)
  }
  var run = PrintRun(documents: documents)
  var writer = TextPageWriter(renderer: TextRenderer(usesANSI: false), pageSize: options.pageSize)
  try run.write(to: &writer) { bytes, _ in print(String(decoding: bytes, as: UTF8.self), terminator: "") }
  for warning in run.source.warnings { print("reader: \(warning)") }
}
