import Foundation
import PackagePlugin

/// `swift package paginate [options] [files]`: paginates a package's documentation with the
/// paginator built from this package.
///
/// Without files it takes the package's README and every other `*.md` under the package,
/// README first: in a git work tree the files git does not ignore, elsewhere all but those in
/// hidden and `.build*` folders. Every argument that is not a file is
/// passed to `paginate` as an option (`--page-size 72x40`, `--double-sided`, …). With
/// `--output FILE` (or `-o FILE`) the pages are exported to `FILE` (text, JSON or HTML by its extension),
/// which needs `--allow-writing-to-package-directory`; without it they are printed.
///
///     swift package paginate README.md
///     swift package paginate --page-size a5 --double-sided
///     swift package --allow-writing-to-package-directory paginate --output docs.html
@main
struct PaginateDocs: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    // ArgumentExtractor knows only `--name`: `-o FILE`, as `paginate export` takes it, is spelt out.
    var extractor = ArgumentExtractor(arguments.map { $0 == "-o" ? "--output" : $0 })
    let outputs = extractor.extractOption(named: "output")
    guard outputs.count <= 1 else { throw PluginFailure("give --output once") }
    let packageDirectory = context.package.directoryURL
    // Arguments naming existing files are the documents; the rest are paginate's options.
    var files: [String] = []
    var options: [String] = []
    for argument in extractor.remainingArguments {
      if !argument.hasPrefix("-"), FileManager.default.fileExists(atPath: Self.resolve(argument, in: packageDirectory).path) {
        files.append(argument)
      } else {
        options.append(argument)
      }
    }
    if files.isEmpty { files = Self.documentation(in: packageDirectory) }
    guard !files.isEmpty else {
      throw PluginFailure("no README or *.md files in \(packageDirectory.path); name the files to paginate")
    }

    let tool = try context.tool(named: "paginate")
    var command: [String]
    if let output = outputs.first {
      command = ["export", "--output", Self.resolve(output, in: packageDirectory).path] + options + files
    } else {
      command = ["print"] + options + files
    }
    let process = Process()
    process.executableURL = tool.url
    process.arguments = command
    process.currentDirectoryURL = packageDirectory
    try process.run()
    process.waitUntilExit()
    guard process.terminationReason == .exit, process.terminationStatus == 0 else {
      throw PluginFailure("paginate stopped with status \(process.terminationStatus) (its message is above)")
    }
    if let output = outputs.first {
      Diagnostics.remark("Wrote \(files.count) file\(files.count == 1 ? "" : "s") to \(output)")
    }
  }

  /// A path as given (absolute, or relative to the package).
  static func resolve(_ path: String, in directory: URL) -> URL {
    path.hasPrefix("/") ? URL(fileURLWithPath: path) : directory.appendingPathComponent(path)
  }

  /// The README, then every other Markdown file under `directory`, as relative paths. In a
  /// git work tree, files git ignores (generated corpora, build folders) are left out.
  static func documentation(in directory: URL) -> [String] {
    let found = gitFiles(in: directory) ?? walk(directory)
    let readme = found.filter { $0.lowercased() == "readme.md" }
    return readme + found.filter { $0.lowercased() != "readme.md" }.sorted()
  }

  /// The Markdown files git tracks or would track, or `nil` outside a git work tree.
  static func gitFiles(in directory: URL) -> [String]? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["git", "-C", directory.path, "ls-files", "--cached", "--others", "--exclude-standard", "-z"]
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return nil }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { return nil }
    return data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
      .filter { $0.lowercased().hasSuffix(".md") && FileManager.default.fileExists(atPath: directory.appendingPathComponent($0).path) }
  }

  /// Markdown files under `directory`, hidden folders and build folders left out.
  static func walk(_ directory: URL) -> [String] {
    let manager = FileManager.default
    guard
      let walker = manager.enumerator(
        at: directory, includingPropertiesForKeys: [.isDirectoryKey], options: [.skipsHiddenFiles])
    else { return [] }
    var found: [String] = []
    let root = directory.standardizedFileURL.path + "/"
    for case let url as URL in walker {
      let name = url.lastPathComponent
      if (try? url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true {
        if name.hasPrefix(".build") || name == "Packages" || name == "node_modules" { walker.skipDescendants() }
        continue
      }
      guard name.lowercased().hasSuffix(".md") else { continue }
      let path = url.standardizedFileURL.path
      found.append(path.hasPrefix(root) ? String(path.dropFirst(root.count)) : path)
    }
    return found
  }
}

/// A failure the plugin reports to SwiftPM, one line.
struct PluginFailure: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
