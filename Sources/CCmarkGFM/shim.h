// The system libcmark-gfm, GitHub's fork of libcmark, with its extensions (Debian:
// libcmark-gfm-dev, libcmark-gfm-extensions-dev). Only PaginateAdapters imports it: the
// Markdown reader and the allocator it gives libcmark-gfm (CmarkArena.swift).
#include <cmark-gfm.h>
#include <cmark-gfm-core-extensions.h>

// The node type of the strikethrough extension is a variable of libcmark-gfm-extensions, set
// when the extensions are registered (cmark_gfm_core_extensions_ensure_registered), and Debian
// installs no header for it: it is declared here and read through a function (to Swift, a C
// variable is shared mutable state). Call it only after registering the extensions.
extern cmark_node_type CMARK_NODE_STRIKETHROUGH;

static inline cmark_node_type paginate_cmark_node_strikethrough(void) { return CMARK_NODE_STRIKETHROUGH; }

