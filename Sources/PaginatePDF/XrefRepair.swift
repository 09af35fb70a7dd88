/// Mends a fault of cairo 1.16's PDFs (Debian bookworm's): a document with links lists in its
/// cross-reference table objects it numbered but never wrote, each at the offset where the
/// numbering happened (the start of a page's objects). Readers that check the table (qpdf) call
/// the file damaged and rebuild it; poppler and browsers pass over it.
///
/// The objects' headers (`12 0 obj`) are noted as the bytes go by (``ObjectStarts``); an entry
/// that points at another object's header is rewritten in place as a free one
/// (`0000000000 00000 f`): the table keeps its length, so no offset moves. An entry that points
/// anywhere else is left as it is.
enum XrefRepair {
  /// Where objects begin in a PDF whose bytes are noted in order, and which object each is.
  struct ObjectStarts {
    private(set) var numbers: [Int: Int] = [:]
    /// The last bytes noted, for a header cut between two calls.
    private var carry: [UInt8] = []

    /// Notes `bytes`, which begin at `offset` of the file. They are read where they are; only
    /// a header cut between two calls is read from a copy of the few bytes about the cut.
    mutating func note(_ bytes: [UInt8], at offset: Int) {
      if !carry.isEmpty {
        let joined = carry + bytes.prefix(Self.longest)
        // The headers that begin in the carried bytes and end in these.
        joined.withUnsafeBufferPointer { note($0, at: offset - carry.count, starts: 0..<carry.count) }
      }
      bytes.withUnsafeBufferPointer { note($0, at: offset, starts: 0..<$0.count) }
      carry = Array(bytes.suffix(Self.longest))
    }

    /// The longest header noted, `2147483647 0 obj` and its line end.
    private static let longest = 17

    /// Notes the headers of `bytes` (which begin at `offset`) whose pattern ` 0 obj` begins at
    /// an index in `starts`.
    private mutating func note(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int, starts: Range<Int>) {
      let pattern = Array(" 0 obj\n".utf8)
      var index = starts.lowerBound
      while index < starts.upperBound && index + pattern.count <= bytes.count {
        guard bytes[index] == pattern[0], bytes[index..<(index + pattern.count)].elementsEqual(pattern) else {
          index += 1
          continue
        }
        var start = index
        while start > 0 && bytes[start - 1] >= UInt8(ascii: "0") && bytes[start - 1] <= UInt8(ascii: "9") { start -= 1 }
        if start < index && (start == 0 || bytes[start - 1] == 0x0A),
          let number = Int(String(decoding: bytes[start..<index], as: UTF8.self))
        {
          numbers[offset + start] = number
        }
        index += pattern.count
      }
    }
  }

  /// Frees, in `tail` (the file's last bytes, which hold its one cross-reference table), every
  /// entry that points at the header of another object than its own. Returns how many.
  @discardableResult
  static func freeMisplacedEntries(in tail: inout [UInt8], objects: ObjectStarts) -> Int {
    guard let table = lastRange(of: Array("\nxref\n0 ".utf8), in: tail) else { return 0 }
    var index = table.upperBound
    var count = 0
    while index < tail.count && tail[index] >= UInt8(ascii: "0") && tail[index] <= UInt8(ascii: "9") {
      count = count * 10 + Int(tail[index] - UInt8(ascii: "0"))
      index += 1
    }
    guard index < tail.count, tail[index] == 0x0A else { return 0 }
    let entries = index + 1
    guard entries + count * 20 <= tail.count else { return 0 }
    let free = Array("0000000000 00000 f".utf8)
    var freed = 0
    for object in 1..<max(count, 1) {
      let start = entries + object * 20
      guard tail[start + 17] == UInt8(ascii: "n"),
        let offset = Int(String(decoding: tail[start..<(start + 10)], as: UTF8.self)),
        let there = objects.numbers[offset], there != object
      else { continue }
      tail.replaceSubrange(start..<(start + 18), with: free)
      freed += 1
    }
    return freed
  }

  private static func lastRange(of pattern: [UInt8], in bytes: [UInt8]) -> Range<Int>? {
    guard bytes.count >= pattern.count else { return nil }
    for start in stride(from: bytes.count - pattern.count, through: 0, by: -1)
    where bytes[start..<(start + pattern.count)].elementsEqual(pattern) {
      return start..<(start + pattern.count)
    }
    return nil
  }
}
