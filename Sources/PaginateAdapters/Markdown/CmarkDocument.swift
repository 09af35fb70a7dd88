internal import CCmarkGFM
import Synchronization

/// A Markdown source parsed by libcmark-gfm with GitHub's extensions, its memory in the
/// calling thread's ``CmarkArena``: parse it, and use the tree, inside one
/// `CmarkArena.withArena`, which frees it all at once. ``CmarkTreeConverter`` turns its nodes
/// into the model; this only parses.
struct CmarkDocument {
  /// The document node.
  let root: OpaquePointer
  /// The footnote definitions that are cited, in the order of their first citation (the
  /// reference whose literal is `n` cites the definition at `n - 1`).
  let footnoteDefinitions: [OpaquePointer]
  /// Paragraphs whose image openers were escaped before parsing (see ``ImageOpenerBudget``).
  let overBudget: [ImageOpenerBudget.Degraded]

  /// Parses `source` with `options` (libcmark's `CMARK_OPT_*`); `nil` when libcmark-gfm fails
  /// (it does only when out of memory).
  static func parse(_ source: UnsafeBufferPointer<UInt8>, options: Int32) -> CmarkDocument? {
    // One parse at a time in the process: libcmark-gfm adds its extensions' characters (`~`)
    // to a global table of special characters when it parses inlines and takes them out again
    // when it is done, so a parse that ends on one thread can leave another one's `~~` plain
    // text (seen as tests that read `~~old~~` now struck out, now not).
    parseLock.withLock { _ in Parsed(document: parseAlone(source, options: options)) }.document
  }

  private static let parseLock = Mutex(())

  /// The tree out of the lock. Safety: it never leaves the thread that parsed it (its memory
  /// is that thread's arena); the lock only orders parses, it hands nothing between threads.
  private struct Parsed: @unchecked Sendable {
    var document: CmarkDocument?
  }

  private static func parseAlone(_ source: UnsafeBufferPointer<UInt8>, options: Int32) -> CmarkDocument? {
    // `cmark_parse_document` with the arena's allocator and GitHub's extensions.
    let extensions = GitHubExtensions.syntaxes.pointers
    // Footnotes only when the source has a `[^`, without which it can have none: libcmark-gfm's
    // footnote pass walks the whole tree.
    let options = mayHaveFootnotes(source) ? options : options & ~CMARK_OPT_FOOTNOTES
    guard let parser = cmark_parser_new_with_mem(options, CmarkArena.allocator) else { return nil }
    defer { cmark_parser_free(parser) }
    for syntax in extensions { cmark_parser_attach_syntax_extension(parser, syntax) }
    func feed(_ bytes: UnsafeBufferPointer<UInt8>) {
      bytes.withMemoryRebound(to: CChar.self) { chars in
        if let base = chars.baseAddress { cmark_parser_feed(parser, base, chars.count) }
      }
    }
    let overBudget = ImageOpenerBudget.paragraphsOverBudget(in: source)
    if overBudget.isEmpty {
      feed(source)
    } else {
      ImageOpenerBudget.escaping(overBudget, in: source).withUnsafeBufferPointer(feed)
    }
    guard let root = cmark_parser_finish(parser) else { return nil }
    // libcmark-gfm appends the definitions that are cited to the document, in the order of
    // their first citation, and makes each reference's literal that number, from 1 (its label
    // is gone; an uncited definition is dropped and a reference to no definition is text).
    var footnoteDefinitions: [OpaquePointer] = []
    var node = cmark_node_last_child(root)
    while let definition = node, isFootnoteDefinition(definition) {
      footnoteDefinitions.append(definition)
      node = cmark_node_previous(definition)
    }
    footnoteDefinitions.reverse()
    return CmarkDocument(root: root, footnoteDefinitions: footnoteDefinitions, overBudget: overBudget)
  }

  /// Whether `source` has a `[^`, which every footnote reference and definition starts with.
  static func mayHaveFootnotes(_ source: UnsafeBufferPointer<UInt8>) -> Bool {
    ByteText.contains(UInt8(ascii: "["), followedBy: UInt8(ascii: "^"), in: source)
  }

  /// Whether a top-level node is a footnote definition: its blocks are set where it is cited,
  /// not where it stands.
  static func isFootnoteDefinition(_ node: OpaquePointer) -> Bool {
    cmark_node_get_type(node) == CMARK_NODE_FOOTNOTE_DEFINITION
  }
}
