// An unnamed temporary file (O_TMPFILE), which Swift cannot spell: the flag is a macro made of
// two others.
#define _GNU_SOURCE
#include "paginate_system.h"

#include <errno.h>
#include <fcntl.h>

int paginate_open_unnamed_file(const char *directory, unsigned int mode) {
#ifdef O_TMPFILE
  return open(directory, O_TMPFILE | O_WRONLY | O_CLOEXEC, (mode_t)mode);
#else
  errno = EOPNOTSUPP;
  return -1;
#endif
}
