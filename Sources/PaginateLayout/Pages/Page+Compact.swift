import PaginateModel

/// A page as bytes, for a page kept out of memory (a printer waiting for page numbers spills
/// the pages it holds past a bound to a file): every field, in variable-length integers and
/// UTF-8, with no sharing between lines (about a byte per character of text, against the
/// several of a ``Page`` in memory). ``Page/init(compact:)`` reads back an equal page.
extension Page {
  /// Appends the page's compact form to `bytes`.
  package func appendCompact(to bytes: inout [UInt8]) {
    var writer = CompactWriter(bytes: bytes)
    bytes = []
    writer.int(index)
    writer.int(number)
    writer.int((side == .recto ? 1 : 0) | (isBlank ? 2 : 0))
    writer.optional(source) { writer, source in
      writer.int(source.firstLine)
      writer.int(source.lastLine)
    }
    writer.optional(anchorLine) { $0.int($1) }
    writer.string(runningHead)
    writer.range(bodyLines)
    writer.range(noteLines)
    writer.int(lines.count)
    for line in lines {
      line.withUTF8 { writer.bytes($0) }
      writer.int(line.spans.count)
      for span in line.spans {
        writer.range(span.range)
        writer.int(Int(span.style.rawValue))
      }
    }
    writer.int(lineAnchors.count)
    for anchor in lineAnchors {
      writer.optional(anchor) { writer, anchor in
        writer.int(anchor.block)
        writer.int(anchor.offset)
      }
    }
    writer.int(linkDestinations.count)
    for link in linkDestinations {
      writer.int(Int(link.id))
      writer.string(link.destination)
      writer.optional(link.target) { writer, target in
        writer.int(target.pageNumber)
        writer.int(target.line)
      }
    }
    writer.int(headings.count)
    for heading in headings {
      writer.int(heading.level)
      writer.string(heading.text)
      writer.int(heading.line)
    }
    writer.optional(layout) { $0.int(Int(truncatingIfNeeded: $1.value)) }
    bytes = writer.bytes
  }

  /// The page whose compact form (``appendCompact(to:)``) `bytes` holds; `nil` when they
  /// do not hold one.
  package init?(compact bytes: UnsafeRawBufferPointer) {
    var reader = CompactReader(bytes: bytes)
    guard let index = reader.int(), let number = reader.int(), let flags = reader.int(),
      let source = reader.optional({ reader in
        reader.int().flatMap { first in reader.int().map { SourceRange(firstLine: first, lastLine: $0) } }
      }),
      let anchorLine = reader.optional({ $0.int() }),
      let runningHead = reader.string(), let bodyLines = reader.range(), let noteLines = reader.range(),
      let lineCount = reader.count()
    else { return nil }
    var lines: [Line] = []
    lines.reserveCapacity(lineCount)
    for _ in 0..<lineCount {
      guard let text = reader.string(), let spanCount = reader.count() else { return nil }
      var spans: [StyleSpan] = []
      spans.reserveCapacity(spanCount)
      for _ in 0..<spanCount {
        guard let range = reader.range(), let style = reader.int(), let raw = UInt64(exactly: style) else { return nil }
        spans.append(StyleSpan(range: range, style: TextStyle(rawValue: raw)))
      }
      lines.append(Line(text: text, spans: spans))
    }
    self.init(
      index: index, number: number, side: flags & 1 != 0 ? .recto : .verso, isBlank: flags & 2 != 0, lines: lines,
      source: source.flatMap { $0 }, anchorLine: anchorLine.flatMap { $0 }, runningHead: runningHead,
      bodyLines: bodyLines, noteLines: noteLines)
    guard let anchorCount = reader.count() else { return nil }
    for _ in 0..<anchorCount {
      guard
        let anchor = reader.optional({ reader in
          reader.int().flatMap { block in reader.int().map { TextAnchor(block: block, offset: $0) } }
        })
      else { return nil }
      lineAnchors.append(anchor.flatMap { $0 })
    }
    guard let linkCount = reader.count() else { return nil }
    for _ in 0..<linkCount {
      guard let id = reader.int().flatMap({ UInt32(exactly: $0) }), let destination = reader.string(),
        let target = reader.optional({ reader in
          reader.int().flatMap { page in reader.int().map { PageReferences.Target(pageNumber: page, line: $0) } }
        })
      else { return nil }
      linkDestinations.append(Link(id: id, destination: destination, target: target.flatMap { $0 }))
    }
    guard let headingCount = reader.count() else { return nil }
    for _ in 0..<headingCount {
      guard let level = reader.int(), let text = reader.string(), let line = reader.int() else { return nil }
      headings.append(Heading(level: level, text: text, line: line))
    }
    guard let identity = reader.optional({ $0.int() }), reader.isAtEnd else { return nil }
    layout = identity.flatMap { $0 }.map { LayoutIdentity(value: UInt64(truncatingIfNeeded: $0)) }
  }
}

/// Writes integers (zigzag, seven bits a byte), byte strings and optionals.
private struct CompactWriter {
  var bytes: [UInt8]

  mutating func int(_ value: Int) {
    var rest = UInt64(bitPattern: Int64((value << 1) ^ (value >> 63)))
    while rest >= 0x80 {
      bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
      rest >>= 7
    }
    bytes.append(UInt8(rest))
  }

  mutating func bytes(_ value: UnsafeBufferPointer<UInt8>) {
    int(value.count)
    bytes.append(contentsOf: value)
  }

  mutating func string(_ value: String) {
    var value = value
    value.withUTF8 { bytes($0) }
  }

  mutating func range(_ value: Range<Int>) {
    int(value.lowerBound)
    int(value.upperBound)
  }

  mutating func optional<Value>(_ value: Value?, _ write: (inout CompactWriter, Value) -> Void) {
    guard let value else { return bytes.append(0) }
    bytes.append(1)
    write(&self, value)
  }
}

/// Reads what ``CompactWriter`` wrote; each read is `nil` past the end or on a malformed value.
private struct CompactReader {
  let bytes: UnsafeRawBufferPointer
  var position = 0

  var isAtEnd: Bool { position == bytes.count }

  mutating func int() -> Int? {
    var value: UInt64 = 0
    var shift: UInt64 = 0
    while position < bytes.count, shift < 64 {
      let byte = bytes[position]
      position += 1
      value |= UInt64(byte & 0x7F) << shift
      if byte < 0x80 {
        let decoded = Int64(bitPattern: value >> 1) ^ -Int64(bitPattern: value & 1)
        return Int(decoded)
      }
      shift += 7
    }
    return nil
  }

  /// A count: an integer no larger than the bytes left (each item takes one at least).
  mutating func count() -> Int? {
    guard let value = int(), value >= 0, value <= bytes.count - position else { return nil }
    return value
  }

  mutating func string() -> String? {
    guard let count = count() else { return nil }
    defer { position += count }
    return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[position..<(position + count)]), as: UTF8.self)
  }

  mutating func range() -> Range<Int>? {
    guard let lower = int(), let upper = int(), lower <= upper else { return nil }
    return lower..<upper
  }

  /// `.some(nil)` for an absent value, `nil` when unreadable.
  mutating func optional<Value>(_ read: (inout CompactReader) -> Value?) -> Value?? {
    guard position < bytes.count else { return nil }
    let flag = bytes[position]
    position += 1
    switch flag {
    case 0: return .some(nil)
    case 1: return read(&self).map { .some($0) }
    default: return nil
    }
  }
}
