// The one owner of paginate's signal handlers. One handler, `dispatch`, runs the registered
// actions for every signal in a fixed order, whoever registered them:
//
//   SIGINT (while the pager takes it as a key): note it and wake the pager; nothing ends.
//   SIGINT, SIGTERM, SIGHUP, and SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT (a crash):
//     1. restore the terminal (raw mode off, the alternate screen left);
//     2. remove the temporary file an export is writing;
//     3. kill the process groups of running children (SIGKILL);
//     4. put back the action this process had before, and raise the signal again.
//   SIGTSTP: restore the terminal, then stop (the default action).
//   SIGCONT: take back the terminal SIGTSTP restored (raw mode, the alternate screen), and ask
//     for a redraw.
//   SIGWINCH: ask for a redraw at the new size.
//
// Each part registers its state (`paginate_terminal_begin`, `paginate_temporary_file_register`,
// `paginate_forwarding_begin`); the first registration of a signal installs `dispatch` for it,
// once, keeping the action it replaces. A signal this process ignores (nohup, a background
// job's SIGINT) stays ignored.
//
// Why C: a handler may only read state that is fully written before it can run and that needs
// no lazy initialisation. Swift 6.3.1 emits a statically initialised global of an imported C
// struct with interior padding without that padding (148 bytes for glibc's 152-byte
// `struct sigaction`), so `sigaction(2)` filling such a global wrote 4 bytes into the next
// global. Here the storage is C's, and so is its layout.
//
// Invariants:
// - `dispatch` calls only async-signal-safe functions: write, tcsetattr, unlink, kill,
//   sigaction, raise. It writes only atomics, the pipe that wakes the pager, and the terminal.
// - `previous[s]` is written once, under `install_lock`, before `installed[s]` is set and
//   `dispatch` installed for `s`; `dispatch` reads it only for an installed signal.
// - The terminal's settings and sequences are written by `paginate_terminal_begin` before
//   `terminal_state` becomes BEGUN; `dispatch` touches the terminal only when it is ACTIVE.
// - `groups[i]` is 0 (free), SPAWNING (reserved, child not yet known), REAPED (reserved,
//   child gone) or a positive pid, the group of a child not yet reaped. Writers hold
//   `slots_lock`; `dispatch` reads with atomic loads and never takes a lock.
// - A group is killed only while its leader is unreaped: the child runs under a shepherd
//   (shepherd.c) that keeps it unreaped until paginate_forwarding_release has marked the slot
//   REAPED. Descendants that left the group are the shepherd's to kill: paginate's death (the
//   signal's default action) closes the shepherd's control pipe, and it kills them.
// - `temporary_path` holds a NUL-terminated path whenever `temporary_registered` is 1; it is
//   written only while `temporary_registered` is 0, by the one thread that writes the export.
#define _GNU_SOURCE
#include "paginate_system.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

#define SPAWNING (-1)
#define REAPED (-2)

// MARK: Installation

static pthread_mutex_t install_lock = PTHREAD_MUTEX_INITIALIZER;
static struct sigaction previous[NSIG];
static atomic_int installed[NSIG];

static void dispatch(int signal);

// Installs `dispatch` for `signal`, once; a signal this process ignores stays ignored unless
// `even_if_ignored` (SIGWINCH, SIGTSTP, SIGCONT: the pager's own).
static void install(int signal, int even_if_ignored) {
  if (atomic_load(&installed[signal])) return;
  pthread_mutex_lock(&install_lock);
  if (!atomic_load(&installed[signal])) {
    sigaction(signal, NULL, &previous[signal]);
    if (previous[signal].sa_handler != SIG_IGN || even_if_ignored) {
      struct sigaction action = {0};
      action.sa_handler = dispatch;
      sigemptyset(&action.sa_mask);
      // Handlers for the same job do not interleave: the ending ones block each other.
      sigaddset(&action.sa_mask, SIGINT);
      sigaddset(&action.sa_mask, SIGTERM);
      sigaddset(&action.sa_mask, SIGHUP);
      atomic_store(&installed[signal], 1);
      sigaction(signal, &action, NULL);
    } else {
      atomic_store(&installed[signal], 2);  // left ignored
    }
  }
  pthread_mutex_unlock(&install_lock);
}

static const int ending[] = {SIGINT, SIGTERM, SIGHUP};
static const int crashing[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT};

static void install_ending(void) {
  for (size_t i = 0; i < sizeof ending / sizeof ending[0]; i++) install(ending[i], 0);
  for (size_t i = 0; i < sizeof crashing / sizeof crashing[0]; i++) install(crashing[i], 0);
}

// MARK: The terminal

enum { TERMINAL_NONE, TERMINAL_BEGUN, TERMINAL_ACTIVE };
static atomic_int terminal_state;
static int terminal_descriptor = -1;
static int terminal_wake = -1;
static struct termios terminal_saved;
static char terminal_enter[256];
static char terminal_leave[256];
static atomic_int terminal_resized;
static atomic_int terminal_catches_interrupt;
static atomic_int terminal_interrupted;
static atomic_int terminal_suspended;  // restored by SIGTSTP: SIGCONT takes it back

static void write_all(int descriptor, const char *bytes) {
  size_t left = strlen(bytes);
  while (left > 0) {
    ssize_t written = write(descriptor, bytes, left);
    if (written < 0 && errno == EINTR) continue;
    if (written <= 0) return;
    bytes += written;
    left -= (size_t)written;
  }
}

static void wake(void) {
  char byte = 1;
  if (terminal_wake >= 0) (void)!write(terminal_wake, &byte, 1);
}

void paginate_terminal_enter(void) {
  if (atomic_load(&terminal_state) != TERMINAL_BEGUN) return;
  struct termios raw = terminal_saved;
  raw.c_iflag &= ~(tcflag_t)(IXON | ICRNL | BRKINT | INPCK | ISTRIP);
  raw.c_oflag &= ~(tcflag_t)OPOST;
  raw.c_lflag &= ~(tcflag_t)(ECHO | ICANON | IEXTEN);  // ISIG stays: Ctrl-C and Ctrl-Z are signals
  raw.c_cflag |= CS8;
  tcsetattr(terminal_descriptor, TCSAFLUSH, &raw);
  atomic_store(&terminal_state, TERMINAL_ACTIVE);
  write_all(terminal_descriptor, terminal_enter);
}

void paginate_terminal_restore(void) {
  int expected = TERMINAL_ACTIVE;
  if (!atomic_compare_exchange_strong(&terminal_state, &expected, TERMINAL_BEGUN)) return;
  int saved_errno = errno;
  write_all(terminal_descriptor, terminal_leave);
  tcsetattr(terminal_descriptor, TCSAFLUSH, &terminal_saved);
  errno = saved_errno;
}

int paginate_terminal_begin(int descriptor, int wake_descriptor, const char *enter, const char *leave) {
  if (atomic_load(&terminal_state) != TERMINAL_NONE) return 0;
  if (strlen(enter) >= sizeof terminal_enter || strlen(leave) >= sizeof terminal_leave) return -1;
  if (tcgetattr(descriptor, &terminal_saved) != 0) return -1;
  terminal_descriptor = descriptor;
  terminal_wake = wake_descriptor;
  memcpy(terminal_enter, enter, strlen(enter) + 1);
  memcpy(terminal_leave, leave, strlen(leave) + 1);
  atomic_store(&terminal_state, TERMINAL_BEGUN);
  install_ending();
  install(SIGWINCH, 1);
  install(SIGTSTP, 1);
  install(SIGCONT, 1);
  paginate_terminal_enter();
  return 0;
}

int paginate_terminal_take_resize(void) { return atomic_exchange(&terminal_resized, 0); }

void paginate_terminal_catch_interrupt(int catches) { atomic_store(&terminal_catches_interrupt, catches); }

int paginate_terminal_take_interrupt(void) { return atomic_exchange(&terminal_interrupted, 0); }

// MARK: The temporary file being written

static char temporary_path[4096];
static atomic_int temporary_registered;

void paginate_temporary_file_remove(void) {
  if (atomic_exchange(&temporary_registered, 0)) {
    int saved_errno = errno;
    unlink(temporary_path);
    errno = saved_errno;
  }
}

int paginate_temporary_file_register(const char *path) {
  size_t length = strlen(path);
  if (length >= sizeof temporary_path) return -1;
  atomic_store(&temporary_registered, 0);
  memcpy(temporary_path, path, length + 1);
  atomic_store(&temporary_registered, 1);
  install_ending();
  return 0;
}

void paginate_temporary_file_unregister(void) { atomic_store(&temporary_registered, 0); }

// MARK: Children's process groups

static pthread_mutex_t slots_lock = PTHREAD_MUTEX_INITIALIZER;
static _Atomic pid_t groups[PAGINATE_FORWARDING_SLOTS];
static atomic_int held;  // an ending signal that arrived while a slot was SPAWNING, or 0

static void kill_children(void) {
  for (int i = 0; i < PAGINATE_FORWARDING_SLOTS; i++) {
    pid_t group = atomic_load(&groups[i]);
    if (group > 0) kill(-group, SIGKILL);
  }
}

// MARK: Dispatch

// The actions of an ending signal, in order, then the action this process had before: the
// raised signal arrives when the handler returns (or at once, outside a handler).
static void end(int signal) {
  int saved_errno = errno;
  paginate_terminal_restore();
  paginate_temporary_file_remove();
  kill_children();
  sigaction(signal, &previous[signal], NULL);
  raise(signal);
  errno = saved_errno;
}

static int is_ending(int signal) { return signal == SIGINT || signal == SIGTERM || signal == SIGHUP; }

static void dispatch(int signal) {
  int saved_errno = errno;
  switch (signal) {
  case SIGWINCH:
    atomic_store(&terminal_resized, 1);
    wake();
    break;
  case SIGTSTP: {
    atomic_store(&terminal_suspended, atomic_load(&terminal_state) == TERMINAL_ACTIVE);
    paginate_terminal_restore();
    struct sigaction stop = {0};
    stop.sa_handler = SIG_DFL;
    sigemptyset(&stop.sa_mask);
    sigaction(SIGTSTP, &stop, NULL);
    raise(SIGTSTP);  // stops once this handler returns (SIGTSTP is blocked until then)
    break;
  }
  case SIGCONT: {
    // Continued: stop again at the next Ctrl-Z, and take the terminal back.
    struct sigaction action = {0};
    action.sa_handler = dispatch;
    sigemptyset(&action.sa_mask);
    if (atomic_load(&installed[SIGTSTP]) == 1) sigaction(SIGTSTP, &action, NULL);
    if (atomic_exchange(&terminal_suspended, 0)) paginate_terminal_enter();
    atomic_store(&terminal_resized, 1);
    wake();
    break;
  }
  default:
    if (signal == SIGINT && atomic_load(&terminal_catches_interrupt)) {
      atomic_store(&terminal_interrupted, 1);
      wake();
      break;
    }
    if (is_ending(signal)) {
      atomic_store(&held, signal);
      for (int i = 0; i < PAGINATE_FORWARDING_SLOTS; i++) {
        // The spawning thread delivers it once it knows the child's group (see the header).
        if (atomic_load(&groups[i]) == SPAWNING) {
          errno = saved_errno;
          return;
        }
      }
      int expected = signal;
      atomic_compare_exchange_strong(&held, &expected, 0);
    }
    end(signal);
  }
  errno = saved_errno;
}

int paginate_forwarding_begin(void) {
  install_ending();
  pthread_mutex_lock(&slots_lock);
  int slot = -1;
  for (int i = 0; i < PAGINATE_FORWARDING_SLOTS; i++) {
    if (atomic_load(&groups[i]) == 0) {
      slot = i;
      break;
    }
  }
  if (slot >= 0) atomic_store(&groups[slot], SPAWNING);
  pthread_mutex_unlock(&slots_lock);
  return slot;
}

void paginate_forwarding_spawned(int slot, pid_t group) {
  if (slot < 0 || slot >= PAGINATE_FORWARDING_SLOTS || group <= 0) return;
  atomic_store(&groups[slot], group);
  // Stored before this load: a handler that saw SPAWNING had stored `held` before looking.
  int signal = atomic_exchange(&held, 0);
  if (signal != 0) end(signal);
}

void paginate_forwarding_release(int slot, pid_t group) {
  if (slot < 0 || slot >= PAGINATE_FORWARDING_SLOTS) return;
  pid_t expected = group;
  atomic_compare_exchange_strong(&groups[slot], &expected, REAPED);
}

void paginate_forwarding_end(int slot) {
  if (slot < 0 || slot >= PAGINATE_FORWARDING_SLOTS) return;
  pthread_mutex_lock(&slots_lock);
  pid_t before = atomic_exchange(&groups[slot], 0);
  // The spawn failed while a signal was held: nothing of ours to kill, but the signal still
  // takes its course.
  int signal = before == SPAWNING ? atomic_exchange(&held, 0) : 0;
  pthread_mutex_unlock(&slots_lock);
  if (signal != 0) end(signal);
}
