import Foundation
import PaginateTestSupport
import Testing

/// Runs the built `paginate` executable and captures what it prints.
struct Executable {
  struct Result {
    var status: Int32
    var stdout: String
    var stderr: String
    /// The stdout bytes as they came (``stdout`` replaces invalid UTF-8, as a PDF has).
    var stdoutData = Data()

    /// The stdout bytes split into pages at form feeds.
    var pages: [[Substring]] {
      stdout.split(separator: "\u{0C}", omittingEmptySubsequences: false).map { page in
        var lines = page.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last == "" { lines.removeLast() }
        return lines
      }
    }
  }

  /// The `paginate` binary under test: `PAGINATE_EXECUTABLE` when set (CI runs the signal tests
  /// again on the release build this way), else the one next to the test bundle (SwiftPM builds
  /// both into the same folder).
  static let url: URL = {
    if let chosen = ProcessInfo.processInfo.environment["PAGINATE_EXECUTABLE"], !chosen.isEmpty {
      return URL(fileURLWithPath: chosen)
    }
    let testBinary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    var directory = testBinary.deletingLastPathComponent()
    // The bundle may be a directory (`X.xctest/...`) on some layouts: walk up to the build folder.
    while !FileManager.default.isExecutableFile(atPath: directory.appendingPathComponent("paginate").path),
      directory.path != "/"
    {
      directory = directory.deletingLastPathComponent()
    }
    return directory.appendingPathComponent("paginate")
  }()

  /// An executable target built next to the test bundle, such as `ReaderExample`.
  /// Whether the executable is built with AddressSanitizer (`.ci/run`'s second pass, in
  /// `.build-asan`): its memory is several times a plain build's (shadow memory, quarantine), so
  /// memory bounds are scaled by ``memoryScale``.
  static var isSanitized: Bool {
    url.path.contains(".build-asan") || ProcessInfo.processInfo.environment["ASAN_OPTIONS"] != nil
  }

  /// What a memory bound is multiplied by for this build: 4 under AddressSanitizer, else 1.
  static var memoryScale: Int { isSanitized ? 4 : 1 }

  static func builtProduct(_ name: String) -> URL {
    let testBinary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    var directory = testBinary.deletingLastPathComponent()
    while !FileManager.default.isExecutableFile(atPath: directory.appendingPathComponent(name).path),
      directory.path != "/"
    {
      directory = directory.deletingLastPathComponent()
    }
    return directory.appendingPathComponent(name)
  }

  /// Runs the built executable `name` (an example) with `arguments` and `stdin`.
  static func runProduct(_ name: String, _ arguments: [String], stdin: Data) throws -> Result {
    try execute(builtProduct(name), arguments, stdin: stdin, environment: nil)
  }

  /// The package's root folder.
  static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// Runs `paginate` with `arguments`, feeding `stdin` (or nothing) to it.
  static func run(_ arguments: [String], stdin: Data? = nil, environment: [String: String] = [:]) throws -> Result {
    var env = ProcessInfo.processInfo.environment
    env.merge(environment) { $1 }
    return try execute(url, arguments, stdin: stdin ?? Data(), environment: env)
  }

  /// Runs another program (found on PATH) from the package root, with no input.
  static func runTool(_ name: String, _ arguments: [String]) throws -> Result {
    try execute(URL(fileURLWithPath: "/usr/bin/env"), [name] + arguments, stdin: nil, environment: nil)
  }

  /// Runs a program from the package root and collects its status, stdout and stderr.
  /// `stdin` is written to it (`nil`: /dev/null).
  private static func execute(_ executable: URL, _ arguments: [String], stdin: Data?, environment: [String: String]?)
    throws -> Result
  {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = packageRoot
    if let environment { process.environment = environment }
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    let input = Pipe()
    process.standardInput = stdin == nil ? FileHandle.nullDevice : input
    try process.run()
    // Read both pipes concurrently so a full stderr pipe cannot block the child.
    nonisolated(unsafe) var errorData = Data()
    let group = DispatchGroup()
    group.enter()
    DispatchQueue.global().async {
      errorData = errors.fileHandleForReading.readDataToEndOfFile()
      group.leave()
    }
    if let stdin {
      input.fileHandleForWriting.write(stdin)
      try input.fileHandleForWriting.close()
    }
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus, stdout: String(decoding: outputData, as: UTF8.self),
      stderr: String(decoding: errorData, as: UTF8.self), stdoutData: outputData)
  }

  /// Whether `condition` holds within `seconds` (polled every 50 ms): a wait on a condition,
  /// with a bound generous enough for a busy machine, never a fixed sleep.
  static func eventually(within seconds: Double = 30, _ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      if try condition() { return true }
      usleep(50_000)
    }
    return try condition()
  }

  /// A real README kept as a fixture (Tests/Fixtures/READMEs): its path.
  static func readme(_ name: String) -> String {
    packageRoot.appendingPathComponent("Tests/Fixtures/READMEs/\(name)").path
  }

  /// A file kept after the run, for a person to look at (`.build/test-artifacts/NAME`): the
  /// folder made, and a file left from an earlier run removed, or it would pass for this run's.
  static func artifact(_ name: String) throws -> URL {
    let folder = packageRoot.appendingPathComponent(".build/test-artifacts")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let file = folder.appendingPathComponent(name)
    if FileManager.default.fileExists(atPath: file.path) { try FileManager.default.removeItem(at: file) }
    return file
  }

  /// A fresh folder inside the test case's own, removed with it: the test or its suite has
  /// the `.temporaryFolder` trait (``TemporaryFolder``).
  static func temporaryDirectory() throws -> URL {
    try TemporaryFolder.make()
  }
}
