// Forwarding SIGINT, SIGTERM and SIGHUP to the process groups of running children.
//
// Why C: a signal handler may only read state that is fully written before it can run and
// that needs no lazy initialisation. Swift 6.3.1 emits a statically initialised global of an
// imported C struct with interior padding without that padding (148 bytes for glibc's
// 152-byte `struct sigaction`), so `sigaction(2)` filling such a global wrote 4 bytes into the
// next global: the saved child's group id, which the handler then killed (issue 26). Here the
// storage is C's, and so is its layout.
//
// Invariants:
// - `groups[i]` is 0 (free), SPAWNING (reserved, child not yet known), REAPED (reserved, child
//   gone) or a positive pid, the group of a child not yet reaped.
//   Writers hold `lock`; the handler reads with atomic loads and never takes the lock.
// - `saved[]` and `installed[]` are written only with `lock` held and while `active` is 0,
//   before any handler is installed; the handler reads them after they were written.
// - The handler calls only async-signal-safe functions: kill, sigaction, raise and
//   paginate_temporary_file_remove (unlink).
// - A group is killed only while its leader is unreaped: the child runs under a shepherd
//   (shepherd.c) that keeps it unreaped until paginate_forwarding_release has marked the slot
//   REAPED. Descendants that left the group are the shepherd's to kill: paginate's death (the
//   signal's default action) closes the shepherd's control pipe, and it kills them.
#define _GNU_SOURCE
#include "paginate_system.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <string.h>

#define SPAWNING (-1)
#define REAPED (-2)

static const int forwarded[3] = {SIGINT, SIGTERM, SIGHUP};

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static _Atomic pid_t groups[PAGINATE_FORWARDING_SLOTS];
static int active;  // slots in use; guarded by lock
static struct sigaction saved[3];
static int installed[3];
static atomic_int held;  // a signal that arrived while a slot was SPAWNING, or 0

static int forwarded_index(int signal) {
  for (int i = 0; i < 3; i++) {
    if (forwarded[i] == signal) return i;
  }
  return -1;
}

// Kills every registered group, then hands `signal` to the action saved before ours: the
// raised signal arrives when the handler returns (or at once, outside a handler).
static void deliver(int signal) {
  int saved_errno = errno;
  for (int i = 0; i < PAGINATE_FORWARDING_SLOTS; i++) {
    pid_t group = atomic_load(&groups[i]);
    if (group > 0) kill(-group, SIGKILL);
  }
  // The saved action may be one that removes an export's temporary file, or one installed
  // after ours: remove it here either way.
  paginate_temporary_file_remove();
  int index = forwarded_index(signal);
  if (index >= 0) sigaction(signal, &saved[index], NULL);
  raise(signal);
  errno = saved_errno;
}

static void handler(int signal) {
  atomic_store(&held, signal);
  for (int i = 0; i < PAGINATE_FORWARDING_SLOTS; i++) {
    // The spawning thread delivers it once it knows the child's group (see the header).
    if (atomic_load(&groups[i]) == SPAWNING) return;
  }
  int expected = signal;
  atomic_compare_exchange_strong(&held, &expected, 0);
  deliver(signal);
}

int paginate_forwarding_begin(void) {
  pthread_mutex_lock(&lock);
  int slot = -1;
  for (int i = 0; i < PAGINATE_FORWARDING_SLOTS; i++) {
    if (atomic_load(&groups[i]) == 0) {
      slot = i;
      break;
    }
  }
  if (slot < 0) {
    pthread_mutex_unlock(&lock);
    return -1;
  }
  atomic_store(&groups[slot], SPAWNING);
  if (active++ == 0) {
    atomic_store(&held, 0);
    struct sigaction action = {0};
    action.sa_handler = handler;
    sigemptyset(&action.sa_mask);
    for (int i = 0; i < 3; i++) {
      sigaction(forwarded[i], NULL, &saved[i]);
      // A signal this process ignores (nohup, a background job's SIGINT) stays ignored.
      installed[i] = saved[i].sa_handler != SIG_IGN;
      if (installed[i]) sigaction(forwarded[i], &action, NULL);
    }
  }
  pthread_mutex_unlock(&lock);
  return slot;
}

void paginate_forwarding_spawned(int slot, pid_t group) {
  if (slot < 0 || slot >= PAGINATE_FORWARDING_SLOTS || group <= 0) return;
  atomic_store(&groups[slot], group);
  // Stored before this load: a handler that saw SPAWNING had stored `held` before looking.
  int signal = atomic_exchange(&held, 0);
  if (signal != 0) deliver(signal);
}

void paginate_forwarding_release(int slot, pid_t group) {
  if (slot < 0 || slot >= PAGINATE_FORWARDING_SLOTS) return;
  pid_t expected = group;
  atomic_compare_exchange_strong(&groups[slot], &expected, REAPED);
}

void paginate_forwarding_end(int slot) {
  if (slot < 0 || slot >= PAGINATE_FORWARDING_SLOTS) return;
  pthread_mutex_lock(&lock);
  pid_t before = atomic_exchange(&groups[slot], 0);
  // The spawn failed while a signal was held: nothing of ours to kill, but the signal still
  // takes its course below.
  int signal = before == SPAWNING ? atomic_exchange(&held, 0) : 0;
  int last = --active == 0;
  if (last) {
    for (int i = 0; i < 3; i++) {
      if (installed[i]) sigaction(forwarded[i], &saved[i], NULL);
      installed[i] = 0;
    }
  }
  pthread_mutex_unlock(&lock);
  if (signal != 0) {
    if (last) {
      raise(signal);  // the saved action is back in place
    } else {
      deliver(signal);  // other children run: they go first
    }
  }
}
