public import Foundation
public import Testing

/// A folder of its own for each test case that asks for one with the `.temporaryFolder` trait
/// (on the test or its suite), removed when the case ends, however it ends: tests make files
/// in it with ``make()`` and clean nothing up themselves.
///
///     @Suite("Exports", .temporaryFolder)
///     struct ExportTests {
///       @Test func file() throws {
///         let folder = try TemporaryFolder.make()
///         …
///       }
///     }
public enum TemporaryFolder {
  /// The folder of the test case running, while its `.temporaryFolder` scope lasts.
  @TaskLocal public static var current: URL?

  /// Why ``make()`` made nothing.
  public struct Missing: Error, CustomStringConvertible {
    public var description: String {
      "no temporary folder: add the .temporaryFolder trait to the test or its suite"
    }
  }

  /// A new, empty folder inside the test case's own (each call another).
  /// - Throws: ``Missing`` outside a `.temporaryFolder` scope; a file-system error.
  public static func make() throws -> URL {
    guard let current else { throw Missing() }
    let url = current.appendingPathComponent(UUID().uuidString)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// The trait that gives each test case a folder of its own.
  public struct Trait: TestTrait, SuiteTrait, TestScoping {
    /// On a suite, each of its tests has the trait.
    public var isRecursive: Bool { true }

    /// A scope for each test case (never one around a whole suite or parameterized test).
    public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
      testCase == nil ? nil : self
    }

    public func provideScope(
      for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
      let folder = FileManager.default.temporaryDirectory.appendingPathComponent("paginate-tests-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      // The one place a test's files are removed.
      defer { try? FileManager.default.removeItem(at: folder) }
      try await TemporaryFolder.$current.withValue(folder) { try await function() }
    }
  }
}

extension Trait where Self == TemporaryFolder.Trait {
  /// A folder of its own for each test case, removed when it ends (``TemporaryFolder``).
  public static var temporaryFolder: Self { Self() }
}
