public import PaginateModel
import PaginateLayout

/// Lays `document` out on a small page with a footer and checks every page's geometry: the
/// shared second half of the adapter fuzz targets.
public func layOutAndCheck(_ document: Document) {
  var options = LayoutOptions(pageSize: PageSize(columns: 24, lines: 10))
  options.footer = "|{page}|"
  var pages = PageSet(document: document, options: options)
  var index = 0
  while let page = pages.page(at: index), index < 200 {
    precondition(page.lines.count == 10, "page height")
    precondition(page.lines.allSatisfy { $0.width <= 24 }, "page width")
    index += 1
  }
}
