import ArgumentParser
import PaginateLayout
import PaginatePDF
import PaginateRender
import PaginateSystem

/// `paginate export --pages RANGES -o OUT FILE ...`: write a page range as text, JSON, HTML or PDF.
struct ExportCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "export",
    abstract: "Write pages to a file as text, JSON, HTML or PDF.",
    discussion: """
      The format comes from the output's extension (.txt, .json, .html, .pdf) or --format. The file \
      is written atomically: an interrupted or failed export leaves no partial file, and an \
      export never overwrites one of its inputs. With -o -, the export goes to standard output.

      text   the printed pages, separated by form feeds, as `paginate` prints them
      json   the page set: every page with its number, side, lines, style spans,
             source lines and running head (Docs/PageSetJSON.md, schema
             Docs/pageset.schema.json)
      html   one self-contained file: pages drawn as sheets, spreads side by side
             with --facing, arrow keys and clicks to turn pages, one page per sheet
             when printed (A4 or Letter)
      pdf    each page on a sheet of --paper, its grid in DejaVu Sans Mono (Noto
             Sans CJK for wide characters), fonts embedded, links that can be
             clicked, bookmarks from the headings; --imposition 2up or booklet
             puts two pages on each side of a sheet

      Examples:
        paginate export -o guide.html --facing --page-size a5 SampleDocs/guide.md
        paginate export --pages 3-7,10 -o part.json book.md
        paginate export --format text -o - --pages 1 notes.txt
        paginate export -o book.pdf --paper letter --double-sided README.md
        paginate export -o zine.pdf --imposition booklet --page-size a5 story.md
      """
  )

  /// The export formats.
  enum Format: String, CaseIterable, ExpressibleByArgument {
    case text
    case json
    case html
    case pdf
  }

  @OptionGroup var input: InputOptions
  @OptionGroup var layout: LayoutOptionGroup

  @Option(
    help: ArgumentHelp("Printed page numbers to export: N, N-M, N-, odd, even, or a comma list.", valueName: "ranges"),
    transform: PageRanges.parse)
  var pages: PageRanges = .all

  @Option(name: .shortAndLong, help: ArgumentHelp("The file to write ('-' for standard output).", valueName: "path"))
  var output: String

  @Option(help: ArgumentHelp("text, json, html or pdf (default: from the output's extension).", valueName: "format"))
  var format: Format?

  @Option(
    help: ArgumentHelp(
      "Paper for PDF and HTML: \(Paper.all.map(\.name).joined(separator: ", ")) (PDF default a4, HTML the browser's; turned for a wide page).",
      valueName: "paper"),
    transform: ExportCommand.paper)
  var paper: Paper?

  @Option(help: ArgumentHelp("PDF sheets: none, 2up, or booklet (two pages a side, to fold).", valueName: "imposition"))
  var imposition: Imposition = .none

  @Option(help: ArgumentHelp("The author named in a PDF's metadata.", valueName: "name"))
  var author: String?

  @Argument(help: ArgumentHelp("The files to export ('-' for standard input).", valueName: "file"), completion: .file())
  var files: [String] = []

  func validate() throws {
    // --paper, --imposition and --author may come from config.toml for every export: a format
    // that has no use for them leaves them be.
    let format = try resolvedFormat()
    if format == .pdf && output == "-" && FileDescriptor.standardOutput.isTerminal {
      throw ValidationError("Refusing to write a PDF to the terminal; name a file with -o or pipe the output.")
    }
    // An input that does not exist is not overwritten: reading it fails, with its own message.
    for file in files where file != "-" && output != "-" && (try? FileStatus(path: file)) != nil {
      if file == output || AtomicFile.sameFile(file, output) {
        throw ValidationError("Refusing to overwrite the input '\(file)' with the export; choose another -o path.")
      }
    }
  }

  private func resolvedFormat() throws -> Format {
    if let format { return format }
    let lowered = output.lowercased()
    if lowered.hasSuffix(".json") { return .json }
    if lowered.hasSuffix(".html") || lowered.hasSuffix(".htm") { return .html }
    if lowered.hasSuffix(".pdf") { return .pdf }
    if lowered.hasSuffix(".txt") || lowered.hasSuffix(".text") || output == "-" { return .text }
    throw ValidationError("Cannot tell the format of '\(output)' from its extension; add --format text, json, html or pdf.")
  }

  mutating func run() throws {
    let format = try resolvedFormat()
    var progress = Progress(enabled: output != "-" && FileDescriptor.standardError.isTerminal)
    // Text has no styles: `--marks auto` marks them in it. A page set and HTML carry styles.
    let files = FileSource(files: files, input: input, layout: layout, styled: format != .text, skipsUnreadableFiles: false)
    var run = PrintRun(files: files, layout: layout, selection: pages)
    // Each spread is written as it is laid out, so memory holds a spread rather than the
    // export. The output is opened with the first page: nothing is written when --pages
    // selects none (one line then says how many there are).
    var writer = ExportCommand.writer(
      format: format, layout: layout, pdf: PDFSettings(paper: paper, imposition: imposition, author: author, selection: pages))
    var sink: ExportSink? = nil
    let output = output
    Diagnostics.orFail { () throws(PrintError) in
      try run.write(to: &writer) { bytes, lastPage throws(PrintError) in
        if sink == nil {
          do throws(AtomicFile.Failure) { sink = try ExportSink(output) } catch { throw PrintError(error.description) }
        }
        sink?.write(bytes)
        if let lastPage { progress.update(page: lastPage) }
      }
    }
    progress.finish()
    run.checkSelection(firstPage: layout.firstPage)
    guard var sink else { return }
    Diagnostics.orFail { () throws(AtomicFile.Failure) in try sink.finish() }
  }

  /// The paper `--paper` names.
  static func paper(_ name: String) throws -> Paper {
    guard let paper = Paper(named: name) else {
      throw ValidationError("Unknown paper '\(name)'; use \(Paper.all.map(\.name).joined(separator: ", ")).")
    }
    return paper
  }
}

/// "exporting page N" on stderr, redrawn in place, only when stderr is a terminal.
struct Progress {
  let enabled: Bool
  private var lastDrawn = 0
  private var shown = false

  init(enabled: Bool) { self.enabled = enabled }

  mutating func update(page: Int) {
    guard enabled, page - lastDrawn >= 25 else { return }
    lastDrawn = page
    shown = true
    Diagnostics.raw("\rpaginate: laying out page \(page)…")
  }

  mutating func finish() {
    if shown { Diagnostics.raw("\r\u{1B}[K") }
  }
}
