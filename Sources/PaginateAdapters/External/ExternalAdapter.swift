import PaginateSystem
public import PaginateModel

/// An input adapter that is a separate program: `paginate-adapter-NAME`, found on `PATH` or in
/// `~/.config/paginate/adapters/` (`paginate adapters` lists those found).
///
/// The protocol for such a program:
/// - `paginate-adapter-NAME --describe` prints one JSON object:
///   `{"name": "NAME", "extensions": ["csv"], "summary": "one line for paginate adapters"}`.
/// - `paginate-adapter-NAME PATH` reads the input on standard input (`PATH` is the file's name,
///   or `-` for standard input, for messages and for formats that need to seek) and writes a
///   document in paginate's JSON form (Docs/JSONFormat.md) to standard output, or pandoc's
///   JSON. It exits with 0, or with another status and a message on standard error.
///
/// paginate runs it with an argument vector, never through a shell, with a time limit and a
/// bound on its output, and reports a failure with the adapter's name and the first lines of
/// what it wrote on standard error.
public struct ExternalAdapter: InputAdapter {
  public let name: String
  public let fileExtensions: [String]
  public let summary: String
  /// Where the program is.
  public let path: String
  /// How long a run may take, in seconds.
  public var timeout: Double
  /// The most bytes of output accepted from a run.
  public var outputLimit: Int

  /// What the program writes is read by ``JSONAdapter``, which makes control characters
  /// visible: the registry need not clean the document again.
  public var guaranteesVisibleText: Bool { true }

  /// The program decides what it reads: a Word file, a spreadsheet. Its input is neither
  /// refused for NUL bytes nor checked for invalid UTF-8.
  public var readsBinaryInput: Bool { true }

  /// The default time limit, in seconds (`--adapter-timeout`).
  public static let defaultTimeout = 30.0
  /// The default output limit: 256 MiB.
  public static let defaultOutputLimit = 256 << 20

  /// Creates an adapter from what is already known of it (the tests' way in; paginate uses
  /// ``describe(name:path:timeout:)``).
  public init(
    name: String, path: String, fileExtensions: [String] = [], summary: String = "",
    timeout: Double = defaultTimeout, outputLimit: Int = defaultOutputLimit
  ) {
    self.name = name
    self.path = path
    self.fileExtensions = fileExtensions
    self.summary = summary
    self.timeout = timeout
    self.outputLimit = outputLimit
  }

  /// Asks the program at `path` to describe itself (`--describe`).
  ///
  /// - Throws: ``InputError`` (with the adapter's name as its input) when the program fails,
  ///   hangs, or prints something other than the description.
  public static func describe(name: String, path: String, timeout: Double = defaultTimeout) throws(InputError)
    -> ExternalAdapter
  {
    let adapter = ExternalAdapter(name: name, path: path, timeout: timeout)
    let output = try adapter.run(arguments: ["--describe"], input: [], subject: name, doing: "--describe")
    return try ExternalAdapter(name: name, path: path, describedAs: output.output, timeout: timeout)
  }

  /// An adapter from what the program at `path` printed for `--describe`.
  ///
  /// - Throws: ``InputError`` (with the adapter's name as its input) when `output` is not a
  ///   description (`{"name": ..., "extensions": [...], "summary": ...}`) or names another
  ///   adapter.
  public init(name: String, path: String, describedAs output: [UInt8], timeout: Double = defaultTimeout) throws(InputError) {
    let description: ExternalAdapterDescription
    do {
      description = try ExternalAdapterDescription(json: output)
    } catch {
      throw InputError(input: name, message: "adapter '\(name)' (\(path)): --describe: \(error.message)")
    }
    if let described = description.name, described != name {
      throw InputError(
        input: name,
        message: "adapter '\(name)' (\(path)): --describe gives the name '\(VisibleControls.escape(described))'; expected '\(name)'")
    }
    self.init(name: name, path: path, fileExtensions: description.extensions, summary: description.summary, timeout: timeout)
  }

  /// Runs the program on the input and reads the document it writes.
  ///
  /// - Throws: ``InputError`` naming the adapter, with the first lines of its standard error,
  ///   when it exits with a non-zero status, is killed, runs past ``timeout``, writes more
  ///   than ``outputLimit`` bytes, or writes something that is not a document.
  public func document(from input: AdapterInput) throws(InputError) -> Document {
    let argument = input.name == "<stdin>" ? "-" : input.name
    let outcome = try run(arguments: [argument], input: input.bytes, subject: input.name, doing: nil)
    return try document(written: outcome.output, errors: outcome.errors, inputName: input.name)
  }

  /// The document in what the program wrote for the input named `inputName`: `output` on
  /// standard output, `errors` on standard error (its first lines go into a message).
  ///
  /// - Throws: ``InputError`` naming the adapter when `output` is empty or not a document.
  public func document(written output: [UInt8], errors: [UInt8], inputName: String) throws(InputError) -> Document {
    let source = AdapterInput(bytes: output, name: inputName)
    let said = Self.firstLines(errors).map { " (stderr: \($0))" } ?? ""
    if ByteText.isBlank(output) {
      throw InputError(
        input: inputName, message: "adapter '\(name)' wrote nothing; expected a document in paginate's JSON form\(said)")
    }
    do {
      return try JSONAdapter().document(from: source)  // which reads pandoc's JSON too
    } catch {
      let place = error.location.map { "\($0): " } ?? ""
      throw InputError(input: inputName, message: "adapter '\(name)' wrote an invalid document: \(place)\(error.message)\(said)")
    }
  }

  /// Runs the program and turns every way it can fail into one readable error.
  private func run(arguments: [String], input: [UInt8], subject: String, doing: String?) throws(InputError)
    -> ChildProcess.Outcome
  {
    let child = ChildProcess(executable: path, arguments: arguments, timeout: timeout, outputLimit: outputLimit)
    let label = "adapter '\(name)'" + (doing.map { " \($0)" } ?? "")
    let outcome: ChildProcess.Outcome
    do {
      outcome = try child.run(input: input)
    } catch {
      switch error {
      case .systemError(let code):
        throw InputError(input: subject, message: "\(label) (\(path)) could not be run: \(InputError.reason(code.rawValue))")
      case .timedOut(let errors):
        let said = Self.firstLines(errors).map { " (stderr: \($0))" } ?? ""
        throw InputError(
          input: subject,
          message: "\(label) did not finish within \(Self.seconds(timeout)) and was stopped; see --adapter-timeout\(said)")
      case .outputTooLarge(let errors):
        let said = Self.firstLines(errors).map { " (stderr: \($0))" } ?? ""
        throw InputError(
          input: subject, message: "\(label) wrote more than \(outputLimit >> 20) MiB and was stopped\(said)")
      }
    }
    let said = Self.firstLines(outcome.errors).map { ": \($0)" } ?? " (nothing on stderr)"
    switch outcome.termination {
    case .exited(0):
      return outcome
    case .exited(let status):
      throw InputError(input: subject, message: "\(label) failed with exit status \(status)\(said)")
    case .signalled(let signal):
      throw InputError(input: subject, message: "\(label) was killed by signal \(signal)\(said)")
    }
  }

  /// The first three non-blank lines of `bytes`, made safe for a terminal and joined by ` | `;
  /// `nil` when there are none.
  static func firstLines(_ bytes: [UInt8]) -> String? {
    let text = String(decoding: bytes, as: UTF8.self)
    let lines = text.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
      .map { $0.trimmingSpaces() }
      .filter { !$0.isEmpty }
      .prefix(3)
      .map { line in
        let visible = VisibleControls.escape(String(line))
        return visible.count > 200 ? String(visible.prefix(200)) + "…" : visible
      }
    return lines.isEmpty ? nil : lines.joined(separator: " | ")
  }

  private static func seconds(_ value: Double) -> String {
    value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
  }
}

extension Substring {
  fileprivate func trimmingSpaces() -> Substring {
    var result = self
    while let first = result.first, first == " " || first == "\t" { result.removeFirst() }
    while let last = result.last, last == " " || last == "\t" { result.removeLast() }
    return result
  }
}
