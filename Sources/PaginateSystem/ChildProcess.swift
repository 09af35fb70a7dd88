internal import CPaginateSystem
import Glibc

/// Runs a program with an argument vector (never a shell), feeds it bytes on standard input,
/// and collects what it writes, within a time limit and an output limit.
///
/// The child runs in its own process group under a shepherd, a process of this one that is
/// the child's parent and a child subreaper (`paginate_shepherd_spawn`): a time-out or an
/// overlong output kills the child's group and every descendant of the child, a `setsid`
/// grandchild too, found through the kernel's parentage; never a process that was merely
/// handed one of its descriptors. When this process dies, even by SIGKILL, the shepherd kills
/// them as well. Its signal mask and SIGPIPE disposition are reset, whatever the parent had.
/// While it runs, SIGINT, SIGTERM and SIGHUP to this process kill the child's group first,
/// then take the action they had before (the default: this process ends too, and the shepherd
/// then kills the rest); a signal this process ignores stays ignored. The groups live in C
/// with the one handler that owns paginate's signals (`signals.c`), written before it can run.
package struct ChildProcess {
  /// How the child ended.
  package enum Termination: Equatable, Sendable {
    /// It exited with this status.
    case exited(Int32)
    /// A signal killed it.
    case signalled(Int32)
  }

  /// What the child wrote, and how it ended.
  package struct Outcome: Sendable {
    package var termination: Termination
    package var output: [UInt8]
    /// The start of its standard error (up to ``errorLimit`` bytes).
    package var errors: [UInt8]
  }

  /// Why a run did not come to an end of its own.
  package enum Failure: Error {
    /// The program could not be started, or a system call failed while it ran.
    case systemError(Errno)
    /// It ran past the time limit and was killed.
    case timedOut(errors: [UInt8])
    /// It wrote more than the output limit and was killed.
    case outputTooLarge(errors: [UInt8])
  }

  /// The program's path.
  package var executable: String
  /// The arguments after the program's name.
  package var arguments: [String]
  /// The time limit, in seconds.
  package var timeout: Double
  /// The most bytes of standard output accepted.
  package var outputLimit: Int
  /// How much of standard error is kept (the rest is read and dropped).
  package var errorLimit = 64 * 1024

  /// A program to run.
  package init(executable: String, arguments: [String], timeout: Double, outputLimit: Int) {
    self.executable = executable
    self.arguments = arguments
    self.timeout = timeout
    self.outputLimit = outputLimit
  }

  /// Runs the program to its end, or kills it at the time or output limit.
  package func run(input: [UInt8]) throws(Failure) -> Outcome {
    // A write to a child that has stopped reading must not kill this process: block SIGPIPE
    // on this thread, and drop a pending one afterwards.
    let pipeSignal = SignalSet([SIGPIPE])
    let savedMask = pipeSignal.block()
    defer {
      if SignalSet.pending.contains(SIGPIPE) && !savedMask.contains(SIGPIPE) { pipeSignal.discardPending() }
      savedMask.setAsMask()
    }

    // Three pipes: the child's stdin, stdout and stderr, all close-on-exec (the child gets
    // only the copies the spawn puts at 0, 1 and 2).
    var open: [FileDescriptor] = []
    defer { for descriptor in open { try? descriptor.close() } }
    var pipes: [(read: FileDescriptor, write: FileDescriptor)] = []
    for _ in 0..<3 {
      do {
        let ends = try FileDescriptor.pipe()
        pipes.append(ends)
        open += [ends.read, ends.write]
      } catch {
        throw .systemError(error)
      }
    }
    let ours = (stdin: pipes[0].write, stdout: pipes[1].read, stderr: pipes[2].read)
    // SIGINT, SIGTERM and SIGHUP kill the child's group (where the terminal's Ctrl-C does not
    // reach) before they take their course here. A signal between the spawn and the moment the
    // group is known is held, then delivered (see paginate_forwarding_begin); on this thread the
    // three are blocked across that stretch as well.
    let slot = paginate_forwarding_begin()
    defer { paginate_forwarding_end(slot) }
    let maskBeforeSpawn = SignalSet([SIGINT, SIGTERM, SIGHUP]).block()
    let spawned = Result { () throws(Failure) in
      try spawn(stdin: pipes[0].read, stdout: pipes[1].write, stderr: pipes[2].write)
    }
    if case .success(let child) = spawned { paginate_forwarding_spawned(slot, child.child) }
    maskBeforeSpawn.setAsMask()
    var child = try spawned.get()
    // This side keeps the write end of stdin and the read ends of the outputs; collect()
    // closes those.
    for descriptor in [pipes[0].read, pipes[1].write, pipes[2].write] { try? descriptor.close() }
    open = []
    // However the run ends, the shepherd is told and waited for; a run that did not see the
    // child end kills it and all it started.
    var ended = false
    defer {
      paginate_forwarding_release(slot, child.child)
      paginate_shepherd_finish(&child, ended ? 0 : 1)
    }
    let outcome = try collect(
      report: FileDescriptor(rawValue: child.report), stdin: ours.stdin, stdout: ours.stdout, stderr: ours.stderr,
      input: input)
    ended = true
    return outcome
  }

  /// Starts the program under a shepherd (see `paginate_shepherd_spawn`).
  private func spawn(stdin: FileDescriptor, stdout: FileDescriptor, stderr: FileDescriptor) throws(Failure)
    -> paginate_shepherded_child
  {
    let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var child = paginate_shepherded_child(shepherd: 0, child: 0, control: -1, report: -1)
    let status = paginate_shepherd_spawn(executable, argv, environ, stdin.rawValue, stdout.rawValue, stderr.rawValue, &child)
    guard status == 0 else { throw .systemError(Errno(rawValue: status)) }
    return child
  }

  /// Feeds the input and reads both outputs until the child closes them and its shepherd has
  /// reported its end. Throws at the time or output limit; the caller then has the shepherd
  /// kill the child and all it started.
  private func collect(
    report: FileDescriptor, stdin: FileDescriptor, stdout: FileDescriptor, stderr: FileDescriptor, input: [UInt8]
  ) throws(Failure) -> Outcome {
    var stdin: FileDescriptor? = stdin
    for descriptor in [stdin!, stdout, stderr, report] {
      do { try descriptor.setNonBlocking() } catch { throw .systemError(error) }
    }
    var open = (stdout: true, stderr: true)
    defer {
      try? stdin?.close()
      try? stdout.close()
      try? stderr.close()
    }
    var output: [UInt8] = []
    var errors: [UInt8] = []
    var written = 0
    if input.isEmpty {
      try? stdin?.close()
      stdin = nil
    }
    let deadline = ContinuousClock.now + .milliseconds(Int64(timeout * 1000))
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    // The child's wait status, once the shepherd has reported it.
    var status: Int32?

    // Until both outputs are closed (a descendant may hold them after the child has ended) and
    // the child has ended (it may close them and go on).
    while open.stdout || open.stderr || status == nil {
      let remaining = deadline - ContinuousClock.now
      if remaining <= .zero { throw .timedOut(errors: errors) }
      var entries: [(descriptor: FileDescriptor, event: Poll.Event)] = []
      if let stdin { entries.append((stdin, .writable)) }
      if open.stdout { entries.append((stdout, .readable)) }
      if open.stderr { entries.append((stderr, .readable)) }
      if status == nil { entries.append((report, .readable)) }
      let milliseconds = Int32(
        clamping: remaining.components.seconds * 1000 + remaining.components.attoseconds / 1_000_000_000_000_000 + 1)
      let ready: [Bool]
      do {
        ready = try Poll.wait(entries, milliseconds: milliseconds)
      } catch {
        throw .systemError(error)
      }
      for (entry, isReady) in zip(entries, ready) where isReady {
        if entry.descriptor == report {
          var reported: Int32 = 0
          switch paginate_shepherd_read_exit(report.rawValue, &reported) {
          case 1: status = reported
          case 0: break
          default: throw .systemError(.current)
          }
        } else if entry.descriptor == stdin {
          do throws(Errno) {
            written += try entry.descriptor.write(input, written..<min(input.count, written + (1 << 16)))
            if written == input.count {
              try? entry.descriptor.close()
              stdin = nil
            }
          } catch .wouldBlock {
          } catch {
            // The child stopped reading (EPIPE): that is its business.
            try? entry.descriptor.close()
            stdin = nil
          }
        } else {
          let count: Int
          do throws(Errno) {
            count = try entry.descriptor.read(into: &buffer)
          } catch .wouldBlock {
            continue
          } catch {
            count = 0  // a read error ends that output as its end would
          }
          if count > 0 {
            if entry.descriptor == stdout {
              output.append(contentsOf: buffer[0..<count])
              if output.count > outputLimit { throw .outputTooLarge(errors: errors) }
            } else if errors.count < errorLimit {
              errors.append(contentsOf: buffer[0..<min(count, errorLimit - errors.count)])
            }
          } else if entry.descriptor == stdout {
            open.stdout = false
          } else {
            open.stderr = false
          }
        }
      }
    }
    guard let status else { throw .systemError(Errno(rawValue: EIO)) }
    let termination: Termination =
      (status & 0x7F) == 0 ? .exited((status >> 8) & 0xFF) : .signalled(status & 0x7F)
    return Outcome(termination: termination, output: output, errors: errors)
  }
}
