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

// MARK: Signals (signals.c)
//
// One handler owns SIGINT, SIGTERM, SIGHUP, the crash signals, SIGTSTP, SIGCONT and SIGWINCH,
// and runs the actions registered below in a fixed order: restore the terminal, remove the
// temporary file, kill the children's process groups, then the action this process had
// before (the signal raised again). Each registration installs it for the signals it needs,
// once; a signal this process ignores stays ignored.

/// The most child process groups that can be registered at once.
#define PAGINATE_FORWARDING_SLOTS 64

/// Reserves a slot for a child about to be spawned (installing the handler for SIGINT,
/// SIGTERM, SIGHUP and the crash signals).
///
/// Until `paginate_forwarding_spawned` names the child's process group, a signal that arrives
/// is held: the handler records it and returns, and `paginate_forwarding_spawned` (or
/// `paginate_forwarding_end`, if the spawn failed) delivers it. So a signal between the spawn
/// and the registration can neither leave the child running nor go astray.
///
/// Returns the slot, or -1 when all `PAGINATE_FORWARDING_SLOTS` are taken.
int paginate_forwarding_begin(void);

/// Names the process group of the child spawned for `slot` (its pid: the child leads a group
/// of its own). From now on SIGINT, SIGTERM and SIGHUP send SIGKILL to that group before the
/// action this process had before. Delivers a signal held since `paginate_forwarding_begin`.
void paginate_forwarding_spawned(int slot, pid_t group);

/// Stops killing the group `group` of `slot`'s child: call it once the child has ended,
/// before its shepherd is told to reap it (`paginate_shepherd_finish`), so that no signal can
/// reach a group id handed out again.
void paginate_forwarding_release(int slot, pid_t group);

/// Frees `slot` (the child has been reaped, or was never spawned). Delivers a signal held
/// since `paginate_forwarding_begin` (the spawn failed: there is no group to kill).
void paginate_forwarding_end(int slot);

/// Takes the terminal open at `descriptor` (read and write): saves its settings, keeps copies
/// of the bytes that enter and leave the pager's screen (`enter`, `leave`: at most 255 bytes
/// each), installs the handler (the crash signals and SIGTSTP, SIGCONT, SIGWINCH too), and
/// enters raw mode. A signal writes a byte to `wake` (non-blocking) to wake the pager's wait
/// for keys. Returns 0, or -1 when the settings cannot be read or a sequence is too long.
/// Begun already: does nothing and returns 0.
int paginate_terminal_begin(int descriptor, int wake, const char *enter, const char *leave);

/// Enters raw mode and the pager's screen again after `paginate_terminal_restore` (else does
/// nothing).
void paginate_terminal_enter(void);

/// Restores the terminal's settings and leaves the pager's screen, if in them. Async-signal-safe;
/// safe to call more than once.
void paginate_terminal_restore(void);

/// 1 if SIGWINCH or SIGCONT asked for a redraw since the last call, else 0.
int paginate_terminal_take_resize(void);

/// With `catches` 1, SIGINT (Ctrl-C) is a key: it is noted (`paginate_terminal_take_interrupt`)
/// and wakes the pager instead of ending the program.
void paginate_terminal_catch_interrupt(int catches);

/// 1 if SIGINT was noted since the last call, else 0.
int paginate_terminal_take_interrupt(void);

// MARK: Running a program under a shepherd

/// A program started by `paginate_shepherd_spawn`, and the shepherd process that is its parent.
typedef struct {
  /// The shepherd: this process's child, and a child subreaper, so that every descendant of
  /// the program that outlives its parent becomes the shepherd's child.
  pid_t shepherd;
  /// The program: the leader of a new process group (its pid is the group's id). It stays
  /// unreaped, so its id names no other process, until `paginate_shepherd_finish`.
  pid_t child;
  /// The write end of the shepherd's control pipe (close-on-exec).
  int control;
  /// The read end of the shepherd's reports (close-on-exec): the program's wait status once it
  /// has ended (`paginate_shepherd_read_exit`).
  int report;
} paginate_shepherded_child;

/// Starts the program at `path` (`execve`: no PATH search, no shell) with `argv` and `envp`,
/// with `input`, `output` and `error` as its standard input, output and error, under a
/// shepherd. The program gets no other descriptor, an empty signal mask, and the default
/// actions for SIGPIPE, SIGINT, SIGTERM, SIGHUP, SIGQUIT and SIGCHLD.
///
/// When this process ends, however it ends (SIGKILL included), the shepherd's control pipe
/// reaches its end and the shepherd kills the program and every descendant of it: the
/// program's group, then its descendants in the kernel's parentage (`setsid` grandchildren
/// and double-forked daemons included), never a process that merely holds one of its
/// descriptors.
///
/// Returns 0 and fills `result`, or an `errno` value (`ENOENT`, `EACCES`, `ENOEXEC` from
/// `execve` itself) and starts nothing.
int paginate_shepherd_spawn(const char *path, char *const argv[], char *const envp[], int input, int output,
                            int error, paginate_shepherded_child *result);

/// Reads the program's end from `report`: 1 and `*status` as `waitpid` gives it, 0 when
/// `report` is non-blocking and nothing has come yet, -1 with `errno` set when the shepherd
/// ended without saying (EIO) or the read failed.
int paginate_shepherd_read_exit(int report, int *status);

/// Tells the shepherd to end and waits for it. With `kill_all`, it first kills the program's
/// group and every descendant of the program, and reaps them; without, the program has ended
/// (its status was read): it is reaped, and what it left running is handed on, as without a
/// shepherd. Closes `control` and `report`.
void paginate_shepherd_finish(paginate_shepherded_child *child, int kill_all);

// MARK: Files

/// Opens an unnamed regular file in `directory` (Linux's `O_TMPFILE`, a macro Swift does not
/// import) with permissions `mode`, for writing, or for reading and writing when `read_write`
/// is not 0; -1 with `errno` set where the file system does not allow it.
int paginate_open_unnamed_file(const char *directory, unsigned int mode, int read_write);

/// A pipe whose two ends are close-on-exec from the start (`pipe2` with `O_CLOEXEC`, so that a
/// child spawned meanwhile by another thread cannot inherit them); -1 with `errno` set.
int paginate_open_pipe(int ends[2]);

/// Creates and opens a new private file from `template_path` (ending in `XXXXXX`, replaced by
/// the name made), close-on-exec (`mkostemp`); -1 with `errno` set.
int paginate_make_temporary_file(char *template_path);

// MARK: The temporary file being written

/// Names the temporary file an export is writing (copied; at most 4095 bytes), removed if a
/// signal ends the program (installing the handler for SIGINT, SIGTERM, SIGHUP and the crash
/// signals). Returns -1 when the path is too long.
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

/// Opens the shared library `name` (`dlopen`, its symbols bound now and kept to itself);
/// `NULL`, with `dlerror`'s message in `error` (at most `size` bytes), when it cannot.
void *paginate_library_open(const char *name, char *error, size_t size);

/// The address of `symbol` in `library` or the libraries it depends on; `NULL` when none has it.
void *paginate_library_symbol(void *library, const char *symbol);

#ifdef __cplusplus
}
#endif


#endif
