import PaginateLayout
import PaginateRender

/// Links in the PDF: to a heading (a named destination) or to a web or mail address.
extension PDFBookWriter {
  /// The name of the place a heading is, as in-document links lead to it.
  static func destinationName(_ target: PageReferences.Target) -> String {
    "p\(target.pageNumber)-l\(target.line)"
  }

  /// cairo's link attributes for `link`: a web or mail address (`uri='…'`), or its heading
  /// in the PDF (`dest='…'`); `nil` for anything else (a file, a script, a heading left out).
  func linkAttributes(_ link: Page.Link) -> String? {
    if let target = link.target {
      return includesPage(target.pageNumber) ? "dest='\(Self.destinationName(target))'" : nil
    }
    return Self.linkAttributes(link.destination)
  }

  /// cairo's link attributes for a web or mail address (`uri='…'`); `nil` for anything else
  /// (a file, a script, a place in the document).
  static func linkAttributes(_ destination: String) -> String? {
    guard Hyperlink.isLinkable(destination) else { return nil }
    // In cairo's attribute strings a quote or a backslash is escaped with a backslash; a byte
    // outside printable ASCII is percent-encoded, as in a URL (and as the terminal's links are).
    var escaped = "uri='"
    for byte in Hyperlink.percentEncoded(destination) {
      if byte == UInt8(ascii: "'") || byte == UInt8(ascii: "\\") { escaped += "\\" }
      escaped.unicodeScalars.append(UnicodeScalar(byte))
    }
    return escaped + "'"
  }
}
