import FuzzSupport
import PaginateAdapters

/// Reads arbitrary bytes with the JSON adapter, then lays the document out on a small page:
/// nothing may trap, overflow the stack or hang; every page must keep its geometry.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let input = AdapterInput(bytes: Array(UnsafeBufferPointer(start: data, count: size)), name: "fuzz")
  if let document = try? JSONAdapter().document(from: input) { layOutAndCheck(document) }
  return 0
}
