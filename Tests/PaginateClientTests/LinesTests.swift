// A log viewer, as an app would write one: it imports the `Paginate` product alone.
import Paginate
import Testing

@Suite("An app's log viewer: text kept line by line")
struct LinesTests {
  /// A log of 300 lines, a few of them wider than a page of 40 columns.
  let log = (1...300).map { number in
    "2026-11-29 14:\(number % 60 < 10 ? "0" : "")\(number % 60) request \(number)"
      + (number % 50 == 0 ? " failed after retrying three times against the upstream server" : " ok")
  }.joined(separator: "\n") + "\n"

  @Test("every line of the log is a line of a page, numbered when asked, and the reader turns pages")
  func logViewer() throws {
    var options = LayoutOptions(pageSize: PageSize(columns: 40, lines: 12))
    options.footer = ""
    options.numbersLines = true
    var reader = try PagingController(document: Document(lines: log), options: options)
    #expect(reader.currentPage.textLines.first == "    1 2026-11-29 14:01 request 1 ok")
    var numbers: [Int] = []
    repeat {
      for line in reader.currentPage.textLines {
        if let number = Int(line.prefix(6).filter { $0 != " " }) { numbers.append(number) }
        #expect(line.count <= 40)
      }
    } while reader.goForward()
    #expect(numbers == Array(1...300))
  }

  @Test("DocumentFormat.lines reads the same as Document(lines:); .text reflows")
  func formats() throws {
    let bytes = Array(log.utf8)
    #expect(try Document(bytes: bytes, format: .lines) == Document(lines: log))
    guard case .paragraph = try Document(bytes: bytes, format: .text).blocks.first?.content else {
      Issue.record("read as prose, the log is a paragraph")
      return
    }
    // The registry reads text of lines with no name as lines.
    let sniffed = try AdapterRegistry.builtIn.adapter(for: AdapterInput(bytes: bytes, name: "<stdin>"))
    #expect(sniffed.name == "lines")
  }

  @Test("a terminal's colours and a program's syntax reach the page as styles an app can draw")
  func stylesOfLines() throws {
    let coloured = "\u{1B}[33mcommit 1a2b3c\u{1B}[m\nAuthor: \u{1B}[1mAda\u{1B}[0m\n"
    let registry = AdapterRegistry([LinesAdapter(readsColours: true)])
    let document = try registry.load(AdapterInput(text: coloured, name: "log"), named: "lines").document
    let page = try PagingController(document: document, options: LayoutOptions(pageSize: PageSize(columns: 40, lines: 6)))
      .currentPage
    #expect(page.textLines.prefix(2) == ["commit 1a2b3c", "Author: Ada"])
    #expect(page.lines[0].spans.first?.style.foreground == 3)
    #expect(page.lines[1].spans.first?.style.contains(.bold) == true)

    // A program, highlighted when the library is there (it is built beside the tests).
    guard SyntaxHighlighting.unavailableReason == nil else { return }
    let program = try AdapterRegistry([LinesAdapter(highlighting: .language("python"))])
      .load(AdapterInput(text: "def greet():\n    return 'hi'\n", name: "greet"), named: "lines").document
    let listing = try PagingController(document: program, options: LayoutOptions(pageSize: PageSize(columns: 40, lines: 6)))
      .currentPage
    #expect(listing.lines[0].spans.first?.style.syntax == .keyword)
    #expect(listing.lines[1].spans.contains { $0.style.syntax == .string })
  }
}
