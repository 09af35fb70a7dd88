#include "cmark_literal.h"

#include <cmark-gfm.h>
#include <cmark-gfm/node.h>

const unsigned char *paginate_cmark_literal(void *node, int *length) {
  cmark_node *n = (cmark_node *)node;
  *length = n->as.literal.len;
  return n->as.literal.data;
}
