/// Where lines that cannot be reflowed (code, verbatim text, URLs) are broken when they are wider
/// than the page: at a boundary a reader expects, never inside a word when a boundary exists.
///
/// - Code and verbatim lines break as listings' `breakatwhitespace` does: at the last space, or
///   after `,` `;` `(` `.` `/`, that leaves the line at least half full; the continuation keeps
///   the line's own indentation and starts with a mark (``continuationMark``), as vim's
///   `breakindent` and `showbreak` show it. A token is cut only where no boundary exists.
/// - URLs break as TeX's url package does: after `/` `.` `?` `&` `=` `-` `_` `#`, never inside a
///   run of letters or digits unless nothing else fits. So does any token wider than its line
///   in running text or a table cell (see `BreakUnits`).
enum LineWrapping {
  /// What starts a continuation line of code: furniture, not text.
  static let continuationMark = "↪ "
  /// Its width in cells.
  static let continuationMarkWidth = 2

  /// A piece of a broken code line.
  struct Piece: Equatable {
    /// The text of the piece (the spaces at a break are left out).
    var text: String
    /// For a continuation, the spaces of indentation before the mark; `nil` for the first piece.
    var continuationIndent: Int?
    /// Whether a continuation starts with ``continuationMark`` (not on a page narrower than 8).
    var isMarked = false
  }

  /// Breaks a code line (tabs already expanded) into pieces of at most `width` cells, a
  /// continuation's indentation and mark included. Indentation beyond half the page is left
  /// out.
  static func codePieces(of line: String, width: Int) -> [Piece] {
    let clusters = Self.clusters(of: line)
    let total = clusters.reduce(0) { $0 + $1.width }
    guard total > width, width > 0 else { return [Piece(text: line, continuationIndent: nil)] }
    // The line's own indentation, kept on continuations while it leaves half the page.
    var indent = 0
    while indent < clusters.count && clusters[indent].isSpace { indent += 1 }
    let marked = width >= 8
    let continuationIndent = marked ? min(indent, max(width / 2 - continuationMarkWidth, 0)) : 0
    let continuationWidth = marked ? width - continuationIndent - continuationMarkWidth : width

    var pieces: [Piece] = []
    // A line indented past half the page keeps half the page of its indentation, so that its
    // text starts on its own first line.
    var start = max(indent - width / 2, 0)
    var isFirst = true
    let bytes = Array(line.utf8)
    while start < clusters.count {
      let room = isFirst ? width : continuationWidth
      let end = breakIndex(clusters, from: start, room: room) { index in
        // A boundary after `index`: a space (left out of both pieces) or a punctuation mark.
        clusters[index].isSpace || clusters[index].isCodeBreakAfter
      }
      var pieceEnd = end
      while pieceEnd > start && clusters[pieceEnd - 1].isSpace { pieceEnd -= 1 }
      let text =
        pieceEnd > start
        ? String(decoding: bytes[clusters[start].bytes.lowerBound..<clusters[pieceEnd - 1].bytes.upperBound], as: UTF8.self)
        : ""
      pieces.append(Piece(text: text, continuationIndent: isFirst ? nil : continuationIndent, isMarked: !isFirst && marked))
      start = end
      // A continuation starts at the next character that is not a space.
      while start < clusters.count && clusters[start].isSpace { start += 1 }
      isFirst = false
    }
    return pieces
  }

  /// Breaks a URL into pieces of at most `width` cells, after a URL's punctuation where it can.
  static func urlPieces(of url: String, width: Int) -> [String] {
    if BlockLayout.fitsAsPrintableASCII(url, width: width) { return [url] }
    var url = url
    return url.withUTF8 { bytes in
      var start = 0
      return tokenPieces(of: bytes, width: width).map { piece in
        defer { start = piece.end }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<piece.end]), as: UTF8.self)
      }
    }
  }

  /// Where a token wider than `width` (a URL, a path, an identifier in running text) is cut:
  /// the end (a byte offset in `bytes`) and width of each piece, after a URL's punctuation
  /// where the piece can end so, else at the last grapheme cluster that fits.
  static func tokenPieces(of bytes: UnsafeBufferPointer<UInt8>, width: Int) -> [(end: Int, width: Int)] {
    let clusters = Self.clusters(of: bytes)
    var pieces: [(end: Int, width: Int)] = []
    var start = 0
    while start < clusters.count {
      let end = width > 0 ? breakIndex(clusters, from: start, room: width, leavingHalf: false) { clusters[$0].isURLBreakAfter } : clusters.count
      pieces.append((clusters[end - 1].bytes.upperBound, clusters[start..<end].reduce(0) { $0 + $1.width }))
      start = end
    }
    return pieces
  }

  /// Whether a token wider than its line (a URL, a path, an identifier in running text or a
  /// table cell) may break after the ASCII character `byte`: a URL's punctuation.
  @inline(__always)
  static func isURLBreakAfter(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "/"), UInt8(ascii: "."), UInt8(ascii: "?"), UInt8(ascii: "&"), UInt8(ascii: "="),
      UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "#"):
      return true
    default: return false
    }
  }

  /// The cluster index the piece starting at `start` ends before: everything when it fits in
  /// `room`, else after the last boundary that fits (and, `leavingHalf`, leaves the piece at
  /// least half of `room`), else at the last cluster that fits (at least one).
  private static func breakIndex(
    _ clusters: [Cluster], from start: Int, room: Int, leavingHalf: Bool = true, isBoundaryAfter: (Int) -> Bool
  ) -> Int {
    var used = 0
    var index = start
    var boundary: Int?
    // Spaces before the piece's first text (its indentation) are no boundary.
    var hasText = false
    while index < clusters.count {
      if used + clusters[index].width > room {
        // Spaces at the break do not count against the room: they are left out.
        if clusters[index].isSpace && leavingHalf && hasText { return index }
        break
      }
      used += clusters[index].width
      hasText = hasText || !clusters[index].isSpace
      if hasText && isBoundaryAfter(index) && index + 1 < clusters.count && (!leavingHalf || used * 2 >= room) {
        boundary = index + 1
      }
      index += 1
    }
    if index == clusters.count { return index }
    return boundary ?? max(index, start + 1)
  }

  /// A grapheme cluster: its bytes, its width, and what kind of boundary follows it.
  private struct Cluster {
    var bytes: Range<Int>
    var width: Int
    var byte: UInt8  // the first byte; ASCII decides the kinds below

    var isSpace: Bool { byte == 0x20 && bytes.count == 1 }
    var isCodeBreakAfter: Bool {
      guard bytes.count == 1 else { return false }
      switch byte {
      case UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "("), UInt8(ascii: "."), UInt8(ascii: "/"): return true
      default: return false
      }
    }
    var isURLBreakAfter: Bool { bytes.count == 1 && LineWrapping.isURLBreakAfter(byte) }
  }

  private static func clusters(of text: String) -> [Cluster] {
    var text = text
    return text.withUTF8 { clusters(of: $0) }
  }

  private static func clusters(of bytes: UnsafeBufferPointer<UInt8>) -> [Cluster] {
    var clusters: [Cluster] = []
    clusters.reserveCapacity(bytes.count)
    DisplayWidth.forEachCluster(in: bytes) { range, width in
      clusters.append(Cluster(bytes: range, width: width, byte: bytes[range.lowerBound]))
    }
    return clusters
  }
}
