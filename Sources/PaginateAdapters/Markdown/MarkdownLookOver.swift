@_spi(Platform) import PaginateSystem

/// What a first reading of a large Markdown input, a buffer at a time and keeping nothing,
/// tells about it: whether it may hold definitions, and its lines and invalid UTF-8
/// (``MarkdownBlockStream``).
///
/// A text that might hold a definition (`]:` or `[^` anywhere: they apply to the whole text)
/// is read through once more for them before its parts are; one with a carriage return (which
/// the cuts between parts do not follow) is read whole instead.
struct MarkdownLookOver {
  /// Whether `]:` or `[^` occurs.
  private(set) var mayHaveDefinitions = false
  /// Whether a carriage return occurs.
  private(set) var hasCarriageReturn = false
  /// The invalid UTF-8 sequences.
  private(set) var invalidUTF8 = 0
  /// The line feeds, and the last byte (for the line count).
  private var lineFeeds = 0
  private var last: UInt8?
  /// Whether the text starts with a byte-order mark.
  private(set) var startsWithByteOrderMark = false

  /// The size of the buffer read into.
  static let bufferSize = 1 << 20

  /// Whether the reading stopped before the end because `isCancelled` said so.
  private(set) var wasCancelled = false

  /// Reads all of `read`, or up to the buffer after which `isCancelled` is true (a layout that
  /// stopped reading: an app's reader dropped at its first page). `mayHaveDefinitionsFound` is
  /// called once, as soon as a buffer shows the text may hold definitions, with the length of
  /// the byte-order mark the text starts with (so that their scan can start while the rest is
  /// looked over).
  init(
    reading read: (UnsafeMutableRawBufferPointer) -> Int, isCancelled: () -> Bool = { false },
    mayHaveDefinitionsFound: (_ byteOrderMark: Int) -> Void = { _ in }
  ) {
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.bufferSize, alignment: 16)
    defer { buffer.deallocate() }
    // The start of a UTF-8 sequence left incomplete at the end of the last buffer, moved to
    // the front of this one.
    var carried = 0
    var first = true
    while true {
      if isCancelled() {
        wasCancelled = true
        return
      }
      let filled = read(UnsafeMutableRawBufferPointer(rebasing: buffer[carried...]))
      let bytes = UnsafeBufferPointer(start: buffer.baseAddress!.assumingMemoryBound(to: UInt8.self), count: carried + max(filled, 0))
      guard filled > 0 else {
        if carried > 0 { invalidUTF8 += UTF8Validation.invalidSequenceCount(bytes) }
        break
      }
      let fresh = UnsafeBufferPointer(rebasing: bytes[carried...])
      if first {
        startsWithByteOrderMark = ByteText.byteOrderMarkLength(fresh) > 0
        first = false
      }
      let hadDefinitions = mayHaveDefinitions
      look(at: fresh)
      if mayHaveDefinitions && !hadDefinitions { mayHaveDefinitionsFound(startsWithByteOrderMark ? 3 : 0) }
      let tail = UTF8Validation.incompleteTailLength(bytes)
      invalidUTF8 += UTF8Validation.invalidSequenceCount(UnsafeBufferPointer(rebasing: bytes[..<(bytes.count - tail)]))
      if tail > 0 {
        UnsafeMutableRawBufferPointer(rebasing: buffer[..<tail]).copyMemory(
          from: UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(buffer)[(bytes.count - tail)..<bytes.count]))
      }
      carried = tail
    }
  }

  /// Takes the bytes just read (`last` is the one before them).
  private mutating func look(at bytes: UnsafeBufferPointer<UInt8>) {
    guard let firstByte = bytes.first else { return }
    if !mayHaveDefinitions {
      let joined = (last == UInt8(ascii: "]") && firstByte == UInt8(ascii: ":"))
        || (last == UInt8(ascii: "[") && firstByte == UInt8(ascii: "^"))
      mayHaveDefinitions = joined
        || ByteText.contains(UInt8(ascii: "]"), followedBy: UInt8(ascii: ":"), in: bytes)
        || ByteText.contains(UInt8(ascii: "["), followedBy: UInt8(ascii: "^"), in: bytes)
    }
    if !hasCarriageReturn { hasCarriageReturn = ByteScan.contains(0x0D, in: bytes) }
    var position = 0
    while let found = ByteScan.firstIndex(of: 0x0A, in: bytes, from: position) {
      position = found + 1
      lineFeeds += 1
    }
    last = bytes.last
  }

  /// The text's line count as ``ByteText/lineCount(_:)`` counts it (with line feeds alone).
  var lineCount: Int {
    guard let last else { return 1 }
    return max(last == 0x0A ? lineFeeds : lineFeeds + 1, 1)
  }
}
