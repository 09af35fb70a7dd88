import Foundation
import PaginateTestSupport
import Testing

/// What paginate kills when an adapter times out or paginate itself is stopped: the adapter's
/// process group and the adapter's descendants (by the kernel's parentage, through the
/// adapter's shepherd), never a process that merely holds one of the adapter's descriptors,
/// and never another run's adapter.
///
/// Each wait below is a hang guard: it polls a condition with a bound far above what an idle
/// machine needs, and asserts nothing about speed.
@Suite("What an adapter's time-out or a signal kills", .temporaryFolder)
struct AdapterDescentTests {
  /// A process of the test's own, outside paginate's tree, that accepts descriptors over a
  /// Unix socket (SCM_RIGHTS) and keeps them, as an ssh ControlMaster keeps a client's stdio.
  final class Holder {
    let process = Process()
    let socket: String
    let received: String

    init(in folder: URL, marker: String) throws {
      socket = folder.appendingPathComponent("holder.sock").path
      received = folder.appendingPathComponent("received").path
      let script = """
        import socket, sys
        server = socket.socket(socket.AF_UNIX)
        server.bind(sys.argv[1])
        server.listen(8)
        held = []
        while True:
            connection, _ = server.accept()
            _, descriptors, _, _ = socket.recv_fds(connection, 16, 4)
            held += descriptors
            with open(sys.argv[2], "a") as note:
                note.write("%d\\n" % len(descriptors))
        """
      process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
      process.arguments = ["-c", script, socket, received, marker]
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      try #require(Executable.eventually { FileManager.default.fileExists(atPath: self.socket) })
    }

    /// How many handings it has received.
    var handings: Int {
      ((try? String(contentsOfFile: received, encoding: .utf8)) ?? "").split(separator: "\n").count
    }

    /// An adapter body that hands its standard output to the holder, then hangs with a sleep
    /// named `marker`.
    func handingAdapter(marker: String) -> String {
      """
      python3 -c 'import socket, sys; s = socket.socket(socket.AF_UNIX); s.connect(sys.argv[1]); socket.send_fds(s, [b"x"], [1])' '\(socket)'
      sleep \(marker) & wait
      """
    }

    deinit {
      // SIGKILL: the runner's thread may have had SIGTERM blocked, and the holder inherits that.
      if process.isRunning {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
      }
    }
  }

  /// Whether a process whose command line contains `text` runs (pgrep -f).
  static func running(_ text: String) -> Bool {
    ((try? Executable.runTool("pgrep", ["-f", text]))?.stdout ?? "").isEmpty == false
  }

  /// paginate on `path`, started in the background.
  static func start(_ path: String, _ adapters: ExternalAdapterTests.Adapters, timeout: Int) throws -> Process {
    let process = Process()
    process.executableURL = Executable.url
    process.arguments = ["--adapter-timeout", String(timeout), path]
    process.environment = ProcessInfo.processInfo.environment.merging(adapters.environment) { $1 }
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    return process
  }

  @Test("a process handed the adapter's output over a Unix socket survives the adapter's time-out and SIGTERM to paginate")
  func handedDescriptorSurvives() throws {
    let adapters = try ExternalAdapterTests.Adapters()
    let holder = try Holder(in: adapters.folder, marker: "holder-\(Int.random(in: 100_000...999_999))")
    let marker = "6100.\(Int.random(in: 100_000...999_999))"
    try adapters.add("handing", holder.handingAdapter(marker: marker))
    let path = try adapters.file("data.handing", "x\n")

    let result = try adapters.run(["--adapter-timeout", "2", path])
    #expect(result.status == 1)
    #expect(result.stderr.contains("did not finish within 2 s"))
    #expect(holder.handings == 1, "the adapter never handed its output on")
    #expect(Executable.eventually { !Self.running("sleep \(marker)") }, "the adapter's own sleep was left running")
    usleep(200_000)
    #expect(holder.process.isRunning, "the process holding the adapter's output was killed at the time-out")

    let paginate = try Self.start(path, adapters, timeout: 600)
    #expect(Executable.eventually { holder.handings == 2 && Self.running("sleep \(marker)") }, "the adapter never started")
    kill(paginate.processIdentifier, SIGTERM)
    paginate.waitUntilExit()
    #expect(paginate.terminationReason == .uncaughtSignal)
    #expect(Executable.eventually { !Self.running("sleep \(marker)") }, "the adapter's own sleep was left running")
    usleep(200_000)
    #expect(holder.process.isRunning, "the process holding the adapter's output was killed at SIGTERM")
  }

  /// Runs paginate in the background on an adapter `name` that starts two sleeps, one in its
  /// group and one in a session of its own (setsid), and waits until both run; their markers.
  static func startTwoSleeps(
    _ adapters: ExternalAdapterTests.Adapters, name: String
  ) throws -> (paginate: Process, inGroup: String, escaped: String) {
    let inGroup = "6500.\(Int.random(in: 100_000...999_999))"
    let escaped = "6600.\(Int.random(in: 100_000...999_999))"
    try adapters.add(name, "setsid sleep \(escaped) & sleep \(inGroup) & wait")
    let paginate = try start(try adapters.file("data.\(name)", "x\n"), adapters, timeout: 600)
    #expect(Executable.eventually { running("sleep \(inGroup)") && running("sleep \(escaped)") }, "the adapter never started")
    return (paginate, inGroup, escaped)
  }

  @Test("two runs with adapters at once: one's time-out leaves the other's adapter, and its setsid child, running")
  func twoRunsLeaveEachOtherAlone() throws {
    let adapters = try ExternalAdapterTests.Adapters()
    let (first, long, escaped) = try Self.startTwoSleeps(adapters, name: "long")
    defer { if first.isRunning { kill(first.processIdentifier, SIGKILL) } }

    let slow = "6400.\(Int.random(in: 100_000...999_999))"
    try adapters.add("slow", "setsid sleep \(slow) & wait")
    let second = try adapters.run(["--adapter-timeout", "1", try adapters.file("data.slow", "x\n")])
    #expect(second.stderr.contains("did not finish within 1 s"))
    #expect(Executable.eventually { !Self.running("sleep \(slow)") }, "the timed-out run's setsid sleep was left running")
    #expect(first.isRunning)
    #expect(Self.running("sleep \(long)") && Self.running("sleep \(escaped)"), "the other run's adapter was killed")

    kill(first.processIdentifier, SIGTERM)
    first.waitUntilExit()
    #expect(
      Executable.eventually { !Self.running("sleep \(long)") && !Self.running("sleep \(escaped)") },
      "the first run's adapter outlived it")
  }

  @Test("paginate killed with SIGKILL: its adapter and the adapter's setsid child go too")
  func sigkillStopsTheAdapter() throws {
    let adapters = try ExternalAdapterTests.Adapters()
    let (paginate, inGroup, escaped) = try Self.startTwoSleeps(adapters, name: "slow")
    kill(paginate.processIdentifier, SIGKILL)
    paginate.waitUntilExit()
    #expect(
      Executable.eventually { !Self.running("sleep \(inGroup)") && !Self.running("sleep \(escaped)") },
      "the adapter outlived paginate")
  }
}
