@_spi(Platform) import PaginateSystem

/// Byte-level tests on input text that the adapters share.
enum ByteText {
  /// The offset where each line of `bytes` starts: 0, and one past each line end. A line ends
  /// at a line feed, a carriage return, or the two together, as libcmark counts lines (its
  /// source positions are line numbers).
  static func lineStarts(_ bytes: UnsafeBufferPointer<UInt8>) -> [Int] {
    var starts = [0]
    guard !bytes.isEmpty else { return starts }
    starts.reserveCapacity(bytes.count / 32 + 1)
    if !ByteScan.contains(0x0D, in: bytes) {
      // Line feeds only, the usual case: memchr finds each many bytes at a time.
      var position = 0
      while let found = ByteScan.firstIndex(of: 0x0A, in: bytes, from: position) {
        position = found + 1
        starts.append(position)
      }
      return starts
    }
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      index += 1
      if byte == 0x0D && index < bytes.count && bytes[index] == 0x0A { index += 1 }
      if byte == 0x0A || byte == 0x0D { starts.append(index) }
    }
    return starts
  }

  /// The number of the last line of `bytes` as the adapters number source lines: 1 for a
  /// single line, one more after each line end (a line feed, a carriage return, or both),
  /// except a final line end with nothing after it.
  static func lineCount(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
    guard !bytes.isEmpty else { return 1 }
    var ends = 0
    if !ByteScan.contains(0x0D, in: bytes) {
      // Line feeds only, the usual case: memchr finds each many bytes at a time.
      var position = 0
      while let found = ByteScan.firstIndex(of: 0x0A, in: bytes, from: position) {
        position = found + 1
        ends += 1
      }
    } else {
      var index = 0
      while index < bytes.count {
        let byte = bytes[index]
        index += 1
        if byte == 0x0D && index < bytes.count && bytes[index] == 0x0A { index += 1 }
        if byte == 0x0A || byte == 0x0D { ends += 1 }
      }
    }
    let last = bytes[bytes.count - 1]
    return max(last == 0x0A || last == 0x0D ? ends : ends + 1, 1)
  }

  /// ``lineCount(_:)`` of an array.
  static func lineCount(_ bytes: [UInt8]) -> Int {
    bytes.withUnsafeBufferPointer { lineCount($0) }
  }

  /// The UTF-8 byte-order mark, which adapters skip at the start of an input.
  static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

  /// The length of the byte-order mark `bytes` start with: 3, or 0 without one.
  static func byteOrderMarkLength(_ bytes: some Collection<UInt8>) -> Int {
    bytes.starts(with: byteOrderMark) ? byteOrderMark.count : 0
  }

  /// `bytes` without a leading byte-order mark.
  static func droppingByteOrderMark(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
    bytes.dropFirst(byteOrderMarkLength(bytes))
  }

  /// A space or a tab: blank within a line.
  static func isSpaceOrTab(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09
  }

  /// Space, tab, line feed or carriage return: JSON's whitespace, and a blank line's bytes.
  static func isWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }

  /// ASCII punctuation: what a Markdown backslash escapes.
  static func isASCIIPunctuation(_ byte: UInt8) -> Bool {
    (0x21...0x2F).contains(byte) || (0x3A...0x40).contains(byte) || (0x5B...0x60).contains(byte)
      || (0x7B...0x7E).contains(byte)
  }

  /// Whether `bytes` hold `first` right before `second` anywhere: each `first` is found by
  /// memchr, many bytes at a time, and only the byte after it is looked at.
  static func contains(_ first: UInt8, followedBy second: UInt8, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard bytes.count >= 2 else { return false }
    let searched = UnsafeBufferPointer(rebasing: bytes[..<(bytes.count - 1)])
    var offset = 0
    while let index = ByteScan.firstIndex(of: first, in: searched, from: offset) {
      if bytes[index + 1] == second { return true }
      offset = index + 1
    }
    return false
  }

  /// Whether `bytes` hold nothing but whitespace (or nothing).
  static func isBlank(_ bytes: some Sequence<UInt8>) -> Bool {
    bytes.allSatisfy(isWhitespace)
  }
}
