// The C library's allocator controls (glibc's mallopt), used by the paginate executable to
// tune the allocator at start-up. Empty where <malloc.h> does not exist.
#if __has_include(<malloc.h>)
#include <malloc.h>
#endif
