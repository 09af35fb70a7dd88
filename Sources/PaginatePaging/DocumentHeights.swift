import PaginateModel

/// The lines each top-level block of a document held in memory is expected to take at a text
/// width, before it is laid out: what the page count is estimated from (see
/// ``PagingController/estimatedPageCount``). Characters alone count a code block's short
/// lines, a list's items and a heading's rule as if they filled lines as prose does.
///
/// A block's text (``/PaginateModel/Block/plainText``) is taken a line at a time: each fills
/// as many lines as its characters need at about nine tenths of the width (the space a line
/// break leaves), one at least; a heading has its rule or blank line, a table its rules, and
/// each block the blank line after it.
struct DocumentHeights: Sendable {
  /// `before[i]`: the expected lines of blocks `0..<i`; the last element is the total.
  private let before: [Double]

  init(_ document: Document, width: Int) {
    let filled = max(Double(width) * 0.9, 1)
    var before: [Double] = [0]
    before.reserveCapacity(document.blocks.count + 1)
    document.forEachBlockText { block, text in
      // Scalars a line, counted in the UTF-8 bytes (a scalar starts at every byte but a
      // continuation byte, 10xxxxxx): splitting the text into Characters cost five times as
      // much (Benchmarks/README.md, "Optimisation history").
      var lines = 0.0
      var scalars = 0
      for byte in text.utf8 {
        if byte == 0x0A {
          lines += max((Double(scalars) / filled).rounded(.up), 1)
          scalars = 0
        } else if byte & 0xC0 != 0x80 {
          scalars += 1
        }
      }
      lines += max((Double(scalars) / filled).rounded(.up), 1)
      switch block.content {
      case .heading: lines += 1
      case .table: lines += 3
      case .thematicBreak: lines = 1
      case .pageBreak: lines = 0
      default: break
      }
      before.append(before[before.count - 1] + lines + 1)
    }
    self.before = before
  }

  /// How far through the document's expected lines the place `share` (0 to 1) of the way
  /// through block `block` is, from 0 to 1.
  func fraction(ofBlock block: Int, share: Double) -> Double {
    let total = before[before.count - 1]
    guard total > 0, block >= 0 else { return 0 }
    guard block < before.count - 1 else { return 1 }
    let inBlock = before[block + 1] - before[block]
    return (before[block] + inBlock * min(max(share, 0), 1)) / total
  }
}
