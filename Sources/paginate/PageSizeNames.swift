import PaginateLayout

/// Paper sizes by name, in cells at the pica pitch of a typewriter or line printer: 10
/// characters and 6 lines to the inch.
enum PageSizeNames {
  static let sizes: [(name: String, size: PageSize, paper: String)] = [
    ("a4", PageSize(columns: 82, lines: 70), "210 × 297 mm"),
    ("a5", PageSize(columns: 58, lines: 49), "148 × 210 mm"),
    ("a6", PageSize(columns: 41, lines: 34), "105 × 148 mm"),
    ("b5", PageSize(columns: 69, lines: 59), "176 × 250 mm"),
    ("letter", PageSize(columns: 85, lines: 66), "8.5 × 11 in"),
    ("legal", PageSize(columns: 85, lines: 84), "8.5 × 14 in"),
    ("half-letter", PageSize(columns: 55, lines: 51), "5.5 × 8.5 in"),
  ]

  static func size(named name: String) -> PageSize? {
    sizes.first { $0.name == name.lowercased() }?.size
  }

  static var help: String {
    sizes.map { "\($0.name) (\($0.size))" }.joined(separator: ", ")
  }
}
