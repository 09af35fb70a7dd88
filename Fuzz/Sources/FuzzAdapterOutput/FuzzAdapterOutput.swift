import FuzzSupport
import PaginateAdapters

/// What an external adapter program writes, from arbitrary bytes: its `--describe` answer, the
/// document on standard output and its standard error (the input split in three at the first
/// two 0xFF bytes, which UTF-8 never holds). Nothing may trap, overflow the stack or hang, the
/// description's text must be made safe for a terminal (messages are, where they are printed),
/// and every page must keep its geometry.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let parts = bytes.split(separator: 0xFF, maxSplits: 2, omittingEmptySubsequences: false).map(Array.init)
  let describe = parts[0]
  let output = parts.count > 1 ? parts[1] : []
  let errors = parts.count > 2 ? parts[2] : []
  let adapter: ExternalAdapter
  do {
    adapter = try ExternalAdapter(name: "fuzz", path: "/fuzz/paginate-adapter-fuzz", describedAs: describe)
  } catch {
    adapter = ExternalAdapter(name: "fuzz", path: "/fuzz/paginate-adapter-fuzz")
  }
  for text in [adapter.summary] + adapter.fileExtensions {
    precondition(
      !text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) },
      "raw control character in the description: \(text.debugDescription)")
  }
  if let document = try? adapter.document(written: output, errors: errors, inputName: "fuzz") { layOutAndCheck(document) }
  return 0
}
