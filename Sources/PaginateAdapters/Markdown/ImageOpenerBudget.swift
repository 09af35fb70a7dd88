@_spi(Platform) import PaginateSystem

/// A bound on the one Markdown pattern Debian's libcmark-gfm (0.29.0.gfm.6) reads in quadratic
/// time: image openers `![` left open while links close after them (`![[]()` repeated: each
/// link walks back over every image opener still open). 100,000 repeats, 600 KB, took 24 s.
///
/// Before libcmark parses a document, this finds each paragraph (text between blank lines)
/// where that walk would exceed ``budget`` steps, and there the `!` of every `![` is escaped
/// (`\![`): the images read as a `!` and a link, every word kept, and the parse is linear. Other
/// documents are untouched; one with fewer than √(2 × budget) image openers is not even
/// scanned. The patterns of libcmark's own pathological tests (nested brackets, emphasis
/// runs, unclosed links, deep quotes, wide tables) were measured linear here at 40,000 repeats.
enum ImageOpenerBudget {
  /// The most steps the link-closing walk may take in one paragraph (about 0.15 s).
  static let budget = 50_000_000

  /// A paragraph over the budget: its bytes and first line (from 1), and its image openers.
  struct Degraded: Equatable {
    var bytes: Range<Int>
    var line: Int
    var imageOpeners: Int
  }

  /// The paragraphs of `source` over the budget, in order.
  static func paragraphsOverBudget(in source: UnsafeBufferPointer<UInt8>) -> [Degraded] {
    guard imageOpenerCount(source, atLeast: 10_000) else { return [] }
    var found: [Degraded] = []
    // Open brackets of the current paragraph, innermost last: true for an image opener.
    var openers: [Bool] = []
    var openImages = 0
    var imageOpeners = 0
    var steps = 0
    var paragraphStart = 0
    var paragraphLine = 1
    var line = 1
    var lineIsBlank = true
    var index = 0
    func endParagraph(at end: Int) {
      if steps > budget {
        found.append(Degraded(bytes: paragraphStart..<end, line: paragraphLine, imageOpeners: imageOpeners))
      }
      openers.removeAll(keepingCapacity: true)
      (openImages, imageOpeners, steps) = (0, 0, 0)
    }
    while index < source.count {
      let byte = source[index]
      switch byte {
      case 0x0A:
        if lineIsBlank {
          endParagraph(at: index)
          paragraphStart = index + 1
          paragraphLine = line + 1
        }
        line += 1
        lineIsBlank = true
      case 0x20, 0x09, 0x0D:
        break
      case UInt8(ascii: "\\"):
        lineIsBlank = false
        index += 1  // an escaped byte opens or closes nothing (a line end still counts)
        if index < source.count && source[index] == 0x0A { continue }
      case UInt8(ascii: "!") where index + 1 < source.count && source[index + 1] == UInt8(ascii: "["):
        lineIsBlank = false
        openers.append(true)
        openImages += 1
        imageOpeners += 1
        index += 1
      case UInt8(ascii: "["):
        lineIsBlank = false
        openers.append(false)
      case UInt8(ascii: "]"):
        lineIsBlank = false
        if let isImage = openers.popLast() {
          if isImage {
            openImages -= 1
          } else {
            steps += openImages  // a link may close here: libcmark walks back over the images
          }
        }
      default:
        lineIsBlank = false
      }
      index += 1
    }
    endParagraph(at: source.count)
    return found
  }

  /// `source` with the `!` of every `![` in `paragraphs` escaped. Only backslashes are added:
  /// lines keep their numbers.
  static func escaping(_ paragraphs: [Degraded], in source: UnsafeBufferPointer<UInt8>) -> [UInt8] {
    var result: [UInt8] = []
    result.reserveCapacity(source.count + paragraphs.reduce(0) { $0 + $1.imageOpeners })
    var copied = 0
    for paragraph in paragraphs {
      result.append(contentsOf: source[copied..<paragraph.bytes.lowerBound])
      var index = paragraph.bytes.lowerBound
      while index < paragraph.bytes.upperBound {
        let byte = source[index]
        if byte == UInt8(ascii: "\\") && index + 1 < paragraph.bytes.upperBound {
          result.append(byte)
          result.append(source[index + 1])
          index += 2
          continue
        }
        if byte == UInt8(ascii: "!") && index + 1 < source.count && source[index + 1] == UInt8(ascii: "[") {
          result.append(UInt8(ascii: "\\"))
        }
        result.append(byte)
        index += 1
      }
      copied = paragraph.bytes.upperBound
    }
    result.append(contentsOf: source[copied...])
    return result
  }

  /// Whether `source` has at least `count` image openers `![` (found with `memchr`, so a
  /// document without many costs a fast pass).
  private static func imageOpenerCount(_ source: UnsafeBufferPointer<UInt8>, atLeast count: Int) -> Bool {
    var found = 0
    var offset = 0
    while let position = ByteScan.firstIndex(of: UInt8(ascii: "!"), in: source, from: offset) {
      if position + 1 < source.count && source[position + 1] == UInt8(ascii: "[") {
        found += 1
        if found >= count { return true }
      }
      offset = position + 1
    }
    return false
  }
}
