// The system utf8proc (Debian: libutf8proc-dev). Only PaginateLayout imports it.
#include <utf8proc.h>
