// Running a program under a shepherd: a small process of paginate's own that is the program's
// parent and a child subreaper (`PR_SET_CHILD_SUBREAPER`), so that every descendant the
// program leaves behind (a `setsid` grandchild, a daemon's double fork) becomes the shepherd's
// child rather than init's. What the shepherd kills is therefore exactly the program's
// descendants, found through the kernel's parentage: never a process that was merely handed
// one of the program's descriptors (over a Unix socket, say), and never another run's.
//
//   paginate ──fork──► shepherd (subreaper, all signals blocked) ──fork──► program (own group)
//      │  control pipe: 'r' release, 'k' kill, end of file (paginate died): kill    │
//      ◄──────────── report pipe: spawned(pid) | failed(errno) | exited(status) ────┘
//
// The shepherd keeps the program unreaped (`waitid` with `WNOWAIT`) until paginate releases
// it, so the program's id, and so its process group's, cannot name another process while
// paginate may still signal that group.
//
// Invariants:
// - Between the fork and the end, the shepherd calls only system calls (async-signal-safe in
//   the child of a multithreaded process): no stdio, malloc, locks or locale. The same holds
//   for the program's side before `execve`.
// - The shepherd holds no descriptor but its five (the program's three, control and report)
//   and, briefly, the exec-status pipe and a signalfd: `close_range` drops every other copy
//   the fork made (another adapter's pipes would otherwise never reach end of file).
#define _GNU_SOURCE
#include "paginate_system.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/signalfd.h>
#include <sys/wait.h>
#include <unistd.h>

enum { REPORT_SPAWNED = 1, REPORT_FAILED = 2, REPORT_EXITED = 3 };

// Where the shepherd keeps its descriptors once the fork's copies are sorted out.
enum { FD_CONTROL = 3, FD_REPORT = 4, FD_FIRST_FREE = 5 };

static void write_report(int kind, int value) {
  int message[2] = {kind, value};
  ssize_t written;
  do {
    written = write(FD_REPORT, message, sizeof message);
  } while (written < 0 && errno == EINTR);
}

// Calls `visit(pid)` for each child of this process (the shepherd is single-threaded, so the
// children of its one thread are all of them). Reads /proc/self/task/TID/children; where the
// kernel has no such file, looks for processes whose parent is this one in /proc/PID/stat.
static void for_each_child(void (*visit)(pid_t, pid_t), pid_t argument) {
  char path[64] = "/proc/self/task/";
  pid_t self = getpid();
  char digits[16];
  int count = 0;
  for (pid_t n = self; n > 0 && count < 15; n /= 10) digits[count++] = (char)('0' + n % 10);
  int length = 16;
  while (count > 0) path[length++] = digits[--count];
  static const char suffix[] = "/children";
  for (int i = 0; suffix[i] != 0; i++) path[length++] = suffix[i];
  path[length] = 0;

  char buffer[4096];
  int file = open(path, O_RDONLY | O_CLOEXEC);
  if (file >= 0) {
    // Space-separated pids; a pid cut at the buffer's end is carried into the next read.
    pid_t pid = 0;
    ssize_t got;
    while ((got = read(file, buffer, sizeof buffer)) > 0) {
      for (ssize_t i = 0; i < got; i++) {
        if (buffer[i] >= '0' && buffer[i] <= '9') {
          pid = pid * 10 + (buffer[i] - '0');
        } else if (pid > 0) {
          visit(pid, argument);
          pid = 0;
        }
      }
    }
    if (pid > 0) visit(pid, argument);
    close(file);
    return;
  }
  int proc = open("/proc", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (proc < 0) return;
  char entries[4096] __attribute__((aligned(8)));
  long read_bytes;
  while ((read_bytes = getdents64(proc, entries, sizeof entries)) > 0) {
    for (long offset = 0; offset < read_bytes;) {
      struct dirent64 *entry = (struct dirent64 *)(entries + offset);
      offset += entry->d_reclen;
      if (entry->d_name[0] < '1' || entry->d_name[0] > '9') continue;
      char stat_path[300];
      int at = 0;
      for (int i = 0; entry->d_name[i] != 0 && at < 280; i++) stat_path[at++] = entry->d_name[i];
      static const char stat_name[] = "/stat";
      for (int i = 0; stat_name[i] != 0; i++) stat_path[at++] = stat_name[i];
      stat_path[at] = 0;
      int stat = openat(proc, stat_path, O_RDONLY | O_CLOEXEC);
      if (stat < 0) continue;
      ssize_t got = read(stat, buffer, sizeof buffer - 1);
      close(stat);
      if (got <= 0) continue;
      // "pid (comm) state ppid …": the name may hold spaces and parentheses; it ends at the
      // last ')'.
      ssize_t close_paren = got - 1;
      while (close_paren > 0 && buffer[close_paren] != ')') close_paren--;
      ssize_t i = close_paren + 4;  // past ") S "
      pid_t parent = 0;
      for (; i < got && buffer[i] >= '0' && buffer[i] <= '9'; i++) parent = parent * 10 + (buffer[i] - '0');
      if (parent != self) continue;
      pid_t pid = 0;
      for (int k = 0; entry->d_name[k] != 0; k++) pid = pid * 10 + (entry->d_name[k] - '0');
      visit(pid, argument);
    }
  }
  close(proc);
}

static void kill_child(pid_t pid, pid_t unused) {
  (void)unused;
  kill(pid, SIGKILL);
}

// Reaps `pid` if it has ended, unless it is `kept` (the program, held until paginate releases it).
static void reap_unless_kept(pid_t pid, pid_t kept) {
  if (pid == kept) return;
  int status;
  waitpid(pid, &status, WNOHANG);
}

// Kills the program's group and every descendant of the shepherd, and reaps them all. A
// descendant whose parent dies becomes the shepherd's child (it is the subreaper), so killing
// the children, reaping one, and looking again reaches every level; it ends when there is no
// child left.
static void kill_everything(pid_t program) {
  kill(-program, SIGKILL);
  for (;;) {
    for_each_child(kill_child, 0);
    int status;
    pid_t reaped = waitpid(-1, &status, __WALL);
    if (reaped < 0 && errno != EINTR) return;  // ECHILD: nothing is left
  }
}

// The shepherd's life; never returns.
static void shepherd(const char *path, char *const argv[], char *const envp[], int input, int output, int error,
                     int control, int report) {
  // Its own copies of the five descriptors at known places, the rest of the fork's copies closed.
  int moved[5] = {input, output, error, control, report};
  for (int i = 0; i < 5; i++) {
    moved[i] = fcntl(moved[i], F_DUPFD_CLOEXEC, 16);
    if (moved[i] < 0) _exit(127);
  }
  for (int i = 0; i < 5; i++) {
    if (dup3(moved[i], i, i < 3 ? 0 : O_CLOEXEC) < 0) _exit(127);
  }
  close_range(FD_FIRST_FREE, ~0U, 0);

  prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
  sigset_t child_signal;
  sigemptyset(&child_signal);
  sigaddset(&child_signal, SIGCHLD);
  int children = signalfd(-1, &child_signal, SFD_CLOEXEC | SFD_NONBLOCK);
  int exec_status[2];
  if (children < 0 || pipe2(exec_status, O_CLOEXEC) != 0) {
    write_report(REPORT_FAILED, errno);
    _exit(127);
  }

  pid_t program = _Fork();
  if (program < 0) {
    write_report(REPORT_FAILED, errno);
    _exit(127);
  }
  if (program == 0) {
    // The program: a process group of its own (so a kill of the group reaches what it starts,
    // and the terminal's signals do not), default actions for the signals paginate handles or
    // ignores, nothing blocked.
    setpgid(0, 0);
    static const int defaults[] = {SIGPIPE, SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGCHLD};
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = SIG_DFL;
    for (unsigned i = 0; i < sizeof defaults / sizeof defaults[0]; i++) sigaction(defaults[i], &action, NULL);
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    execve(path, argv, envp);
    int failure = errno;
    ssize_t written;
    do {
      written = write(exec_status[1], &failure, sizeof failure);
    } while (written < 0 && errno == EINTR);
    _exit(127);
  }
  // Also here, so that the group exists before anyone can signal it (whichever runs first).
  setpgid(program, program);
  close(exec_status[1]);
  close(0);
  close(1);
  close(2);
  int failure = 0;
  ssize_t got;
  do {
    got = read(exec_status[0], &failure, sizeof failure);
  } while (got < 0 && errno == EINTR);
  close(exec_status[0]);
  if (got == sizeof failure) {
    int status;
    waitpid(program, &status, 0);
    write_report(REPORT_FAILED, failure);
    _exit(0);
  }
  write_report(REPORT_SPAWNED, program);

  int exited = 0;
  int kill_all = 1;
  for (;;) {
    struct pollfd watched[2] = {{.fd = FD_CONTROL, .events = POLLIN}, {.fd = children, .events = POLLIN}};
    if (poll(watched, 2, -1) < 0) {
      if (errno == EINTR) continue;
      break;
    }
    if (watched[1].revents != 0) {
      struct signalfd_siginfo drained[8];
      while (read(children, drained, sizeof drained) > 0) {
      }
      if (!exited) {
        siginfo_t info;
        memset(&info, 0, sizeof info);
        if (waitid(P_PID, (id_t)program, &info, WEXITED | WNOHANG | WNOWAIT) == 0 && info.si_pid == program) {
          exited = 1;
          // As waitpid would give it: exit status in bits 8-15, or the signal in bits 0-6.
          int status = info.si_code == CLD_EXITED ? (info.si_status & 0xFF) << 8 : (info.si_status & 0x7F);
          write_report(REPORT_EXITED, status);
        }
      }
      // Descendants that ended after being handed to the shepherd: reaped at once.
      for_each_child(reap_unless_kept, program);
    }
    if (watched[0].revents != 0) {
      char order = 0;
      ssize_t count = read(FD_CONTROL, &order, 1);
      if (count < 0 && errno == EINTR) continue;
      kill_all = !(count == 1 && order == 'r');
      break;
    }
  }
  if (kill_all) {
    kill_everything(program);
  } else {
    // Released: the program has ended. What it left running is handed on, as it would have
    // been without a shepherd, to the next subreaper up or to init.
    int status;
    waitpid(program, &status, 0);
    for_each_child(reap_unless_kept, 0);
  }
  _exit(0);
}

int paginate_shepherd_spawn(const char *path, char *const argv[], char *const envp[], int input, int output,
                            int error, paginate_shepherded_child *result) {
  int control[2], report[2];
  if (pipe2(control, O_CLOEXEC) != 0) return errno;
  if (pipe2(report, O_CLOEXEC) != 0) {
    int failure = errno;
    close(control[0]);
    close(control[1]);
    return failure;
  }
  // The shepherd starts with every signal blocked: a handler of paginate's must never run in it.
  sigset_t all, saved;
  sigfillset(&all);
  pthread_sigmask(SIG_SETMASK, &all, &saved);
  pid_t pid = _Fork();
  if (pid == 0) shepherd(path, argv, envp, input, output, error, control[0], report[1]);
  int failure = errno;
  pthread_sigmask(SIG_SETMASK, &saved, NULL);
  close(control[0]);
  close(report[1]);
  if (pid < 0) {
    close(control[1]);
    close(report[0]);
    return failure;
  }
  int message[2] = {0, 0};
  ssize_t got;
  do {
    got = read(report[0], message, sizeof message);
  } while (got < 0 && errno == EINTR);
  if (got != sizeof message || message[0] != REPORT_SPAWNED) {
    close(control[1]);
    close(report[0]);
    int status;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    return got == sizeof message && message[0] == REPORT_FAILED && message[1] != 0 ? message[1] : EIO;
  }
  result->shepherd = pid;
  result->child = message[1];
  result->control = control[1];
  result->report = report[0];
  return 0;
}

int paginate_shepherd_read_exit(int report, int *status) {
  int message[2] = {0, 0};
  ssize_t got;
  do {
    got = read(report, message, sizeof message);
  } while (got < 0 && errno == EINTR);
  if (got < 0) return errno == EAGAIN ? 0 : -1;
  if (got != sizeof message || message[0] != REPORT_EXITED) {
    errno = EIO;
    return -1;
  }
  *status = message[1];
  return 1;
}

void paginate_shepherd_finish(paginate_shepherded_child *child, int kill_all) {
  if (child->control >= 0) {
    char order = kill_all ? 'k' : 'r';
    ssize_t written;
    do {
      written = write(child->control, &order, 1);
    } while (written < 0 && errno == EINTR);
    close(child->control);
    child->control = -1;
  }
  if (child->report >= 0) {
    close(child->report);
    child->report = -1;
  }
  if (child->shepherd > 0) {
    int status;
    while (waitpid(child->shepherd, &status, 0) < 0 && errno == EINTR) {
    }
    child->shepherd = 0;
  }
}
