import Foundation
import PaginateTestSupport
import Testing

/// The adapter cache (`$XDG_CACHE_HOME/paginate/adapters.json`) in a cache folder another user
/// can write to: nothing planted there (a symbolic link, a FIFO, a folder of their own) makes
/// paginate write through it, hang, or use it; each is one warning line.
///
/// The tests that need two users run as root (as CI does) and use `nobody` as the other one.
@Suite("The adapter cache where another user has been", .temporaryFolder)
struct AdapterCacheSafetyTests {
  static let nobody: UInt32 = 65534
  static var isRoot: Bool { getuid() == 0 }

  /// A shared cache folder (mode 1777, as /tmp), an adapter, and a victim file and folder that
  /// must stay as they are.
  struct Setup {
    let adapters: ExternalAdapterTests.Adapters
    let shared: URL
    let victimFile: URL
    let victimFolder: URL
    var cache: URL { shared.appendingPathComponent("paginate") }

    init() throws {
      adapters = try ExternalAdapterTests.Adapters()
      try adapters.add("rows", ExternalAdapterTests.working)
      shared = adapters.folder.appendingPathComponent("shared")
      try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: true)
      try FileManager.default.setAttributes([.posixPermissions: 0o1777], ofItemAtPath: shared.path)
      victimFile = adapters.folder.appendingPathComponent("victim.conf")
      try "precious\n".write(to: victimFile, atomically: true, encoding: .utf8)
      victimFolder = adapters.folder.appendingPathComponent("victim-folder")
      try FileManager.default.createDirectory(at: victimFolder, withIntermediateDirectories: true)
      // Others (nobody) reach the adapter and the shared folder.
      for path in [adapters.folder.path] {
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
      }
    }

    /// `paginate adapters` (which saves the cache every time) with the shared cache folder, as
    /// this user or, with `asUser`, through setpriv as that user.
    func listAdapters(asUser user: UInt32? = nil) throws -> Executable.Result {
      var environment = adapters.environment
      environment["XDG_CACHE_HOME"] = shared.path
      guard let user else { return try Executable.run(["adapters"], environment: environment) }
      let arguments =
        ["--reuid=\(user)", "--regid=\(user)", "--clear-groups", "/usr/bin/env"]
        + environment.map { "\($0.key)=\($0.value)" } + [Executable.url.path, "adapters"]
      return try Executable.runTool("setpriv", arguments)
    }

    /// Whether the victims are as they were.
    func victimsUntouched() throws -> Bool {
      try String(contentsOf: victimFile, encoding: .utf8) == "precious\n"
        && (try FileManager.default.contentsOfDirectory(atPath: victimFolder.path)).isEmpty
    }
  }

  @Test("a cache folder of one's own is made 0700 and the file 0600")
  func ownFolder() throws {
    let setup = try Setup()
    let result = try setup.listAdapters()
    #expect(result.status == 0)
    #expect(result.stderr.isEmpty, "\(result.stderr)")
    let folder = try FileManager.default.attributesOfItem(atPath: setup.cache.path)
    #expect((folder[.posixPermissions] as? Int) == 0o700)
    let file = try FileManager.default.attributesOfItem(atPath: setup.cache.appendingPathComponent("adapters.json").path)
    #expect((file[.posixPermissions] as? Int) == 0o600)
    #expect(try String(contentsOf: setup.cache.appendingPathComponent("adapters.json"), encoding: .utf8).contains("rows"))
    // Nothing but the file is left in the folder (no temporary file).
    #expect(try FileManager.default.contentsOfDirectory(atPath: setup.cache.path) == ["adapters.json"])
  }

  @Test("a symbolic link planted as the cache folder is not followed: one warning, the target untouched")
  func plantedFolderLink() throws {
    let setup = try Setup()
    try FileManager.default.createSymbolicLink(at: setup.cache, withDestinationURL: setup.victimFolder)
    let result = try setup.listAdapters()
    #expect(result.status == 0)
    #expect(result.stdout.contains("rows"))
    #expect(
      result.stderr == "paginate: warning: not using the adapter cache '\(setup.cache.path)': it is a symbolic link\n")
    #expect(try setup.victimsUntouched())
  }

  @Test(
    "a cache folder another user made, with the cache file and every temporary name linked to a victim, is not used",
    .enabled(if: isRoot, "needs root to give a folder to nobody"))
  func folderOfAnotherUser() throws {
    let setup = try Setup()
    try FileManager.default.createDirectory(at: setup.cache, withIntermediateDirectories: false)
    try FileManager.default.createSymbolicLink(
      at: setup.cache.appendingPathComponent("adapters.json"), withDestinationURL: setup.victimFile)
    // The names the old cache wrote through (adapters.json.PID.tmp), for every pid.
    let limit = Int((try? String(contentsOfFile: "/proc/sys/kernel/pid_max", encoding: .utf8))?
      .trimmingCharacters(in: .whitespacesAndNewlines) ?? "") ?? 32768
    for pid in stride(from: 1, through: min(limit, 40_000), by: 1) {
      symlink(setup.victimFile.path, setup.cache.appendingPathComponent("adapters.json.\(pid).tmp").path)
    }
    try FileManager.default.setAttributes(
      [.ownerAccountID: Self.nobody, .posixPermissions: 0o755], ofItemAtPath: setup.cache.path)
    let result = try setup.listAdapters()
    #expect(result.status == 0)
    #expect(
      result.stderr
        == "paginate: warning: not using the adapter cache '\(setup.cache.path)': it is owned by user 65534, not by you (user 0)\n"
    )
    #expect(try setup.victimsUntouched())
  }

  @Test("a FIFO planted as the cache file does not hang a run: one warning, and the cache is written anew")
  func plantedFIFO() throws {
    let setup = try Setup()
    try FileManager.default.createDirectory(at: setup.cache, withIntermediateDirectories: false)
    try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: setup.cache.path)
    let file = setup.cache.appendingPathComponent("adapters.json")
    #expect(mkfifo(file.path, 0o600) == 0)
    // A file whose extension no built-in reads loads the cache before it saves it.
    var environment = setup.adapters.environment
    environment["XDG_CACHE_HOME"] = setup.shared.path
    let input = try setup.adapters.file("data.rows", "one line\n")
    let result = try Executable.run(["--page-size", "40x5", input], environment: environment)
    #expect(result.status == 0)
    #expect(result.stdout.contains("one line"))
    #expect(
      result.stderr
        == "paginate: warning: not using the adapter cache '\(file.path)': it is not what was expected (a folder, or a regular file in it)\n"
    )
    #expect(try String(contentsOf: file, encoding: .utf8).contains("rows"))
  }

  @Test("a cache folder of one's own that others may write to is not used")
  func writableByOthers() throws {
    let setup = try Setup()
    try FileManager.default.createDirectory(at: setup.cache, withIntermediateDirectories: false)
    try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: setup.cache.path)
    let result = try setup.listAdapters()
    #expect(result.status == 0)
    #expect(
      result.stderr
        == "paginate: warning: not using the adapter cache '\(setup.cache.path)': others may write to it (mode 777)\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: setup.cache.path).isEmpty)
  }

  @Test(
    "as nobody: a cache folder root made is not used, and one of nobody's own is made and used",
    .enabled(if: isRoot, "needs root to run as nobody"))
  func asNobody() throws {
    let setup = try Setup()
    try FileManager.default.createDirectory(at: setup.cache, withIntermediateDirectories: false)
    try FileManager.default.createSymbolicLink(
      at: setup.cache.appendingPathComponent("adapters.json"), withDestinationURL: setup.victimFile)
    let refused = try setup.listAdapters(asUser: Self.nobody)
    #expect(refused.status == 0, "\(refused.stderr)")
    #expect(
      refused.stderr
        == "paginate: warning: not using the adapter cache '\(setup.cache.path)': it is owned by user 0, not by you (user 65534)\n"
    )
    #expect(try setup.victimsUntouched())

    try FileManager.default.removeItem(at: setup.cache)
    let own = try setup.listAdapters(asUser: Self.nobody)
    #expect(own.status == 0)
    #expect(own.stderr.isEmpty, "\(own.stderr)")
    let folder = try FileManager.default.attributesOfItem(atPath: setup.cache.path)
    #expect((folder[.ownerAccountID] as? Int) == Int(Self.nobody))
    #expect((folder[.posixPermissions] as? Int) == 0o700)
  }
}
