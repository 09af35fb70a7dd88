import CHighlight
import PaginateModel
import PaginateSystem
import Synchronization

/// Highlights programs read as lines with GNU source-highlight's library (about 170 language
/// names and extensions, a definition file each under `/usr/share/source-highlight`), opened the first
/// time it is needed from `libPaginateHighlight.so` beside the program (see
/// `Sources/CHighlight/include/paginate_highlight.h`).
///
/// One highlighter reads one input; the state between lines (inside a comment, a string) is
/// a value (``State``) that a reader keeps with its other state, so that a reader resumed at
/// a mark highlights as the first one did.
final class SyntaxHighlighter: @unchecked Sendable {
  // @unchecked: the library's highlighter is used under `lock` only.

  /// The state between two lines; `nil` at the start of the input.
  final class State: @unchecked Sendable {
    // @unchecked: immutable once made; the library only reads it.
    fileprivate let pointer: UnsafeMutableRawPointer
    private let api: UnsafePointer<paginate_highlight_api>

    fileprivate init(pointer: UnsafeMutableRawPointer, api: UnsafePointer<paginate_highlight_api>) {
      self.pointer = pointer
      self.api = api
    }

    deinit { api.pointee.release(pointer) }
  }

  private let api: UnsafePointer<paginate_highlight_api>
  /// The library's highlighter, used under `lock` only.
  private let highlighter: UnsafeMutableRawPointer
  private let lock = Mutex(())

  /// A highlighter for the language definition `languageFile` (`python.lang`).
  init(languageFile: String) throws(HighlightError) {
    let api = try Self.library.get()
    var message = [CChar](repeating: 0, count: 512)
    guard let highlighter = api.pointee.create(nil, languageFile, &message, message.count) else {
      throw HighlightError("source-highlight cannot read \(languageFile): \(Self.string(message))")
    }
    self.api = api
    self.highlighter = highlighter
  }

  deinit { api.pointee.destroy(highlighter) }

  /// A highlighter for the language `name` (`python`); `nil` when there is none or the
  /// library cannot be opened.
  static func forLanguage(_ name: String) -> SyntaxHighlighter? {
    languageFile(forLanguage: name).flatMap { try? SyntaxHighlighter(languageFile: $0) }
  }

  /// A highlighter for a file named `fileName` (by its extension or name); `nil` when no
  /// language is known for it (plain text's `nohilite.lang` included).
  static func forFileName(_ fileName: String) -> SyntaxHighlighter? {
    guard let file = languageFile(forFileName: fileName), file != "nohilite.lang" else { return nil }
    return try? SyntaxHighlighter(languageFile: file)
  }

  /// The runs of `line` (UTF-8, no line end), their offsets moved `offset` bytes, appended
  /// to `runs`, read in `state` (the state the line before left), which becomes the state
  /// this line leaves. A line the library fails on is left plain.
  func highlight(_ line: UnsafeBufferPointer<UInt8>, state: inout State?, offset: Int, into runs: inout [TextRun]) {
    // An empty line changes no state.
    guard let base = line.baseAddress, !line.isEmpty else { return }
    lock.withLock { _ in
      api.pointee.restore(highlighter, state?.pointer)
      var collected = Collected(offset: offset)
      // The library's message, if it fails on the line, is not shown: the line stays plain.
      let failed = withUnsafeTemporaryAllocation(of: CChar.self, capacity: 256) { message in
        withUnsafeMutablePointer(to: &collected) { context in
          api.pointee.line(
            highlighter, UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self), line.count,
            { context, start, length, syntaxClass in
              guard let context, syntaxClass > 0, syntaxClass <= SyntaxClass.allCases.count else { return }
              let collected = context.assumingMemoryBound(to: Collected.self)
              collected.pointee.add(start..<(start + length), SyntaxClass.allCases[Int(syntaxClass) - 1])
            }, context, message.baseAddress, message.count) != 0
        }
      }
      if !failed { runs.append(contentsOf: collected.runs) }
      if let saved = api.pointee.save(highlighter) { state = State(pointer: saved, api: api) }
    }
  }

  /// The runs of one line as the library reports them, merged where one class goes on.
  private struct Collected {
    var offset: Int
    var runs: [TextRun] = []

    mutating func add(_ range: Range<Int>, _ syntax: SyntaxClass) {
      let moved = (range.lowerBound + offset)..<(range.upperBound + offset)
      if let last = runs.last, last.style.syntax == syntax, last.range.upperBound == moved.lowerBound {
        runs[runs.count - 1].range = last.range.lowerBound..<moved.upperBound
      } else {
        runs.append(TextRun(range: moved, style: RunStyle(syntax: syntax)))
      }
    }
  }

  // MARK: The library

  /// The library's table, opened once: from `PAGINATE_HIGHLIGHT_LIBRARY` when set, else
  /// beside the program, else in `../lib/paginate` from it.
  static var library: Result<UnsafePointer<paginate_highlight_api>, HighlightError> { opened.table.map(\.pointer) }

  /// The table's address, which the library never changes.
  private struct Table: @unchecked Sendable {
    let pointer: UnsafePointer<paginate_highlight_api>
  }

  private static let opened: (table: Result<Table, HighlightError>, Void) = (openLibrary(), ())

  private static func openLibrary() -> Result<Table, HighlightError> {
    let name = "libPaginateHighlight.so"
    var paths: [String] = []
    if let path = CurrentProcess.environment("PAGINATE_HIGHLIGHT_LIBRARY"), !path.isEmpty { paths.append(path) }
    if let folder = SharedLibrary.programFolder {
      paths += [folder + "/" + name, folder + "/../lib/paginate/" + name]
    }
    var reasons: [String] = []
    for path in paths {
      do throws(SharedLibraryError) {
        let library = try SharedLibrary(path: path)
        guard let entry = library.symbol(PAGINATE_HIGHLIGHT_ENTRY) else {
          reasons.append("\(path) has no \(PAGINATE_HIGHLIGHT_ENTRY)")
          continue
        }
        typealias Entry = @convention(c) () -> UnsafePointer<paginate_highlight_api>?
        guard let api = unsafeBitCast(entry, to: Entry.self)(), api.pointee.version == PAGINATE_HIGHLIGHT_API_VERSION else {
          reasons.append("\(path) is another version")
          continue
        }
        return .success(Table(pointer: api))
      } catch {
        // A path that does not exist is not worth a word; any other failure is.
        if (try? FileStatus(path: path)) != nil { reasons.append(error.message) }
      }
    }
    let why = reasons.first.map { ": " + $0 } ?? " (build it with `swift build -c release --product PaginateHighlight`)"
    return .failure(HighlightError("syntax highlighting needs \(name) beside paginate\(why)"))
  }

  /// The language definition file of the language `name` (`python`, `sh`, `c`), `nil` when
  /// source-highlight knows none.
  static func languageFile(forLanguage name: String) -> String? {
    languageFile(name, byFileName: false)
  }

  /// The language definition file for a file named `fileName` (by its extension or name),
  /// `nil` when source-highlight knows none.
  static func languageFile(forFileName fileName: String) -> String? {
    languageFile(fileName, byFileName: true)
  }

  /// The language names (and extensions) of source-highlight's map, sorted.
  static var languageNames: [String] {
    guard let api = try? library.get() else { return [] }
    var out = [CChar](repeating: 0, count: 1 << 14)
    let needed = api.pointee.language_names(nil, &out, out.count)
    if needed > out.count {
      out = [CChar](repeating: 0, count: needed)
      _ = api.pointee.language_names(nil, &out, out.count)
    }
    return string(out).split(separator: "\n").map(String.init).sorted()
  }

  private static func languageFile(_ name: String, byFileName: Bool) -> String? {
    guard !name.isEmpty, let api = try? library.get() else { return nil }
    var out = [CChar](repeating: 0, count: 256)
    guard api.pointee.language_file(nil, name, byFileName ? 1 : 0, &out, out.count) != 0 else { return nil }
    return string(out)
  }

  /// The language of a `#!` line (`#!/usr/bin/env python3` → `python`): the interpreter's
  /// name, past `env` and its options, without a version.
  static func shebangLanguage(_ line: UnsafeBufferPointer<UInt8>) -> String? {
    guard line.count > 2, line[0] == UInt8(ascii: "#"), line[1] == UInt8(ascii: "!") else { return nil }
    let words = String(decoding: line[2...], as: UTF8.self).split(whereSeparator: { $0 == " " || $0 == "\t" })
    guard var program = words.first.map({ String($0.split(separator: "/").last ?? $0) }) else { return nil }
    if program == "env" {
      guard let next = words.dropFirst().first(where: { !$0.hasPrefix("-") && !$0.contains("=") }) else { return nil }
      program = String(next.split(separator: "/").last ?? next)
    }
    // python3.11 → python, perl5 → perl.
    while let last = program.last, last.isNumber || last == "." { program.removeLast() }
    switch program {
    case "bash", "dash", "ksh", "zsh", "ash": return "sh"
    case "node", "nodejs": return "javascript"
    default: return program.isEmpty ? nil : program
    }
  }

  private static func string(_ buffer: [CChar]) -> String {
    String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}

/// Why syntax highlighting cannot be done: one line for the user.
struct HighlightError: Error, Sendable {
  var message: String
  init(_ message: String) { self.message = message }
}

/// What an app or the command line asks of syntax highlighting before it reads anything.
public enum SyntaxHighlighting {
  /// Whether the highlighting library can be opened; the reason, one line, when it cannot.
  public static var unavailableReason: String? {
    switch SyntaxHighlighter.library {
    case .success: nil
    case .failure(let error): error.message
    }
  }

  /// Whether `name` is a language the highlighter knows (`python`, `c`, `sh`, `swift`…).
  public static func knows(language name: String) -> Bool {
    SyntaxHighlighter.languageFile(forLanguage: name) != nil
  }

  /// The names of the languages the highlighter knows, sorted; empty when it cannot be opened.
  public static var languages: [String] {
    SyntaxHighlighter.languageNames
  }
}
