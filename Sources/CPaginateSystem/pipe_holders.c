// Killing the processes that hold an end of a child's pipes: an adapter's descendant that left
// its process group (`setsid`, a daemon's double fork) keeps writing into the pipe paginate
// reads, and killing the group does not reach it. Linux: `/proc/PID/fd/N` links name a pipe
// `pipe:[INODE]`.
//
// Invariant: async-signal-safe throughout, so that the signal handler can call it. Only system
// calls (open, openat, getdents64, readlinkat, getpgid, getpid, kill, close), buffers on the
// stack, and no stdio, malloc or locale.
#define _GNU_SOURCE
#include "paginate_system.h"

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

// Writes "pipe:[INODE]" into `out` (at least 32 bytes); returns its length.
static int pipe_link_name(unsigned long inode, char *out) {
  char digits[24];
  int count = 0;
  do {
    digits[count++] = (char)('0' + inode % 10);
    inode /= 10;
  } while (inode != 0);
  static const char prefix[] = "pipe:[";
  int length = 0;
  for (int i = 0; prefix[i] != 0; i++) out[length++] = prefix[i];
  while (count > 0) out[length++] = digits[--count];
  out[length++] = ']';
  return length;
}

// The pid a /proc entry's name stands for, or 0.
static pid_t pid_of(const char *name) {
  pid_t pid = 0;
  if (*name == 0) return 0;
  for (; *name != 0; name++) {
    if (*name < '0' || *name > '9' || pid > 100000000) return 0;
    pid = pid * 10 + (*name - '0');
  }
  return pid;
}

// Whether the process whose /proc directory is `process` has a descriptor linked to one of
// `names` (each `lengths[i]` long).
static int holds(int process, const char names[][32], const int *lengths, int count) {
  int descriptors = openat(process, "fd", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (descriptors < 0) return 0;
  char buffer[2048] __attribute__((aligned(8)));
  char link[64];
  int found = 0;
  long read;
  while (!found && (read = getdents64(descriptors, buffer, sizeof buffer)) > 0) {
    for (long offset = 0; offset < read && !found;) {
      struct dirent64 *entry = (struct dirent64 *)(buffer + offset);
      offset += entry->d_reclen;
      if (entry->d_name[0] < '0' || entry->d_name[0] > '9') continue;
      ssize_t length = readlinkat(descriptors, entry->d_name, link, sizeof link);
      for (int i = 0; i < count && !found; i++) {
        if (length != lengths[i]) continue;
        int same = 1;
        for (int j = 0; j < length && same; j++) same = link[j] == names[i][j];
        found = same;
      }
    }
  }
  close(descriptors);
  return found;
}

void paginate_kill_pipe_holders(const unsigned long *inodes, int count, pid_t group) {
  char names[3][32];
  int lengths[3];
  int used = 0;
  for (int i = 0; i < count && used < 3; i++) {
    if (inodes[i] != 0) {
      lengths[used] = pipe_link_name(inodes[i], names[used]);
      used++;
    }
  }
  if (used == 0) return;
  int proc = open("/proc", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (proc < 0) return;
  pid_t self = getpid();
  char buffer[4096] __attribute__((aligned(8)));
  long read;
  while ((read = getdents64(proc, buffer, sizeof buffer)) > 0) {
    for (long offset = 0; offset < read;) {
      struct dirent64 *entry = (struct dirent64 *)(buffer + offset);
      offset += entry->d_reclen;
      pid_t pid = pid_of(entry->d_name);
      // Members of the child's group were killed with it; only escaped descendants are left.
      if (pid <= 0 || pid == self || (group > 0 && getpgid(pid) == group)) continue;
      int process = openat(proc, entry->d_name, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
      if (process < 0) continue;
      if (holds(process, names, lengths, used)) kill(pid, SIGKILL);
      close(process);
    }
  }
  close(proc);
}

unsigned long paginate_pipe_inode(int descriptor) {
  struct stat status;
  if (descriptor < 0 || fstat(descriptor, &status) != 0 || !S_ISFIFO(status.st_mode)) return 0;
  return (unsigned long)status.st_ino;
}
