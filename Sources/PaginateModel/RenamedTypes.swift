// Names of the first round, kept so that code written against them still builds (with a
// warning that names the new one). "Source" now means only where text came from: the input's
// lines (`SourceRange`, `Block.source`).

/// The old name of ``BlockStream``.
@available(*, deprecated, renamed: "BlockStream")
public typealias BlockSource = BlockStream

/// The old name of ``ArrayBlockStream``.
@available(*, deprecated, renamed: "ArrayBlockStream")
public typealias ArrayBlockSource = ArrayBlockStream

/// The old name of ``BlockStreamMark``.
@available(*, deprecated, renamed: "BlockStreamMark")
public typealias BlockSourceMark = BlockStreamMark

/// The old name of ``DocumentReader``.
@available(*, deprecated, renamed: "DocumentReader")
public typealias DocumentSource = DocumentReader
