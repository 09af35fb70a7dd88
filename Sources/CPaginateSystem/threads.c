// Which thread is the main one.
#define _GNU_SOURCE
#include "paginate_system.h"

#include <unistd.h>
#if defined(__linux__)
#include <sys/syscall.h>
#else
#include <pthread.h>
#endif

int paginate_is_main_thread(void) {
#if defined(__linux__)
  return syscall(SYS_gettid) == getpid();
#else
  return pthread_main_np() != 0;
#endif
}
