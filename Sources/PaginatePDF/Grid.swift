internal import CPangoCairo
import PaginateLayout

/// Where the cells of a page fall on its part of the paper: the font size that makes the
/// grid fill the area inside the margins, and the grid centred there.
struct Grid {
  /// A cell's width and a line's height, in ems, when the font cannot be measured:
  /// DejaVu Sans Mono's advance (1233/2048) and line (ascent and descent, 2384/2048).
  static let cellWidthInEm = 0.602
  static let lineHeightInEm = 1.164

  let fontSize: Double
  let cellWidth: Double
  let lineHeight: Double
  /// The top left corner of the grid.
  let originX: Double
  let originY: Double
  /// From a line's top to its baseline.
  let ascent: Double

  /// The grid of `pageSize` in a slot of the given size, `margin` from each edge, with the
  /// font measured through `layout`. A line is the font's own height, so that box-drawing
  /// characters (table rules, quote bars) meet from line to line.
  init(pageSize: PageSize, slotWidth: Double, slotHeight: Double, margin: Double, fonts: Fonts, layout: OpaquePointer) {
    let measured = fonts.measure(layout: layout)
    let cellInEm = measured.cellWidth > 0 ? measured.cellWidth : Self.cellWidthInEm
    let lineInEm = measured.lineHeight > 0 ? measured.lineHeight : Self.lineHeightInEm
    let width = max(slotWidth - 2 * margin, 1)
    let height = max(slotHeight - 2 * margin, 1)
    fontSize = min(width / (Double(pageSize.columns) * cellInEm), height / (Double(pageSize.lines) * lineInEm))
    cellWidth = fontSize * cellInEm
    lineHeight = fontSize * lineInEm
    originX = (slotWidth - cellWidth * Double(pageSize.columns)) / 2
    originY = (slotHeight - lineHeight * Double(pageSize.lines)) / 2
    ascent = fontSize * (measured.ascent > 0 ? measured.ascent : 0.928)
  }

  func left(ofColumn column: Int) -> Double { originX + Double(column) * cellWidth }
  func top(ofLine line: Int) -> Double { originY + Double(line) * lineHeight }
  func baseline(ofLine line: Int) -> Double { top(ofLine: line) + ascent }
}

/// The four faces of the monospace font (regular, bold, italic, bold italic), with Noto Sans
/// CJK after DejaVu Sans Mono for what DejaVu lacks (in the face of the text's language: Han
/// characters take other forms in Japanese, Korean and traditional Chinese), and Symbola for
/// emoji.
final class Fonts {
  /// The font families, in the order they are looked in, for a text in `language`.
  static func family(language: String?) -> String {
    let region = cjkRegion(language)
    return "DejaVu Sans Mono,Noto Sans Mono CJK \(region),Noto Sans CJK \(region),Symbola,monospace"
  }

  /// Noto Sans CJK's face for `language`: JP, KR, TC, HK or SC.
  static func cjkRegion(_ language: String?) -> String {
    let tag = (language ?? "").lowercased()
    if tag.hasPrefix("ja") { return "JP" }
    if tag.hasPrefix("ko") { return "KR" }
    if tag.hasPrefix("zh-hk") || tag.hasPrefix("zh-mo") || tag.hasPrefix("yue") { return "HK" }
    if tag.hasPrefix("zh-tw") || tag.hasPrefix("zh-hant") { return "TC" }
    return "SC"
  }

  private let descriptions: [OpaquePointer]

  init(size: Double, language: String? = nil) {
    var descriptions: [OpaquePointer] = []
    let family = Self.family(language: language)
    for (bold, italic) in [(false, false), (true, false), (false, true), (true, true)] {
      let description = pango_font_description_new()!
      pango_font_description_set_family(description, family)
      pango_font_description_set_weight(description, bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL)
      pango_font_description_set_style(description, italic ? PANGO_STYLE_OBLIQUE : PANGO_STYLE_NORMAL)
      descriptions.append(description)
    }
    self.descriptions = descriptions
    resize(to: size)
  }

  deinit {
    for description in descriptions { pango_font_description_free(description) }
  }

  /// Sets every face to `size` points.
  func resize(to size: Double) {
    for description in descriptions {
      pango_font_description_set_absolute_size(description, size * Double(PANGO_SCALE))
    }
  }

  func description(bold: Bool, italic: Bool) -> OpaquePointer {
    descriptions[(bold ? 1 : 0) + (italic ? 2 : 0)]
  }

  /// The regular face's cell width (an ASCII character's advance), line height and ascent, in
  /// ems, measured on ten characters at 100 points; 0 for what could not be measured.
  func measure(layout: OpaquePointer) -> (cellWidth: Double, lineHeight: Double, ascent: Double) {
    resize(to: 100)
    pango_layout_set_font_description(layout, descriptions[0])
    pango_layout_set_attributes(layout, nil)
    pango_layout_set_text(layout, "0000000000", -1)
    var ink = PangoRectangle()
    var logical = PangoRectangle()
    pango_layout_get_extents(layout, &ink, &logical)
    let scale = Double(PANGO_SCALE) * 100
    return (
      Double(logical.width) / scale / 10, Double(logical.height) / scale,
      Double(pango_layout_get_baseline(layout)) / scale
    )
  }
}
