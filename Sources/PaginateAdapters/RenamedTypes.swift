public import PaginateModel

// Names of the first round, kept so that code written against them still builds (with a
// warning that names the new one).

/// The old name of ``AdapterInput``.
@available(*, deprecated, renamed: "AdapterInput")
public typealias InputSource = AdapterInput

/// The old name of ``LoadedInput``.
@available(*, deprecated, renamed: "LoadedInput")
public typealias LoadedSource = LoadedInput

extension AdapterRegistry {
  /// The old name of ``loadInput(contentsOfFile:format:incremental:)``.
  @available(*, deprecated, renamed: "loadInput(contentsOfFile:format:incremental:)")
  public func loadSource(contentsOfFile path: String, format: String? = nil, incremental: Bool = true)
    throws(InputError) -> LoadedInput
  {
    try loadInput(contentsOfFile: path, format: format, incremental: incremental)
  }

  /// The old name of ``loadInput(bytes:name:format:)``.
  @available(*, deprecated, renamed: "loadInput(bytes:name:format:)")
  public func loadSource(bytes: [UInt8], name: String = "<memory>", format: String? = nil) throws(InputError)
    -> LoadedInput
  {
    try loadInput(bytes: bytes, name: name, format: format)
  }
}

extension LoadedInput {
  /// The old name of ``reader``.
  @available(*, deprecated, renamed: "reader")
  public var source: DocumentReader { reader }

  /// The old spelling of ``init(reader:adapter:name:warnings:)``.
  @available(*, deprecated, renamed: "init(reader:adapter:name:warnings:)")
  public init(source: DocumentReader, adapter: any InputAdapter, name: String, warnings: [String] = []) {
    self.init(reader: source, adapter: adapter, name: name, warnings: warnings)
  }
}
