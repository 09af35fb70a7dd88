// File calls whose flags Swift cannot spell (macros made of others, or declarations glibc
// shows only with _GNU_SOURCE).
#define _GNU_SOURCE
#include "paginate_system.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

int paginate_open_unnamed_file(const char *directory, unsigned int mode, int read_write) {
#ifdef O_TMPFILE
  return open(directory, O_TMPFILE | (read_write ? O_RDWR : O_WRONLY) | O_CLOEXEC, (mode_t)mode);
#else
  errno = EOPNOTSUPP;
  return -1;
#endif
}

int paginate_open_pipe(int ends[2]) { return pipe2(ends, O_CLOEXEC); }

int paginate_make_temporary_file(char *template_path) { return mkostemp(template_path, O_CLOEXEC); }
