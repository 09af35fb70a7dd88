// Uses the library as an app would: `Paginate` alone (and Foundation, to write the files).
import Foundation
import Paginate
import Testing

/// A gzip or xz file read as it is decompressed: a page released from the window is laid out
/// again by decompressing the file anew up to its checkpoint, the same as from the plain file.
@Suite("Compressed files paged through")
struct CompressedPagesTests {
  @Test("pages far apart, forward, back and at random, in a window of three: the same as the plain file's", arguments: ["gzip", "xz"])
  func pagesLaidOutAgain(compressor: String) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("paginate-client-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let plain = folder.appendingPathComponent("long.txt")
    let lines = (1...1200).map { "Line \($0) of a text long enough to fill many pages of a small size." }
    try (lines.joined(separator: "\n\n") + "\n").write(to: plain, atomically: true, encoding: .utf8)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [compressor, "-k", plain.path]
    try process.run()
    process.waitUntilExit()
    let compressed = plain.path + (compressor == "gzip" ? ".gz" : ".xz")

    var all = try PageSet(
      reader: AdapterRegistry.builtIn.loadInput(contentsOfFile: plain.path).reader, options: small, pagesKept: .max)
    all.layOutAll()
    let count = try #require(all.count)
    let reader = try AdapterRegistry.builtIn.loadInput(contentsOfFile: compressed).reader
    #expect(reader.canResume, "a compressed file can be read again from a checkpoint")
    var windowed = try PageSet(reader: reader, options: small, pagesKept: 3)
    #expect(count > 40)
    var order = Array(0..<count) + (0..<count).reversed()
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<20 { order.append(Int.random(in: 0..<count, using: &generator)) }
    for index in order {
      let page = windowed.page(at: index)
      let reference = all.page(at: index)
      #expect(page != nil, "no page \(index + 1)")
      #expect(page?.textLines == reference?.textLines, "page \(index + 1) differs")
    }
  }
}
