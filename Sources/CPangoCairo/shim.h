// cairo and pango (Debian: libcairo2-dev, libpango1.0-dev), for the PDF export. Only
// PaginatePDF imports it. Fonts come through fontconfig: DejaVu Sans Mono, and Noto Sans CJK
// for wide characters (fonts-dejavu-core, fonts-noto-cjk).
#include <cairo.h>
#include <cairo-pdf.h>
#include <pango/pangocairo.h>
