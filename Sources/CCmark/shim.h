// The system libcmark (Debian: libcmark-dev). Only PaginateAdapters/Markdown imports it.
#include <cmark.h>
