// Pages through a document with the paging controller: to the end one turn at a time, then
// back to the start, timing only the paging. Written against the API both the revision
// before the shared layout cache and the one after have (Benchmarks/paging.sh builds it
// against each), so that the two are compared on the same work.
import Foundation
import PaginateAdapters
import PaginateLayout
import PaginateModel
import PaginatePaging

let path = CommandLine.arguments[1]
let columns = Int(CommandLine.arguments.dropFirst(2).first ?? "80") ?? 80
let lines = Int(CommandLine.arguments.dropFirst(3).first ?? "66") ?? 66
let bytes = Array(FileManager.default.contents(atPath: path) ?? Data())
let document = try AdapterRegistry.builtIn.load(AdapterInput(bytes: bytes, name: path)).document
let start = ContinuousClock.now
var controller = try PagingController(
  document: document, options: LayoutOptions(pageSize: PageSize(columns: columns, lines: lines)))
var turns = 0
while controller.goForward() { turns += 1 }
while controller.goBack() { turns += 1 }
let elapsed = ContinuousClock.now - start
let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
print(turns, String(format: "%.2f", milliseconds))
