/// A header or footer template: `left|center|right`, with `{page}`, `{pages}`, `{title}`,
/// `{chapter}` and `{file}` replaced.
///
/// Without a bar the whole template is centred; with one bar it is `left|right`.
struct HeaderTemplate: Hashable {
  var left: String
  var center: String
  var right: String

  init(_ template: String) {
    let parts = template.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
    switch parts.count {
    case 0: (left, center, right) = ("", "", "")
    case 1: (left, center, right) = ("", parts[0], "")
    case 2: (left, center, right) = (parts[0], "", parts[1])
    default: (left, center, right) = (parts[0], parts[1], parts[2...].joined(separator: "|"))
    }
  }

  var isEmpty: Bool { left.isEmpty && center.isEmpty && right.isEmpty }

  /// Whether the template needs the page count (`{pages}`), so printing must wait for the end.
  var needsPageCount: Bool { (left + center + right).contains("{pages}") }

  /// The values the placeholders stand for on one page.
  struct Values {
    var page: Int
    var pages: Int?
    var title: String
    var chapter: String
    var file: String
  }

  /// The line for a page `width` cells wide; left and right swap when `mirrored` (versos).
  func line(width: Int, values: Values, mirrored: Bool) -> Line {
    func fill(_ text: String) -> String {
      VisibleText.clean(
        text.replacing("{page}", with: String(values.page))
          .replacing("{pages}", with: values.pages.map(String.init) ?? "?")
          .replacing("{title}", with: values.title)
          .replacing("{chapter}", with: values.chapter)
          .replacing("{file}", with: values.file))
    }
    var leftText = fill(left)
    var rightText = fill(right)
    let centerText = fill(center)
    if mirrored { swap(&leftText, &rightText) }
    var cells = [String](repeating: " ", count: max(width, 0))
    func place(_ text: String, at column: Int) {
      var position = column
      DisplayWidth.forEachCluster(in: text) { range, clusterWidth in
        guard position >= 0, position + clusterWidth <= width else { return }
        let utf8 = Array(text.utf8)
        cells[position] = String(decoding: utf8[range], as: UTF8.self)
        for extra in 1..<max(clusterWidth, 1) { cells[position + extra] = "" }
        position += clusterWidth
      }
    }
    let centerWidth = DisplayWidth.of(centerText)
    place(centerText, at: max((width - centerWidth) / 2, 0))
    place(rightText, at: max(width - DisplayWidth.of(rightText), 0))
    place(leftText, at: 0)
    var line = Line(cells.joined(), style: .furniture)
    line.trimTrailingSpaces()
    return line
  }
}

/// Cleaning of text that comes from options rather than documents (templates, file names).
enum VisibleText {
  static func clean(_ text: String) -> String {
    String(text.unicodeScalars.map { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) ? "?" : Character($0) })
  }
}
