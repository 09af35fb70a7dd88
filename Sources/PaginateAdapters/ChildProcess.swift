#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs a program with an argument vector (never a shell), feeds it bytes on standard input,
/// and collects what it writes, within a time limit and an output limit.
///
/// The child runs in its own process group, so that a time-out or an overlong output kills
/// everything it started (a shell script's children too). Its signal mask and SIGPIPE
/// disposition are reset, whatever the parent had.
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
    let pid = try spawn(stdin: pipes[0][0], stdout: pipes[1][1], stderr: pipes[2][1])
    // This side keeps the write end of stdin and the read ends of the outputs; collect()
    // closes those.
    for (index, end) in [(0, 0), (1, 1), (2, 1)] {
      close(pipes[index][end])
      pipes[index][end] = -1
    }
    let ours = (stdin: pipes[0][1], stdout: pipes[1][0], stderr: pipes[2][0])
    pipes = []
    // The child is in a group of its own (so a time-out can stop all of it), where the
    // terminal's Ctrl-C does not reach: pass an interruption of this process on to it.
    InterruptForwarding.install(group: pid)
    defer { InterruptForwarding.remove() }
    return try collect(pid: pid, stdin: ours.stdin, stdout: ours.stdout, stderr: ours.stderr, input: input)
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
  private func collect(pid: pid_t, stdin: Int32, stdout: Int32, stderr: Int32, input: [UInt8]) throws(Failure) -> Outcome {
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
      var status: Int32 = 0
      while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
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
      let result = waitpid(pid, &status, WNOHANG)
      if result == pid { break }
      if result < 0 && errno != EINTR { break }
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

/// While a child runs, SIGINT, SIGTERM and SIGHUP kill the child's process group first, then
/// go to whatever handled them before (the default: this process ends too). A signal this
/// process ignores (under `nohup`, or SIGINT in a background job) stays ignored.
///
/// The handler uses only async-signal-safe calls (`kill`, `sigaction`, `raise`) and reads
/// globals written before it is installed.
private enum InterruptForwarding {
  nonisolated(unsafe) static var group: pid_t = 0
  nonisolated(unsafe) static var savedInterrupt = sigaction()
  nonisolated(unsafe) static var savedTerminate = sigaction()
  nonisolated(unsafe) static var savedHangUp = sigaction()

  static func install(group: pid_t) {
    self.group = group
    var action = sigaction()
    action.__sigaction_handler.sa_handler = { signal in
      if InterruptForwarding.group > 0 { _ = kill(-InterruptForwarding.group, SIGKILL) }
      // Hand the signal on: restore the earlier action; the raised signal arrives when this
      // handler returns.
      switch signal {
      case SIGINT: sigaction(SIGINT, &InterruptForwarding.savedInterrupt, nil)
      case SIGTERM: sigaction(SIGTERM, &InterruptForwarding.savedTerminate, nil)
      default: sigaction(SIGHUP, &InterruptForwarding.savedHangUp, nil)
      }
      raise(signal)
    }
    sigemptyset(&action.sa_mask)
    forward(SIGINT, with: &action, saving: &savedInterrupt)
    forward(SIGTERM, with: &action, saving: &savedTerminate)
    forward(SIGHUP, with: &action, saving: &savedHangUp)
  }

  /// Installs `action` for `signal` unless the signal is ignored; `saved` gets the action to
  /// restore either way.
  private static func forward(_ signal: Int32, with action: inout sigaction, saving saved: inout sigaction) {
    sigaction(signal, nil, &saved)
    let ignored = unsafeBitCast(saved.__sigaction_handler.sa_handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
    if !ignored { sigaction(signal, &action, nil) }
  }

  static func remove() {
    sigaction(SIGINT, &savedInterrupt, nil)
    sigaction(SIGTERM, &savedTerminate, nil)
    sigaction(SIGHUP, &savedHangUp, nil)
    group = 0
  }
}
