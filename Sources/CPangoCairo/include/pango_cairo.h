// The part of cairo's and pango's interfaces that the PDF export uses, declared here (with the
// libraries' own names, types and values) rather than taken from their headers, so that
// paginate links neither library: they are opened, with all that they load, when a PDF is
// first made (`paginate_pango_cairo_load`), and not at every start, where they were 35 of the
// 48 shared objects the program loaded. The declarations follow cairo 1.16 and pango 1.50
// (Debian bookworm), whose interfaces are stable; each function here forwards to the
// library's. Only PaginatePDF imports this module.
#ifndef PAGINATE_PANGO_CAIRO_H
#define PAGINATE_PANGO_CAIRO_H

#include <stddef.h>

// cairo
typedef struct _cairo cairo_t;
typedef struct _cairo_surface cairo_surface_t;
typedef struct _cairo_font_options cairo_font_options_t;
typedef struct _cairo_scaled_font cairo_scaled_font_t;

typedef struct {
  unsigned long index;
  double x;
  double y;
} cairo_glyph_t;

typedef struct {
  int num_bytes;
  int num_glyphs;
} cairo_text_cluster_t;

typedef enum _cairo_text_cluster_flags { CAIRO_TEXT_CLUSTER_FLAG_BACKWARD = 0x00000001 } cairo_text_cluster_flags_t;

typedef enum _cairo_status {
  CAIRO_STATUS_SUCCESS = 0,
  CAIRO_STATUS_NO_MEMORY = 1,
  CAIRO_STATUS_WRITE_ERROR = 11
} cairo_status_t;

typedef enum _cairo_hint_style { CAIRO_HINT_STYLE_DEFAULT = 0, CAIRO_HINT_STYLE_NONE = 1 } cairo_hint_style_t;
typedef enum _cairo_hint_metrics { CAIRO_HINT_METRICS_DEFAULT = 0, CAIRO_HINT_METRICS_OFF = 1 } cairo_hint_metrics_t;

typedef cairo_status_t (*cairo_write_func_t)(void *closure, const unsigned char *data, unsigned int length);

#define CAIRO_TAG_DEST "cairo.dest"
#define CAIRO_TAG_LINK "Link"

// cairo's PDF surface
typedef enum _cairo_pdf_version { CAIRO_PDF_VERSION_1_4 = 0, CAIRO_PDF_VERSION_1_5 = 1 } cairo_pdf_version_t;
typedef enum _cairo_pdf_outline_flags { CAIRO_PDF_OUTLINE_FLAG_OPEN = 0x1 } cairo_pdf_outline_flags_t;
#define CAIRO_PDF_OUTLINE_ROOT 0
typedef enum _cairo_pdf_metadata {
  CAIRO_PDF_METADATA_TITLE = 0,
  CAIRO_PDF_METADATA_AUTHOR = 1,
  CAIRO_PDF_METADATA_CREATOR = 4
} cairo_pdf_metadata_t;

cairo_t *cairo_create(cairo_surface_t *target);
void cairo_destroy(cairo_t *cr);
void cairo_fill(cairo_t *cr);
cairo_font_options_t *cairo_font_options_create(void);
void cairo_font_options_destroy(cairo_font_options_t *options);
void cairo_font_options_set_hint_metrics(cairo_font_options_t *options, cairo_hint_metrics_t hint_metrics);
void cairo_font_options_set_hint_style(cairo_font_options_t *options, cairo_hint_style_t hint_style);
void cairo_glyph_free(cairo_glyph_t *glyphs);
void cairo_move_to(cairo_t *cr, double x, double y);
int cairo_pdf_surface_add_outline(cairo_surface_t *surface, int parent_id, const char *utf8, const char *link_attribs,
  cairo_pdf_outline_flags_t flags);
cairo_surface_t *cairo_pdf_surface_create_for_stream(cairo_write_func_t write_func, void *closure,
  double width_in_points, double height_in_points);
void cairo_pdf_surface_restrict_to_version(cairo_surface_t *surface, cairo_pdf_version_t version);
void cairo_pdf_surface_set_metadata(cairo_surface_t *surface, cairo_pdf_metadata_t metadata, const char *utf8);
void cairo_rectangle(cairo_t *cr, double x, double y, double width, double height);
void cairo_restore(cairo_t *cr);
void cairo_save(cairo_t *cr);
cairo_status_t cairo_scaled_font_status(cairo_scaled_font_t *scaled_font);
cairo_status_t cairo_scaled_font_text_to_glyphs(cairo_scaled_font_t *scaled_font, double x, double y, const char *utf8,
  int utf8_len, cairo_glyph_t **glyphs, int *num_glyphs, cairo_text_cluster_t **clusters, int *num_clusters,
  cairo_text_cluster_flags_t *cluster_flags);
void cairo_set_scaled_font(cairo_t *cr, const cairo_scaled_font_t *scaled_font);
void cairo_set_source_rgb(cairo_t *cr, double red, double green, double blue);
void cairo_show_glyphs(cairo_t *cr, const cairo_glyph_t *glyphs, int num_glyphs);
void cairo_show_page(cairo_t *cr);
void cairo_show_text_glyphs(cairo_t *cr, const char *utf8, int utf8_len, const cairo_glyph_t *glyphs, int num_glyphs,
  const cairo_text_cluster_t *clusters, int num_clusters, cairo_text_cluster_flags_t cluster_flags);
const char *cairo_status_to_string(cairo_status_t status);
void cairo_surface_destroy(cairo_surface_t *surface);
void cairo_surface_finish(cairo_surface_t *surface);
cairo_status_t cairo_surface_status(cairo_surface_t *surface);
void cairo_tag_begin(cairo_t *cr, const char *tag_name, const char *attributes);
void cairo_tag_end(cairo_t *cr, const char *tag_name);
void cairo_translate(cairo_t *cr, double tx, double ty);

// GLib's objects
typedef int gboolean;
typedef void *gpointer;
void g_object_unref(gpointer object);

// pango
typedef struct _PangoAttrList PangoAttrList;
typedef struct _PangoAttribute PangoAttribute;
typedef struct _PangoContext PangoContext;
typedef struct _PangoLayout PangoLayout;
typedef struct _PangoFontDescription PangoFontDescription;
typedef struct _PangoFontMetrics PangoFontMetrics;
typedef struct _PangoLanguage PangoLanguage;
typedef struct _PangoCairoFont PangoCairoFont;
/// A font: a GObject instance (its type, reference count and data), never looked into here.
typedef struct _PangoFont {
  struct {
    void *g_class;
    unsigned int ref_count;
    void *qdata;
  } parent_instance;
} PangoFont;

typedef struct _PangoRectangle {
  int x;
  int y;
  int width;
  int height;
} PangoRectangle;

typedef enum { PANGO_STYLE_NORMAL = 0, PANGO_STYLE_OBLIQUE = 1, PANGO_STYLE_ITALIC = 2 } PangoStyle;
typedef enum { PANGO_WEIGHT_NORMAL = 400, PANGO_WEIGHT_BOLD = 700 } PangoWeight;
typedef enum { PANGO_UNDERLINE_NONE = 0, PANGO_UNDERLINE_SINGLE = 1 } PangoUnderline;
#define PANGO_SCALE 1024

/// pango's shaped text, as pango.h lays its structures out (public, and stable in pango 1.x):
/// read to draw a cluster pango shaped once again from its glyphs.
typedef struct _PangoLayoutIter PangoLayoutIter;
typedef struct {
  int width;
  int x_offset;
  int y_offset;
} PangoGlyphGeometry;
typedef struct {
  unsigned int glyph;
  PangoGlyphGeometry geometry;
  unsigned int attr;  // PangoGlyphVisAttr: bit fields in a guint
} PangoGlyphInfo;
typedef struct {
  int num_glyphs;
  PangoGlyphInfo *glyphs;
  int *log_clusters;
  int space;
} PangoGlyphString;
typedef struct {
  void *shape_engine;
  void *lang_engine;
  PangoFont *font;
  unsigned char level;
  unsigned char gravity;
  unsigned char flags;
  unsigned char script;
  PangoLanguage *language;
  void *extra_attrs;
} PangoAnalysis;
typedef struct {
  int offset;
  int length;
  int num_chars;
  PangoAnalysis analysis;
} PangoItem;
/// A run of a laid-out line (PangoLayoutRun); later pango versions add fields after these two.
typedef struct {
  PangoItem *item;
  PangoGlyphString *glyphs;
} PangoGlyphItem;

gpointer g_object_ref(gpointer object);
PangoLayoutIter *pango_layout_get_iter(PangoLayout *layout);
void pango_layout_iter_free(PangoLayoutIter *iter);
PangoGlyphItem *pango_layout_iter_get_run_readonly(PangoLayoutIter *iter);
gboolean pango_layout_iter_next_run(PangoLayoutIter *iter);

void pango_attr_list_insert(PangoAttrList *list, PangoAttribute *attr);
PangoAttrList *pango_attr_list_new(void);
void pango_attr_list_unref(PangoAttrList *list);
PangoAttribute *pango_attr_scale_new(double scale_factor);
PangoAttribute *pango_attr_strikethrough_new(gboolean strikethrough);
PangoAttribute *pango_attr_underline_new(PangoUnderline underline);
void pango_cairo_context_set_font_options(PangoContext *context, const cairo_font_options_t *options);
PangoLayout *pango_cairo_create_layout(cairo_t *cr);
cairo_scaled_font_t *pango_cairo_font_get_scaled_font(PangoCairoFont *font);
void pango_cairo_show_layout(cairo_t *cr, PangoLayout *layout);
PangoFont *pango_context_load_font(PangoContext *context, const PangoFontDescription *desc);
void pango_context_set_language(PangoContext *context, PangoLanguage *language);
void pango_context_set_round_glyph_positions(PangoContext *context, gboolean round_positions);
void pango_font_description_free(PangoFontDescription *desc);
PangoFontDescription *pango_font_description_new(void);
void pango_font_description_set_absolute_size(PangoFontDescription *desc, double size);
void pango_font_description_set_family(PangoFontDescription *desc, const char *family);
void pango_font_description_set_style(PangoFontDescription *desc, PangoStyle style);
void pango_font_description_set_weight(PangoFontDescription *desc, PangoWeight weight);
PangoFontMetrics *pango_font_get_metrics(PangoFont *font, PangoLanguage *language);
int pango_font_metrics_get_strikethrough_position(PangoFontMetrics *metrics);
int pango_font_metrics_get_underline_position(PangoFontMetrics *metrics);
int pango_font_metrics_get_underline_thickness(PangoFontMetrics *metrics);
void pango_font_metrics_unref(PangoFontMetrics *metrics);
PangoLanguage *pango_language_from_string(const char *language);
void pango_layout_context_changed(PangoLayout *layout);
int pango_layout_get_baseline(PangoLayout *layout);
PangoContext *pango_layout_get_context(PangoLayout *layout);
void pango_layout_get_extents(PangoLayout *layout, PangoRectangle *ink_rect, PangoRectangle *logical_rect);
void pango_layout_set_attributes(PangoLayout *layout, PangoAttrList *attrs);
void pango_layout_set_font_description(PangoLayout *layout, const PangoFontDescription *desc);
void pango_layout_set_text(PangoLayout *layout, const char *text, int length);

/// Opens pangocairo (and with it pango, cairo and GLib's objects) and finds every function
/// above; safe to call again and from several threads (it does the work once). Returns 0, or
/// -1 with a message in `error` (at most `size` bytes) when a library or a function is missing.
int paginate_pango_cairo_load(char *error, size_t size);

#endif
