/// The input an adapter reads: its bytes and, when it came from a file, the file's name.
public struct AdapterInput: Sendable {
  /// The raw bytes of the input.
  public var bytes: [UInt8]
  /// The name to show in messages: a path, or `-` / `<stdin>` for standard input.
  public var name: String

  /// Creates an input from its bytes.
  public init(bytes: [UInt8], name: String) {
    self.bytes = bytes
    self.name = name
  }

  /// Creates an input from text.
  ///
  /// With no name, the text counts as handed over by an app (``isInMemory``): one sign of
  /// Markdown is then enough for the registry to read it as Markdown.
  public init(text: String, name: String = "<text>") {
    self.init(bytes: Array(text.utf8), name: name)
  }

  /// Whether the input is text an app holds in memory rather than a file or standard input:
  /// its name is in angle brackets (`<text>`, `<memory>`, as the initialisers from text and
  /// bytes give it), other than `<stdin>`. The registry reads such text as Markdown on one
  /// sign of it (a heading, an emphasis pair, a link, a list item, a fence), where standard
  /// input, which may be any file, needs two kinds.
  public var isInMemory: Bool {
    name.hasPrefix("<") && name.hasSuffix(">") && name != "<stdin>"
  }

  /// The input decoded as UTF-8, with every invalid sequence replaced by U+FFFD.
  ///
  /// A leading byte-order mark is dropped. Use ``invalidUTF8Count`` to find out whether
  /// anything was replaced.
  public var text: String {
    String(decoding: ByteText.droppingByteOrderMark(bytes[...]), as: UTF8.self)
  }

  /// The number of invalid UTF-8 sequences (each becomes one U+FFFD in ``text``).
  ///
  /// - Complexity: O(n), with an ASCII fast path.
  public var invalidUTF8Count: Int { UTF8Validation.invalidSequenceCount(bytes) }

  /// The extension of ``name``, lowercase and without the dot; empty when there is none.
  public var fileExtension: String { Self.fileExtension(of: name) }

  /// The last component of a path (`CMakeLists.txt` of `src/CMakeLists.txt`).
  package static func fileName(of name: String) -> String {
    String(name.split(separator: "/", omittingEmptySubsequences: false).last ?? "")
  }

  /// The extension of a file name or path, lowercase and without the dot; empty when there is
  /// none (or the name starts with its only dot, as `.profile` does).
  public static func fileExtension(of name: String) -> String {
    let base = fileName(of: name)
    guard let dot = base.lastIndex(of: "."), dot != base.startIndex else { return "" }
    return base[base.index(after: dot)...].lowercased()
  }
}
