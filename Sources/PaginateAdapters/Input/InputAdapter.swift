import Synchronization
public import PaginateModel

/// Something that turns the bytes of an input into a ``/PaginateModel/Document``: Markdown, plain text,
/// JSON, or a format a third party adds.
///
/// The built-in adapters conform to this protocol exactly as a third party would; register
/// yours in an ``AdapterRegistry`` and `--from NAME`, its file extensions and its sniffing hook
/// choose it.
///
///     struct CSVAdapter: InputAdapter {
///       let name = "csv"
///       let fileExtensions = ["csv"]
///       let summary = "Comma-separated values, a row a line"
///       func document(from input: AdapterInput) throws(InputError) -> Document {
///         let rows = input.text.split(separator: "\n").map { $0.split(separator: ",").joined(separator: " · ") }
///         return Document(blocks: [Block(.lines(rows.joined(separator: "\n")))])
///       }
///     }
public protocol InputAdapter: Sendable {
  /// The name used with `--from` (lowercase, no spaces).
  var name: String { get }
  /// The file extensions this adapter reads, without the dot, lowercase (`["md", "markdown"]`).
  var fileExtensions: [String] { get }
  /// One line that says what the adapter reads, for `paginate adapters`.
  var summary: String { get }
  /// Whole file names this adapter reads whatever their extension (`Makefile`, `.bashrc`,
  /// `CMakeLists.txt`): they choose it before extensions do. The default is none.
  var fileNames: [String] { get }

  /// Whether the start of an input looks like this adapter's format.
  ///
  /// Called only when neither `--from` nor the file extension chose an adapter. The default
  /// answers `false`.
  ///
  /// - Parameter head: Up to the first 8 KiB of the input.
  func sniff(_ head: ArraySlice<UInt8>) -> Bool

  /// Reads a document.
  ///
  /// - Throws: ``InputError`` when the input is not valid for this format. Formats without
  ///   syntax errors (Markdown, plain text) never throw.
  func document(from input: AdapterInput) throws(InputError) -> Document

  /// Whether every string in the documents this adapter returns is already free of control
  /// characters (see `VisibleControls`). When `false` (the default), the registry cleans the
  /// document after the adapter; a built-in adapter that cleans as it reads says `true` to
  /// save the second pass.
  var guaranteesVisibleText: Bool { get }

  /// Whether the adapter reads binary formats (a Word file, say). Such an input is not refused
  /// for its NUL bytes when this adapter's extension chose it, and is not checked for invalid
  /// UTF-8. The default is `false`: the input is text.
  var readsBinaryInput: Bool { get }
}

extension InputAdapter {
  /// By default no file name chooses the adapter.
  public var fileNames: [String] { [] }

  /// By default an adapter is chosen only by name or extension.
  public func sniff(_ head: ArraySlice<UInt8>) -> Bool { false }

  /// By default the registry cleans what an adapter returns.
  public var guaranteesVisibleText: Bool { false }

  /// By default an adapter reads text.
  public var readsBinaryInput: Bool { false }
}

/// An adapter that can also produce blocks incrementally, so that the first page appears
/// before the rest of the input is converted. Plain text also reads its input in chunks, so
/// a huge file is paginated with memory bounded by what one page needs.
public protocol StreamingInputAdapter: InputAdapter {
  /// Blocks read from `read`, a function that fills a buffer and returns the number of bytes
  /// written (0 at the end of the input, negative on an error, which ends it too).
  ///
  /// Control characters are made visible and invalid UTF-8 replaced as in ``InputAdapter/document(from:)``.
  func blockStream(
    reading read: @escaping @Sendable (UnsafeMutableRawBufferPointer) -> Int, name: String,
    diagnostics: ReadDiagnostics
  ) -> any BlockStream

  /// Blocks read from `read`, as ``blockStream(reading:name:diagnostics:)``, knowing the
  /// input's size in bytes when the caller does (a regular file, text in memory), so that the
  /// source can report its ``/PaginateModel/BlockStream/progress``. By default the size is not used.
  func blockStream(
    reading read: @escaping @Sendable (UnsafeMutableRawBufferPointer) -> Int, name: String,
    diagnostics: ReadDiagnostics, inputSize: Int?
  ) -> any BlockStream

  /// Blocks read from `read`, as ``blockStream(reading:name:diagnostics:inputSize:)``, from an
  /// input that can be read again from its start (a regular file, text in memory):
  /// `readingAgain` gives a new function that reads it from its first byte (`nil` if it no
  /// longer can). An adapter that must see all of its input before its first block (in
  /// Markdown, a definition anywhere applies to the whole text) can then look it over once and
  /// read it again a part at a time, rather than hold it whole. By default it is not used.
  func blockStream(
    reading read: @escaping @Sendable (UnsafeMutableRawBufferPointer) -> Int, name: String,
    diagnostics: ReadDiagnostics, inputSize: Int?,
    readingAgain: @escaping @Sendable () -> (@Sendable (UnsafeMutableRawBufferPointer) -> Int)?
  ) -> any BlockStream

  /// Blocks read from `read`, which starts at the mark's
  /// ``/PaginateModel/BlockStreamMark/inputOffset``, continuing a reader of this adapter's that
  /// gave `mark` (``/PaginateModel/BlockStream/mark``): the same blocks it would have given
  /// next. `nil` (the default) when the adapter cannot resume; its pages are then all kept.
  func blockStream(
    resuming mark: BlockStreamMark, reading read: @escaping @Sendable (UnsafeMutableRawBufferPointer) -> Int,
    name: String, inputSize: Int?
  ) -> (any BlockStream)?
}

extension StreamingInputAdapter {
  /// Cannot resume.
  public func blockStream(
    resuming mark: BlockStreamMark, reading read: @escaping @Sendable (UnsafeMutableRawBufferPointer) -> Int,
    name: String, inputSize: Int?
  ) -> (any BlockStream)? {
    nil
  }

  /// Ignores the size.
  public func blockStream(
    reading read: @escaping @Sendable (UnsafeMutableRawBufferPointer) -> Int, name: String,
    diagnostics: ReadDiagnostics, inputSize: Int?
  ) -> any BlockStream {
    blockStream(reading: read, name: name, diagnostics: diagnostics)
  }

  /// Reads the input once.
  public func blockStream(
    reading read: @escaping @Sendable (UnsafeMutableRawBufferPointer) -> Int, name: String,
    diagnostics: ReadDiagnostics, inputSize: Int?,
    readingAgain: @escaping @Sendable () -> (@Sendable (UnsafeMutableRawBufferPointer) -> Int)?
  ) -> any BlockStream {
    blockStream(reading: read, name: name, diagnostics: diagnostics, inputSize: inputSize)
  }
}

/// What an incremental read found that the user should hear about once it is done.
public final class ReadDiagnostics: Sendable {
  private let invalid = Mutex(0)

  /// Creates an empty record.
  public init() {}

  /// Records `count` invalid UTF-8 sequences replaced by U+FFFD.
  public func addInvalidUTF8(_ count: Int) {
    invalid.withLock { $0 += count }
  }

  /// The invalid UTF-8 sequences replaced so far.
  public var invalidUTF8Count: Int { invalid.withLock { $0 } }

  private let notes = Mutex<[String]>([])

  /// Records a warning about the input, one line without the input's name (`line 7: …`).
  public func addWarning(_ warning: String) {
    notes.withLock { $0.append(warning) }
  }

  /// The warnings recorded so far, in order.
  public var warnings: [String] { notes.withLock { $0 } }

  private let failureMessage = Mutex<String?>(nil)

  /// Records why the input could not be read to its end (the first reason is kept): the
  /// blocks before stand, and the command fails once it has shown them.
  public func fail(_ message: String) {
    failureMessage.withLock { if $0 == nil { $0 = message } }
  }

  /// Why the input could not be read to its end, if it could not.
  public var failure: String? { failureMessage.withLock { $0 } }
}
