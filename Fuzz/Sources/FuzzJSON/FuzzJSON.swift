import PaginateAdapters
import PaginateLayout

/// Reads arbitrary bytes with the JSON adapter, then lays the document out on a small page:
/// nothing may trap, overflow the stack or hang; every page must keep its geometry.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let input = InputSource(bytes: Array(UnsafeBufferPointer(start: data, count: size)), name: "fuzz")
  guard let document = try? JSONAdapter().document(from: input) else { return 0 }
  var options = LayoutOptions(pageSize: PageSize(columns: 24, lines: 10))
  options.footer = "|{page}|"
  var pages = PageSet(document: document, options: options)
  var index = 0
  while let page = pages.page(at: index), index < 200 {
    precondition(page.lines.count == 10, "page height")
    precondition(page.lines.allSatisfy { $0.width <= 24 }, "page width")
    index += 1
  }
  return 0
}
