import PaginateModel

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
  ///
  /// - Complexity: O(n) in the line's bytes, with memory for the pieces and a window of about a
  ///   line's clusters: a line of millions of spaces or of one character costs no cluster
  ///   record per character.
  static func codePieces(of line: String, width: Int) -> [Piece] {
    var bytesOfLine = line
    let pieces = bytesOfLine.withUTF8 { bytes -> [Piece]? in
      codePieceRanges(of: bytes, width: width)?.map { piece in
        Piece(
          text: String(decoding: UnsafeBufferPointer(rebasing: bytes[piece.bytes]), as: UTF8.self),
          continuationIndent: piece.continuationIndent, isMarked: piece.isMarked)
      }
    }
    return pieces ?? [Piece(text: line, continuationIndent: nil)]
  }

  /// A piece of a broken code line as the bytes of the line it holds.
  struct PieceRange: Equatable {
    var bytes: Range<Int>
    /// As ``Piece/continuationIndent`` and ``Piece/isMarked`` say.
    var continuationIndent: Int?
    var isMarked: Bool
  }

  /// ``codePieces(of:width:)`` of the line `bytes` (tabs already expanded), as byte ranges of
  /// it: no string is made. `nil` when it fits.
  static func codePieceRanges(of bytes: UnsafeBufferPointer<UInt8>, width: Int) -> [PieceRange]? {
    // Printable ASCII, most code and logs: a byte is a cluster of one cell, read in place.
    if VisibleControls.firstNonPrintableASCII(in: bytes, from: 0) == bytes.count {
      guard bytes.count > width else { return nil }
      var clusters = ASCIIClusters(bytes: bytes)
      return codePieces(of: bytes, width: width, clusters: &clusters)
    }
    var cursor = ClusterCursor(bytes: bytes)
    return codePieces(of: bytes, width: width, clusters: &cursor)
  }

  /// ``codePieces(of:width:)`` of the line `bytes`, whose clusters `cursor` gives; `nil` when
  /// it fits.
  private static func codePieces(
    of bytes: UnsafeBufferPointer<UInt8>, width: Int, clusters cursor: inout some ClusterSource
  ) -> [PieceRange]? {
    // Fits: one piece, the line itself (made by the caller, without a copy).
    var total = 0
    var index = 0
    while total <= width, let cluster = cursor.cluster(index) {
      total += cluster.width
      index += 1
    }
    guard total > width, width > 0 else { return nil }
    // The line's own indentation, kept on continuations while it leaves half the page.
    var indent = 0
    while cursor.cluster(indent)?.isSpace == true {
      indent += 1
      if indent % 4096 == 0 { cursor.discard(before: indent) }
    }
    let marked = width >= 8
    let continuationIndent = marked ? min(indent, max(width / 2 - continuationMarkWidth, 0)) : 0
    let continuationWidth = marked ? width - continuationIndent - continuationMarkWidth : width

    var broken: [PieceRange] = []
    // A line indented past half the page keeps half the page of its indentation, so that its
    // text starts on its own first line.
    var start = max(indent - width / 2, 0)
    var isFirst = true
    while cursor.cluster(start) != nil {
      let room = isFirst ? width : continuationWidth
      let end = breakIndex({ cursor.cluster($0) }, from: start, room: room) { index in
        // A boundary after `index`: a space (left out of both pieces) or a punctuation mark.
        let cluster = cursor.cluster(index)
        return cluster?.isSpace == true || cluster?.isCodeBreakAfter == true
      }
      var pieceEnd = end
      while pieceEnd > start && cursor.cluster(pieceEnd - 1)?.isSpace == true { pieceEnd -= 1 }
      var range = 0..<0
      if pieceEnd > start, let first = cursor.cluster(start), let last = cursor.cluster(pieceEnd - 1) {
        range = first.bytes.lowerBound..<last.bytes.upperBound
      }
      broken.append(PieceRange(bytes: range, continuationIndent: isFirst ? nil : continuationIndent, isMarked: !isFirst && marked))
      start = end
      // A continuation starts at the next character that is not a space.
      while cursor.cluster(start)?.isSpace == true {
        start += 1
        if start % 4096 == 0 { cursor.discard(before: start) }
      }
      cursor.discard(before: start)
      isFirst = false
    }
    return broken
  }

  /// The clusters of a line by index, as ``codePieces(of:width:clusters:)`` reads them.
  private protocol ClusterSource {
    /// Cluster `index` of the line (not one discarded), or `nil` past its end.
    mutating func cluster(_ index: Int) -> Cluster?
    /// Forgets the clusters before `index`.
    mutating func discard(before index: Int)
  }

  /// The clusters of a line of printable ASCII: each byte one, one cell wide.
  private struct ASCIIClusters: ClusterSource {
    let bytes: UnsafeBufferPointer<UInt8>

    func cluster(_ index: Int) -> Cluster? {
      index < bytes.count ? Cluster(bytes: index..<(index + 1), width: 1, byte: bytes[index]) : nil
    }

    func discard(before index: Int) {}
  }

  /// The grapheme clusters of a line, decoded as they are asked for and forgotten once
  /// ``discard(before:)`` says they are behind: a window, not a record per character.
  private struct ClusterCursor: ClusterSource {
    let bytes: UnsafeBufferPointer<UInt8>
    /// The clusters from index ``base`` on, as far as decoded.
    private var window: [Cluster] = []
    private var base = 0
    /// Where decoding goes on.
    private var nextByte = 0

    init(bytes: UnsafeBufferPointer<UInt8>) {
      self.bytes = bytes
    }

    /// Cluster `index` of the line (not one discarded), or `nil` past its end.
    mutating func cluster(_ index: Int) -> Cluster? {
      precondition(index >= base, "cluster \(index) was discarded")
      while index - base >= window.count {
        guard nextByte < bytes.count else { return nil }
        let next = DisplayWidth.step(in: bytes, at: nextByte)
        window.append(Cluster(bytes: nextByte..<next.end, width: next.width, byte: bytes[nextByte]))
        nextByte = next.end
      }
      return window[index - base]
    }

    /// Forgets the clusters before `index`, when they are most of the window.
    mutating func discard(before index: Int) {
      let count = min(index - base, window.count)
      guard count > 0, count * 2 >= window.count else { return }
      window.removeFirst(count)
      base += count
    }
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
      let end =
        width > 0
        ? breakIndex({ $0 < clusters.count ? clusters[$0] : nil }, from: start, room: width, leavingHalf: false) {
          clusters[$0].isURLBreakAfter
        } : clusters.count
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
  /// least half of `room`), else at the last cluster that fits (at least one). `cluster` gives
  /// the line's clusters by index, `nil` past its end.
  private static func breakIndex(
    _ cluster: (Int) -> Cluster?, from start: Int, room: Int, leavingHalf: Bool = true,
    isBoundaryAfter: (Int) -> Bool
  ) -> Int {
    var used = 0
    var index = start
    var boundary: Int?
    // Spaces before the piece's first text (its indentation) are no boundary.
    var hasText = false
    while let current = cluster(index) {
      if used + current.width > room {
        // Spaces at the break do not count against the room: they are left out.
        if current.isSpace && leavingHalf && hasText { return index }
        break
      }
      used += current.width
      hasText = hasText || !current.isSpace
      if hasText && isBoundaryAfter(index) && cluster(index + 1) != nil && (!leavingHalf || used * 2 >= room) {
        boundary = index + 1
      }
      index += 1
    }
    if cluster(index) == nil { return index }
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

  private static func clusters(of bytes: UnsafeBufferPointer<UInt8>) -> [Cluster] {
    var clusters: [Cluster] = []
    clusters.reserveCapacity(bytes.count)
    DisplayWidth.forEachCluster(in: bytes) { range, width in
      clusters.append(Cluster(bytes: range, width: width, byte: bytes[range.lowerBound]))
    }
    return clusters
  }
}
