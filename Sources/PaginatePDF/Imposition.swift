/// How pages are put on sheets of paper.
public enum Imposition: String, Sendable, Hashable, CaseIterable {
  /// One page on each sheet.
  case none
  /// Two pages side by side on each sheet (turned landscape), in order.
  case twoUp = "2up"
  /// Two pages side by side on each side of a sheet, in the order that makes a booklet when
  /// the sheets, printed on both sides (flipped on the short edge), are stacked and folded in
  /// the middle: saddle stitching. Blank pages make the count a multiple of four.
  case booklet

  /// The pages (indices from 0 into `count` pages) on each side of paper, left then right;
  /// `nil` for a blank half.
  public func sides(pageCount count: Int) -> [[Int?]] {
    switch self {
    case .none:
      return (0..<count).map { [$0] }
    case .twoUp:
      return stride(from: 0, to: count, by: 2).map { [$0, $0 + 1 < count ? $0 + 1 : nil] }
    case .booklet:
      let padded = (count + 3) / 4 * 4
      func page(_ index: Int) -> Int? { index < count ? index : nil }
      var sides: [[Int?]] = []
      for sheet in 0..<(padded / 4) {
        // Front: the last page still unplaced on the left, the first on the right; back: the
        // next on the left, the one before the last on the right.
        sides.append([page(padded - 1 - 2 * sheet), page(2 * sheet)])
        sides.append([page(2 * sheet + 1), page(padded - 2 - 2 * sheet)])
      }
      return sides
    }
  }
}
