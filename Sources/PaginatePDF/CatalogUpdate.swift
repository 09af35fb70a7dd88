/// Entries added to a finished PDF's catalog by an incremental update (PDF 1.7, 7.5.6): the
/// catalog object written again with them, an xref section for it, and a trailer that points
/// back to the first. cairo has no call for the catalog's `/PageLayout` (how a viewer shows
/// pages: `/TwoPageRight` for a book's spreads, page 1 alone on the right) or its
/// `/ViewerPreferences`.
///
/// Only what cairo itself wrote is read, at the end of the file: its trailer (`/Size`, `/Root`,
/// `/Info`, `startxref`) and its catalog, a dictionary of references. Anything else there
/// (which no cairo writes) leaves the file as it was.
enum CatalogUpdate {
  /// The bytes to append to a PDF whose last bytes are `tail` (cairo's last output, which
  /// holds its catalog and trailer) and whose whole length is `length`, so that its catalog has
  /// `entries` too (each a key and value: `/PageLayout /TwoPageRight`); `nil` when the tail is
  /// not as cairo writes it.
  static func appending(_ entries: [String], toPDFEndingWith tail: [UInt8], length: Int) -> [UInt8]? {
    let text = String(decoding: tail, as: UTF8.self)
    guard let trailerStart = text.ranges(of: "\ntrailer").last?.upperBound else { return nil }
    let trailer = text[trailerStart...]
    guard let size = number(after: "/Size ", in: trailer), let root = number(after: "/Root ", in: trailer),
      let previous = number(after: "startxref\n", in: trailer)
    else { return nil }
    let info = number(after: "/Info ", in: trailer)
    // The catalog: `root 0 obj` … `endobj`, one dictionary without a nested one.
    guard let objectStart = text.firstRange(of: "\n\(root) 0 obj\n")?.upperBound,
      let objectEnd = text[objectStart...].firstRange(of: "endobj")?.lowerBound
    else { return nil }
    let dictionary = text[objectStart..<objectEnd].trimmingWhitespace
    guard dictionary.hasPrefix("<<"), dictionary.hasSuffix(">>"), !dictionary.dropFirst(2).contains("<<"),
      dictionary.contains("/Type /Catalog")
    else { return nil }
    let body = dictionary.dropLast(2)
    var update = "\n\(root) 0 obj\n\(body)"
    for entry in entries { update += "   \(entry)\n" }
    update += ">>\nendobj\n"
    // The object's offset skips the line feed that starts the update.
    let objectOffset = length + 1
    let xrefOffset = length + update.utf8.count
    let offset = String(objectOffset)
    update += "xref\n\(root) 1\n\(String(repeating: "0", count: max(10 - offset.count, 0)) + offset) 00000 n \n"
    update += "trailer\n<< /Size \(size)\n   /Root \(root) 0 R\n"
    if let info { update += "   /Info \(info) 0 R\n" }
    update += "   /Prev \(previous)\n>>\nstartxref\n\(xrefOffset)\n%%EOF\n"
    return Array(update.utf8)
  }

  /// The decimal number after the first `key` in `text`.
  private static func number(after key: String, in text: Substring) -> Int? {
    guard let start = text.firstRange(of: key)?.upperBound else { return nil }
    return Int(text[start...].prefix { $0.isASCII && $0.isNumber })
  }
}

extension Substring {
  /// The text without spaces and line ends at either end.
  fileprivate var trimmingWhitespace: Substring {
    let isSpace = { (character: Character) in character == " " || character == "\n" || character == "\r" }
    let start = drop(while: isSpace)
    guard let last = start.lastIndex(where: { !isSpace($0) }) else { return start[start.endIndex...] }
    return start[...last]
  }
}
