import PaginateSystem

/// Finds external adapters: executables named `paginate-adapter-NAME` in
/// `$XDG_CONFIG_HOME/paginate/adapters/` (or `~/.config/paginate/adapters/`), then in the
/// directories of `PATH`, in order. The first program of each name wins.
///
///     for found in ExternalAdapterDiscovery(environment: ProcessInfo.processInfo.environment).all() {
///       print(found.name, found.path)
///     }
package struct ExternalAdapterDiscovery: Sendable {
  /// The prefix of an adapter program's file name.
  package static let programPrefix = "paginate-adapter-"

  /// An adapter program found on disk (not yet asked to describe itself).
  package struct Found: Sendable, Hashable {
    /// The adapter's name: the program's name after `paginate-adapter-`.
    package var name: String
    /// The program's path.
    package var path: String
  }

  /// The directories searched, in order.
  package let directories: [String]

  /// Searches the adapters directory of the config home, then `PATH`, as `environment` gives
  /// them.
  package init(environment: [String: String]) {
    var directories: [String] = []
    if let xdg = environment["XDG_CONFIG_HOME"], !xdg.isEmpty {
      directories.append(xdg + "/paginate/adapters")
    } else if let home = environment["HOME"], !home.isEmpty {
      directories.append(home + "/.config/paginate/adapters")
    }
    // An empty PATH entry means the current directory, as for a shell.
    directories += (environment["PATH"] ?? "").split(separator: ":", omittingEmptySubsequences: false).map {
      $0.isEmpty ? "." : String($0)
    }
    self.directories = directories
  }

  /// Searches exactly these directories.
  package init(directories: [String]) {
    self.directories = directories
  }

  /// Every adapter program, the first of each name, in the order found.
  package func all() -> [Found] {
    var seen: Set<String> = []
    var result: [Found] = []
    for directory in directories {
      guard let names = try? FileSystem.names(inFolder: directory) else { continue }
      for file in names.sorted() where file.hasPrefix(Self.programPrefix) {
        let name = String(file.dropFirst(Self.programPrefix.count))
        guard Self.isValidName(name), !seen.contains(name) else { continue }
        let path = directory + "/" + file
        guard FileSystem.isExecutableFile(path) else { continue }
        seen.insert(name)
        result.append(Found(name: name, path: path))
      }
    }
    return result
  }

  /// Every adapter program found (``all()``), each asked to describe itself: the adapter, or
  /// why it cannot be used.
  ///
  /// With a `cache`, a program that has not changed since it last answered is not asked again
  /// (unless `refresh`), and new answers are kept in it. A cache folder or file that is not safe
  /// to use (a symbolic link, another user's, writable by others) is left alone, and `warn` gets
  /// one line saying why.
  package func describeAll(
    timeout: Double, cache: ExternalAdapterCache? = nil, refresh: Bool = false, warn: (String) -> Void = { _ in }
  ) -> [(found: Found, adapter: Result<ExternalAdapter, InputError>)] {
    var cache = cache
    // One line for the folder, whether loading or saving found it unsafe.
    var warned = false
    let warnOnce = { (line: String) in
      if !warned { warn(line) }
      warned = true
    }
    if !refresh { cache?.load(warn: warnOnce) }
    let described = all().map { found in
      if !refresh, let known = cache?.answer(for: found, timeout: timeout) { return (found, known) }
      let answer = Result { () throws(InputError) in try ExternalAdapter.describe(name: found.name, path: found.path, timeout: timeout) }
      cache?.remember(answer, for: found)
      return (found, answer)
    }
    cache?.retain(paths: Set(described.map(\.0.path)))
    cache?.save(warn: warnOnce)
    return described
  }

  /// The adapter program named `name`, if there is one.
  package func find(_ name: String) -> Found? {
    guard Self.isValidName(name) else { return nil }
    for directory in directories {
      let path = directory + "/" + Self.programPrefix + name
      if FileSystem.isExecutableFile(path) { return Found(name: name, path: path) }
    }
    return nil
  }

  /// Names are lowercase letters, digits, `-`, `_` and `.`, starting with a letter or digit.
  static func isValidName(_ name: String) -> Bool {
    guard let first = name.utf8.first, (0x61...0x7A).contains(first) || (0x30...0x39).contains(first) else {
      return false
    }
    return name.utf8.allSatisfy {
      (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x2D || $0 == 0x5F || $0 == 0x2E
    }
  }

}
