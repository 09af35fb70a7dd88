import Foundation
import PaginateSystem
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `ChildProcess`, which runs external adapters: what it collects, and what its limits kill.
@Suite("Child processes")
struct ChildProcessTests {
  /// Whether a process whose command line contains `marker` is running.
  static func running(_ marker: String) -> Bool {
    let processes = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return processes.contains { pid in
      guard let line = try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/cmdline")) else { return false }
      return String(decoding: line.map { $0 == 0 ? 0x20 : $0 }, as: UTF8.self).contains(marker)
    }
  }

  /// Waits (up to a minute, a hang guard) for `condition`.
  static func eventually(_ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(60)
    while Date() < deadline {
      if condition() { return true }
      usleep(20_000)
    }
    return condition()
  }

  @Test("a program's output, its errors and its exit status; its input fed to it")
  func collects() throws {
    let child = ChildProcess(
      executable: "/bin/sh", arguments: ["-c", "tr a-z A-Z; echo oops >&2; exit 3"], timeout: 60, outputLimit: 1 << 20)
    let outcome = try child.run(input: Array("tide tables\n".utf8))
    #expect(outcome.termination == .exited(3))
    #expect(outcome.output == Array("TIDE TABLES\n".utf8))
    #expect(outcome.errors == Array("oops\n".utf8))
  }

  @Test("past its time limit, the program and what it started are killed, a setsid child too")
  func timeLimit() throws {
    let marker = "sleep 41.\(getpid())"
    let child = ChildProcess(
      executable: "/bin/sh", arguments: ["-c", "\(marker) & setsid \(marker) & echo started >&2; wait"], timeout: 0.5,
      outputLimit: 1 << 20)
    do {
      _ = try child.run(input: [])
      Issue.record("the program ended of its own")
    } catch .timedOut(let errors) {
      #expect(errors == Array("started\n".utf8))
    } catch {
      Issue.record("\(error)")
    }
    #expect(Self.eventually { !Self.running(marker) }, "a process it started still runs")
  }

  @Test("past its output limit, the program is killed and says so")
  func outputLimit() throws {
    let child = ChildProcess(executable: "/usr/bin/yes", arguments: ["endless"], timeout: 60, outputLimit: 100_000)
    do {
      _ = try child.run(input: [])
      Issue.record("yes ended of its own")
    } catch .outputTooLarge {
    } catch {
      Issue.record("\(error)")
    }
  }

  @Test("a program that cannot be started is a system error, not a crash")
  func missingProgram() {
    let child = ChildProcess(executable: "/no/such/program", arguments: [], timeout: 60, outputLimit: 100)
    #expect(throws: ChildProcess.Failure.self) { try child.run(input: []) }
  }
}
