internal import CCmarkGFM
internal import CCmarkLiteral
import PaginateModel
@_spi(Platform) import PaginateSystem

/// The text of cmark's nodes, copied once from where libcmark keeps it, with control
/// characters made visible.
extension CmarkTreeConverter {
  /// Copies a C string that cmark owns (NULL for nodes that have none), with control
  /// characters made visible.
  static func string(_ pointer: UnsafePointer<CChar>?, keepingTabsAndNewlines: Bool = false) -> String {
    guard let pointer else { return "" }
    // The bytes are scanned where libcmark keeps them, and copied once.
    let count = ByteScan.length(ofCString: pointer)
    return UnsafeRawPointer(pointer).withMemoryRebound(to: UInt8.self, capacity: count) { start in
      let bytes = UnsafeBufferPointer(start: start, count: count)
      let text = String(decoding: bytes, as: UTF8.self)
      guard VisibleControls.needsEscaping(bytes, keepingTabsAndNewlines: keepingTabsAndNewlines) else { return text }
      return VisibleControls.escape(text, keepingTabsAndNewlines: keepingTabsAndNewlines)
    }
  }


  /// Copies a C string of running text that cmark owns: a tab or line end is a space, other
  /// controls are visible escapes apart from the words (``VisibleControls/escapeInline(_:)``).
  static func inlineString(_ pointer: UnsafePointer<CChar>?) -> String {
    guard let pointer else { return "" }
    let count = ByteScan.length(ofCString: pointer)
    return UnsafeRawPointer(pointer).withMemoryRebound(to: UInt8.self, capacity: count) { start in
      inlineString(UnsafeBufferPointer(start: start, count: count))
    }
  }

  /// The same for the literal of a text, code span, inline HTML or footnote reference node,
  /// read where libcmark-gfm keeps it (`paginate_cmark_literal`), not copied to a C string
  /// first.
  static func inlineString(literalOf node: OpaquePointer) -> String {
    var length: Int32 = 0
    // The pointer and length are libcmark-gfm's chunk: valid while the tree is, and this
    // copies them at once.
    guard let start = paginate_cmark_literal(UnsafeMutableRawPointer(node), &length), length > 0 else { return "" }
    return inlineString(UnsafeBufferPointer(start: start, count: Int(length)))
  }

  static func inlineString(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
    let text = String(decoding: bytes, as: UTF8.self)
    guard VisibleControls.needsEscaping(bytes, keepingTabsAndNewlines: false) else { return text }
    return VisibleControls.escapeInline(text)
  }
}
