/// GitHub's tag filter (GFM's "disallowed raw HTML" extension): the `<` that opens or closes a
/// `title`, `textarea`, `style`, `xmp`, `iframe`, `noembed`, `noframes`, `script` or
/// `plaintext` tag becomes `&lt;`, so the tag shows as text and does not swallow what follows
/// (markup after an `<xmp>` would otherwise be read as its raw text, and a `<style>`'s own
/// text would disappear). Other tags are left as they are.
enum TagFilter {
  /// The filtered tag names, lower case.
  static let names: [[UInt8]] = ["title", "textarea", "style", "xmp", "iframe", "noembed", "noframes", "script", "plaintext"]
    .map { Array($0.utf8) }

  /// `html` with the `<` of every filtered tag escaped; `html` itself when it has none.
  static func filtered(_ html: String) -> String {
    var bytes = Array(html.utf8)
    var found: [Int] = []
    var index = 0
    while index < bytes.count {
      if bytes[index] == UInt8(ascii: "<") && opensFilteredTag(bytes, at: index) { found.append(index) }
      index += 1
    }
    guard !found.isEmpty else { return html }
    for at in found.reversed() { bytes.replaceSubrange(at..<(at + 1), with: Array("&lt;".utf8)) }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Whether the `<` at `start` begins `<name` or `</name` of a filtered tag, the name followed
  /// by white space, `>` or `/` (or the end), in any case.
  private static func opensFilteredTag(_ bytes: [UInt8], at start: Int) -> Bool {
    var index = start + 1
    if index < bytes.count && bytes[index] == UInt8(ascii: "/") { index += 1 }
    for name in names where index + name.count <= bytes.count {
      let matches = zip(bytes[index..<(index + name.count)], name).allSatisfy { $0 | 0x20 == $1 }
      guard matches else { continue }
      let after = index + name.count
      guard after < bytes.count else { return true }
      switch bytes[after] {
      case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), 0x0C, UInt8(ascii: ">"),
        UInt8(ascii: "/"):
        return true
      default: continue
      }
    }
    return false
  }
}
