// A page indicator ("page 5 of about 40") as an app shows it: the estimate from page 2 on is
// within a tenth of the count, and the fraction only grows as the reader moves forward.
// Written against `import Paginate` alone.
import Foundation
import Paginate
import Testing

@Suite("An honest page count for a page indicator")
struct PageCountEstimateTests {
  /// A book of mixed blocks: chapters, sections, paragraphs short and long, lists, code, a
  /// table and quotes, in a seeded order.
  static func mixedBook() -> String {
    var state: UInt64 = 41
    func next(_ range: ClosedRange<Int>) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return range.lowerBound + Int((state >> 33) % UInt64(range.count))
    }
    let words = "the tide came in over the flats and the gulls rose from the water as the light went".split(separator: " ")
    func sentence() -> String { (0..<next(6...18)).map { _ in String(words[next(0...words.count - 1)]) }.joined(separator: " ") + "." }
    var parts: [String] = []
    for chapter in 1...8 {
      parts.append("# Chapter \(chapter)")
      for section in 1...next(2...4) {
        parts.append("## Section \(chapter).\(section)")
        for _ in 0..<next(2...6) {
          switch next(0...9) {
          case 0: parts.append((1...next(2...6)).map { _ in "- " + sentence() }.joined(separator: "\n"))
          case 1: parts.append("```\n" + (1...next(3...12)).map { "line \($0) = value(\($0))" }.joined(separator: "\n") + "\n```")
          case 2: parts.append("| a | b |\n|---|---|\n" + (1...next(2...5)).map { row in "| \(row) | \(sentence()) |" }.joined(separator: "\n"))
          case 3: parts.append("> " + (0..<next(1...3)).map { _ in sentence() }.joined(separator: " "))
          default: parts.append((0..<next(1...9)).map { _ in sentence() }.joined(separator: " "))
          }
        }
      }
    }
    return parts.joined(separator: "\n\n")
  }

  /// The estimate on each of `pages` (printed numbers from 1), and the true count.
  private func estimates(_ document: Document, _ options: LayoutOptions, on pages: [Int]) throws -> ([Int: Int], Int) {
    var reader = try PagingController(document: document, options: options)
    var seen: [Int: Int] = [:]
    for number in pages {
      let moved = reader.go(toPageAt: number - 1)
      #expect(moved)
      seen[number] = reader.estimatedPageCount
      #expect(reader.estimatedPageCount >= reader.laidOutPageCount)
    }
    var whole = reader
    _ = whole.goToLast()
    return (seen, whole.pageCount ?? 0)
  }

  @Test("a Markdown book of mixed blocks and a uniform document built in code: within 10% from page 2")
  func withinATenth() throws {
    let uniform = Document(blocks: (1...900).map { number in
      Block(.paragraph([.text("Paragraph \(number): " + String(repeating: "words of even length ", count: 9))]))
    })
    for (name, document, size) in [
      ("mixed book", Document(markdown: Self.mixedBook()), PageSize(columns: 60, lines: 30)),
      ("mixed book, narrow", Document(markdown: Self.mixedBook()), PageSize(columns: 40, lines: 20)),
      ("uniform", uniform, PageSize(columns: 50, lines: 24)),
    ] {
      let (seen, count) = try estimates(document, LayoutOptions(pageSize: size), on: [1, 2, 5, 10])
      #expect(count > 10, "\(name): \(count) pages")
      for number in [2, 5, 10] {
        let estimate = try #require(seen[number])
        let error = abs(Double(estimate - count)) / Double(count)
        #expect(error <= 0.10, "\(name): page \(number) estimates \(estimate) of \(count)")
      }
    }
  }

  @Test("the fraction for a page indicator only grows as the reader moves forward; exact at the end")
  func monotoneFraction() throws {
    var reader = try PagingController(
      document: Document(markdown: Self.mixedBook()), options: LayoutOptions(pageSize: PageSize(columns: 60, lines: 30)))
    var last = -1.0
    repeat {
      let fraction = reader.position.fraction
      #expect(fraction >= last, "page \(reader.currentPage.number): \(fraction) after \(last)")
      last = fraction
    } while reader.goForward()
    #expect(reader.estimatedPageCount == reader.pageCount)
  }

  /// Documents people page through: the sample documents and two READMEs of the fixtures.
  static let realDocuments = [
    "SampleDocs/guide.md", "SampleDocs/github.md", "SampleDocs/languages.md",
    "Tests/Fixtures/READMEs/grdb.md", "Tests/Fixtures/READMEs/swift-nio.md",
  ]

  @Test(
    "real documents at 60x30: the estimate on pages 1, 2, 5 and 10 (printed: the table of Benchmarks/README.md), within a third from page 2 for ten pages or more"
  )
  func realDocumentsTable() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let options = LayoutOptions(pageSize: PageSize(columns: 60, lines: 30))
    for path in Self.realDocuments {
      let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
      // The count from a reader of its own: copies share their layout, and with it the end.
      var whole = try PagingController(document: Document(markdown: text), options: options)
      _ = whole.goToLast()
      let count = try #require(whole.pageCount)
      var row = "| \(path) |"
      for number in [1, 2, 5, 10] {
        var reader = try PagingController(document: Document(markdown: text), options: options)
        guard number <= count, reader.go(toPageAt: number - 1) else {
          row += " – |"
          continue
        }
        let estimate = reader.estimatedPageCount
        #expect(estimate >= reader.laidOutPageCount)
        let error = Double(estimate - count) / Double(count)
        row += " \(estimate) (\(error >= 0 ? "+" : "−")\(Int((abs(error) * 100).rounded()))%) |"
        if number >= 2 && count >= 10 {
          #expect(abs(error) <= 1.0 / 3, "\(path): page \(number) estimates \(estimate) of \(count)")
        }
      }
      print(row + " \(count) |")
    }
  }
}
