#ifndef PAGINATE_CMARK_LITERAL_H
#define PAGINATE_CMARK_LITERAL_H

/// The literal of a libcmark-gfm text, code span, inline or block HTML, or footnote reference
/// node, where libcmark-gfm keeps it (not NUL-terminated), and its length in bytes.
///
/// `cmark_node_get_literal` copies every literal that still points into the parser's input to
/// a string of its own: an allocation and a copy per text node. This reads the node itself,
/// through libcmark-gfm's internal `node.h`, which Debian installs with the library of the same
/// version (libcmark-gfm-dev). It is a C file of its own so that the node's layout stays out of
/// Swift, where a complete `cmark_node` would change how every node pointer is imported.
///
/// `node` must be one of those node types (their literal is the node's `as.literal`); the
/// bytes are valid as long as the tree.
const unsigned char *paginate_cmark_literal(void *node, int *length);

#endif
