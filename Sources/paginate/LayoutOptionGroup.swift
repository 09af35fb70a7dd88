import ArgumentParser
import PaginateLayout
import PaginateSystem

/// Options that shape the pages, shared by every command that lays out.
struct LayoutOptionGroup: ParsableArguments {
  @Option(
    name: .customLong("page-size"),
    help: ArgumentHelp(
      "The page size in cells, COLUMNSxLINES, or a paper name at 10 characters and 6 lines per inch: \(Paper.all.map { "\($0.name) (\($0.cells))" }.joined(separator: ", ")).",
      valueName: "size"),
    transform: PageSize.parse)
  var pageSizeOption: PageSize?

  /// The page size: the one given, or 80x66.
  var pageSize: PageSize { pageSizeOption ?? .default }

  @Option(name: .customLong("margins"), help: ArgumentHelp("All four margins at once, in cells.", valueName: "n"))
  var margins: Int?
  @Option(name: .customLong("margin-top"), help: ArgumentHelp("Blank lines above the header.", valueName: "n"))
  var marginTop: Int?
  @Option(name: .customLong("margin-bottom"), help: ArgumentHelp("Blank lines below the footer.", valueName: "n"))
  var marginBottom: Int?
  @Option(
    name: .customLong("margin-inner"),
    help: ArgumentHelp("Columns at the spine side (left; right on versos when double-sided).", valueName: "n"))
  var marginInner: Int?
  @Option(name: .customLong("margin-outer"), help: ArgumentHelp("Columns at the outer edge.", valueName: "n"))
  var marginOuter: Int?

  @Option(
    name: .customLong("header"),
    help: ArgumentHelp(
      "Header template 'left|center|right' with {page} {pages} {title} {chapter} {file} {date} {time}; '' for none; 'listing' for date, file and 'Page N of M', as enscript and pr head a listing.",
      valueName: "template"))
  var headerOption = ""
  @Option(
    name: .customLong("footer"),
    help: ArgumentHelp("Footer template, as --header (default: |{page}|, none under --header listing).", valueName: "template"))
  var footerOption: String?

  /// The header of a listing (`--header listing`), as `pr` heads its pages.
  static let listingHeader = "{date} {time}|{file}|Page {page} of {pages}"

  /// The header template: the one given, or the listing's.
  var header: String { headerOption == "listing" ? Self.listingHeader : headerOption }

  /// The footer template: the one given, else the page number (none under a listing's header,
  /// which has it).
  var footer: String { footerOption ?? (headerOption == "listing" ? "" : "|{page}|") }

  @Flag(
    name: .customLong("double-sided"), inversion: .prefixedNo,
    help: "Rectos and versos: mirrored margins, outer page numbers, chapters on rectos.")
  var doubleSided = false
  @Flag(inversion: .prefixedNo, help: "Pad the end with a blank page to an even page count (duplex printing).")
  var even = false
  @Option(
    name: .customLong("chapter-break"),
    help: ArgumentHelp("Where level-1 headings start: none, page or recto (default: recto when double-sided, else none).", valueName: "rule"))
  var chapterBreak: ChapterBreak?

  @Flag(
    name: .customLong("facing"), inversion: .prefixedNo,
    help: "Show two-page spreads [verso | recto] (browse: on when the terminal is wide enough, unless --no-facing).")
  var facingFlag: Bool?

  /// Whether `--facing` was given (and not `--no-facing`).
  var facing: Bool { facingFlag == true }
  @Option(
    name: .customLong("facing-start"),
    help: ArgumentHelp(
      "With --facing: 'right' puts page 1 alone on the right (a book: the default for print and export); 'left' pairs 1 with 2 (the pager's default, which fills its first screen).",
      valueName: "side"))
  var facingStartOption: FacingOptions.Start?

  /// Where page 1 stands in a printed spread: `--facing-start`, else on the right, as in a book.
  var facingStart: FacingOptions.Start { facingStartOption ?? .right }
  @Option(help: ArgumentHelp("With --facing: columns between the pages (the spine).", valueName: "n"))
  var gutter = 4
  @Option(
    name: .customLong("page-progression"),
    help: ArgumentHelp("With --facing: ltr, or rtl to mirror spreads (Japanese, Arabic books).", valueName: "direction"))
  var pageProgression: FacingOptions.Progression = .ltr

  @Option(help: ArgumentHelp("Line breaking: optimal (least ragged) or greedy.", valueName: "strategy"))
  var wrap: LineBreakStrategy = .optimal
  @Flag(inversion: .prefixedNo, help: "Justify paragraphs: spread spaces so every line but the last fills the width.")
  var justify = false
  @Flag(
    inversion: .prefixedNo,
    help: "Hyphenate paragraphs where that sets them better (TeX's patterns through libhyphen; never code, URLs, headings or tables).")
  var hyphenate = false
  @Option(
    help: ArgumentHelp(
      "The language of the text for --hyphenate, a tag such as en-US or de (default: the document's, else en-US).",
      valueName: "tag"))
  var lang: String?
  @Option(help: ArgumentHelp("Link destinations: footnotes, inline or none.", valueName: "style"))
  var links: LinkStyle = .footnotes
  @Option(
    help: ArgumentHelp(
      "How headings, code, emphasis and images show: auto (styles with colour, marks such as ### and `code` in the text without), styles or text.",
      valueName: "how"))
  var marks: MarksChoice = .auto
  @Option(name: .customLong("tab-width"), help: ArgumentHelp("Tab stops in verbatim text every N cells (1 to 64).", valueName: "n"))
  var tabWidth = 8
  @Flag(
    name: [.customShort("n"), .customShort("N"), .customLong("line-numbers")], inversion: .prefixedNo,
    help: "Number the lines of text read line by line (logs, code), in a gutter, as pr -n and less -N do.")
  var lineNumbers = false
  @Flag(
    name: [.customShort("S"), .customLong("chop")],
    help: """
      Cut lines wider than the page (text read as lines) at its edge, with a › at the end, rather \
      than wrap them; browse scrolls sideways (← →) to the rest, as less -S does.
      """)
  var chop = false
  @Option(help: ArgumentHelp("Fewest lines of a paragraph at the top of a page.", valueName: "n"))
  var widows = 2
  @Option(help: ArgumentHelp("Fewest lines of a paragraph at the foot of a page.", valueName: "n"))
  var orphans = 2
  // Unconditional: `--first-page -3` is a value to refuse with its reason, not a missing one.
  @Option(
    name: .customLong("first-page"), parsing: .unconditional,
    help: ArgumentHelp("The number of the first page.", valueName: "n"))
  var firstPage = 1

  /// Whether the header or footer shows `{pages}`.
  var showsPageCount: Bool { header.contains("{pages}") || footer.contains("{pages}") }

  func validate() throws {
    for (name, value) in [
      ("--margins", margins), ("--margin-top", marginTop), ("--margin-bottom", marginBottom),
      ("--margin-inner", marginInner), ("--margin-outer", marginOuter),
    ] {
      if let value, !(0...1000).contains(value) {
        throw ValidationError("\(name) must be 0...1000, got \(value).")
      }
    }
    // Tabs are expanded line by line: a wider stop would let a line of tabs grow a
    // thousandfold (100,000 tabs at 1000: 753 MB for a page).
    guard (1...64).contains(tabWidth) else { throw ValidationError("--tab-width must be 1...64, got \(tabWidth).") }
    guard (0...1000).contains(gutter) else { throw ValidationError("--gutter must be 0...1000, got \(gutter).") }
    guard (1...100).contains(widows), (1...100).contains(orphans) else {
      throw ValidationError("--widows and --orphans must be 1...100, got \(widows) and \(orphans).")
    }
    guard (0...1_000_000_000).contains(firstPage) else {
      throw ValidationError("--first-page must be 0...1000000000, got \(firstPage).")
    }
    if hyphenate, let lang {
      do {
        _ = try Hyphenator(language: lang)
      } catch {
        throw ValidationError("--lang: \(error.description).")
      }
    }
    do {
      try layoutOptions(fileName: "").validate()
    } catch {
      throw ValidationError("Invalid page: \(error.description).")
    }
  }

  /// The layout options these flags describe, for the file `fileName` (`{file}`), for output
  /// that shows styles (`styled`: colour on a terminal, HTML, a page set) or not.
  func layoutOptions(fileName: String, styled: Bool = true) -> LayoutOptions {
    var options = LayoutOptions(pageSize: pageSize, tabWidth: tabWidth)
    let all = margins ?? 0
    options.margins = Margins(
      top: marginTop ?? all, bottom: marginBottom ?? all, inner: marginInner ?? all, outer: marginOuter ?? all)
    options.header = header
    options.footer = footer
    options.fileName = fileName
    if (header + footer).contains("{date}") || (header + footer).contains("{time}") {
      // The file's last change, as pr and enscript date a listing; now, for a pipe.
      let status = try? FileStatus(path: fileName)
      let moment = status.flatMap { $0.kind == .regular ? LocalTime(secondsSinceEpoch: $0.modified.seconds) : nil } ?? LocalTime.now
      options.fileDate = moment?.date ?? ""
      options.fileTime = moment?.time ?? ""
    }
    options.isDoubleSided = doubleSided
    options.chapterBreak = chapterBreak
    options.padsToEvenPageCount = even
    options.lineBreaking = wrap
    options.justifies = justify
    options.hyphenates = hyphenate
    options.language = lang
    options.links = links
    options.marks = marks.resolved(styled: styled)
    options.widowLines = widows
    options.orphanLines = orphans
    options.numbersLines = lineNumbers
    options.longLines = chop ? .cut : .wrap
    options.firstPageNumber = firstPage
    return options
  }

  /// How spreads are formed, when `--facing` is on.
  var facingOptions: FacingOptions? {
    facing ? FacingOptions(start: facingStart, progression: pageProgression, gutter: gutter) : nil
  }
}

extension PageSize {
  /// Parses `--page-size` (see ``PageSize/init(parsing:)``), its error as ArgumentParser's.
  static func parse(_ argument: String) throws -> PageSize {
    do {
      return try PageSize(parsing: argument)
    } catch {
      throw ValidationError(error.description)
    }
  }
}

/// `--marks`: how what styles show is shown, or `auto` to go by the output.
enum MarksChoice: String, CaseIterable, ExpressibleByArgument {
  case auto
  case styles
  case text

  /// The marks for output that shows styles (`styled`) or not: `auto` gives marks in the text
  /// exactly when there are no styles to show them.
  func resolved(styled: Bool) -> Marks {
    switch self {
    case .auto: styled ? .styles : .text
    case .styles: .styles
    case .text: .text
    }
  }
}
