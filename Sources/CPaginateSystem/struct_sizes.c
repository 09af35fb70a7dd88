// C's sizes of the libc structures that Swift code hands to the kernel or to libc to fill, so
// that a test can compare them with Swift's `MemoryLayout` (a mismatch means libc writes past
// Swift's storage).
#include "paginate_system.h"

#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <termios.h>
#include <time.h>

size_t paginate_sizeof_sigaction(void) { return sizeof(struct sigaction); }
size_t paginate_sizeof_sigset(void) { return sizeof(sigset_t); }
size_t paginate_sizeof_termios(void) { return sizeof(struct termios); }
size_t paginate_sizeof_winsize(void) { return sizeof(struct winsize); }
size_t paginate_sizeof_stat(void) { return sizeof(struct stat); }
size_t paginate_sizeof_pollfd(void) { return sizeof(struct pollfd); }
size_t paginate_sizeof_timespec(void) { return sizeof(struct timespec); }
size_t paginate_sizeof_posix_spawnattr(void) { return sizeof(posix_spawnattr_t); }
size_t paginate_sizeof_posix_spawn_file_actions(void) { return sizeof(posix_spawn_file_actions_t); }
