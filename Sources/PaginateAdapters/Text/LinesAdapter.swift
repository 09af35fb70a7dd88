public import PaginateModel

/// Reads text line by line, as `pr` and `less` show it: logs, source code, configuration
/// files, tables of columns, man pages. Every input line starts a line on the page; a line
/// wider than the page wraps with a continuation mark (`↪`); tabs expand to the tab stops;
/// blank lines are kept; a form feed breaks the page. The page may break between any two lines.
///
/// It is chosen by `--from lines`, by a file name or extension of such files (`Makefile`,
/// `.bashrc`, `.log`, `.swift`, `.conf`, …), and, for text that nothing else chose, by
/// its contents when they are not mostly paragraphs of prose (see ``sniff(_:)``).
///
/// Like ``PlainTextAdapter``, it reads a chunk at a time, with memory bounded however long the
/// input runs, can resume at any block it gave (a pager keeps only a window of pages), makes
/// control characters visible (`^[` for ESC) and replaces invalid UTF-8 with U+FFFD.
public struct LinesAdapter: StreamingInputAdapter {
  public let name = "lines"
  public let summary = "Text kept line by line (logs, source code, configuration): long lines wrap with ↪"

  /// Whether SGR sequences in the input (`ls --color=always`, `git log --color`) become
  /// styles of the text, as `less -R` shows them; otherwise they are made visible (`^[[31m`).
  public var readsColours: Bool

  /// Whether programs are highlighted, and in which language.
  public var highlighting: Highlighting

  /// Whether and how programs read as lines are highlighted (with GNU source-highlight's
  /// language definitions).
  public enum Highlighting: Sendable, Hashable {
    /// No highlighting.
    case off
    /// The language from the file's name or extension, else from a `#!` first line; text of
    /// no known language is left plain, and so is a file over ``automaticLimit`` bytes.
    case automatic
    /// The language named (`python`, `c`, `sh`: see ``SyntaxHighlighting/languages``).
    case language(String)
  }

  /// The largest file highlighted automatically: 8 MiB. source-highlight's regular
  /// expressions take about 1.4 µs a byte (11 s for 8 MiB); a program is seldom longer, a log
  /// often is, and a pager searching or going to the end of 200 MB of log would take minutes.
  public static let automaticLimit = 8 << 20

  /// `highlighting` for an input of `size` bytes (`nil`: unknown, a pipe).
  static func highlighting(_ highlighting: Highlighting, size: Int?) -> Highlighting {
    if highlighting == .automatic, let size, size > automaticLimit { return .off }
    return highlighting
  }

  /// Creates the adapter; `readsColours` and `highlighting` as ``readsColours`` and
  /// ``highlighting`` say.
  public init(readsColours: Bool = false, highlighting: Highlighting = .off) {
    self.readsColours = readsColours
    self.highlighting = highlighting
  }

  /// Extensions of files made of lines: logs, configuration, source code and scripts.
  public let fileExtensions = [
    "log", "conf", "cfg", "cnf", "ini", "properties", "rc", "service", "socket", "timer", "mount", "desktop",
    "list", "sources", "diff", "patch", "yml", "yaml", "toml", "xml", "plist",
    "sh", "bash", "zsh", "ksh", "csh", "fish", "bashrc", "zshrc", "profile",
    "swift", "c", "h", "cc", "cpp", "cxx", "hpp", "hh", "hxx", "m", "mm", "java", "kt", "kts", "scala", "go", "rs",
    "py", "pyi", "rb", "pl", "pm", "php", "lua", "tcl", "js", "mjs", "cjs", "ts", "tsx", "jsx", "cs", "fs", "hs",
    "ml", "mli", "ex", "exs", "erl", "clj", "el", "lisp", "scm", "rkt", "r", "jl", "dart", "zig", "nim", "sql",
    "vim", "awk", "sed", "mk", "cmake", "gradle", "s", "asm", "ps1", "bat", "cmd", "dockerfile",
  ]

  /// Names of files made of lines that have no telling extension.
  public let fileNames = [
    "Makefile", "makefile", "GNUmakefile", "CMakeLists.txt", "Dockerfile", "Containerfile", "Jenkinsfile",
    "Vagrantfile", "Gemfile", "Rakefile", "Podfile", "Brewfile", "Procfile", "passwd", "shadow", "gshadow",
    "fstab", "mtab", "crontab", "sudoers", "inittab", "inputrc", "bash.bashrc", ".bashrc", ".bash_profile",
    ".bash_logout", ".bash_aliases", ".profile",
    ".zshrc", ".zprofile", ".vimrc", ".gitconfig", ".gitignore", ".gitattributes", ".gitmodules", ".editorconfig",
    ".inputrc", ".npmrc", ".Xresources", ".xinitrc", ".xsession",
  ]

  /// Kept lines are made visible by the adapter itself.
  public var guaranteesVisibleText: Bool { true }

  /// Whether the start of an input is text made of lines rather than paragraphs of prose
  /// (see the README's section on files of lines for the rule).
  public func sniff(_ head: ArraySlice<UInt8>) -> Bool {
    LineTextSniffer.isLineOriented(head)
  }

  public func document(from input: AdapterInput) throws(InputError) -> Document {
    var builder = PlainTextBuilder(
      keepsLines: true, readsColours: readsColours, highlighting: Self.highlighting(highlighting, size: input.bytes.count),
      name: input.name)
    _ = input.bytes.withUnsafeBufferPointer { builder.feed($0, isFinal: true) }
    return Document(blocks: builder.finish())
  }

  /// Blocks read a chunk at a time: memory holds a block of lines, not the file.
  public func blockStream(
    reading read: @escaping @Sendable (UnsafeMutableRawBufferPointer) -> Int, name: String,
    diagnostics: ReadDiagnostics
  ) -> any BlockStream {
    PlainTextStream(read: read, diagnostics: diagnostics, inputSize: nil, keepsLines: true, readsColours: readsColours, highlighting: highlighting, name: name)
  }

  /// Streams, reporting progress by bytes when `inputSize` is known.
  public func blockStream(
    reading read: @escaping @Sendable (UnsafeMutableRawBufferPointer) -> Int, name: String,
    diagnostics: ReadDiagnostics, inputSize: Int?
  ) -> any BlockStream {
    PlainTextStream(
      read: read, diagnostics: diagnostics, inputSize: inputSize, keepsLines: true, readsColours: readsColours,
      highlighting: Self.highlighting(highlighting, size: inputSize), name: name)
  }

  /// Resumes at a mark a reader of kept lines gave.
  public func blockStream(
    resuming mark: BlockStreamMark, reading read: @escaping @Sendable (UnsafeMutableRawBufferPointer) -> Int,
    name: String, inputSize: Int?
  ) -> (any BlockStream)? {
    guard let state = mark.state as? PlainTextStream.Mark, state.builder?.keepsLines ?? true else { return nil }
    return PlainTextStream(resuming: state, read: read, inputSize: inputSize)
  }
}
