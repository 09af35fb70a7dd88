internal import CPangoCairo

/// Narrow characters drawn straight from the monospace font's glyphs, placed on the grid,
/// without pango: no itemizing, no bidi, no shaping, which a run of such characters does not
/// need. Printable ASCII always is (DejaVu Sans Mono has every one of those characters and no
/// ligatures); so is a character of the scripts and symbols that are not shaped (Latin, Greek,
/// Cyrillic, punctuation, arrows, box drawing; ``isUnshaped(_:)``) when the face has a glyph for
/// it. Most of most pages is such text; pango laid out each run of it anew and took most of the
/// export's time.
///
/// Spaces are not drawn: the gaps say where they are (text extraction reads them so).
final class GridGlyphs {
  /// The fonts of the four faces, as pango loads them (kept: they own the scaled fonts).
  private let fonts: [UnsafeMutablePointer<PangoFont>]
  /// cairo's scaled font of each face.
  private let scaledFonts: [OpaquePointer]
  /// The glyph of each printable ASCII byte (0x20 to 0x7E) in each face.
  private let glyphs: [[UInt]]
  /// The glyphs of other characters looked up so far, in each face (0: the face has none).
  private var others: [[UInt32: UInt]] = [[:], [:], [:], [:]]
  /// Below the baseline, the underline's top and its thickness, in points.
  let underlinePosition: Double
  let underlineThickness: Double
  /// Above the baseline, the strike-through's top.
  let strikethroughPosition: Double

  /// The faces of `fonts` at their current size, loaded through `layout`'s context; `nil` when
  /// a face cannot be loaded or does not map every printable ASCII character to one glyph.
  init?(fonts: Fonts, layout: OpaquePointer) {
    let context = pango_layout_get_context(layout)
    var loaded: [UnsafeMutablePointer<PangoFont>] = []
    var scaled: [OpaquePointer] = []
    var glyphs: [[UInt]] = []
    let printable = String(decoding: (0x20...0x7E).map { UInt8($0) }, as: UTF8.self)
    defer {
      // On failure, what was loaded goes; on success the properties hold it.
      if glyphs.count < 4 { for font in loaded { g_object_unref(font) } }
    }
    for (bold, italic) in [(false, false), (true, false), (false, true), (true, true)] {
      guard let font = pango_context_load_font(context, fonts.description(bold: bold, italic: italic)) else { return nil }
      loaded.append(font)
      guard let scaledFont = pango_cairo_font_get_scaled_font(OpaquePointer(font)),
        cairo_scaled_font_status(scaledFont) == CAIRO_STATUS_SUCCESS
      else { return nil }
      scaled.append(scaledFont)
      var buffer: UnsafeMutablePointer<cairo_glyph_t>?
      var count: Int32 = 0
      let status = cairo_scaled_font_text_to_glyphs(
        scaledFont, 0, 0, printable, Int32(printable.utf8.count), &buffer, &count, nil, nil, nil)
      defer { cairo_glyph_free(buffer) }
      guard status == CAIRO_STATUS_SUCCESS, let buffer, count == 95 else { return nil }
      let indices = (0..<95).map { UInt(buffer[$0].index) }
      // A glyph 0 is the font's "missing" box: the face lacks a character.
      guard !indices.dropFirst().contains(0) else { return nil }
      glyphs.append(indices)
    }
    let metrics = pango_font_get_metrics(loaded[0], nil)
    defer { pango_font_metrics_unref(metrics) }
    let scale = Double(PANGO_SCALE)
    underlinePosition = -Double(pango_font_metrics_get_underline_position(metrics)) / scale
    underlineThickness = max(Double(pango_font_metrics_get_underline_thickness(metrics)) / scale, 0.3)
    strikethroughPosition = Double(pango_font_metrics_get_strikethrough_position(metrics)) / scale
    self.fonts = loaded
    scaledFonts = scaled
    self.glyphs = glyphs
  }

  deinit {
    for font in fonts { g_object_unref(font) }
  }

  /// Whether a character is drawn the same alone as among its neighbours: no script that
  /// joins or reorders (Arabic, Hebrew, Indic), no combining mark, no control.
  static func isUnshaped(_ scalar: UInt32) -> Bool {
    switch scalar {
    // Latin, Greek, Cyrillic (less the combining marks at U+0300–036F and U+0483–0489)
    case 0x20...0x7E, 0xA0...0x2FF, 0x370...0x482, 0x48A...0x52F: return true
    case 0x1E00...0x1FFF: return true  // Latin and Greek extended
    case 0x2010...0x2027, 0x2030...0x205E: return true  // punctuation (no spaces or controls)
    case 0x20A0...0x20BF, 0x2100...0x23FF: return true  // currency, letterlike, arrows, math
    case 0x2500...0x25FF: return true  // box drawing, blocks, geometric shapes
    default: return false
    }
  }

  /// The glyph of `scalar` in `face` (from 0: regular, bold, italic, bold italic), `nil` when
  /// the face has none.
  func glyph(of scalar: UInt32, face: Int) -> UInt? {
    if scalar >= 0x20 && scalar <= 0x7E { return glyphs[face][Int(scalar) - 0x20] }
    if let known = others[face][scalar] { return known == 0 ? nil : known }
    var index: UInt = 0
    if let unicode = Unicode.Scalar(scalar) {
      let text = String(Character(unicode))
      var buffer: UnsafeMutablePointer<cairo_glyph_t>?
      var count: Int32 = 0
      let status = cairo_scaled_font_text_to_glyphs(
        scaledFonts[face], 0, 0, text, Int32(text.utf8.count), &buffer, &count, nil, nil, nil)
      if status == CAIRO_STATUS_SUCCESS, let buffer, count == 1 { index = UInt(buffer[0].index) }
      cairo_glyph_free(buffer)
    }
    others[face][scalar] = index
    return index == 0 ? nil : index
  }

  /// The glyph of a printable ASCII byte (0x20 to 0x7E) in `face`, which has them all.
  func glyph(ofASCII byte: UInt8, face: Int) -> UInt { glyphs[face][Int(byte) - 0x20] }

  /// Whether every byte is printable ASCII (0x20 to 0x7E): a byte a cell, each with a glyph.
  static func isPrintableASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    for byte in bytes where byte < 0x20 || byte > 0x7E { return false }
    return true
  }

  /// cairo's scaled font of `face` (from 0: regular, bold, italic, bold italic).
  func scaledFont(face: Int) -> OpaquePointer { scaledFonts[face] }
}
