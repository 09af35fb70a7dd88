// Browses a file to its last page and back to its first, one page turn at a time, through
// the library's public API (the Paginate product), and prints the peak resident memory and
// the time per page turn: the bounded-memory goal of issue 23 (a 1 GB text under 64 MB).
import Foundation
import Paginate

let path = CommandLine.arguments.dropFirst().first ?? "SampleDocs/novel.txt"
let options = LayoutOptions(pageSize: PageSize(columns: 80, lines: 66))
let loaded = try AdapterRegistry.builtIn.loadInput(contentsOfFile: path)
var reader = try PagingController(reader: loaded.reader, options: options)

/// Microseconds of each turn, one way.
@MainActor func browse(_ turn: (inout PagingController) -> Bool) -> [Double] {
  var times: [Double] = []
  while true {
    let start = ContinuousClock.now
    let moved = turn(&reader)
    let elapsed = ContinuousClock.now - start
    guard moved else { break }
    times.append(Double(elapsed.components.seconds) * 1e6 + Double(elapsed.components.attoseconds) / 1e12)
  }
  return times
}

/// The peak resident set size of this process, in MB (VmHWM).
func peakMegabytes() -> Double {
  let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
  let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
  return (Double(line.split(separator: " ").dropFirst().first ?? "0") ?? 0) / 1024
}

func summary(_ name: String, _ times: [Double]) -> String {
  let sorted = times.sorted()
  guard !sorted.isEmpty else { return "\(name): no turns" }
  let median = sorted[sorted.count / 2]
  let p99 = sorted[min(sorted.count - 1, sorted.count * 99 / 100)]
  return String(
    format: "%@: %d turns, median %.1f µs, 99th percentile %.1f µs, worst %.1f ms, total %.2f s", name, sorted.count,
    median, p99, sorted.last! / 1000, sorted.reduce(0, +) / 1e6)
}

let forward = browse { $0.goForward() }
print(summary("forward", forward))
print(String(format: "peak resident memory after the last page: %.1f MB", peakMegabytes()))
let backward = browse { $0.goBack() }
print(summary("back", backward))
print(String(format: "peak resident memory: %.1f MB (goal < 64 MB)", peakMegabytes()))
