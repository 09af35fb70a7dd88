/// OSC 8 hyperlinks (`ESC ] 8 ; params ; URI ESC \`), the terminal's way of making text a link.
///
/// Only web and mail destinations are linked (`http:`, `https:`, `mailto:`): a document cannot
/// make text open a local file or run a scheme handler. The destination is written with every
/// byte outside printable ASCII percent-encoded, so it can never end the sequence early or
/// carry a control character to the terminal.
package enum Hyperlink {
  /// The sequence that ends a link.
  static let close: [UInt8] = Array("\u{1B}]8;;\u{1B}\\".utf8)

  /// The sequence that begins a link to `destination`, grouped by `id` (the parts of one link
  /// broken across lines light up together); `nil` for a destination not linked.
  static func open(_ destination: String, id: UInt32) -> [UInt8]? {
    guard isLinkable(destination) else { return nil }
    var bytes = Array("\u{1B}]8;id=paginate-\(id);".utf8)
    bytes += percentEncoded(destination)
    bytes.append(contentsOf: Array("\u{1B}\\".utf8))
    return bytes
  }

  /// `destination`'s bytes with every one outside printable ASCII (and the space)
  /// percent-encoded: what can go in an escape sequence or a PDF's link.
  package static func percentEncoded(_ destination: String) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(destination.utf8.count)
    let digits = Array("0123456789ABCDEF".utf8)
    for byte in destination.utf8 {
      if byte > 0x20 && byte < 0x7F {
        bytes.append(byte)
      } else {
        bytes += [UInt8(ascii: "%"), digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]]
      }
    }
    return bytes
  }

  /// Whether `destination` is a web or mail address.
  package static func isLinkable(_ destination: String) -> Bool {
    let lowered = destination.prefix(8).lowercased()
    return lowered.hasPrefix("http://") || lowered.hasPrefix("https://") || lowered.hasPrefix("mailto:")
  }
}
