/// A sheet of paper by name: the one table that `--page-size` (the page in cells) and
/// `--paper` (the sheet of a PDF or a printed HTML page) both read.
///
/// The size is in PostScript points (1/72 inch), portrait; ``cells`` gives the page it holds at
/// the pica pitch of a typewriter or line printer, 10 characters and 6 lines to the inch.
public struct Paper: Sendable, Hashable {
  /// The name it is known by (`a4`, `letter`), lower case.
  public var name: String
  /// The width in points.
  public var width: Double
  /// The height in points.
  public var height: Double
  /// The size as its standard gives it (`210 × 297 mm`, `8.5 × 11 in`).
  public var dimensions: String

  /// A paper size in points; `dimensions` defaults to the size in millimetres.
  public init(name: String, width: Double, height: Double, dimensions: String? = nil) {
    self.name = name
    self.width = width
    self.height = height
    self.dimensions =
      dimensions ?? "\(Int((width / 72 * 25.4).rounded())) × \(Int((height / 72 * 25.4).rounded())) mm"
  }

  /// A paper size of the ISO 216 series, in millimetres.
  private init(iso name: String, millimetres width: Double, _ height: Double) {
    self.init(name: name, width: width / 25.4 * 72, height: height / 25.4 * 72)
  }

  /// A US paper size, in inches.
  private init(us name: String, inches width: Double, _ height: Double) {
    self.init(name: name, width: width * 72, height: height * 72, dimensions: "\(width.formatted) × \(height.formatted) in")
  }

  /// ISO A3, 297 × 420 mm.
  public static let a3 = Paper(iso: "a3", millimetres: 297, 420)
  /// ISO A4, 210 × 297 mm.
  public static let a4 = Paper(iso: "a4", millimetres: 210, 297)
  /// ISO A5, 148 × 210 mm.
  public static let a5 = Paper(iso: "a5", millimetres: 148, 210)
  /// ISO A6, 105 × 148 mm.
  public static let a6 = Paper(iso: "a6", millimetres: 105, 148)
  /// ISO B5, 176 × 250 mm.
  public static let b5 = Paper(iso: "b5", millimetres: 176, 250)
  /// US Letter, 8.5 × 11 in.
  public static let letter = Paper(us: "letter", inches: 8.5, 11)
  /// US Legal, 8.5 × 14 in.
  public static let legal = Paper(us: "legal", inches: 8.5, 14)
  /// Half Letter (Statement), 5.5 × 8.5 in.
  public static let halfLetter = Paper(us: "half-letter", inches: 5.5, 8.5)

  /// The sizes known by name.
  public static let all: [Paper] = [.a3, .a4, .a5, .a6, .b5, .letter, .legal, .halfLetter]

  /// The paper named `name` (any case), `nil` for an unknown name.
  public init?(named name: String) {
    guard let paper = Self.all.first(where: { $0.name == name.lowercased() }) else { return nil }
    self = paper
  }

  /// The page the sheet holds in cells, 10 columns and 6 lines to the inch (A4: 82x70).
  public var cells: PageSize {
    // A hair added, so that a size of whole inches (Letter's 8.5 in: 85 columns) is not cut
    // to one less by the rounding of its points.
    PageSize(columns: Int(width / 7.2 + 1e-9), lines: Int(height / 12 + 1e-9))
  }

  /// The width in millimetres.
  public var widthInMillimetres: Double { width / 72 * 25.4 }
  /// The height in millimetres.
  public var heightInMillimetres: Double { height / 72 * 25.4 }

  /// The sheet turned on its side.
  public var landscape: Paper {
    Paper(name: name, width: max(width, height), height: min(width, height), dimensions: dimensions)
  }
}

extension Double {
  /// `8.5`, `11`: a number of inches as a paper's standard writes it.
  fileprivate var formatted: String {
    self == rounded() ? String(Int(self)) : String(self)
  }
}
