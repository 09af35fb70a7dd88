import Paginate
import Testing

/// In-document links as an app prints them: a first layout finds where the headings are, and
/// a second prints their page numbers, or they are written into the first's pages.
@Suite("Page references")
struct PageReferenceTests {
  static let markdown = """
    # Guide

    - [Installing](#installing)
    - [Using it](#using-it)
    - [Missing](#no-such-heading)
    - [Using it, again](#using-it-1)

    ## Installing

    \(String(repeating: "Words to fill the page with. ", count: 40))

    ## Using it

    \(String(repeating: "More words to fill the pages with. ", count: 60))

    ## Using it

    The second heading of that name, `#using-it-1` as GitHub has it.
    """

  /// Every page of a layout with `references`.
  func pages(_ options: LayoutOptions, _ references: PageReferences?) throws -> [Page] {
    var options = options
    options.pageReferences = references
    var set = try PageSet(document: Document(markdown: Self.markdown), options: options)
    return set.allPages()
  }

  @Test("laid out twice, each link names the page its heading begins on; a missing one prints ?")
  func twoLayouts() throws {
    let options = LayoutOptions(pageSize: PageSize(columns: 40, lines: 16))
    var found = PageReferences()
    let first = try pages(options, .provisional(digits: 1))
    for page in first { found.add(page) }
    #expect(first.count < 10, "one digit was the right guess")
    let second = try pages(options, found.printed(inDigits: 1))
    // Laid out the same, numbers for a guess of the same width.
    #expect(second.map(\.textLines.count) == first.map(\.textLines.count))
    var again = PageReferences()
    for page in second { again.add(page) }
    #expect(again.targets == found.targets)
    let toc = second[0].textLines.joined(separator: "\n")
    for (text, id) in [("Installing", "installing"), ("Using it", "using-it"), ("Using it, again", "using-it-1")] {
      let target = try #require(found.targets[id], "\(id)")
      #expect(toc.contains("\(text) →\u{A0}p.\u{A0}\(target.pageNumber)"), "\(toc)")
      // The heading begins on that page, at that line.
      let page = try #require(second.first { $0.number == target.pageNumber })
      #expect(page.headings.contains { $0.line == target.line && found.targets[HeadingIDs.slug($0.text)] != nil })
    }
    #expect(toc.contains("Missing →\u{A0}p.\u{A0}?"))
    // A link knows where its heading is; no in-document link became a note.
    let link = try #require(second[0].linkDestinations.first { $0.destination == "#using-it" })
    #expect(link.target == found.targets["using-it"])
    #expect(!toc.contains("#using-it"))
  }

  @Test("laid out once, the numbers written in afterwards: the pages of a second layout")
  func oneLayout() throws {
    let options = LayoutOptions(pageSize: PageSize(columns: 40, lines: 16))
    let first = try pages(options, .provisional(digits: 1))
    var found = PageReferences()
    for page in first { found.add(page) }
    var filler = PageNumberFiller()
    let filled = first.map { filler.fill($0, with: found.printed(inDigits: 1)) }
    let second = try pages(options, found.printed(inDigits: 1))
    #expect(filled == second)
    #expect(filled.map(\.linkDestinations) == second.map(\.linkDestinations))
    #expect(filled[0].textLines.joined().contains("Using it →\u{A0}p.\u{A0}\(try #require(found.targets["using-it"]).pageNumber)"))
    #expect(filler.tooWide == 0)
  }

  @Test("GitHub's ids: lowercased, punctuation dropped, spaces as hyphens, repeats numbered")
  func ids() {
    var ids = HeadingIDs()
    #expect(ids.next(for: "Combining Associations") == "combining-associations")
    #expect(ids.next(for: "C++ & Swift: 6.0!") == "c--swift-60")
    #expect(ids.next(for: "Ünïcode Straße") == "ünïcode-straße")
    #expect(ids.next(for: "snake_case and kebab-case") == "snake_case-and-kebab-case")
    #expect(ids.next(for: "Combining Associations") == "combining-associations-1")
    #expect(ids.next(for: "Combining Associations") == "combining-associations-2")
    #expect(PageReferences.fragment(of: "#%C3%BCn") == "ün")
    #expect(PageReferences.fragment(of: "https://e.org/#x") == nil)
  }
}
