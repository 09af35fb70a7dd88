import ArgumentParser
import PaginateLayout

/// Options that shape the pages, shared by every command that lays out.
struct LayoutOptionGroup: ParsableArguments {
  @Option(
    name: .customLong("page-size"),
    help: ArgumentHelp("The page size in cells, COLUMNSxLINES (default: 80x66).", valueName: "size"),
    transform: PageSize.parse)
  var pageSize: PageSize?

  @Option(name: .customLong("tab-width"), help: "Tab stops in verbatim text every N cells.")
  var tabWidth = 8

  func validate() throws {
    guard (1...1000).contains(tabWidth) else {
      throw ValidationError("Tab width must be 1...1000, got \(tabWidth).")
    }
  }

  /// The layout options these flags describe.
  var layoutOptions: LayoutOptions {
    LayoutOptions(pageSize: pageSize ?? .default, tabWidth: tabWidth)
  }
}

extension PageSize {
  /// Parses `COLUMNSxLINES`, such as `80x66`.
  static func parse(_ argument: String) throws -> PageSize {
    let parts = argument.lowercased().split(separator: "x", omittingEmptySubsequences: false)
    guard parts.count == 2, let columns = Int(parts[0]), let lines = Int(parts[1]) else {
      throw ValidationError("Invalid page size '\(argument)': expected COLUMNSxLINES, such as 80x66.")
    }
    guard (1...10_000).contains(columns), (1...10_000).contains(lines) else {
      throw ValidationError("Invalid page size '\(argument)': columns and lines must each be 1...10000.")
    }
    return PageSize(columns: columns, lines: lines)
  }
}
