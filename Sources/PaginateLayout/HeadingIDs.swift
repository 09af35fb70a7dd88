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
}
