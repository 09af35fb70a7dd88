// Numbers an app passes on from its user (a page typed in a field, a slider's value): every
// public entry point that takes a page number, index, count, fraction or size answers nil,
// false or a typed error, and never traps. Written against `import Paginate` alone.
import Paginate
import Testing

/// A small seeded generator, so that a failure names a seed that repeats it.
private struct Seeded: RandomNumberGenerator {
  var state: UInt64
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// The extremes, the edges of a small document, and random numbers of every size.
private func numbers(seed: UInt64) -> [Int] {
  var random = Seeded(state: seed)
  var values = [Int.min, Int.min + 1, -1_000_000, -2, -1, 0, 1, 2, 3, 7, 1_000_000, Int.max - 1, Int.max]
  for _ in 0..<24 {
    let bits = Int.random(in: 1...63, using: &random)
    let magnitude = Int.random(in: 0...(Int.max >> (63 - bits)), using: &random)  // below 2^bits
    values.append(Bool.random(using: &random) ? magnitude : -magnitude)
  }
  return values
}

private let fractions: [Double] = [
  -.infinity, -.greatestFiniteMagnitude, -1, -.leastNonzeroMagnitude, 0, 0.5, 1, 1.5, .greatestFiniteMagnitude,
  .infinity, .nan, .signalingNaN,
]

@Suite("No trap from any number an app passes")
struct ExtremeArgumentTests {
  private let document = Document(
    markdown: (1...12).map { "# Part \($0)\n\n" + String(repeating: "Words of the part, told at length. ", count: 30) }
      .joined(separator: "\n\n"))

  private func reader(facing: Bool = false) throws -> PagingController {
    var options = LayoutOptions(pageSize: PageSize(columns: 40, lines: 16))
    options.firstPageNumber = 3
    return try PagingController(
      document: document, options: options, facing: facing ? FacingOptions() : nil, isWrapping: facing)
  }

  @Test("page numbers and indices, spreads, source lines and searches: a page, nil or false", arguments: [1, 2, 3] as [UInt64])
  func indices(seed: UInt64) throws {
    for facing in [false, true] {
      var reader = try reader(facing: facing)
      let count = reader.pageCount ?? 0
      for value in numbers(seed: seed) {
        let page = reader.page(at: value)
        #expect(page == nil || page?.index == value, "page(at: \(value))")
        #expect(page != nil || value < 0 || value >= (reader.pageCount ?? 0), "page(at: \(value))")
        let numbered = reader.page(number: value)
        #expect(numbered == nil || numbered?.number == value, "page(number: \(value))")
        _ = reader.spread(at: value)
        _ = reader.matches(of: "part", startingOnPageAt: value)
        _ = reader.matches(of: "part", onPageAt: value)
        let before = reader.currentPage.index
        if !reader.go(toPageAt: value) { #expect(reader.currentPage.index == before, "go(toPageAt: \(value))") }
        if !reader.go(toPageNumber: value) { #expect(reader.currentPage.index == before || reader.currentPage.index == value) }
        _ = reader.go(toSourceLine: value)
        _ = reader.pageIndex(of: TextAnchor(block: value, offset: value))
        _ = reader.go(to: TextAnchor(block: value, offset: 0 &- value &- 1))
      }
      #expect((reader.pageCount ?? count) >= 0)
    }
  }

  @Test("fractions and transition progress: NaN, infinities, the largest numbers")
  func fractionsAndProgress() throws {
    var reader = try reader()
    for fraction in fractions {
      _ = reader.go(toFraction: fraction)
      #expect(reader.currentPage.index >= 0)
      if reader.beginTransition(.forward) {
        reader.updateTransition(progress: fraction)
        _ = reader.finishTransition()
      }
    }
  }

  @Test("long jumps and searches in steps, to any page, place or fraction: they end, and move no one")
  func stepsToAnyTarget() async throws {
    for facing in [false, true] {
      for value in numbers(seed: 5) {
        let reader = try reader(facing: facing)
        try await reader.layOut(through: .pageNumber(value))
        try await reader.layOut(through: .anchor(TextAnchor(block: value, offset: 0 &- value)))
        for forward in [true, false] {
          let match = try await reader.findMatch(of: "part", fromPageAt: value, forward: forward)
          #expect(match.map { reader.page(at: $0.pageIndex) != nil } ?? true, "findMatch from \(value)")
        }
        #expect(reader.currentPage.index == 0)
      }
      for fraction in fractions {
        let reader = try reader(facing: facing)
        try await reader.layOut(through: .fraction(fraction))
        #expect(reader.currentPage.index == 0)
      }
    }
  }

  @Test("edits at any index or range: a typed error, nothing changed")
  func edits() throws {
    var reader = try reader()
    let blocks = document.blocks.count
    for value in numbers(seed: 4) where !(0...blocks).contains(value) {
      #expect(throws: PagingError.self) { try reader.insert([Block(.paragraph([.text("x")]))], at: value) }
      let range = value < 0 ? value..<0 : blocks..<value
      if !range.isEmpty || value < 0 {
        #expect(throws: PagingError.self) { try reader.remove(blocksIn: range) }
      }
    }
    #expect(throws: PagingError.self) { try reader.remove(blocksIn: Int.min..<Int.max) }
    let moved = reader.go(toPageAt: 0)
    #expect(moved)
  }

  @Test("page sizes and layout numbers of any value: a LayoutError, not a trap")
  func sizes() {
    for columns in [Int.min, -1, 0, 1, 2, Int.max] {
      for lines in [Int.min, -1, 0, 1, 3, Int.max] {
        var options = LayoutOptions(pageSize: PageSize(columns: columns, lines: lines))
        options.firstPageNumber = Int.max
        if let reader = try? PagingController(document: document, options: options) {
          _ = reader.page(number: Int.min)
          _ = reader.page(at: 1)
        }
      }
    }
    for value in [Int.min, -1, 0, Int.max] {
      var options = LayoutOptions(pageSize: PageSize(columns: 40, lines: 16))
      options.tabWidth = value
      options.widowLines = value
      options.orphanLines = value
      options.firstPageNumber = value
      _ = try? PagingController(document: document, options: options).page(number: value)
    }
  }
}

@Suite("The DocC's examples, as written")
struct DocCExampleTests {
  @Test("TextAnchor's: a place kept through a new page size is on the page shown")
  func anchorExample() throws {
    let document = Document(
      markdown: (1...40).map { "Paragraph \($0): " + String(repeating: "words told at length ", count: 12) }
        .joined(separator: "\n\n"))
    var reader = try PagingController(document: document, options: LayoutOptions(pageSize: PageSize(columns: 40, lines: 20)))
    let moved = reader.go(toPageAt: 9)
    #expect(moved)
    let place = reader.currentAnchor!
    reader.options.pageSize = PageSize(columns: 60, lines: 20)
    #expect(reader.pageIndex(of: place) == reader.currentPage.index)
  }
}
