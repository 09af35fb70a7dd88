import PaginateAdapters
import PaginateLayout
import PaginateModel
import PaginateRender
import PaginateSystem

/// The files of a command line as the documents of a ``PrintRun``: each loaded by the adapter
/// registry when the run reaches it, its warnings on standard error.
struct FileSource: PrintSource {
  let files: [String]
  let registry: AdapterRegistry
  let input: InputOptions
  let layout: LayoutOptionGroup
  /// Whether the output shows styles (colour, HTML, a page set): `--marks auto` then adds no
  /// marks to the text.
  let styled: Bool
  /// Whether a file that cannot be read is skipped with its error (as `cat` does, for
  /// printing) rather than ending the program (an export is all or nothing).
  let skipsUnreadableFiles: Bool
  /// The errors of the files skipped (``skipsUnreadableFiles``).
  private(set) var skipped: [String] = []
  /// The file being printed, for the warnings at its end.
  private var loaded: LoadedInput?

  init(files: [String], input: InputOptions, layout: LayoutOptionGroup, styled: Bool, skipsUnreadableFiles: Bool) {
    let files = files.isEmpty ? ["-"] : files
    self.files = files
    self.input = input
    self.layout = layout
    self.styled = styled
    self.skipsUnreadableFiles = skipsUnreadableFiles
    registry = Diagnostics.orFail { () throws(InputError) in try input.registry(for: files, showsStyles: styled) }
  }

  var count: Int { files.count }

  /// Whether `{pages}` needs a first pass over the files: several files, each of which can be
  /// read twice (standard input cannot: then each file counts its own).
  var countsPages: Bool { files.count > 1 && !files.contains("-") && layout.showsPageCount }

  mutating func open(_ index: Int, for pass: PrintPass) -> PrintDocument? {
    let path = files[index]
    let printing = pass == .printing
    let loaded: LoadedInput
    do throws(InputError) {
      loaded = try registry.loadInput(contentsOfFile: path, format: input.from)
    } catch {
      guard skipsUnreadableFiles else { Diagnostics.fail(error.description) }
      if printing {
        Diagnostics.error(error.description)
        skipped.append(error.description)
      }
      return nil
    }
    if printing {
      for warning in loaded.warnings { Diagnostics.warn(warning) }
      self.loaded = loaded
    }
    // A named pipe is read once (opened again, it would wait for a writer).
    let status = path == "-" ? nil : try? FileStatus(path: path)
    return PrintDocument(
      reader: loaded.reader, options: layout.layoutOptions(fileName: loaded.name, styled: styled), name: loaded.name,
      fileSize: status?.kind == .regular ? status?.size : nil)
  }

  mutating func finished(_ index: Int, complete: Bool, warnings: [String]) {
    guard let loaded else { return }
    self.loaded = nil
    for warning in warnings { Diagnostics.warn(warning) }
    // The input could not be read to its end (an endless Markdown stream): what was read was
    // shown, and the command fails.
    if complete, let error = loaded.finalError {
      guard skipsUnreadableFiles else { Diagnostics.fail(error) }
      Diagnostics.error(error)
      skipped.append(error)
    }
    for warning in loaded.finalWarnings { Diagnostics.warn(warning) }
  }
}

extension PrintRun where Source == FileSource {
  /// The run of a command line's files.
  init(files: FileSource, layout: LayoutOptionGroup, selection: PageRanges) {
    self.init(
      source: files, firstPageNumber: layout.firstPage, selection: selection, facing: layout.facingOptions,
      countsPages: files.countsPages)
  }

  /// Ends the program when `--pages` selected no page at all, with one line saying how many
  /// pages there are (as pr does); ranges that reach past the end only print what there is.
  func checkSelection(firstPage: Int) {
    guard let total = totalPages, selection != .all, selectedCount == 0 else { return }
    let last = firstPage + total - 1
    let pages = total == 0 ? "no pages" : total == 1 ? "1 page (\(last))" : "\(total) pages (\(firstPage)-\(last))"
    Diagnostics.fail("--pages \(selection) selects no page: the output has \(pages)")
  }
}
