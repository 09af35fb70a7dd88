// Forwards each function of pango_cairo.h to the library's, found when the libraries are first
// opened (`paginate_pango_cairo_load`). The forwarders are hidden: the libraries bind to their
// own functions, not to these. Calling one before a successful load is a fault; PaginatePDF
// loads before it makes anything.
#include "pango_cairo.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "paginate_system.h"

// Each function: X(type, name, (parameters), (arguments)), or V(name, ...) for one of no value.
#define PAGINATE_FUNCTIONS(X, V) \
  X(cairo_t *, cairo_create, (cairo_surface_t *target), (target)) \
  V(cairo_destroy, (cairo_t *cr), (cr)) \
  V(cairo_fill, (cairo_t *cr), (cr)) \
  X(cairo_font_options_t *, cairo_font_options_create, (void), ()) \
  V(cairo_font_options_destroy, (cairo_font_options_t *options), (options)) \
  V(cairo_font_options_set_hint_metrics, (cairo_font_options_t *options, cairo_hint_metrics_t hint_metrics), (options, hint_metrics)) \
  V(cairo_font_options_set_hint_style, (cairo_font_options_t *options, cairo_hint_style_t hint_style), (options, hint_style)) \
  V(cairo_glyph_free, (cairo_glyph_t *glyphs), (glyphs)) \
  V(cairo_move_to, (cairo_t *cr, double x, double y), (cr, x, y)) \
  X(int, cairo_pdf_surface_add_outline, (cairo_surface_t *surface, int parent_id, const char *utf8, const char *link_attribs, cairo_pdf_outline_flags_t flags), (surface, parent_id, utf8, link_attribs, flags)) \
  X(cairo_surface_t *, cairo_pdf_surface_create_for_stream, (cairo_write_func_t write_func, void *closure, double width_in_points, double height_in_points), (write_func, closure, width_in_points, height_in_points)) \
  V(cairo_pdf_surface_restrict_to_version, (cairo_surface_t *surface, cairo_pdf_version_t version), (surface, version)) \
  V(cairo_pdf_surface_set_metadata, (cairo_surface_t *surface, cairo_pdf_metadata_t metadata, const char *utf8), (surface, metadata, utf8)) \
  V(cairo_rectangle, (cairo_t *cr, double x, double y, double width, double height), (cr, x, y, width, height)) \
  V(cairo_restore, (cairo_t *cr), (cr)) \
  V(cairo_save, (cairo_t *cr), (cr)) \
  X(cairo_status_t, cairo_scaled_font_status, (cairo_scaled_font_t *scaled_font), (scaled_font)) \
  X(cairo_status_t, cairo_scaled_font_text_to_glyphs, (cairo_scaled_font_t *scaled_font, double x, double y, const char *utf8, int utf8_len, cairo_glyph_t **glyphs, int *num_glyphs, cairo_text_cluster_t **clusters, int *num_clusters, cairo_text_cluster_flags_t *cluster_flags), (scaled_font, x, y, utf8, utf8_len, glyphs, num_glyphs, clusters, num_clusters, cluster_flags)) \
  V(cairo_set_scaled_font, (cairo_t *cr, const cairo_scaled_font_t *scaled_font), (cr, scaled_font)) \
  V(cairo_set_source_rgb, (cairo_t *cr, double red, double green, double blue), (cr, red, green, blue)) \
  V(cairo_show_glyphs, (cairo_t *cr, const cairo_glyph_t *glyphs, int num_glyphs), (cr, glyphs, num_glyphs)) \
  V(cairo_show_page, (cairo_t *cr), (cr)) \
  V(cairo_show_text_glyphs, (cairo_t *cr, const char *utf8, int utf8_len, const cairo_glyph_t *glyphs, int num_glyphs, const cairo_text_cluster_t *clusters, int num_clusters, cairo_text_cluster_flags_t cluster_flags), (cr, utf8, utf8_len, glyphs, num_glyphs, clusters, num_clusters, cluster_flags)) \
  X(const char *, cairo_status_to_string, (cairo_status_t status), (status)) \
  V(cairo_surface_destroy, (cairo_surface_t *surface), (surface)) \
  V(cairo_surface_finish, (cairo_surface_t *surface), (surface)) \
  X(cairo_status_t, cairo_surface_status, (cairo_surface_t *surface), (surface)) \
  V(cairo_tag_begin, (cairo_t *cr, const char *tag_name, const char *attributes), (cr, tag_name, attributes)) \
  V(cairo_tag_end, (cairo_t *cr, const char *tag_name), (cr, tag_name)) \
  V(cairo_translate, (cairo_t *cr, double tx, double ty), (cr, tx, ty)) \
  X(gpointer, g_object_ref, (gpointer object), (object)) \
  V(g_object_unref, (gpointer object), (object)) \
  X(PangoLayoutIter *, pango_layout_get_iter, (PangoLayout *layout), (layout)) \
  V(pango_layout_iter_free, (PangoLayoutIter *iter), (iter)) \
  X(PangoGlyphItem *, pango_layout_iter_get_run_readonly, (PangoLayoutIter *iter), (iter)) \
  X(gboolean, pango_layout_iter_next_run, (PangoLayoutIter *iter), (iter)) \
  V(pango_attr_list_insert, (PangoAttrList *list, PangoAttribute *attr), (list, attr)) \
  X(PangoAttrList *, pango_attr_list_new, (void), ()) \
  V(pango_attr_list_unref, (PangoAttrList *list), (list)) \
  X(PangoAttribute *, pango_attr_scale_new, (double scale_factor), (scale_factor)) \
  X(PangoAttribute *, pango_attr_strikethrough_new, (gboolean strikethrough), (strikethrough)) \
  X(PangoAttribute *, pango_attr_underline_new, (PangoUnderline underline), (underline)) \
  V(pango_cairo_context_set_font_options, (PangoContext *context, const cairo_font_options_t *options), (context, options)) \
  X(PangoLayout *, pango_cairo_create_layout, (cairo_t *cr), (cr)) \
  X(cairo_scaled_font_t *, pango_cairo_font_get_scaled_font, (PangoCairoFont *font), (font)) \
  V(pango_cairo_show_layout, (cairo_t *cr, PangoLayout *layout), (cr, layout)) \
  X(PangoFont *, pango_context_load_font, (PangoContext *context, const PangoFontDescription *desc), (context, desc)) \
  V(pango_context_set_language, (PangoContext *context, PangoLanguage *language), (context, language)) \
  V(pango_context_set_round_glyph_positions, (PangoContext *context, gboolean round_positions), (context, round_positions)) \
  V(pango_font_description_free, (PangoFontDescription *desc), (desc)) \
  X(PangoFontDescription *, pango_font_description_new, (void), ()) \
  V(pango_font_description_set_absolute_size, (PangoFontDescription *desc, double size), (desc, size)) \
  V(pango_font_description_set_family, (PangoFontDescription *desc, const char *family), (desc, family)) \
  V(pango_font_description_set_style, (PangoFontDescription *desc, PangoStyle style), (desc, style)) \
  V(pango_font_description_set_weight, (PangoFontDescription *desc, PangoWeight weight), (desc, weight)) \
  X(PangoFontMetrics *, pango_font_get_metrics, (PangoFont *font, PangoLanguage *language), (font, language)) \
  X(int, pango_font_metrics_get_strikethrough_position, (PangoFontMetrics *metrics), (metrics)) \
  X(int, pango_font_metrics_get_underline_position, (PangoFontMetrics *metrics), (metrics)) \
  X(int, pango_font_metrics_get_underline_thickness, (PangoFontMetrics *metrics), (metrics)) \
  V(pango_font_metrics_unref, (PangoFontMetrics *metrics), (metrics)) \
  X(PangoLanguage *, pango_language_from_string, (const char *language), (language)) \
  V(pango_layout_context_changed, (PangoLayout *layout), (layout)) \
  X(int, pango_layout_get_baseline, (PangoLayout *layout), (layout)) \
  X(PangoContext *, pango_layout_get_context, (PangoLayout *layout), (layout)) \
  V(pango_layout_get_extents, (PangoLayout *layout, PangoRectangle *ink_rect, PangoRectangle *logical_rect), (layout, ink_rect, logical_rect)) \
  V(pango_layout_set_attributes, (PangoLayout *layout, PangoAttrList *attrs), (layout, attrs)) \
  V(pango_layout_set_font_description, (PangoLayout *layout, const PangoFontDescription *desc), (layout, desc)) \
  V(pango_layout_set_text, (PangoLayout *layout, const char *text, int length), (layout, text, length))

// A pointer for each function, set by the load.
#define POINTER(type, name, parameters, arguments) static type(*pointer_##name) parameters;
#define VOID_POINTER(name, parameters, arguments) POINTER(void, name, parameters, arguments)
PAGINATE_FUNCTIONS(POINTER, VOID_POINTER)

// The forwarders.
#define FORWARD(type, name, parameters, arguments) \
  __attribute__((visibility("hidden"))) type name parameters { return pointer_##name arguments; }
#define VOID_FORWARD(name, parameters, arguments) \
  __attribute__((visibility("hidden"))) void name parameters { pointer_##name arguments; }
PAGINATE_FUNCTIONS(FORWARD, VOID_FORWARD)

/// The library that brings the others with it: dlsym looks through a library's dependencies.
static const char *const library_name = "libpangocairo-1.0.so.0";

static pthread_once_t once = PTHREAD_ONCE_INIT;
static char failure[512];

static void load(void) {
  void *library = paginate_library_open(library_name, failure, sizeof failure);
  if (library == NULL) return;
#define FIND(type, name, parameters, arguments) \
  pointer_##name = (type(*) parameters)paginate_library_symbol(library, #name); \
  if (pointer_##name == NULL) { \
    snprintf(failure, sizeof failure, "%s has no function %s", library_name, #name); \
    return; \
  }
#define VOID_FIND(name, parameters, arguments) FIND(void, name, parameters, arguments)
  PAGINATE_FUNCTIONS(FIND, VOID_FIND)
}

int paginate_pango_cairo_load(char *error, size_t size) {
  pthread_once(&once, load);
  if (failure[0] == 0) return 0;
  if (size > 0) snprintf(error, size, "%s", failure);
  return -1;
}
