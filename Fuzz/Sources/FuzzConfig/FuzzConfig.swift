import PaginateConfig

/// Reads arbitrary bytes as paginate's config.toml (TOML through TOMLKit and toml++): nothing may
/// trap, overflow the stack or hang; an error is one line naming the file; every setting has a
/// line in the file.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  let lineCount = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).count
  do {
    for setting in try ConfigFile.settings(fromTOML: text, path: "config.toml") {
      precondition((1...max(lineCount, 1)).contains(setting.line), "setting \(setting.key) on line \(setting.line) of \(lineCount)")
    }
  } catch {
    precondition(error.description.hasPrefix("config.toml"), "message without the file: \(error.description)")
  }
  return 0
}
