// Long jumps of the paging controller on a document built in code (PARAGRAPHS paragraphs of
// about 300 characters) or read from FILE, on 80x66 pages: the last page, halfway by the
// slider, back round from page 1 when wrapping, and the last page through the async layout.
// Each on a fresh controller; prints one line per jump: name, pages, milliseconds.
// Benchmarks/jumps.sh runs it beside the CLI and pr on the same text.
// Usage: JumpBench PARAGRAPHS|FILE [--text]
import Foundation
import Paginate

let argument = CommandLine.arguments.dropFirst().first ?? "200000"
let paragraphs = Int(argument) ?? 0
let sentence = "The harbour lay quiet under a low sky, and the boats that had gone out at dawn came back one by one. "
// A number: that many paragraphs built in code; else a file, read whole into memory as an app
// would (Document(contentsOf:)), in the format its extension names.
let document =
  paragraphs > 0
  ? Document(blocks: (0..<paragraphs).map { .paragraph("\($0). " + sentence + sentence + sentence) })
  : try Document(contentsOf: URL(fileURLWithPath: argument))
if CommandLine.arguments.dropFirst(2).first == "--text" {
  // The same text for the peers, a blank line between paragraphs.
  var text = ""
  for index in 0..<paragraphs { text += "\(index). " + sentence + sentence + sentence + "\n\n" }
  FileHandle.standardOutput.write(text.data(using: .utf8)!)
  exit(0)
}

func measure(_ name: String, _ body: () async throws -> Int) async rethrows {
  let start = ContinuousClock.now
  let pages = try await body()
  let elapsed = ContinuousClock.now - start
  let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
  print(name, pages, String(format: "%.1f", milliseconds))
}

try await measure("goToLast") {
  var reader = PagingController(document: document)
  reader.goToLast()
  return reader.currentPage.number
}
try await measure("fraction-0.5") {
  var reader = PagingController(document: document)
  reader.go(toFraction: 0.5)
  return reader.currentPage.number
}
try await measure("async-goToLast") {
  var reader = PagingController(document: document)
  var reports = 0
  try await reader.layOut(through: .end) { _ in reports += 1 }
  reader.goToLast()
  return reader.currentPage.number
}
try await measure("wrap-back") {
  var reader = try PagingController(document: document, options: LayoutOptions(), isWrapping: true)
  reader.goBack()
  return reader.currentPage.number
}
