/// A sheet of paper, in PostScript points (1/72 inch), portrait.
public struct Paper: Sendable, Hashable {
  /// The name it is known by (`a4`, `letter`).
  public var name: String
  /// The width in points.
  public var width: Double
  /// The height in points.
  public var height: Double

  /// Creates a paper size.
  public init(name: String, width: Double, height: Double) {
    self.name = name
    self.width = width
    self.height = height
  }

  /// ISO A4, 210 × 297 mm.
  public static let a4 = Paper(name: "a4", width: 595.276, height: 841.890)
  /// ISO A5, 148 × 210 mm.
  public static let a5 = Paper(name: "a5", width: 419.528, height: 595.276)
  /// ISO A3, 297 × 420 mm.
  public static let a3 = Paper(name: "a3", width: 841.890, height: 1190.551)
  /// US Letter, 8.5 × 11 in.
  public static let letter = Paper(name: "letter", width: 612, height: 792)
  /// US Legal, 8.5 × 14 in.
  public static let legal = Paper(name: "legal", width: 612, height: 1008)

  /// The sizes known by name.
  public static let all: [Paper] = [.a4, .a5, .a3, .letter, .legal]

  /// The paper named `name` (any case), `nil` for an unknown name.
  public init?(named name: String) {
    guard let paper = Self.all.first(where: { $0.name == name.lowercased() }) else { return nil }
    self = paper
  }

  /// The sheet turned on its side.
  public var landscape: Paper { Paper(name: name, width: max(width, height), height: min(width, height)) }
}

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
