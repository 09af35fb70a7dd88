// paginate's C platform shims: the state that signal handlers read, kept in C storage whose
// layout is C's own, and C's sizes of the libc structures Swift code passes to the kernel.
//
// Every function is prefixed `paginate_`. Nothing here allocates after start-up or calls
// anything that is not async-signal-safe from a handler.
#ifndef PAGINATE_SYSTEM_H
#define PAGINATE_SYSTEM_H

#include <stddef.h>
#include <sys/types.h>

#ifdef __cplusplus
extern "C" {
#endif

// MARK: Forwarding termination signals to child process groups

/// The most child process groups that can be registered at once.
#define PAGINATE_FORWARDING_SLOTS 64

/// Reserves a slot for a child about to be spawned and, for the first slot, installs the
/// handlers for SIGINT, SIGTERM and SIGHUP (a signal this process ignores stays ignored).
///
/// Until `paginate_forwarding_spawned` names the child's process group, a signal that arrives
/// is held: the handler records it and returns, and `paginate_forwarding_spawned` (or
/// `paginate_forwarding_end`, if the spawn failed) delivers it. So a signal between the spawn
/// and the registration can neither leave the child running nor go astray.
///
/// Returns the slot, or -1 when all `PAGINATE_FORWARDING_SLOTS` are taken.
int paginate_forwarding_begin(void);

/// Names the process group of the child spawned for `slot` (its pid: the child was spawned
/// with `POSIX_SPAWN_SETPGROUP` and group 0). From now on SIGINT, SIGTERM and SIGHUP send
/// SIGKILL to that group, then take the action this process had before. Delivers a signal
/// held since `paginate_forwarding_begin`.
void paginate_forwarding_spawned(int slot, pid_t group);

/// Waits for the child `pid` of `slot` to end (or, when `block` is 0, looks whether it has),
/// then stops forwarding signals to its group and reaps it, in that order: its id cannot be
/// handed out again before it is reaped, so no signal can reach a group that is not the
/// child's. EINTR is retried.
///
/// Returns 1 when the child was reaped (`*status` as `waitpid` gives it), 0 when it is still
/// running (only when `block` is 0), -1 with `errno` set on failure.
int paginate_forwarding_reap(int slot, pid_t pid, int block, int *status);

/// Frees `slot` (the child has been reaped, or was never spawned) and, with the last slot,
/// restores the actions saved by `paginate_forwarding_begin`. Delivers a signal held since
/// `paginate_forwarding_begin` (the spawn failed: there is no group to kill).
void paginate_forwarding_end(int slot);

/// Records the inodes of the pipes of the child in `slot` (`paginate_pipe_inode` of each of our
/// ends; 0 for none), before it is spawned. A forwarded signal then also kills a descendant
/// that left the child's group but holds one of them (see `paginate_kill_pipe_holders`).
void paginate_forwarding_pipes(int slot, unsigned long stdin_pipe, unsigned long stdout_pipe, unsigned long stderr_pipe);

// MARK: Processes holding a pipe

/// The inode of the pipe `descriptor` is an end of, or 0 when it is not a pipe.
unsigned long paginate_pipe_inode(int descriptor);

/// Kills (SIGKILL) every process other than this one, and outside process `group` (whose
/// members were killed with the group; `group` 0 for none), that holds an end of one of the
/// pipes `inodes` names (up to 3; 0 entries are skipped). Linux: read from `/proc/PID/fd`.
/// Best effort: a process that cannot be read or signalled is left. Async-signal-safe.
void paginate_kill_pipe_holders(const unsigned long *inodes, int count, pid_t group);

// MARK: Files

/// Opens an unnamed regular file in `directory` for writing (Linux's `O_TMPFILE`, a macro Swift
/// does not import); -1 with `errno` set where the file system does not allow it.
int paginate_open_unnamed_file(const char *directory, unsigned int mode);

/// A pipe whose two ends are close-on-exec from the start (`pipe2` with `O_CLOEXEC`, so that a
/// child spawned meanwhile by another thread cannot inherit them); -1 with `errno` set.
int paginate_open_pipe(int ends[2]);

/// Creates and opens a new private file from `template_path` (ending in `XXXXXX`, replaced by
/// the name made), close-on-exec (`mkostemp`); -1 with `errno` set.
int paginate_make_temporary_file(char *template_path);

// MARK: The temporary file being written

/// Names the temporary file an export is writing (copied; at most 4095 bytes) and, the first
/// time, installs handlers for SIGINT, SIGTERM and SIGHUP that remove it and then end the
/// program as the signal would (a signal this process ignores stays ignored). A signal
/// forwarded to a child (`paginate_forwarding_begin`) removes it too. Returns -1 when the path
/// is too long.
int paginate_temporary_file_register(const char *path);

/// Forgets the temporary file (it was renamed into place or removed).
void paginate_temporary_file_unregister(void);

/// Removes the registered temporary file, if there is one, and forgets it. Async-signal-safe.
void paginate_temporary_file_remove(void);

// MARK: C's sizes of libc structures

/// `sizeof(struct sigaction)`.
size_t paginate_sizeof_sigaction(void);
/// `sizeof(sigset_t)`.
size_t paginate_sizeof_sigset(void);
/// `sizeof(struct termios)`.
size_t paginate_sizeof_termios(void);
/// `sizeof(struct winsize)`.
size_t paginate_sizeof_winsize(void);
/// `sizeof(struct stat)`.
size_t paginate_sizeof_stat(void);
/// `sizeof(struct pollfd)`.
size_t paginate_sizeof_pollfd(void);
/// `sizeof(struct timespec)`.
size_t paginate_sizeof_timespec(void);
/// `sizeof(posix_spawnattr_t)`.
size_t paginate_sizeof_posix_spawnattr(void);
/// `sizeof(posix_spawn_file_actions_t)`.
size_t paginate_sizeof_posix_spawn_file_actions(void);

#ifdef __cplusplus
}
#endif

#endif
