internal import CPangoCairo

/// Wide characters (CJK, emoji, a flag or a family of emoji) shaped by pango once each, and
/// drawn again from the glyphs and fonts pango chose: the same glyphs in the same places, with
/// no layout a character. A README's emoji and a CJK text's every character went through a
/// pango layout of their own, which took a third of the PDF export's instructions.
final class ShapedClusters {
  /// A glyph of a cluster: its font (cairo's, owned by a pango font kept in ``fonts``), its
  /// index, and its place from the cluster's left edge on the baseline.
  struct Glyph {
    var font: OpaquePointer
    var index: UInt
    var x: Double
    var y: Double
  }

  /// A cluster shaped: its glyphs and its width (pango's logical width, which places it in its
  /// cells).
  struct Shape {
    var glyphs: [Glyph]
    var width: Double
  }

  /// A cluster of at most 32 bytes (a family of four emoji joined is 25), its face and cells,
  /// packed: no array a look-up.
  private struct Key: Hashable {
    var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    var count: UInt8
    var face: UInt8
    var cells: UInt8

    init?(_ bytes: UnsafeBufferPointer<UInt8>, face: Int, cells: Int) {
      guard bytes.count <= 32 else { return nil }
      count = UInt8(bytes.count)
      self.face = UInt8(truncatingIfNeeded: face)
      self.cells = UInt8(truncatingIfNeeded: cells)
      withUnsafeMutableBytes(of: &words) { $0.copyMemory(from: UnsafeRawBufferPointer(bytes)) }
    }

    static func == (left: Key, right: Key) -> Bool {
      left.words == right.words && left.count == right.count && left.face == right.face && left.cells == right.cells
    }

    func hash(into hasher: inout Hasher) {
      hasher.combine(words.0)
      hasher.combine(words.1)
      hasher.combine(words.2)
      hasher.combine(words.3)
      hasher.combine(count)
      hasher.combine(face)
      hasher.combine(cells)
    }
  }

  /// The clusters shaped so far; `nil` for one pango draws itself (a glyph the fonts lack, which
  /// pango draws as a box of hexadecimal digits).
  private var known: [Key: Shape?] = [:]
  /// The pango fonts the glyphs are in, held while the cache is.
  private var fonts: [UnsafeMutableRawPointer: Void] = [:]
  /// The most clusters kept: a text of more distinct ones starts the cache again.
  private static let limit = 20_000

  deinit {
    for font in fonts.keys { g_object_unref(font) }
  }

  /// The shape of `bytes` in `layout` (whose font description and scale the caller sets for a
  /// cluster of `face` in `cells` cells), shaping it the first time; `nil` when pango must draw it.
  func shape(
    _ bytes: UnsafeBufferPointer<UInt8>, face: Int, cells: Int, layout: OpaquePointer, prepare: () -> Void
  ) -> Shape? {
    // A longer cluster is pango's to draw every time.
    guard let key = Key(bytes, face: face, cells: cells) else { return nil }
    if let shape = known[key] { return shape }
    if known.count >= Self.limit { known.removeAll(keepingCapacity: true) }
    prepare()
    let shape = shaped(layout)
    known[key] = .some(shape)
    return shape
  }

  /// Reads the glyphs of the text `layout` holds, a run at a time in visual order.
  private func shaped(_ layout: OpaquePointer) -> Shape? {
    var ink = PangoRectangle()
    var logical = PangoRectangle()
    pango_layout_get_extents(layout, &ink, &logical)
    let scale = Double(PANGO_SCALE)
    guard let iterator = pango_layout_get_iter(layout) else { return nil }
    defer { pango_layout_iter_free(iterator) }
    var glyphs: [Glyph] = []
    var x = 0.0
    repeat {
      // A line's end is a run of nothing.
      guard let run = pango_layout_iter_get_run_readonly(iterator) else { continue }
      guard let item = run.pointee.item, let string = run.pointee.glyphs, let font = item.pointee.analysis.font,
        let scaledFont = pango_cairo_font_get_scaled_font(OpaquePointer(font))
      else { return nil }
      for index in 0..<Int(string.pointee.num_glyphs) {
        let info = string.pointee.glyphs[index]
        // An empty glyph (a joiner) takes no room; one the fonts lack is pango's to draw.
        if info.glyph == Self.emptyGlyph { continue }
        if info.glyph & Self.unknownGlyphFlag != 0 { return nil }
        glyphs.append(
          Glyph(
            font: scaledFont, index: UInt(info.glyph), x: x + Double(info.geometry.x_offset) / scale,
            y: Double(info.geometry.y_offset) / scale))
        x += Double(info.geometry.width) / scale
      }
      let raw = UnsafeMutableRawPointer(font)
      if fonts[raw] == nil {
        _ = g_object_ref(raw)
        fonts[raw] = ()
      }
    } while pango_layout_iter_next_run(iterator) != 0
    return Shape(glyphs: glyphs, width: Double(logical.width) / scale)
  }

  /// pango's `PANGO_GLYPH_EMPTY` and `PANGO_GLYPH_UNKNOWN_FLAG`.
  private static let emptyGlyph: UInt32 = 0x0FFF_FFFF
  private static let unknownGlyphFlag: UInt32 = 0x1000_0000
}
