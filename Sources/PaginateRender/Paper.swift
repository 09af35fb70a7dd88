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

  /// The width in millimetres.
  public var widthInMillimetres: Double { width / 72 * 25.4 }
  /// The height in millimetres.
  public var heightInMillimetres: Double { height / 72 * 25.4 }

  /// The sheet turned on its side.
  public var landscape: Paper { Paper(name: name, width: max(width, height), height: min(width, height)) }
}
