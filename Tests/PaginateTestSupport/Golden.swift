public import Foundation
public import Testing

/// Compares `actual` with the golden file `folder/name`.
///
/// A missing golden file is recorded (and the test fails, so a recording run is never green);
/// `RECORD_GOLDEN=1` re-records every golden file. A golden file that is there but cannot be
/// read fails the test and is never re-recorded. On a mismatch of text, the first differing
/// lines are shown; of other bytes, where they first differ.
public func assertGolden(_ actual: Data, named name: String, in folder: URL, sourceLocation: SourceLocation = #_sourceLocation) {
  let file = folder.appendingPathComponent(name)
  if ProcessInfo.processInfo.environment["RECORD_GOLDEN"] == "1" || !FileManager.default.fileExists(atPath: file.path) {
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try actual.write(to: file)
      Issue.record("Recorded golden file \(name); check it and run the tests again.", sourceLocation: sourceLocation)
    } catch {
      Issue.record("Could not record golden file \(name): \(error)", sourceLocation: sourceLocation)
    }
    return
  }
  guard let expected = FileManager.default.contents(atPath: file.path) else {
    Issue.record("Could not read golden file \(name)", sourceLocation: sourceLocation)
    return
  }
  guard actual != expected else { return }
  Issue.record(Comment(rawValue: "\(name) differs (RECORD_GOLDEN=1 re-records):\n\(difference(actual, expected))"), sourceLocation: sourceLocation)
}

/// The first differing lines of two texts (up to twelve), or where two byte strings differ.
private func difference(_ actual: Data, _ expected: Data) -> String {
  guard let actualText = String(data: actual, encoding: .utf8), let expectedText = String(data: expected, encoding: .utf8)
  else {
    let first = zip(actual, expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(actual.count, expected.count)
    return "from byte \(first): \(actual.count) bytes, \(expected.count) expected"
  }
  let actualLines = actualText.split(separator: "\n", omittingEmptySubsequences: false)
  let expectedLines = expectedText.split(separator: "\n", omittingEmptySubsequences: false)
  var diff: [String] = []
  for index in 0..<max(actualLines.count, expectedLines.count) where diff.count < 12 {
    let a = index < actualLines.count ? String(actualLines[index]) : "<none>"
    let e = index < expectedLines.count ? String(expectedLines[index]) : "<none>"
    if a != e { diff.append("line \(index + 1):\n  expected: " + e + "\n  actual:   " + a) }
  }
  return diff.joined(separator: "\n")
}
