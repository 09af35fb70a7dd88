import Foundation
import PaginateSystem
import Synchronization
import Testing

/// The platform layer's file calls, against the file system and a pipe.
@Suite("Files, folders and pipes")
struct FileSystemTests {
  @Test("a folder's names: every file, hidden ones too, without . and ..; a missing folder is an Errno")
  func folderNames() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("paginate-names-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
    defer { try? FileManager.default.removeItem(at: folder) }
    for name in ["a.txt", ".hidden", "paginate-adapter-x", "ü"] {
      try Data().write(to: folder.appendingPathComponent(name))
    }
    #expect(try FileSystem.names(inFolder: folder.path).sorted() == [".hidden", "a.txt", "paginate-adapter-x", "ü"])
    #expect(throws: Errno.self) { try FileSystem.names(inFolder: folder.appendingPathComponent("none").path) }
  }

  @Test("writeAll delivers every byte through a pipe far smaller than the write: partial writes are continued")
  func partialWrites() throws {
    let (reader, writer) = try FileDescriptor.pipe()
    let sent = (0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31) }
    let received = Mutex<[UInt8]>([])
    let done = Mutex(false)
    // The reader drains the pipe in small reads while the writer's write is cut short.
    let started = DetachedThread.start(stackSize: 1 << 20) {
      var buffer = [UInt8](repeating: 0, count: 4096)
      while let count = try? reader.read(into: &buffer), count > 0 {
        received.withLock { $0 += buffer[..<count] }
      }
      done.withLock { $0 = true }
    }
    try #require(started)
    try writer.writeAll(sent)
    try writer.close()
    let deadline = Date().addingTimeInterval(60)
    while !done.withLock({ $0 }) && Date() < deadline { usleep(10_000) }
    try reader.close()
    #expect(received.withLock { $0 } == sent)
  }
}
