// The module holds the highlighter's interface (include/paginate_highlight.h): the library
// itself is Sources/PaginateHighlight, opened at run time.
#include "paginate_highlight.h"

const char *const paginate_highlight_entry_name = PAGINATE_HIGHLIGHT_ENTRY;
