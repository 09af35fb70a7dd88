internal import CCmarkGFM

/// GitHub's extensions to CommonMark in libcmark-gfm, registered once per process
/// (libcmark-gfm's registry is global, and registering is not thread-safe): the node type of
/// strikethrough (``shared``, read for every node: a plain value, nothing retained), and the
/// extensions the parser attaches (``syntaxes``). Not the table extension: see
/// ``MarkdownAdapter``.
struct GitHubExtensions: Sendable {
  let strikethrough: cmark_node_type

  static let shared: GitHubExtensions = {
    _ = syntaxes  // registers the extensions, which sets their node types
    return GitHubExtensions(strikethrough: paginate_cmark_node_strikethrough())
  }()

  /// The extensions, found by name once registered.
  static let syntaxes: Syntaxes = {
    cmark_gfm_core_extensions_ensure_registered()
    let names = ["strikethrough", "tasklist", "autolink"]
    return Syntaxes(pointers: names.compactMap { (name: String) in cmark_find_syntax_extension(name) })
  }()

  struct Syntaxes: @unchecked Sendable {
    // Unchecked: the extensions are immutable once registered and live as long as the
    // process; libcmark-gfm only reads them.
    let pointers: [OpaquePointer]
  }
}
