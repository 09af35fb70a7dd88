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
///
/// It is kept as a careful program keeps a file where another user may have been: the folder
/// is created 0700; a folder or file that is a symbolic link, another user's, or writable by
/// group or others is not used (reading or writing it says so in one line, as `ssh` does of
/// its keys); the new file is created with `O_EXCL|O_NOFOLLOW` under a random
/// name in the folder already opened and checked, then renamed into place.
package struct ExternalAdapterCache: Sendable {
  /// The cache file.
  package let path: String

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
  package init?(environment: [String: String]) {
    if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
      path = xdg + "/paginate/adapters.json"
    } else if let home = environment["HOME"], home.hasPrefix("/") {
      path = home + "/.cache/paginate/adapters.json"
    } else {
      return nil
    }
  }

  /// The cache in this file.
  package init(path: String) {
    self.path = path
  }

  /// The folder that holds the file, and the file's name in it.
  private var location: (folder: String, name: String) {
    let slash = path.lastIndex(of: "/") ?? path.startIndex
    return (String(path[..<slash]), String(path[path.index(after: slash)...]))
  }

  /// Reads the file; a missing or invalid one leaves the cache empty. A folder or file that is
  /// not safe to use (a link, another user's, writable by others) or cannot be read is left
  /// alone, and `warn` is told why in one line.
  mutating func load(warn: (String) -> Void) {
    let (folderPath, name) = location
    let bytes: [UInt8]
    do throws(PrivateFolder.Refusal) {
      let folder = try PrivateFolder.open(folderPath, create: false)
      defer { folder.close() }
      do throws(PrivateFolder.Refusal) {
        guard let read = try folder.read(name, limit: 1 << 20) else { return }
        bytes = read
      } catch {
        warn(Self.refusal(path, error))
        return
      }
    } catch .system(.noSuchFile) {
      return
    } catch {
      warn(Self.refusal(folderPath, error))
      return
    }
    guard let root = try? JSONParser.parse(bytes), root["version"]?.int == 1,
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

  /// The one line that says why `path` is not used.
  private static func refusal(_ path: String, _ refusal: PrivateFolder.Refusal) -> String {
    "not using the adapter cache '\(path)': \(refusal)"
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

  /// Writes the file if an answer was added, through a new file renamed into place, so a
  /// concurrent run reads the old file or the new one. A folder that is not safe to use is left
  /// alone, and `warn` is told why; a file that cannot be written is only slower next time: no
  /// message.
  func save(warn: (String) -> Void) {
    guard changed else { return }
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
    let (folderPath, name) = location
    let folder: PrivateFolder
    do throws(PrivateFolder.Refusal) {
      folder = try PrivateFolder.open(folderPath, create: true)
    } catch .system {
      return
    } catch {
      warn(Self.refusal(folderPath, error))
      return
    }
    defer { folder.close() }
    try? folder.replace(name, with: Array(json.utf8))
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
