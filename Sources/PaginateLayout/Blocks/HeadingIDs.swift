/// Gives headings the ids GitHub gives them, so that a README's `[Usage](#usage)` finds its
/// heading: the text lowercased, every character but letters, marks, digits, connector
/// punctuation (`_`) and `-` dropped, spaces made hyphens; a repeated id gets `-1`, `-2`, … in
/// document order.
public struct HeadingIDs: Sendable, Hashable {
  /// How many headings took each id first given, less one.
  private var occurrences: [String: Int] = [:]

  /// Ids from the first heading of a document.
  public init() {}

  /// The id of the next heading of the document, whose text is `text`.
  public mutating func next(for text: String) -> String {
    let base = Self.slug(text)
    var id = base
    while occurrences[id] != nil {
      let count = occurrences[base, default: 0] + 1
      occurrences[base] = count
      id = base + "-" + String(count)
    }
    occurrences[id] = 0
    return id
  }

  /// `text` as an id, before repeats are told apart.
  public static func slug(_ text: String) -> String {
    if let ascii = asciiSlug(text) { return ascii }
    var slug = ""
    slug.reserveCapacity(text.utf8.count)
    for scalar in text.lowercased().unicodeScalars {
      switch scalar {
      case " ": slug.unicodeScalars.append("-")
      case "-", "_": slug.unicodeScalars.append(scalar)
      default:
        let properties = scalar.properties
        let category = properties.generalCategory
        if properties.isAlphabetic || properties.numericType != nil || category == .nonspacingMark
          || category == .spacingMark || category == .enclosingMark || category == .connectorPunctuation
        {
          slug.unicodeScalars.append(scalar)
        }
      }
    }
    return slug
  }

  /// ``slug(_:)`` of a text of ASCII, a byte at a time (most headings: Unicode's properties
  /// cost some hundred instructions a character); `nil` for any other text.
  private static func asciiSlug(_ text: String) -> String? {
    var text = text
    return text.withUTF8 { bytes -> String? in
      guard !bytes.contains(where: { $0 >= 0x80 }) else { return nil }
      return String(unsafeUninitializedCapacity: bytes.count) { slug in
        var count = 0
        for byte in bytes {
          switch byte {
          case UInt8(ascii: "A")...UInt8(ascii: "Z"): slug[count] = byte | 0x20
          case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
            slug[count] = byte
          case UInt8(ascii: " "): slug[count] = UInt8(ascii: "-")
          default: continue
          }
          count += 1
        }
        return count
      }
    }
  }
}
