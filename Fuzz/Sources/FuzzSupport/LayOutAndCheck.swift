public import PaginateLayout
public import PaginateModel

/// Lays `document` out and checks the geometry of its first `maxPages` pages: the shared
/// second half of the fuzz targets. By default the page is small, with a footer.
public func layOutAndCheck(_ document: Document, options: LayoutOptions = smallPage, maxPages: Int = 200) {
  // Options the fuzzers pass are valid; invalid ones have nothing to check.
  guard var pages = try? PageSet(document: document, options: options) else { return }
  var index = 0
  while index < maxPages, let page = pages.page(at: index) {
    precondition(page.lines.count == options.pageSize.lines, "page height")
    precondition(page.lines.allSatisfy { $0.width <= options.pageSize.columns }, "page width")
    index += 1
  }
}

/// 24x10 with a page-number footer.
public let smallPage: LayoutOptions = {
  var options = LayoutOptions(pageSize: PageSize(columns: 24, lines: 10))
  options.footer = "|{page}|"
  return options
}()
