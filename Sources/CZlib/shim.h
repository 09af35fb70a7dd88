// zlib (Debian: zlib1g-dev), for gzip-compressed input. Only PaginateAdapters/Decompression.swift
// imports it.
#include <zlib.h>

// inflateInit2 is a macro (it passes ZLIB_VERSION and C's sizeof(z_stream)), which Swift
// cannot call: this function is the call. 15 + 32: the largest window, gzip or zlib headers.
static inline int paginate_inflate_init(z_streamp stream) {
  return inflateInit2(stream, 15 + 32);
}
