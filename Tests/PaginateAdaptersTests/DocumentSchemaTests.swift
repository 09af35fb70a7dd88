import Foundation
import PaginateAdapters
import PaginateModel
import PaginateTestSupport
import Testing

/// `Docs/document.schema.json` is checked against real documents, as the end-to-end tests check
/// `Docs/pageset.schema.json` against exports: each file in `SampleDocs/`, read by its adapter
/// and written in the JSON form (``PaginateModel/Document/jsonData()``; the command line has no
/// export of the document form), is validated with Python's jsonschema (`.ci/run` installs it).
@Suite("The document JSON form against its schema", .temporaryFolder)
struct DocumentSchemaTests {
  static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// The sample documents, by name.
  static func sampleNames() throws -> [String] {
    let folder = packageRoot.appendingPathComponent("SampleDocs")
    return try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".") }.sorted()
  }

  /// Runs `python3` with `arguments` from the package root; its status, stdout and stderr.
  /// (The output goes to files: a pipe that fills while the other is read would hang.)
  func python(_ arguments: [String], in folder: URL) throws -> (status: Int32, stdout: String, stderr: String) {
    let stdout = folder.appendingPathComponent("python.out")
    let stderr = folder.appendingPathComponent("python.err")
    try #require(FileManager.default.createFile(atPath: stdout.path, contents: nil))
    try #require(FileManager.default.createFile(atPath: stderr.path, contents: nil))
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3"] + arguments
    process.currentDirectoryURL = Self.packageRoot
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = try FileHandle(forWritingTo: stdout)
    process.standardError = try FileHandle(forWritingTo: stderr)
    try process.run()
    process.waitUntilExit()
    return (
      process.terminationStatus, try String(contentsOf: stdout, encoding: .utf8), try String(contentsOf: stderr, encoding: .utf8)
    )
  }

  @Test("every sample document, in the JSON form, validates against Docs/document.schema.json", .timeLimit(.minutes(10)))
  func sampleDocsValidate() throws {
    let names = try Self.sampleNames()
    try #require(names.count >= 5, "SampleDocs holds \(names)")
    let folder = try TemporaryFolder.make()
    var files: [String] = []
    for name in names {
      let bytes = try Data(contentsOf: Self.packageRoot.appendingPathComponent("SampleDocs/\(name)"))
      let document = try AdapterRegistry.builtIn.load(AdapterInput(bytes: Array(bytes), name: name)).document
      #expect(!document.blocks.isEmpty, "\(name) read as an empty document")
      let json = document.jsonData()
      // What is written reads back to the same document.
      #expect(try Document(json: Array(json)) == document, "\(name)")
      let file = folder.appendingPathComponent("\(name).document.json")
      try json.write(to: file)
      files.append(file.path)
    }
    let check = try python(
      [
        "-c",
        """
        import json, sys, jsonschema
        schema = json.load(open('Docs/document.schema.json'))
        jsonschema.Draft202012Validator.check_schema(schema)
        validator = jsonschema.Draft202012Validator(schema)
        failed = 0
        for path in sys.argv[1:]:
            for error in validator.iter_errors(json.load(open(path))):
                failed += 1
                print(path.rsplit('/', 1)[-1] + ': ' + error.json_path + ': ' + error.message[:300], file=sys.stderr)
        if failed: sys.exit(1)
        print('valid', len(sys.argv) - 1)
        """,
      ] + files, in: folder)
    #expect(check.status == 0, "\(check.stderr)")
    #expect(check.stdout == "valid \(names.count)\n")
  }
}
