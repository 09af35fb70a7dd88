import Foundation
import Testing

/// `Examples/Reader`, the minimal reader the article "Building a reader" walks through.
@Suite("The reader example")
struct ReaderExampleTests {
  @Test("it pages through a file: turns, jumps, searches and shows spreads")
  func pagesThrough() throws {
    let commands = "n\np\n4\n/logbook\nf\nn\nx\nG\nq\n"
    let result = try Executable.runProduct("ReaderExample", ["SampleDocs/guide.md"], stdin: Data(commands.utf8))
    #expect(result.status == 0)
    let status = result.stdout.split(separator: "\n").filter { $0.hasPrefix("-- ") }
    // The share of the file read by the end of page 1 (as less shows the bottom line's).
    let firstShare = status.first.flatMap { $0.split(separator: " ").last { $0.hasSuffix("%") } }.flatMap { Int($0.dropLast()) }
    #expect(status.first?.hasPrefix("-- 1 of ? · ") == true && (firstShare ?? 100) < 20, "\(status.first ?? "")")
    // n, p, 4, /logbook (the next page that has it), f (spreads: the same page), n (the
    // next spread), a command it does not know (nothing changed: Observation asks for no
    // redraw), G (the last page, laid out in steps), then q.
    let numbers = status.map { $0.split(separator: " ")[1] }
    #expect(numbers.dropLast() == ["1", "2", "1", "4", "13", "13", "14"])
    let last = try #require(status.last?.split(separator: " "))
    #expect(last.count > 3 && last[1] == last[3] && last[2] == "of", "\(status.last ?? "")")
    #expect(result.stdout.contains("(turned to page 2)"))
    #expect(result.stdout.contains("(turned to page 14-15)"))
    #expect(result.stdout.contains("(commands: n p NUMBER /WORDS G f q)"))
    // The first page is 50 columns wide and 16 lines tall; a spread is two pages and a gutter.
    let firstPage = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).prefix(16)
    #expect(firstPage.first == "Tidewatch User Guide")
    #expect(firstPage.allSatisfy { $0.count <= 50 })
    #expect(result.stdout.split(separator: "\n").contains { $0.count > 100 && $0.contains("│") })
  }

  @Test("--print: several files as one book, numbered across them, {pages} counting the whole")
  func printsBook() throws {
    let result = try Executable.runProduct(
      "ReaderExample", ["--print", "SampleDocs/guide.md", "SampleDocs/windows.txt"], stdin: Data())
    #expect(result.status == 0, "\(result.stderr)")
    let pages = result.stdout.split(separator: "\u{0C}", omittingEmptySubsequences: false)
    #expect(pages.count > 5)
    for (index, page) in pages.enumerated() {
      let lines = page.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
      #expect(lines.count == 16)
      #expect(lines.last?.hasSuffix("\(index + 1) of \(pages.count)") == true, "\(lines.last ?? "")")
    }
    // The second file starts a page of its own, named in its footer.
    let second = try #require(pages.firstIndex { $0.contains("windows.txt") })
    #expect(second > 0 && !pages[second - 1].contains("windows.txt"))
  }

  @Test("a file it cannot read is one line and status 1")
  func missingFile() throws {
    let result = try Executable.runProduct("ReaderExample", ["/no/such/file.md"], stdin: Data())
    #expect(result.status == 1)
    #expect(result.stdout == "reader: /no/such/file.md: no such file\n")
  }

  @Test("the article's code is the example's, line for line (so it compiles and runs here)")
  func articleMatchesExample() throws {
    let root = Executable.packageRoot
    let article = try String(
      contentsOf: root.appendingPathComponent("Sources/Paginate/Paginate.docc/BuildingAReader.md"), encoding: .utf8)
    let example = try ["main.swift", "ReaderModel.swift", "PrintBook.swift"].map {
      try String(contentsOf: root.appendingPathComponent("Examples/Reader/\($0)"), encoding: .utf8)
    }.joined(separator: "\n")
    var blocks: [String] = []
    var current: [Substring]?
    for line in article.split(separator: "\n", omittingEmptySubsequences: false) {
      if line == "```swift" {
        current = []
      } else if line == "```", let block = current {
        blocks.append(block.joined(separator: "\n"))
        current = nil
      } else {
        current?.append(line)
      }
    }
    #expect(blocks.count == 7)
    for block in blocks {
      #expect(example.contains(block), "not in Examples/Reader:\n\(block)")
    }
  }
}
