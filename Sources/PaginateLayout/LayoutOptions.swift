/// Everything that shapes the pages: size, margins, running heads, sides, breaking rules.
///
/// The defaults give single-sided 80×66 pages with no margins, no header and a centred page
/// number in the footer, optimally broken prose, link URLs as footnotes, and widow and orphan
/// control of 2 lines.
public struct LayoutOptions: Sendable, Hashable {
  /// The size of every page, in cells.
  public var pageSize: PageSize = .default
  /// Blank space around the text area.
  public var margins: Margins = .zero
  /// The header line, `left|center|right`, with `{page}`, `{pages}`, `{title}`, `{chapter}`,
  /// `{file}`, `{date}` and `{time}`; empty for none. A part too long for the line is shortened
  /// with `…` (a title first, a file name at its start; never a page number).
  public var header: String = ""
  /// The footer line, in the same form as ``header``; empty for none.
  public var footer: String = "|{page}|"
  /// The file name that `{file}` stands for.
  public var fileName: String = ""
  /// The date that `{date}` stands for: the file's last modification, as `pr` and `enscript`
  /// print it (`2026-11-29`), or the day of printing for a pipe.
  public var fileDate: String = ""
  /// The time that `{time}` stands for (`14:36`), as ``fileDate``.
  public var fileTime: String = ""
  /// Double-sided: odd pages are rectos (inner margin on the left), even pages versos
  /// (inner margin on the right), header and footer sides swap on versos.
  public var isDoubleSided = false
  /// Where a chapter (a level-1 heading) starts; `nil` means the default for the mode:
  /// ``ChapterBreak/recto`` when double-sided, ``ChapterBreak/none`` otherwise.
  public var chapterBreak: ChapterBreak?
  /// Pad the end with a blank page so the page count is even (for duplex printing).
  public var padsToEvenPageCount = false
  /// How paragraphs are broken into lines.
  public var lineBreaking: LineBreakStrategy = .optimal
  /// Spread the spaces of every line of a paragraph but the last to fill the width.
  public var justifies = false
  /// Hyphenate words of paragraphs where that sets them better (never in code, URLs,
  /// headings or tables), by the patterns of ``language``.
  public var hyphenates = false
  /// The language whose hyphenation patterns are used, a BCP 47 tag (`en-US`, `de`); `nil`
  /// means the document's own (`DocumentReader.language`), else `en-US`.
  public var language: String?
  /// How link destinations are shown.
  public var links: LinkStyle = .footnotes
  /// Where the document's headings are, for in-document links (`[Usage](#usage)`): with
  /// them, such a link's text is followed by the page its heading begins on (`Usage → p. 7`,
  /// `p. ?` for no heading); without them (the default), by nothing. An in-document link never
  /// becomes a note.
  /// See ``PageReferences`` for how they are found.
  public var pageReferences: PageReferences?
  /// Whether headings, code, emphasis and images are shown by styles alone (``Marks/styles``,
  /// for a terminal with colour, HTML or an app) or by marks in the text as well
  /// (``Marks/text``, for plain text).
  public var marks: Marks = .styles
  /// Tab stops in verbatim text every `tabWidth` cells.
  public var tabWidth = 8
  /// Whether text kept line by line (``/PaginateModel/Block/Content/lines(_:styles:)``) is printed
  /// with the number of each input line in a gutter before it, as `pr -n` and `less -N` do
  /// (a wrapped line's continuations are not numbered).
  public var numbersLines = false
  /// What becomes of a line of text kept line by line that is wider than the page.
  public var longLines: LongLines = .wrap

  /// What becomes of a line kept line by line that is wider than the page (``longLines``).
  public enum LongLines: Sendable, Hashable {
    /// Wrapped: its pieces on lines of their own, each after a continuation mark (`↪`).
    case wrap
    /// Cut at the page's edge (`less -S`, `--chop`), a `›` in its last column (furniture)
    /// saying there is more.
    case cut
    /// Kept whole, wider than the page: for a viewer that scrolls sideways to the rest (the
    /// pager with `--chop`). Only such lines are wider than the page.
    case whole
  }
  /// The fewest lines of a paragraph left alone at the top of a page.
  public var widowLines = 2
  /// The fewest lines of a paragraph left alone at the foot of a page.
  public var orphanLines = 2
  /// The number of the first page; its side follows it (odd = recto).
  public var firstPageNumber = 1
  /// The number `{pages}` shows: the number of the last page of the whole output when the
  /// document is part of a larger run (several files printed as one); `nil`, the default, for
  /// this document's own last page number (its page count when numbering starts at 1).
  public var lastPageNumber: Int?

  /// Creates options; every property has a default.
  public init(pageSize: PageSize = .default, tabWidth: Int = 8) {
    self.pageSize = pageSize
    self.tabWidth = max(tabWidth, 1)
  }

  /// The chapter-break rule in force.
  public var effectiveChapterBreak: ChapterBreak {
    chapterBreak ?? (isDoubleSided ? .recto : .none)
  }
}

/// Blank space around the text area of a page, in cells (columns) and lines.
public struct Margins: Sendable, Hashable {
  /// Lines above the header.
  public var top: Int
  /// Lines below the footer.
  public var bottom: Int
  /// Columns at the spine side: left on rectos and single-sided pages, right on versos.
  public var inner: Int
  /// Columns at the outer edge.
  public var outer: Int

  /// Creates margins.
  public init(top: Int = 0, bottom: Int = 0, inner: Int = 0, outer: Int = 0) {
    self.top = max(top, 0)
    self.bottom = max(bottom, 0)
    self.inner = max(inner, 0)
    self.outer = max(outer, 0)
  }

  /// No margins.
  public static let zero = Margins()
}

/// Where chapters (level-1 headings) start.
public enum ChapterBreak: String, Sendable, Hashable, CaseIterable {
  /// Chapters flow on like any heading.
  case none
  /// Each chapter starts a new page.
  case page
  /// Each chapter starts on a recto (a blank verso is inserted when needed).
  case recto
}

/// How paragraphs are broken into lines.
public enum LineBreakStrategy: String, Sendable, Hashable, CaseIterable {
  /// As many words on each line as fit.
  case greedy
  /// Minimum raggedness over the whole paragraph (the sum of the squared trailing space of every
  /// line but the last), as GNU fmt and par aim for.
  case optimal
}

/// How link destinations appear on the page.
public enum LinkStyle: String, Sendable, Hashable, CaseIterable {
  /// A numbered note at the foot of the page where the link is cited: `text[1]`.
  case footnotes
  /// After the link text, in angle brackets: `text <https://…>`.
  case inline
  /// Only the link text.
  case none
}
