/// GitHub's tag filter (GFM's "disallowed raw HTML" extension): the `<` that opens or closes a
/// `title`, `textarea`, `style`, `xmp`, `iframe`, `noembed`, `noframes`, `script` or
/// `plaintext` tag becomes `&lt;`, so the tag shows as text and does not swallow what follows
/// (markup after an `<xmp>` would otherwise be read as its raw text, and a `<style>`'s own
/// text would disappear). Other tags are left as they are.
enum TagFilter {
  /// The filtered tag names, lower case.
  static let names: [[UInt8]] = ["title", "textarea", "style", "xmp", "iframe", "noembed", "noframes", "script", "plaintext"]
    .map { Array($0.utf8) }

  /// `html` with the `<` of every filtered tag escaped; `html` itself when it has none (read
  /// in place, without a copy).
  static func filtered(_ html: String) -> String {
    var html = html
    let escaped = html.withUTF8 { bytes -> [UInt8]? in
      var out: [UInt8]?
      var copied = 0
      for index in bytes.indices where bytes[index] == UInt8(ascii: "<") && opensFilteredTag(bytes, at: index) {
        if out == nil { out = [] }
        out! += bytes[copied..<index]
        out! += "&lt;".utf8
        copied = index + 1
      }
      out? += bytes[copied...]
      return out
    }
    return escaped.map { String(decoding: $0, as: UTF8.self) } ?? html
  }

  /// Whether the `<` at `start` begins `<name` or `</name` of a filtered tag, the name followed
  /// by white space, `>` or `/` (or the end), in any case.
  private static func opensFilteredTag(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> Bool {
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
