#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
import PaginateModel
import PaginateSystem

/// What each external adapter program said to `--describe`, kept between runs in
/// `$XDG_CACHE_HOME/paginate/adapters.json` (or `~/.cache/paginate/adapters.json`), so that a
/// file whose extension no built-in reads costs no process start per installed adapter, and an
/// adapter whose `--describe` hangs delays only the first run after it is installed or changed.
///
/// An entry holds while the program file is the same: same device, inode, size, modification
/// and change times (the change time cannot be set back by hand). A failure is kept too, so a
/// broken adapter is not asked again on every run; `paginate adapters` asks every program afresh.
/// The file is a cache: when it cannot be read or written, adapters are asked as before.
public struct ExternalAdapterCache: Sendable {
  /// The cache file.
  public let path: String

  /// One program's answer.
  struct Entry {
    var identity: [Int]
    /// The description's fields, or `nil` for a failure.
    var name: String?
    var extensions: [String]
    var summary: String
    /// Why the program could not describe itself.
    var failure: String?
  }

  private var entries: [String: Entry] = [:]
  private var changed = false

  /// The cache in the directory the environment names, or `nil` without `XDG_CACHE_HOME` or
  /// `HOME`. Nothing is read yet.
  public init?(environment: [String: String]) {
    if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
      path = xdg + "/paginate/adapters.json"
    } else if let home = environment["HOME"], home.hasPrefix("/") {
      path = home + "/.cache/paginate/adapters.json"
    } else {
      return nil
    }
  }

  /// The cache in this file.
  public init(path: String) {
    self.path = path
  }

  /// Reads the file; an unreadable or invalid one leaves the cache empty.
  mutating func load() {
    // A regular file only (never block on a FIFO), of at most 1 MiB.
    guard let status = try? FileStatus(path: path), status.kind == .regular, status.size <= 1 << 20,
      let bytes = try? OpenFile(path).readHead(1 << 20),
      let root = try? JSONParser.parse(bytes), root["version"]?.int == 1,
      case .object(let programs)? = root["adapters"]
    else { return }
    for (program, value) in programs {
      guard let identity = value["identity"]?.array?.compactMap(\.int), identity.count == 7 else { continue }
      entries[program] = Entry(
        identity: identity, name: value["name"]?.string,
        extensions: value["extensions"]?.array?.compactMap(\.string) ?? [], summary: value["summary"]?.string ?? "",
        failure: value["failure"]?.string)
    }
  }

  /// The cached answer of the program at `path`, if the program has not changed since.
  func answer(for found: ExternalAdapterDiscovery.Found, timeout: Double) -> Result<ExternalAdapter, InputError>? {
    guard let entry = entries[found.path], let identity = Self.identity(of: found.path), entry.identity == identity else {
      return nil
    }
    if let failure = entry.failure { return .failure(InputError(input: found.name, message: failure)) }
    return .success(
      ExternalAdapter(
        name: entry.name ?? found.name, path: found.path, fileExtensions: entry.extensions, summary: entry.summary,
        timeout: timeout))
  }

  /// Keeps the answer of the program at `found.path`.
  mutating func remember(_ answer: Result<ExternalAdapter, InputError>, for found: ExternalAdapterDiscovery.Found) {
    guard let identity = Self.identity(of: found.path) else { return }
    switch answer {
    case .success(let adapter):
      entries[found.path] = Entry(
        identity: identity, name: adapter.name, extensions: adapter.fileExtensions, summary: adapter.summary, failure: nil)
    case .failure(let error):
      entries[found.path] = Entry(identity: identity, name: nil, extensions: [], summary: "", failure: error.message)
    }
    changed = true
  }

  /// Forgets the programs not at one of `paths` (uninstalled since).
  mutating func retain(paths: Set<String>) {
    let before = entries.count
    entries = entries.filter { paths.contains($0.key) }
    if entries.count != before { changed = true }
  }

  /// Writes the file if an answer was added, through a temporary file renamed into place, so a
  /// concurrent run reads the old file or the new one. Failures are ignored: it is a cache.
  func save() {
    guard changed else { return }
    let directory = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
    try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    var json = "{\"version\": 1, \"adapters\": {"
    for (index, (program, entry)) in entries.sorted(by: { $0.key < $1.key }).enumerated() {
      json += index == 0 ? "\n" : ",\n"
      json += "  \(Self.quoted(program)): {\"identity\": [\(entry.identity.map(String.init).joined(separator: ", "))]"
      if let failure = entry.failure {
        json += ", \"failure\": \(Self.quoted(failure))}"
      } else {
        json += ", \"name\": \(Self.quoted(entry.name ?? ""))"
        json += ", \"extensions\": [\(entry.extensions.map(Self.quoted).joined(separator: ", "))]"
        json += ", \"summary\": \(Self.quoted(entry.summary))}"
      }
    }
    json += "\n}}\n"
    // A cache that cannot be written is only slower next time: no message.
    let temporary = "\(path).\(CurrentProcess.id).tmp"
    guard let file = try? FileDescriptor.open(temporary, .writeOnly, options: [.create, .truncate]) else { return }
    let written = Result { () throws(Errno) in try file.writeAll(Array(json.utf8)) }
    let closed = Result { () throws(Errno) in try file.close() }
    if case .success = written, case .success = closed {
      try? FileSystem.rename(temporary, to: path)
    } else {
      try? FileSystem.remove(temporary)
    }
  }

  /// What tells one program file from another: device, inode, size, and modification and change
  /// times in seconds and nanoseconds.
  static func identity(of path: String) -> [Int]? {
    guard let status = try? FileStatus(path: path) else { return nil }
    return [
      Int(truncatingIfNeeded: status.device), Int(truncatingIfNeeded: status.inode), status.size,
      status.modified.seconds, status.modified.nanoseconds, status.changed.seconds, status.changed.nanoseconds,
    ]
  }

  /// `text` as a JSON string.
  private static func quoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case _ where scalar.value < 0x20 || scalar.value == 0x7F:
        let hex = String(scalar.value, radix: 16)
        result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }
}
