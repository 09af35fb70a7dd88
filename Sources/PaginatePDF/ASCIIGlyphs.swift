internal import CPangoCairo

/// Printable ASCII drawn straight from the monospace font's glyphs, placed on the grid, without
/// pango: no itemizing, no bidi, no shaping, which a run of ASCII in a monospace font does not
/// need (DejaVu Sans Mono has every one of those characters and no ligatures). Most of most
/// pages is such text; pango laid out each run of it anew and took most of the export's time.
///
/// Spaces are not drawn: the gaps say where they are (text extraction reads them so).
final class ASCIIGlyphs {
  /// The fonts of the four faces, as pango loads them (kept: they own the scaled fonts).
  private let fonts: [UnsafeMutablePointer<PangoFont>]
  /// cairo's scaled font of each face.
  private let scaledFonts: [OpaquePointer]
  /// The glyph of each printable ASCII byte (0x20 to 0x7E) in each face.
  private let glyphs: [[UInt]]
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

  /// Draws `bytes[range]` (printable ASCII) in the face `style` names, its first character in
  /// the cell at `x`, on `baseline`, a cell every `cellWidth`; the lines of underline and
  /// strike-through across the run.
  func show(
    _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, bold: Bool, italic: Bool, underline: Bool,
    strikethrough: Bool, x: Double, baseline: Double, cellWidth: Double, on context: OpaquePointer
  ) {
    let face = (bold ? 1 : 0) + (italic ? 2 : 0)
    let table = glyphs[face]
    var run: [cairo_glyph_t] = []
    run.reserveCapacity(range.count)
    for (offset, index) in range.enumerated() where bytes[index] != 0x20 {
      run.append(cairo_glyph_t(index: table[Int(bytes[index]) - 0x20], x: x + Double(offset) * cellWidth, y: baseline))
    }
    if !run.isEmpty {
      cairo_set_scaled_font(context, scaledFonts[face])
      cairo_show_glyphs(context, run, Int32(run.count))
    }
    let width = Double(range.count) * cellWidth
    if underline {
      cairo_rectangle(context, x, baseline + underlinePosition, width, underlineThickness)
      cairo_fill(context)
    }
    if strikethrough {
      cairo_rectangle(context, x, baseline - strikethroughPosition, width, underlineThickness)
      cairo_fill(context)
    }
  }
}
