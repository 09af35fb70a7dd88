import Foundation
import PaginateTestSupport
import Testing

/// External adapters through the built executable: each test writes small adapter programs
/// (shell scripts) into a fresh folder and puts only that folder and the system's on PATH.
@Suite("External adapters", .temporaryFolder)
struct ExternalAdapterTests {
  /// A folder of adapters, and the environment that finds them (and nothing from the user).
  struct Adapters {
    let folder: URL
    let environment: [String: String]

    init() throws {
      folder = try Executable.temporaryDirectory()
      let config = folder.appendingPathComponent("config")
      try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
      environment = [
        "PATH": folder.path + ":/usr/local/bin:/usr/bin:/bin", "XDG_CONFIG_HOME": config.path,
        "XDG_CACHE_HOME": folder.appendingPathComponent("cache").path,
      ]
    }

    /// Writes an executable `paginate-adapter-NAME` with this shell script body.
    func add(_ name: String, _ body: String, describe: String? = nil) throws {
      let description = describe ?? #"{"name": "\#(name)", "extensions": ["\#(name)"], "summary": "Test adapter \#(name)"}"#
      try add(name, body, describing: "printf '%s\\n' '\(description)'")
    }

    /// Writes an executable `paginate-adapter-NAME` that runs `describing` (shell) for
    /// `--describe` and `body` otherwise.
    func add(_ name: String, _ body: String, describing: String) throws {
      let script = """
        #!/bin/sh
        if [ "$1" = "--describe" ]; then
          \(describing)
          exit 0
        fi
        \(body)
        """
      let url = folder.appendingPathComponent("paginate-adapter-" + name)
      try script.write(to: url, atomically: true, encoding: .utf8)
      try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
    }

    func file(_ name: String, _ text: String) throws -> String {
      let url = folder.appendingPathComponent(name)
      try text.write(to: url, atomically: true, encoding: .utf8)
      return url.path
    }

    func run(_ arguments: [String], stdin: Data? = nil) throws -> Executable.Result {
      try Executable.run(arguments, stdin: stdin, environment: environment)
    }
  }

  /// An adapter that turns each input line into a paragraph, and names its argument.
  static let working = #"""
    printf '{"version": 1, "blocks": [{"type": "paragraph", "text": "argument: %s"}' "$1"
    while IFS= read -r line; do printf ', {"type": "paragraph", "text": "%s"}' "$line"; done
    printf ']}\n'
    """#

  @Test("a working adapter is chosen by its extension, gets the input on stdin and the path as one argument")
  func working() throws {
    let adapters = try Adapters()
    try adapters.add("rows", Self.working)
    // A name a shell would expand: with an argument vector it arrives as it is.
    let path = try adapters.file("odd $(touch pwned) name.rows", "first line\nsecond line\n")
    let result = try adapters.run(["--page-size", "300x6", "--footer", "", path])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("argument: \(path)"))
    #expect(result.stdout.contains("first line"))
    #expect(result.stdout.contains("second line"))
    #expect(!FileManager.default.fileExists(atPath: adapters.folder.appendingPathComponent("pwned").path))
    #expect(!FileManager.default.fileExists(atPath: Executable.packageRoot.appendingPathComponent("pwned").path))

    let piped = try adapters.run(["--from", "rows", "--page-size", "60x6"], stdin: Data("from a pipe\n".utf8))
    #expect(piped.status == 0, "\(piped.stderr)")
    #expect(piped.stdout.contains("argument: -"))
    #expect(piped.stdout.contains("from a pipe"))
  }

  @Test("an adapter for a binary format (Word, through pandoc) is not refused for its NUL bytes or warned about UTF-8")
  func binaryFormat() throws {
    let adapters = try Adapters()
    try adapters.add("docx", "exec pandoc -f docx -t json")
    let docx = adapters.folder.appendingPathComponent("readme.docx").path
    let written = try Executable.runTool("pandoc", ["SampleDocs/README.md", "-o", docx])
    #expect(written.status == 0, "\(written.stderr)")
    let result = try adapters.run(["--page-size", "60x10", docx])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.isEmpty)
    #expect(result.stdout.hasPrefix("Sample documents\n"))
    // The same bytes with an extension no binary-reading adapter claims are still refused.
    let renamed = try adapters.file("readme.bin", "")
    try FileManager.default.removeItem(atPath: renamed)
    try FileManager.default.copyItem(atPath: docx, toPath: renamed)
    #expect(try adapters.run([renamed]).stderr.contains("looks like a binary file"))
  }

  @Test("a failing adapter: exit 1 with its name, status and the first three lines of its stderr, made safe")
  func failing() throws {
    let adapters = try Adapters()
    try adapters.add(
      "broken", #"printf 'cannot parse line 7\n\nexpected a \033]0;title\007 cell\nthird\nfourth\n' >&2; exit 3"#)
    let path = try adapters.file("data.broken", "x\n")
    let result = try adapters.run([path])
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "paginate: \(path): adapter 'broken' failed with exit status 3: cannot parse line 7 | expected a ^[]0;title^G cell | third\n"
    )
    #expect(result.stdout.isEmpty)

    // A script without its #! line cannot be run at all.
    let script = adapters.folder.appendingPathComponent("paginate-adapter-nohashbang")
    try "echo '{}'\n".write(to: script, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
    let unrunnable = try adapters.run(["--from", "nohashbang"], stdin: Data("x".utf8))
    #expect(unrunnable.status == 1)
    #expect(
      unrunnable.stderr
        == "paginate: nohashbang: adapter 'nohashbang' --describe (\(script.path)) could not be run: not an executable (a script needs a #! line)\n"
    )
  }

  @Test(
    "a process an adapter started in a session of its own (setsid) is stopped too, as the adapter's descendant",
    .timeLimit(.minutes(10)))
  func escapedDescendant() throws {
    let adapters = try Adapters()
    let marker = "3000.\(Int.random(in: 100_000...999_999))"
    // The sleep leaves the adapter's process group but keeps its standard output, our pipe.
    try adapters.add("escaping", "setsid sleep \(marker) & wait")
    let path = try adapters.file("data.escaping", "x\n")
    let result = try adapters.run(["--adapter-timeout", "1", path])
    #expect(result.status == 1)
    #expect(result.stderr.contains("did not finish within 1 s"))
    var survivors = try Executable.runTool("pgrep", ["-f", "sleep \(marker)"])
    // SIGKILL is delivered at once, but the process may take a moment to go.
    for _ in 0..<600 where !survivors.stdout.isEmpty {
      Thread.sleep(forTimeInterval: 0.05)
      survivors = try Executable.runTool("pgrep", ["-f", "sleep \(marker)"])
    }
    #expect(survivors.stdout.isEmpty, "left running: \(survivors.stdout)")
  }

  @Test("--describe is asked once per program file: the answer, or the failure, is cached until the program changes")
  func describeIsCached() throws {
    let adapters = try Adapters()
    let calls = adapters.folder.appendingPathComponent("calls").path
    func install(_ name: String, describe: String) throws {
      let document = #"{"version": 1, "blocks": [{"type": "paragraph", "text": "from \#(name)"}]}"#
      try adapters.add(name, "echo '\(document)'", describing: "echo \(name) >> '\(calls)'; \(describe)")
    }
    func asked() -> [String] {
      ((try? String(contentsOfFile: calls, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init).sorted()
    }
    try install("good", describe: #"echo '{"name": "good", "extensions": ["gd"]}'; exit 0"#)
    try install("broken", describe: "echo 'no JSON'; exit 0")
    let log = try adapters.file("notes.tide", "plain words\n")
    let claimed = try adapters.file("data.gd", "x\n")

    // The first file of an unknown extension asks both; the broken one is named on stderr.
    let first = try adapters.run(["--page-size", "20x4", log])
    #expect(first.status == 0)
    #expect(first.stdout.contains("plain words"))
    #expect(first.stderr.contains("skipping broken: adapter 'broken' (") && first.stderr.contains("--describe: invalid JSON"))
    #expect(asked() == ["broken", "good"])

    // Later runs ask nobody: the cached answers choose the adapter, and the failure is still said.
    let again = try adapters.run(["--page-size", "20x4", log])
    #expect(again.stderr == first.stderr)
    #expect(try adapters.run(["--page-size", "20x4", claimed]).stdout.contains("from good"))
    #expect(asked() == ["broken", "good"])

    // A changed program is asked again; `paginate adapters` asks every program afresh.
    try install("good", describe: #"echo '{"name": "good", "extensions": ["gd", "good"]}'; exit 0"#)
    _ = try adapters.run(["--page-size", "20x4", log])
    #expect(asked() == ["broken", "good", "good"])
    let listed = try adapters.run(["adapters"])
    #expect(listed.stdout.contains(".gd .good"), "\(listed.stdout)")
    #expect(asked() == ["broken", "broken", "good", "good", "good"])

    // A damaged cache file is ignored and rewritten.
    let cache = adapters.folder.appendingPathComponent("cache/paginate/adapters.json").path
    #expect(FileManager.default.fileExists(atPath: cache))
    try "{\"version\": 1, \"adapters\": [".write(toFile: cache, atomically: true, encoding: .utf8)
    #expect(try adapters.run(["--page-size", "20x4", claimed]).stdout.contains("from good"))
    #expect(asked().count == 7)
    #expect(try adapters.run(["--page-size", "20x4", claimed]).stdout.contains("from good"))
    #expect(asked().count == 7)
  }

  @Test("a hanging adapter is stopped at --adapter-timeout, with everything it started", .timeLimit(.minutes(10)))
  func hanging() throws {
    let adapters = try Adapters()
    let marker = "4\(Int.random(in: 100_000...999_999))"
    try adapters.add("slow", "echo 'thinking…' >&2; sleep \(marker) & wait")
    let path = try adapters.file("data.slow", "x\n")
    let result = try adapters.run(["--adapter-timeout", "1", path])
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "paginate: \(path): adapter 'slow' did not finish within 1 s and was stopped; see --adapter-timeout (stderr: thinking…)\n"
    )
    // The adapter's own child (the sleep) was killed with it: its process group is gone.
    let survivors = try Executable.runTool("pgrep", ["-f", "sleep \(marker)"])
    #expect(survivors.status == 1, "pgrep found (or failed): \(survivors.stdout)\(survivors.stderr)")
    #expect(survivors.stdout.isEmpty, "left running: \(survivors.stdout)")
    #expect(try adapters.run(["--adapter-timeout", "0", path]).status == 64)
    // paginate adapters takes the same limit, checked the same way, for describing.
    #expect(try adapters.run(["adapters", "--adapter-timeout", "0"]).status == 64)
  }

  @Test(
    "interrupting paginate (Ctrl-C, SIGTERM) while an adapter runs stops the adapter and what it started, also in a session of its own (setsid)",
    .timeLimit(.minutes(10)), arguments: ["", "setsid "])
  func interrupted(prefix: String) throws {
    let adapters = try Adapters()
    let marker = "5\(Int.random(in: 100_000...999_999))"
    try adapters.add("slow", "\(prefix)sleep \(marker) & wait")
    let path = try adapters.file("data.slow", "x\n")
    func sleeping() throws -> Bool { !(try Executable.runTool("pgrep", ["-f", "sleep \(marker)"])).stdout.isEmpty }
    // A runner that starts the tests with SIGINT ignored (nohup, a background job in a script)
    // passes that on to paginate, which then rightly keeps ignoring it: try SIGTERM alone.
    var interrupt = sigaction()
    sigaction(SIGINT, nil, &interrupt)
    let interruptIgnored =
      unsafeBitCast(interrupt.__sigaction_handler.sa_handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
    for signal in interruptIgnored ? [SIGTERM] : [SIGINT, SIGTERM] {
      let process = Process()
      process.executableURL = Executable.url
      process.arguments = [path]
      process.environment = ProcessInfo.processInfo.environment.merging(adapters.environment) { $1 }
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      var started = false
      for _ in 0..<2000 where !started {
        started = try sleeping()
        if !started { usleep(25_000) }
      }
      #expect(started, "the adapter never started")
      kill(process.processIdentifier, signal)
      var gone = false
      for _ in 0..<800 where !gone {
        gone = try !sleeping()
        if !gone { usleep(25_000) }
      }
      #expect(gone, "signal \(signal): the adapter's child is still running")
      // Foundation notices paginate's end only once nothing holds what it gave it.
      if !gone { _ = try Executable.runTool("pkill", ["-f", "sleep \(marker)"]) }
      process.waitUntilExit()
      #expect(process.terminationReason == .uncaughtSignal)
      #expect(process.terminationStatus == signal)
    }
  }

  @Test("a signal paginate ignores (SIGHUP under nohup) stays ignored while an adapter runs", .timeLimit(.minutes(10)))
  func ignoredSignalStaysIgnored() throws {
    let adapters = try Adapters()
    let started = adapters.folder.appendingPathComponent("started").path
    try adapters.add("patient", "touch '\(started)'; sleep 1\n" + Self.working)
    let path = try adapters.file("data.patient", "after the hang-up\n")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    // As nohup does: SIGHUP ignored, then paginate in the same process.
    process.arguments = ["-c", #"trap "" HUP; exec "$0" "$@""#, Executable.url.path, path]
    process.environment = ProcessInfo.processInfo.environment.merging(adapters.environment) { $1 }
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    for _ in 0..<2000 where !FileManager.default.fileExists(atPath: started) { usleep(25_000) }
    #expect(FileManager.default.fileExists(atPath: started), "the adapter never started")
    kill(process.processIdentifier, SIGHUP)
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationReason == .exit && process.terminationStatus == 0)
    #expect(text.contains("after the hang-up"))
  }

  @Test("an adapter printing garbage is reported as an invalid document; endless output is cut off")
  func garbage() throws {
    let adapters = try Adapters()
    try adapters.add("noise", #"printf 'Hello, \033[31mworld\n'; echo 'warming up' >&2"#)
    let path = try adapters.file("data.noise", "x\n")
    let result = try adapters.run([path])
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "paginate: \(path): adapter 'noise' wrote an invalid document: invalid JSON at line 1, column 1: expected a value, got 'H' (stderr: warming up)\n"
    )
    #expect(result.stdout.isEmpty)

    try adapters.add("wrongjson", #"echo '{"version": 1, "blocks": [{"type": "para"}]}'"#)
    let wrong = try adapters.run([try adapters.file("data.wrongjson", "x")])
    #expect(wrong.status == 1)
    #expect(wrong.stderr.contains("adapter 'wrongjson' wrote an invalid document: $.blocks[0].type: expected one of heading"))

    try adapters.add("silent", "exit 0")
    let silent = try adapters.run([try adapters.file("data.silent", "x")])
    #expect(silent.stderr.hasSuffix("adapter 'silent' wrote nothing; expected a document in paginate's JSON form\n"))

    try adapters.add("endless", "exec yes 'all work and no play'")
    let endless = try adapters.run([try adapters.file("data.endless", "x")])
    #expect(endless.status == 1)
    #expect(endless.stderr.hasSuffix("adapter 'endless' wrote more than 256 MiB and was stopped\n"))
  }

  @Test("escape sequences in an adapter's document, description or messages never reach the terminal")
  func terminalSafety() throws {
    let adapters = try Adapters()
    try adapters.add(
      "hostile",
      #"printf '{"version": 1, "title": "\\u001b]0;x\\u0007", "blocks": [{"type": "paragraph", "text": "a\\u001b[2Jb\\u202e"}]}'; printf 'warn \033[31m\n' >&2"#,
      describe: #"{"name": "hostile", "extensions": ["hostile"], "summary": "sum\u001b]0;x\u0007mary"}"#)
    let path = try adapters.file("doc.hostile", "x")
    let printed = try adapters.run(["--header", "{title}", "--page-size", "40x5", path])
    #expect(printed.status == 0, "\(printed.stderr)")
    #expect(printed.stdout.contains("a ^[ [2Jb"))
    #expect(!TerminalSafetyTests.hasControls(printed.stdout))
    let listed = try adapters.run(["adapters"])
    #expect(listed.stdout.contains("sum^[]0;x^Gmary"))
    #expect(!TerminalSafetyTests.hasControls(listed.stdout))
  }

  @Test("paginate adapters lists external ones with where they were found; a broken one says why")
  func listing() throws {
    let adapters = try Adapters()
    try adapters.add("rows", Self.working)
    try adapters.add("mute", "exit 0", describe: "not json")
    try adapters.add("markdown", Self.working, describe: #"{"name": "markdown", "extensions": ["md"], "summary": "Shadowed"}"#)
    let result = try adapters.run(["adapters"])
    #expect(result.status == 0, "\(result.stderr)")
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(lines.contains { $0.hasPrefix("rows ") && $0.contains(".rows") && $0.contains("Test adapter rows") })
    #expect(lines.contains { $0.contains("found at \(adapters.folder.path)/paginate-adapter-rows") })
    #expect(lines.contains { $0.hasPrefix("mute ") && $0.contains("not usable") && $0.contains("invalid JSON") })
    #expect(lines.contains { $0.hasPrefix("markdown ") && $0.contains("use --from external:markdown") })
  }

  @Test("a built-in wins over an external adapter of the same name or extension unless --from external:NAME")
  func builtInWins() throws {
    let adapters = try Adapters()
    try adapters.add("markdown", Self.working, describe: #"{"name": "markdown", "extensions": ["md"]}"#)
    let path = try adapters.file("notes.md", "# Heading\n")
    let builtIn = try adapters.run(["--page-size", "40x6", path])
    #expect(builtIn.status == 0)
    #expect(builtIn.stdout.contains("═══") && !builtIn.stdout.contains("argument:"))
    let byName = try adapters.run(["--page-size", "40x6", "--from", "markdown", path])
    #expect(!byName.stdout.contains("argument:"))
    let external = try adapters.run(["--page-size", "300x6", "--from", "external:markdown", path])
    #expect(external.status == 0, "\(external.stderr)")
    #expect(external.stdout.contains("argument: \(path)"))
    #expect(external.stdout.contains("# Heading"))

    let missing = try adapters.run(["--from", "external:nothing", path])
    #expect(missing.status == 64)
    #expect(missing.stderr.hasPrefix("Error: No external adapter 'nothing'; expected one of markdown, text, pandoc-json, json, lines, markdown"))
  }

  @Test("an adapter in ~/.config/paginate/adapters is found, and wins over one on PATH")
  func configDirectory() throws {
    let adapters = try Adapters()
    try adapters.add("rows", "echo '{\"version\": 1, \"blocks\": [{\"type\": \"paragraph\", \"text\": \"from PATH\"}]}'")
    let config = URL(fileURLWithPath: adapters.environment["XDG_CONFIG_HOME"]!).appendingPathComponent("paginate/adapters")
    try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
    let program = config.appendingPathComponent("paginate-adapter-rows")
    try "#!/bin/sh\necho '{\"version\": 1, \"blocks\": [{\"type\": \"paragraph\", \"text\": \"from the config folder\"}]}'\n".write(
      to: program, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: program.path)
    let result = try adapters.run(["--from", "rows", "--page-size", "40x4"], stdin: Data("x".utf8))
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("from the config folder"))
  }

  @Test("the example CSV adapter (Examples/paginate-adapter-csv) paginates a CSV file as a table")
  func exampleCSV() throws {
    let examples = Executable.packageRoot.appendingPathComponent("Examples").path
    let environment = ["PATH": examples + ":/usr/local/bin:/usr/bin:/bin", "XDG_CONFIG_HOME": "/nonexistent"]
    // The README's example, exactly: one page of nine lines, the last two blank.
    let result = try Executable.run(["--page-size", "60x9", "--footer", "", "Examples/tides.csv"], environment: environment)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) == [
        "tides.csv",
        "═════════",
        "",
        "Station   │ High (m) │ Low (m) │ Note",
        "──────────┼──────────┼─────────┼───────────────────",
        "pier-east │     3.86 │    0.42 │ spring tide, windy",
        "pier-west │     3.91 │    0.55 │ calm",
        "", "", "",
      ])
    let listed = try Executable.run(["adapters"], environment: environment)
    #expect(listed.stdout.contains("csv  "))
    let bad = try Executable.run(["--from", "csv"], stdin: Data("a,\"b\n".utf8), environment: environment)
    #expect(bad.status == 1)
    #expect(bad.stderr.contains("adapter 'csv' failed with exit status 1: -: line"))
  }
}
