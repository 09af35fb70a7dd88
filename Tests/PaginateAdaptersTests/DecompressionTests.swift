import Foundation
import Testing

@testable import PaginateAdapters

/// gzip and xz decompressed as they are read, a buffer at a time.
@Suite("Decompressing as it reads")
struct DecompressionTests {
  /// `bytes` through `gzip` or `xz` (the commands), with `arguments`.
  static func compressed(_ bytes: [UInt8], _ command: String, _ arguments: [String] = []) throws -> [UInt8] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [command, "-c"] + arguments
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    // Written from another thread: the output pipe must be read meanwhile.
    let writer = Thread {
      input.fileHandleForWriting.write(Data(bytes))
      try? input.fileHandleForWriting.close()
    }
    writer.start()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Array(data)
  }

  /// A reader of `bytes` handing out at most `piece` bytes a call, as a pipe might.
  static func reader(_ bytes: [UInt8], piece: Int) -> @Sendable (UnsafeMutableRawBufferPointer) -> Int {
    let memory = MemoryReader(bytes)
    return { buffer in memory.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[0..<min(piece, buffer.count)])) }
  }

  /// All that `reader` gives, `piece` bytes a call.
  static func drain(_ reader: DecompressingReader, piece: Int) -> (bytes: [UInt8], status: Int) {
    var result: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: piece)
    while true {
      let count = buffer.withUnsafeMutableBytes { reader.read(into: $0) }
      if count <= 0 { return (result, count) }
      result += buffer[0..<count]
    }
  }

  let text: [UInt8] = Array((1...20_000).map { "line \($0) of the text inside\n" }.joined().utf8)

  @Test("every gzip member and xz stream, read in pieces of any size, gives the text; zeros after the last gzip member do not count", arguments: [1, 7, 4096, 1 << 20])
  func membersInPieces(piece: Int) throws {
    let half = text.count / 2
    let gzip = try Self.compressed(Array(text[..<half]), "gzip") + Self.compressed(Array(text[half...]), "gzip") + [0, 0, 0, 0]
    let xz = try Self.compressed(Array(text[..<half]), "xz") + Self.compressed(Array(text[half...]), "xz")
    for (format, bytes) in [(Decompression.Format.gzip, gzip), (.xz, xz)] {
      let reader = try DecompressingReader(format: format, name: "t", reading: Self.reader(bytes, piece: piece))
      let head = try reader.readHead(100)
      #expect(head == Array(text[..<100]))
      let (all, status) = Self.drain(reader, piece: max(piece, 3))
      #expect(status == 0)
      #expect(all == text, "\(format) in pieces of \(piece)")
    }
  }

  @Test("data cut short or damaged ends the read with -1, says why once, and tells the diagnostics")
  func cutShort() throws {
    let gzip = try Self.compressed(text, "gzip")
    let reader = try DecompressingReader(format: .gzip, name: "t", reading: Self.reader(Array(gzip.dropLast(500)), piece: 4096))
    let diagnostics = ReadDiagnostics()
    reader.onFailure = { diagnostics.fail($0) }
    let (bytes, status) = Self.drain(reader, piece: 4096)
    #expect(status == -1)
    #expect(bytes.count > 0 && text.starts(with: bytes))
    #expect(reader.failure == "the gzip data is cut short")
    #expect(diagnostics.failure == "the gzip data is cut short")

    var damaged = try Self.compressed(text, "xz")
    damaged[damaged.count / 2] ^= 0xFF
    let xz = try DecompressingReader(format: .xz, name: "t", reading: Self.reader(damaged, piece: 4096))
    #expect(Self.drain(xz, piece: 4096).status == -1)
    #expect(xz.failure == "damaged xz data")
  }

  @Test("read whole, more than the limit is refused before memory for it is taken")
  func limit() throws {
    let zeros = try Self.compressed([UInt8](repeating: 0x20, count: 3 << 20), "gzip")
    let reader = try DecompressingReader(format: .gzip, name: "bomb.gz", reading: Self.reader(zeros, piece: 1 << 16))
    #expect(throws: InputError(input: "bomb.gz", message: Decompression.tooLargeMessage)) {
      try reader.readAll(limit: 1 << 20)
    }
    let whole = try DecompressingReader(format: .gzip, name: "t", reading: Self.reader(zeros, piece: 1 << 16))
    #expect(try whole.readAll(limit: 3 << 20).count == 3 << 20)
  }

  @Test("skipping to an offset of the text, then reading, gives the rest")
  func skip() throws {
    let gzip = try Self.compressed(text, "gzip")
    for offset in [0, 1, 65_535, 65_536, text.count - 1, text.count] {
      let reader = try DecompressingReader(format: .gzip, name: "t", reading: Self.reader(gzip, piece: 1 << 16))
      #expect(reader.skip(offset))
      #expect(Self.drain(reader, piece: 1000).bytes == Array(text[offset...]))
    }
    let past = try DecompressingReader(format: .gzip, name: "t", reading: Self.reader(gzip, piece: 1 << 16))
    #expect(!past.skip(text.count + 1))
  }
}
