internal import CPangoCairo
import PaginateLayout
import PaginateModel
import PaginateRender

/// The glyphs and rules (underline, strike-through) of one page drawn from the grid's fonts,
/// gathered by face and ink and drawn at the page's end: a few `cairo_show_glyphs` calls a page
/// rather than one for every run of one style. cairo's PDF surface replays a page's drawing
/// twice at `cairo_show_page` (to analyse it, then to write it), at a cost for each drawing
/// operation besides each glyph: a README's page had about 280.
///
/// The glyphs keep their places, so the page looks the same; the order of the page's text in
/// the content stream changes, which text extraction does not follow (it reads by place).
struct GlyphBatch {
  /// The glyphs of each face (0 to 3) and ink (``Ink``): `glyphs[face * Ink.count + ink]`.
  private var glyphs: [[cairo_glyph_t]] = Array(repeating: [], count: 4 * Ink.count)
  /// The glyphs of other fonts (wide characters', ``ShapedClusters``), by font and ink, with
  /// their text: each cluster's bytes and the glyphs that show them, so that the PDF maps the
  /// glyphs back to that text (a glyph that two characters share, 文 and the radical ⽂, is
  /// otherwise read as either).
  private var others: [OtherKey: Shown] = [:]
  /// The keys of ``others`` in the order they came: drawn in that order, so that the same
  /// document makes the same PDF every time (a dictionary's order changes from run to run).
  private var otherKeys: [OtherKey] = []
  private struct Shown {
    var font: OpaquePointer
    var glyphs: [cairo_glyph_t] = []
    var text: [CChar] = []
    var clusters: [cairo_text_cluster_t] = []
  }
  private struct OtherKey: Hashable {
    var font: UInt
    var ink: Int
  }
  /// The rules of each ink, as rectangles: x, y, width, height.
  private var rules: [[(Double, Double, Double, Double)]] = Array(repeating: [], count: Ink.count)

  /// The colours text is set in.
  ///
  /// The inks are the page's own (text, furniture, links, code), then one for each part of a
  /// program (``/PaginateModel/SyntaxClass``), then the sixteen standard terminal colours, to
  /// which a colour read from the input (`--ansi`) is brought.
  struct Ink: Hashable, CaseIterable {
    let rawValue: Int

    static let text = Ink(rawValue: 0)
    static let furniture = Ink(rawValue: 1)
    static let link = Ink(rawValue: 2)
    static let code = Ink(rawValue: 3)
    private static let syntaxBase = 4
    private static let paletteBase = syntaxBase + SyntaxClass.allCases.count
    static let count = paletteBase + 16
    static var allCases: [Ink] { (0..<count).map { Ink(rawValue: $0) } }

    private init(rawValue: Int) { self.rawValue = rawValue }

    /// The ink of `style`.
    init(_ style: TextStyle) {
      if style.contains(.furniture) {
        self = .furniture
      } else if style.contains(.link) {
        self = .link
      } else if let foreground = style.foreground {
        self = Ink(rawValue: Self.paletteBase + Int(TerminalPalette.nearestStandard(foreground)))
      } else if let syntax = style.syntax, let index = SyntaxClass.allCases.firstIndex(of: syntax) {
        self = Ink(rawValue: Self.syntaxBase + index)
      } else if style.contains(.code) {
        self = .code
      } else {
        self = .text
      }
    }

    /// Its red, green and blue.
    var rgb: (Double, Double, Double) {
      switch rawValue {
      case 1: return (0.45, 0.44, 0.40)
      case 2: return (0.12, 0.31, 0.55)
      case 3: return (0.48, 0.18, 0.05)
      case Self.syntaxBase..<Self.paletteBase:
        // The shades of the HTML book's stylesheet.
        let shade: UInt8 =
          switch SyntaxClass.allCases[rawValue - Self.syntaxBase] {
          case .keyword: 4
          case .type: 2
          case .string: 1
          case .number, .constant: 5
          case .comment: 7
          case .preprocessor: 6
          case .variable: 3
          case .function, .symbol: 0
          }
        return Self.shade(of: shade)
      case Self.paletteBase..<Self.count:
        return Self.shade(of: UInt8(rawValue - Self.paletteBase))
      default: return (0.11, 0.11, 0.10)
      }
    }

    private static func shade(of colour: UInt8) -> (Double, Double, Double) {
      let (red, green, blue) = TerminalPalette.rgb(colour)
      return (Double(red) / 255, Double(green) / 255, Double(blue) / 255)
    }
  }

  /// Adds `scalars`, one a cell, in `face`, the first in the cell at `x`, on `baseline`, a cell
  /// every `cellWidth`, with the lines of underline and strike-through across them. Every
  /// scalar has a glyph in the face (``GridGlyphs/glyph(of:face:)``); spaces are left out.
  mutating func add(
    _ scalars: [UInt32], face: Int, ink: Ink, underline: Bool, strikethrough: Bool, x: Double, baseline: Double,
    cellWidth: Double, from font: GridGlyphs
  ) {
    let slot = face * Ink.count + ink.rawValue
    for (offset, scalar) in scalars.enumerated() where scalar != 0x20 {
      guard let index = font.glyph(of: scalar, face: face) else { continue }
      glyphs[slot].append(cairo_glyph_t(index: index, x: x + Double(offset) * cellWidth, y: baseline))
    }
    addRules(
      ink: ink, underline: underline, strikethrough: strikethrough, x: x, width: Double(scalars.count) * cellWidth,
      baseline: baseline, from: font)
  }

  /// Adds a run of printable ASCII, a byte a cell, as ``add(_:face:ink:underline:strikethrough:x:baseline:cellWidth:from:)``
  /// does its scalars: most of most lines, with no look-up but the face's table.
  mutating func addASCII(
    _ bytes: UnsafeBufferPointer<UInt8>, face: Int, ink: Ink, underline: Bool, strikethrough: Bool, x: Double,
    baseline: Double, cellWidth: Double, from font: GridGlyphs
  ) {
    let slot = face * Ink.count + ink.rawValue
    glyphs[slot].reserveCapacity(glyphs[slot].count + bytes.count)
    for (offset, byte) in bytes.enumerated() where byte != 0x20 {
      glyphs[slot].append(cairo_glyph_t(index: font.glyph(ofASCII: byte, face: face), x: x + Double(offset) * cellWidth, y: baseline))
    }
    addRules(
      ink: ink, underline: underline, strikethrough: strikethrough, x: x, width: Double(bytes.count) * cellWidth,
      baseline: baseline, from: font)
  }

  /// Adds a cluster shaped by pango, its left edge at `x`, on `baseline`, and the lines of
  /// underline and strike-through across its `width`.
  mutating func add(
    _ shape: ShapedClusters.Shape, text: UnsafeBufferPointer<UInt8>, ink: Ink, underline: Bool, strikethrough: Bool,
    x: Double, width: Double, baseline: Double, rulesFrom font: GridGlyphs?
  ) {
    // The cluster's text goes with its first font's glyphs; another font's (a rare fallback
    // inside a cluster) show no text of their own.
    var first = true
    var index = 0
    while index < shape.glyphs.count {
      let scaledFont = shape.glyphs[index].font
      let key = OtherKey(font: UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(scaledFont))), ink: ink.rawValue)
      // Changed where the dictionary keeps it: a copy taken out and put back copied its
      // arrays every time.
      if others[key] == nil { otherKeys.append(key) }
      index = Self.append(shape, from: index, text: first ? text : nil, x: x, baseline: baseline, to: &others[key, default: Shown(font: scaledFont)])
      first = false
    }
    guard let font else { return }
    addRules(
      ink: ink, underline: underline, strikethrough: strikethrough, x: x, width: width, baseline: baseline, from: font)
  }

  /// The lines of underline and strike-through across `width` from `x`, placed by the grid's
  /// regular face.
  private mutating func addRules(
    ink: Ink, underline: Bool, strikethrough: Bool, x: Double, width: Double, baseline: Double, from font: GridGlyphs
  ) {
    if underline {
      rules[ink.rawValue].append((x, baseline + font.underlinePosition, width, font.underlineThickness))
    }
    if strikethrough {
      rules[ink.rawValue].append((x, baseline - font.strikethroughPosition, width, font.underlineThickness))
    }
  }

  /// Appends to `shown` the glyphs of `shape` from `start` on that are in its font, as one
  /// cluster with `text` (or none); returns the index of the next glyph.
  private static func append(
    _ shape: ShapedClusters.Shape, from start: Int, text: UnsafeBufferPointer<UInt8>?, x: Double, baseline: Double,
    to shown: inout Shown
  ) -> Int {
    var index = start
    while index < shape.glyphs.count && shape.glyphs[index].font == shown.font {
      let glyph = shape.glyphs[index]
      shown.glyphs.append(cairo_glyph_t(index: glyph.index, x: x + glyph.x, y: baseline + glyph.y))
      index += 1
    }
    if let text { shown.text.append(contentsOf: text.lazy.map { CChar(bitPattern: $0) }) }
    shown.clusters.append(cairo_text_cluster_t(num_bytes: Int32(text?.count ?? 0), num_glyphs: Int32(index - start)))
    return index
  }

  /// Draws what was gathered on `context` and empties the batch. The glyphs of the grid's
  /// faces come only with `fonts` (there are none without).
  mutating func draw(on context: OpaquePointer, fonts: GridGlyphs?) {
    for ink in Ink.allCases {
      let (red, green, blue) = ink.rgb
      var inked = false
      for face in 0..<4 {
        let slot = face * Ink.count + ink.rawValue
        guard let fonts, !glyphs[slot].isEmpty else { continue }
        if !inked { cairo_set_source_rgb(context, red, green, blue) }
        inked = true
        cairo_set_scaled_font(context, fonts.scaledFont(face: face))
        cairo_show_glyphs(context, glyphs[slot], Int32(glyphs[slot].count))
        glyphs[slot].removeAll(keepingCapacity: true)
      }
      for key in otherKeys where key.ink == ink.rawValue {
        guard let value = others[key], !value.glyphs.isEmpty else { continue }
        if !inked { cairo_set_source_rgb(context, red, green, blue) }
        inked = true
        cairo_set_scaled_font(context, value.font)
        cairo_show_text_glyphs(
          context, value.text, Int32(value.text.count), value.glyphs, Int32(value.glyphs.count), value.clusters,
          Int32(value.clusters.count), cairo_text_cluster_flags_t(0))
      }
      guard !rules[ink.rawValue].isEmpty else { continue }
      if !inked { cairo_set_source_rgb(context, red, green, blue) }
      for (x, y, width, height) in rules[ink.rawValue] { cairo_rectangle(context, x, y, width, height) }
      cairo_fill(context)
      rules[ink.rawValue].removeAll(keepingCapacity: true)
    }
    others.removeAll(keepingCapacity: true)
    otherKeys.removeAll(keepingCapacity: true)
  }
}
