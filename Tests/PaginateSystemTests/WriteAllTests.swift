import Foundation
import PaginateSystem
import Synchronization
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Handlers of SIGUSR1 counted here (an atomic: safe in a handler).
private let interruptions = Atomic<Int>(0)

/// `writeAll` as the output's last step: every byte, in order, whatever the kernel takes at a
/// time (partial writes), a full non-blocking pipe, or a signal in the middle (EINTR).
@Suite("Writing everything", .serialized)
struct WriteAllTests {
  /// Bytes that show where each came from.
  static func pattern(_ count: Int) -> [UInt8] {
    (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) }
  }

  /// Reads `pipe` to its end on another thread, slowly (`pause` microseconds between reads of
  /// 4 KiB), so that the writer finds the pipe full.
  static func drain(_ pipe: FileDescriptor, pause: UInt32) -> () -> [UInt8] {
    let done = DispatchSemaphore(value: 0)
    nonisolated(unsafe) var received: [UInt8] = []
    Thread.detachNewThread {
      var buffer = [UInt8](repeating: 0, count: 4096)
      while let count = try? pipe.read(into: &buffer), count > 0 {
        received += buffer[0..<count]
        if pause > 0 { usleep(pause) }
      }
      done.signal()
    }
    return {
      done.wait()
      return received
    }
  }

  @Test("a non-blocking pipe: partial writes and a full pipe are waited for, and nothing is lost")
  func nonBlocking() throws {
    let (read, write) = try FileDescriptor.pipe()
    _ = fcntl(write.rawValue, F_SETFL, fcntl(write.rawValue, F_GETFL) | O_NONBLOCK)
    let received = Self.drain(read, pause: 50)
    let bytes = Self.pattern(3 << 20)
    try write.writeAll(bytes)
    try write.close()
    #expect(received() == bytes)
    try read.close()
  }

  @Test("a signal in the middle of a write (EINTR, or a partial write) loses nothing")
  func interrupted() throws {
    var action = sigaction()
    action.__sigaction_handler.sa_handler = { _ in interruptions.add(1, ordering: .relaxed) }
    action.sa_flags = 0  // no SA_RESTART: a blocked write(2) ends with EINTR or a short count
    sigemptyset(&action.sa_mask)
    var before = sigaction()
    sigaction(SIGUSR1, &action, &before)
    defer { sigaction(SIGUSR1, &before, nil) }
    interruptions.store(0, ordering: .relaxed)
    // The test runner's threads may block it: this one takes it while it writes.
    var usr1 = sigset_t()
    var mask = sigset_t()
    sigemptyset(&usr1)
    sigaddset(&usr1, SIGUSR1)
    pthread_sigmask(SIG_UNBLOCK, &usr1, &mask)
    defer { pthread_sigmask(SIG_SETMASK, &mask, nil) }

    let (read, write) = try FileDescriptor.pipe()
    let received = Self.drain(read, pause: 200)
    let bytes = Self.pattern(4 << 20)
    let writer = pthread_self()
    let writing = Atomic<Bool>(true)
    let signaller = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      while writing.load(ordering: .relaxed) {
        pthread_kill(writer, SIGUSR1)
        usleep(500)
      }
      signaller.signal()
    }
    try write.writeAll(bytes)
    writing.store(false, ordering: .relaxed)
    signaller.wait()
    try write.close()
    #expect(received() == bytes)
    #expect(interruptions.load(ordering: .relaxed) > 0, "no signal came while writing")
    try read.close()
  }
}
