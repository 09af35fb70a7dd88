internal import CPaginateSystem
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs a program with an argument vector (never a shell), feeds it bytes on standard input,
/// and collects what it writes, within a time limit and an output limit.
///
/// The child runs in its own process group, so that a time-out or an overlong output kills
/// everything it started (a shell script's children too), and then any process still holding
/// one of its pipes (a descendant that left the group with `setsid`). Its signal mask and SIGPIPE
/// disposition are reset, whatever the parent had. While it runs, SIGINT, SIGTERM and SIGHUP
/// to this process kill the child's group first, then take the action they had before (the
/// default: this process ends too); a signal this process ignores stays ignored. The state the
/// signal handler reads lives in C (`CPaginateSystem`), written before the handler can run.
struct ChildProcess {
  /// How the child ended.
  enum Termination: Equatable {
    /// It exited with this status.
    case exited(Int32)
    /// A signal killed it.
    case signalled(Int32)
  }

  /// What the child wrote, and how it ended.
  struct Outcome {
    var termination: Termination
    var output: [UInt8]
    /// The start of its standard error (up to ``errorLimit`` bytes).
    var errors: [UInt8]
  }

  /// Why a run did not come to an end of its own.
  enum Failure: Error {
    /// The program could not be started, or a system call failed while it ran (errno).
    case systemError(Int32)
    /// It ran past the time limit and was killed.
    case timedOut(errors: [UInt8])
    /// It wrote more than the output limit and was killed.
    case outputTooLarge(errors: [UInt8])
  }

  /// The program's path.
  var executable: String
  /// The arguments after the program's name.
  var arguments: [String]
  /// The time limit, in seconds.
  var timeout: Double
  /// The most bytes of standard output accepted.
  var outputLimit: Int
  /// How much of standard error is kept (the rest is read and dropped).
  var errorLimit = 64 * 1024

  /// Runs the program to its end, or kills it at the time or output limit.
  func run(input: [UInt8]) throws(Failure) -> Outcome {
    // A write to a child that has stopped reading must not kill this process: block SIGPIPE
    // on this thread, and drop a pending one afterwards.
    var pipeSignal = sigset_t()
    sigemptyset(&pipeSignal)
    sigaddset(&pipeSignal, SIGPIPE)
    var savedMask = sigset_t()
    pthread_sigmask(SIG_BLOCK, &pipeSignal, &savedMask)
    defer {
      var pending = sigset_t()
      sigpending(&pending)
      if sigismember(&pending, SIGPIPE) == 1 && sigismember(&savedMask, SIGPIPE) == 0 {
        var zero = timespec()
        _ = sigtimedwait(&pipeSignal, nil, &zero)
      }
      pthread_sigmask(SIG_SETMASK, &savedMask, nil)
    }

    // Three pipes: the child's stdin, stdout and stderr. Each is [read end, write end].
    var pipes: [[Int32]] = []
    defer { for ends in pipes { for end in ends where end >= 0 { close(end) } } }
    for _ in 0..<3 {
      var ends: [Int32] = [-1, -1]
      guard pipe(&ends) == 0 else { throw .systemError(errno) }
      for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }  // the child gets only its copies
      pipes.append(ends)
    }
    // SIGINT, SIGTERM and SIGHUP kill the child's group (where the terminal's Ctrl-C does not
    // reach) before they take their course here. A signal between the spawn and the moment the
    // group is known is held, then delivered (see paginate_forwarding_begin); on this thread the
    // three are blocked across that stretch as well.
    let slot = paginate_forwarding_begin()
    defer { paginate_forwarding_end(slot) }
    // A descendant that leaves the child's group (setsid) but keeps a pipe is killed by the pipe.
    paginate_forwarding_pipes(
      slot, paginate_pipe_inode(pipes[0][1]), paginate_pipe_inode(pipes[1][0]), paginate_pipe_inode(pipes[2][0]))
    var termination = sigset_t()
    sigemptyset(&termination)
    for signal in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&termination, signal) }
    var maskBeforeSpawn = sigset_t()
    pthread_sigmask(SIG_BLOCK, &termination, &maskBeforeSpawn)
    let spawned = Result { () throws(Failure) in
      try spawn(stdin: pipes[0][0], stdout: pipes[1][1], stderr: pipes[2][1])
    }
    if case .success(let pid) = spawned { paginate_forwarding_spawned(slot, pid) }
    pthread_sigmask(SIG_SETMASK, &maskBeforeSpawn, nil)
    let pid = try spawned.get()
    // This side keeps the write end of stdin and the read ends of the outputs; collect()
    // closes those.
    for (index, end) in [(0, 0), (1, 1), (2, 1)] {
      close(pipes[index][end])
      pipes[index][end] = -1
    }
    let ours = (stdin: pipes[0][1], stdout: pipes[1][0], stderr: pipes[2][0])
    pipes = []
    return try collect(
      pid: pid, forwardingSlot: slot, stdin: ours.stdin, stdout: ours.stdout, stderr: ours.stderr, input: input)
  }

  private func spawn(stdin: Int32, stdout: Int32, stderr: Int32) throws(Failure) -> pid_t {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, stdin, 0)
    posix_spawn_file_actions_adddup2(&actions, stdout, 1)
    posix_spawn_file_actions_adddup2(&actions, stderr, 2)

    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    posix_spawnattr_setpgroup(&attributes, 0)
    var empty = sigset_t()
    sigemptyset(&empty)
    posix_spawnattr_setsigmask(&attributes, &empty)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGPIPE, SIGINT, SIGTERM, SIGHUP, SIGQUIT] { sigaddset(&defaults, signal) }
    posix_spawnattr_setsigdefault(&attributes, &defaults)

    let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var pid: pid_t = 0
    let status = posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
    guard status == 0 else { throw .systemError(status) }
    return pid
  }

  /// Feeds the input and reads both outputs until the child closes them, then reaps it.
  ///
  /// The child is reaped through `paginate_forwarding_reap`, which stops forwarding signals to
  /// its group first: once reaped, its id may name someone else's group.
  private func collect(
    pid: pid_t, forwardingSlot slot: Int32, stdin: Int32, stdout: Int32, stderr: Int32, input: [UInt8]
  ) throws(Failure) -> Outcome {
    var stdin = stdin
    for descriptor in [stdin, stdout, stderr] {
      _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
    }
    var open = (stdout: true, stderr: true)
    defer {
      if stdin >= 0 { close(stdin) }
      close(stdout)
      close(stderr)
    }
    var output: [UInt8] = []
    var errors: [UInt8] = []
    var written = 0
    if input.isEmpty {
      close(stdin)
      stdin = -1
    }
    let deadline = ContinuousClock.now + .milliseconds(Int64(timeout * 1000))
    var buffer = [UInt8](repeating: 0, count: 1 << 16)

    func kill() {
      _ = Glibc.kill(-pid, SIGKILL)
      _ = Glibc.kill(pid, SIGKILL)
      // A descendant that left the group (setsid) and still holds our pipes goes too.
      let inodes = [stdin, stdout, stderr].map(paginate_pipe_inode)
      paginate_kill_pipe_holders(inodes, Int32(inodes.count), pid)
      var status: Int32 = 0
      _ = paginate_forwarding_reap(slot, pid, 1, &status)
    }

    while open.stdout || open.stderr {
      let remaining = deadline - ContinuousClock.now
      if remaining <= .zero {
        kill()
        throw .timedOut(errors: errors)
      }
      var descriptors: [pollfd] = []
      if stdin >= 0 { descriptors.append(pollfd(fd: stdin, events: Int16(POLLOUT), revents: 0)) }
      if open.stdout { descriptors.append(pollfd(fd: stdout, events: Int16(POLLIN), revents: 0)) }
      if open.stderr { descriptors.append(pollfd(fd: stderr, events: Int16(POLLIN), revents: 0)) }
      let milliseconds = Int32(clamping: remaining.components.seconds * 1000 + remaining.components.attoseconds / 1_000_000_000_000_000 + 1)
      let ready = poll(&descriptors, nfds_t(descriptors.count), milliseconds)
      if ready < 0 && errno != EINTR {
        kill()
        throw .systemError(errno)
      }
      guard ready > 0 else { continue }
      for entry in descriptors where entry.revents != 0 {
        if entry.fd == stdin {
          let count = input.withUnsafeBytes { bytes in
            write(stdin, bytes.baseAddress! + written, min(bytes.count - written, 1 << 16))
          }
          if count > 0 { written += count }
          // All written, or the child stopped reading (EPIPE): that is its business.
          if written == input.count || (count < 0 && errno != EAGAIN && errno != EINTR) {
            close(stdin)
            stdin = -1
          }
        } else {
          let count = buffer.withUnsafeMutableBytes { read(entry.fd, $0.baseAddress, $0.count) }
          if count > 0 {
            if entry.fd == stdout {
              output.append(contentsOf: buffer[0..<count])
              if output.count > outputLimit {
                kill()
                throw .outputTooLarge(errors: errors)
              }
            } else if errors.count < errorLimit {
              errors.append(contentsOf: buffer[0..<min(count, errorLimit - errors.count)])
            }
          } else if count == 0 || (errno != EAGAIN && errno != EINTR) {
            if entry.fd == stdout { open.stdout = false } else { open.stderr = false }
          }
        }
      }
    }
    // Both outputs are closed; the child is ending (or has handed them to nobody).
    var status: Int32 = 0
    while true {
      let result = paginate_forwarding_reap(slot, pid, 0, &status)
      if result != 0 { break }  // reaped, or it cannot be waited for
      if ContinuousClock.now >= deadline {
        kill()
        throw .timedOut(errors: errors)
      }
      usleep(2000)
    }
    let termination: Termination =
      (status & 0x7F) == 0 ? .exited((status >> 8) & 0xFF) : .signalled(status & 0x7F)
    return Outcome(termination: termination, output: output, errors: errors)
  }
}
