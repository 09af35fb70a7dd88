import Foundation
import PaginateTestSupport
import Testing

/// A termination signal to paginate while an external adapter runs reaches the adapter's
/// process group, and only that group, before paginate itself ends; the adapter's shepherd then
/// kills nothing but the adapter's own processes.
///
/// CI runs this suite twice: on the debug build with the rest, and on the release build
/// (`PAGINATE_EXECUTABLE=.build/release/paginate`), where a wrongly laid-out global once sent
/// SIGKILL to an unrelated group (issue 26).
@Suite("Signals while an adapter runs", .temporaryFolder)
struct SignalForwardingTests {
  /// Signals the test runner does not ignore (an ignored one is inherited, and paginate rightly
  /// keeps ignoring it).
  static var signals: [Int32] {
    [SIGTERM, SIGINT, SIGHUP].filter { signal in
      var action = sigaction()
      sigaction(signal, nil, &action)
      return unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self) != unsafeBitCast(SIG_IGN, to: Int.self)
    }
  }

  @Test(
    "the signal kills exactly the adapter's process group (checked with strace), then paginate; the shepherd only the adapter's processes",
    .timeLimit(.minutes(10)), arguments: signals)
  func killsOnlyTheAdaptersGroup(signal: Int32) throws {
    let adapters = try ExternalAdapterTests.Adapters()
    let record = adapters.folder.appendingPathComponent("adapter-ids").path
    let trace = adapters.folder.appendingPathComponent("trace").path
    // The adapter is spawned as the leader of a new group: its pid is the group's id. It notes
    // that and its parent (paginate's shepherd) once its child in the same group is started,
    // and waits.
    try adapters.add("slow", #"sleep 57 & echo "$$ $PPID" > '\#(record).tmp'; mv '\#(record).tmp' '\#(record)'; wait"#)
    let path = try adapters.file("data.slow", "x\n")

    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/strace")
    process.arguments = ["-f", "-qq", "-e", "trace=kill", "-e", "signal=none", "-o", trace, Executable.url.path, path]
    process.environment = ProcessInfo.processInfo.environment.merging(adapters.environment) { $1 }
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()

    var ids: [Int32] = []
    for _ in 0..<4000 where ids.count != 2 {
      ids = ((try? String(contentsOfFile: record, encoding: .utf8)) ?? "").split(separator: " ")
        .compactMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
      if ids.count != 2 { usleep(25_000) }
    }
    try #require(ids.count == 2, "the adapter never started")
    let (group, shepherd) = (ids[0], ids[1])
    let paginate = try #require(Self.parent(of: shepherd), "the shepherd \(shepherd) has no parent")
    // The adapter's `mv` may not be reaped yet when the record appears: wait for it to go.
    var members = Self.members(of: group)
    for _ in 0..<800 where members.count != 2 {
      usleep(25_000)
      members = Self.members(of: group)
    }
    #expect(members.count == 2, "the adapter and its sleep share one group: \(members)")

    kill(paginate, signal)
    var gone = false
    for _ in 0..<800 where !gone {
      gone = Self.members(of: group).isEmpty
      if !gone { usleep(25_000) }
    }
    #expect(gone, "the adapter's group \(group) still runs: \(Self.members(of: group))")
    // Whatever happened, nothing of this test is left running; strace, which waits for every
    // process it traces, then ends the way paginate did.
    if !gone { kill(-group, SIGKILL) }
    process.waitUntilExit()
    #expect(process.terminationReason == .uncaughtSignal)
    #expect(process.terminationStatus == signal)

    // `strace -f` starts each line with the caller's pid.
    let killed = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n")
      .compactMap { line -> (caller: Int32, target: Int32, signal: String)? in
        guard let call = line.range(of: "kill("),
          let caller = Int32(line.prefix { $0 != " " })
        else { return nil }
        let arguments = line[call.upperBound...].prefix { $0 != ")" }.split(separator: ",")
        guard arguments.count == 2, let target = Int32(arguments[0].trimmingCharacters(in: .whitespaces)) else {
          return nil
        }
        // Under load, strace splits a call another thread interrupts: `kill(-5, SIGKILL
        // <unfinished ...>`, then `<... kill resumed>) = 0`. The signal is the argument's word.
        let signal = arguments[1].drop { $0 == " " }.prefix { $0.isLetter || $0.isNumber }
        return (caller, target, String(signal))
      }
    // The signal handler (CPaginateSystem's signals.c) sends one SIGKILL, to the
    // adapter's group (a negative target).
    let sigkills = killed.filter { $0.signal == "SIGKILL" }
    #expect(sigkills.filter { $0.caller == paginate }.map(\.target) == [-group], "the adapter's group is \(group)")
    // The shepherd (shepherd.c), woken by paginate's end, kills the group again and its own
    // children: the adapter and its sleep, whose parent it became. Nothing else.
    let adapterProcesses = Set([-group] + members)
    let others = sigkills.filter { $0.caller != paginate && !adapterProcesses.contains($0.target) }
    #expect(others.isEmpty, "killed besides the adapter's processes \(adapterProcesses): \(others)")
    #expect(sigkills.allSatisfy { $0.caller == paginate || $0.caller == shepherd })
  }

  /// The parent of process `pid`, from `/proc/PID/stat`.
  static func parent(of pid: Int32) -> Int32? {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let close = stat.lastIndex(of: ")")
    else { return nil }
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    return fields.count > 1 ? Int32(fields[1]) : nil
  }

  @Test("no Swift global in the binary holds an imported C structure (Swift 6.3.1 lays such globals out without their padding)")
  func noCStructureInSwiftGlobals() throws {
    // A statically initialised global of an imported C struct with interior padding is emitted
    // packed: 148 bytes for `struct sigaction`'s 152, so libc filling it writes into the next
    // global. Such state belongs in C (CPaginateSystem) or in memory allocated at its C size.
    let listing = try Executable.runTool("nm", [Executable.url.path])
    try #require(listing.status == 0, "nm failed: \(listing.stderr)")
    let offenders = listing.stdout.split(separator: "\n").filter { line in
      let fields = line.split(separator: " ")
      guard fields.count == 3, "bBdD".contains(fields[1]) else { return false }
      let name = fields[2]
      // Swift's mangling of a global variable (`vp`, static: `vpZ`) of an imported C type (`So…V`).
      guard name.hasSuffix("Vvp") || name.hasSuffix("VvpZ") else { return false }
      return name.range(of: #"So[0-9]+[A-Za-z_][A-Za-z0-9_]*Vvp"#, options: .regularExpression) != nil
    }
    #expect(offenders.isEmpty, "Swift globals of C structures: \(offenders)")
  }

  /// The live (not zombie) processes whose process group is `group`.
  static func members(of group: Int32) -> [Int32] {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return entries.compactMap { entry -> Int32? in
      guard let pid = Int32(entry),
        let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
        let close = stat.lastIndex(of: ")")
      else { return nil }
      // After "(comm)": state, ppid, pgrp, ...
      let fields = stat[stat.index(after: close)...].split(separator: " ")
      guard fields.count > 2, fields[0] != "Z", Int32(fields[2]) == group else { return nil }
      return pid
    }
  }
}
