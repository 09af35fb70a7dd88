import CPaginateSystem
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Every libc structure that Swift code passes to the kernel or to libc to fill has, in Swift,
/// at least the size C gives it: otherwise the call writes past Swift's storage.
@Suite("libc structure sizes")
struct StructSizeTests {
  @Test("Swift's size and stride of each libc structure equal C's sizeof")
  func sizes() {
    let cases: [(name: String, swiftSize: Int, swiftStride: Int, cSize: Int)] = [
      ("struct sigaction", MemoryLayout<sigaction>.size, MemoryLayout<sigaction>.stride, paginate_sizeof_sigaction()),
      ("sigset_t", MemoryLayout<sigset_t>.size, MemoryLayout<sigset_t>.stride, paginate_sizeof_sigset()),
      ("struct termios", MemoryLayout<termios>.size, MemoryLayout<termios>.stride, paginate_sizeof_termios()),
      ("struct winsize", MemoryLayout<winsize>.size, MemoryLayout<winsize>.stride, paginate_sizeof_winsize()),
      ("struct stat", MemoryLayout<stat>.size, MemoryLayout<stat>.stride, paginate_sizeof_stat()),
      ("struct pollfd", MemoryLayout<pollfd>.size, MemoryLayout<pollfd>.stride, paginate_sizeof_pollfd()),
      ("struct timespec", MemoryLayout<timespec>.size, MemoryLayout<timespec>.stride, paginate_sizeof_timespec()),
      (
        "posix_spawnattr_t", MemoryLayout<posix_spawnattr_t>.size, MemoryLayout<posix_spawnattr_t>.stride,
        paginate_sizeof_posix_spawnattr()
      ),
      (
        "posix_spawn_file_actions_t", MemoryLayout<posix_spawn_file_actions_t>.size,
        MemoryLayout<posix_spawn_file_actions_t>.stride, paginate_sizeof_posix_spawn_file_actions()
      ),
    ]
    for entry in cases {
      #expect(entry.swiftSize == entry.cSize, "\(entry.name): Swift size \(entry.swiftSize), C sizeof \(entry.cSize)")
      #expect(entry.swiftStride == entry.cSize, "\(entry.name): Swift stride \(entry.swiftStride), C sizeof \(entry.cSize)")
    }
  }
}
