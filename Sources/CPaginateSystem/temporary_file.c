// The temporary file an export is writing, removed when SIGINT, SIGTERM or SIGHUP ends the
// program, so that an interrupted export leaves nothing half-written behind.
//
// Why C: the handler reads the path, so the path must be in storage that needs no lazy
// initialisation and whose layout is C's (see signal_forwarding.c).
//
// Invariants:
// - `path` holds a NUL-terminated path whenever `registered` is 1; it is written only while
//   `registered` is 0, by the one thread that writes the export.
// - The handler calls only async-signal-safe functions: unlink, sigaction, raise.
#define _GNU_SOURCE
#include "paginate_system.h"

#include <errno.h>
#include <signal.h>
#include <stdatomic.h>
#include <string.h>
#include <unistd.h>

static char path[4096];
static atomic_int registered;
static atomic_int installed;

void paginate_temporary_file_remove(void) {
  if (atomic_exchange(&registered, 0)) {
    int saved_errno = errno;
    unlink(path);
    errno = saved_errno;
  }
}

static void handler(int signal) {
  paginate_temporary_file_remove();
  struct sigaction action = {0};
  action.sa_handler = SIG_DFL;
  sigemptyset(&action.sa_mask);
  sigaction(signal, &action, NULL);
  raise(signal);
}

int paginate_temporary_file_register(const char *temporary) {
  size_t length = strlen(temporary);
  if (length >= sizeof path) return -1;
  atomic_store(&registered, 0);
  memcpy(path, temporary, length + 1);
  atomic_store(&registered, 1);
  if (!atomic_exchange(&installed, 1)) {
    static const int signals[3] = {SIGINT, SIGTERM, SIGHUP};
    for (int i = 0; i < 3; i++) {
      struct sigaction old;
      sigaction(signals[i], NULL, &old);
      // A signal this process ignores (nohup) stays ignored.
      if (old.sa_handler == SIG_IGN) continue;
      struct sigaction action = {0};
      action.sa_handler = handler;
      sigemptyset(&action.sa_mask);
      sigaction(signals[i], &action, NULL);
    }
  }
  return 0;
}

void paginate_temporary_file_unregister(void) { atomic_store(&registered, 0); }
