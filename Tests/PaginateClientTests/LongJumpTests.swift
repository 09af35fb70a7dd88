import Paginate
import Testing

/// A document long enough that laying it out takes many steps.
private let longDocument = Document(
  blocks: (1...6000).map { .paragraph("Paragraph \($0) is about the harbour and the boats that came back at dusk.") })

@Suite("Long jumps an app can await and cancel")
@MainActor
struct LongJumpTests {
  @Test("laying out to the end reports rising progress, moves no one, and makes goToLast immediate")
  func toTheEnd() async throws {
    var reader = try PagingController(document: longDocument, options: small)
    reader.go(toPageNumber: 3)
    var reports: [JumpProgress] = []
    try await reader.layOut(through: .end) { reports.append($0) }
    #expect(reader.currentPage.number == 3)
    let count = try #require(reader.pageCount)
    #expect(reader.laidOutPageCount == count)
    #expect(reports.count > 1)
    #expect(zip(reports, reports.dropFirst()).allSatisfy { $0.laidOutPageCount <= $1.laidOutPageCount })
    let fractions = reports.compactMap(\.fraction)
    #expect(fractions.count == reports.count && fractions.allSatisfy { (0...1).contains($0) })
    #expect(reports.last?.fraction == 1)
    reader.goToLast()
    #expect(reader.currentPage.number == count)
  }

  @Test("cancelled, the layout stops and the reader stays where it was")
  func cancelled() async throws {
    var reader = try PagingController(document: longDocument, options: small)
    reader.go(toPageNumber: 2)
    let layout = Task { @MainActor [reader] in
      var reports = 0
      try await reader.layOut(through: .end) { _ in
        reports += 1
        if reports == 2 { withUnsafeCurrentTask { $0?.cancel() } }
      }
    }
    let result = await layout.result
    #expect(throws: CancellationError.self) { try result.get() }
    #expect(reader.pageCount == nil)
    #expect(reader.currentPage.number == 2)
    // What was laid out is kept: the copy in the task shared the layout.
    #expect(reader.laidOutPageCount > 2)
  }

  @Test("other work on the actor runs between the steps")
  func staysResponsive() async throws {
    let reader = try PagingController(document: longDocument, options: small)
    var ticks = 0
    let ticker = Task { @MainActor in
      while !Task.isCancelled {
        ticks += 1
        await Task.yield()
      }
    }
    try await reader.layOut(through: .end)
    ticker.cancel()
    #expect(ticks > 1)
  }

  @Test("a fraction, a page number and a place: laid out as far as the jump needs, and no further than the end")
  func targets() async throws {
    var reader = try PagingController(document: longDocument, options: small)
    try await reader.layOut(through: .fraction(0.25))
    var laidOut = reader.laidOutPageCount
    #expect(reader.pageCount == nil)
    reader.go(toFraction: 0.25)
    #expect(reader.laidOutPageCount <= laidOut + 1)
    #expect(abs(reader.position.fraction - 0.25) < 0.02)

    try await reader.layOut(through: .pageNumber(900))
    laidOut = reader.laidOutPageCount
    let onPage900 = reader.go(toPageNumber: 900)
    #expect(onPage900)
    #expect(reader.laidOutPageCount == laidOut)

    let place = TextAnchor(block: 4000, offset: 10)
    try await reader.layOut(through: .anchor(place))
    laidOut = reader.laidOutPageCount
    let atPlace = reader.go(to: place)
    #expect(atPlace)
    #expect(reader.laidOutPageCount == laidOut)

    // Extreme targets end at the end, or at once.
    try await reader.layOut(through: .pageNumber(Int.max))
    try await reader.layOut(through: .pageNumber(Int.min))
    try await reader.layOut(through: .fraction(.nan))
    try await reader.layOut(through: .fraction(-1))
    #expect(reader.pageCount != nil)
  }

  @Test("a search in steps finds what the synchronous search finds, wrapping round, and can be cancelled")
  func search() async throws {
    var reader = try PagingController(document: longDocument, options: small, isWrapping: true)
    let expected = reader.firstMatch(of: "paragraph 5000 is", fromPageAt: 0)
    var reports = 0
    let found = try await reader.findMatch(of: "paragraph 5000 is", fromPageAt: 0) { _ in reports += 1 }
    #expect(found == expected && found != nil)
    #expect(reports > 0)
    // Backwards from page 1, round through the end.
    let fresh = try PagingController(document: longDocument, options: small, isWrapping: true)
    let back = try await fresh.findMatch(of: "paragraph 5000 is", fromPageAt: 0, forward: false)
    #expect(back?.pageIndex == expected?.pageIndex)
    #expect(try await reader.findMatch(of: "no such words anywhere", fromPageAt: 10) == nil)
    // Cancelled at once: nothing moves, CancellationError is thrown.
    let search = Task { @MainActor [reader] in
      withUnsafeCurrentTask { $0?.cancel() }
      return try await reader.findMatch(of: "paragraph 5999", fromPageAt: 0)
    }
    await #expect(throws: CancellationError.self) { try await search.value }
    if let found { reader.go(toPageAt: found.pageIndex) }
    #expect(reader.currentPage.index == found?.pageIndex)
  }
}
