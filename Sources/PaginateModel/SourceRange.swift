/// The lines of the input that a block came from, so that pages can be mapped back to the source.
///
/// Lines are numbered from 1, as editors and compilers number them. Both ends are inclusive:
/// a one-line paragraph on line 7 is `SourceRange(lines: 7...7)`.
public struct SourceRange: Sendable, Hashable {
  /// The first line of the block.
  public var firstLine: Int
  /// The last line of the block (equal to `firstLine` for a one-line block).
  public var lastLine: Int

  /// Creates a range from its first and last line.
  ///
  /// Out-of-order or non-positive numbers are clamped rather than refused: the first line is at
  /// least 1, and the last at least the first.
  public init(firstLine: Int, lastLine: Int) {
    self.firstLine = max(firstLine, 1)
    self.lastLine = max(lastLine, self.firstLine)
  }

  /// Creates a range from a closed range of line numbers.
  public init(lines: ClosedRange<Int>) {
    self.init(firstLine: lines.lowerBound, lastLine: lines.upperBound)
  }

  /// Creates a range that covers a single line.
  public init(line: Int) {
    self.init(firstLine: line, lastLine: line)
  }

  /// The lines as a closed range.
  public var lines: ClosedRange<Int> { firstLine...lastLine }

  /// Whether the range includes `line`.
  public func contains(line: Int) -> Bool { lines.contains(line) }
}

extension SourceRange: CustomStringConvertible {
  /// `7` for a one-line range, `7-9` otherwise.
  public var description: String {
    firstLine == lastLine ? "\(firstLine)" : "\(firstLine)-\(lastLine)"
  }
}
