import Paginate
import Testing

/// A view model as an app writes one: main-actor state, a controller it owns, an observer that
/// updates the state and calls the model's own methods. No `assumeIsolated`, no `@unchecked`.
@MainActor
final class ReaderViewModel {
  var reader: PagingController
  private(set) var log: [String] = []
  private(set) var shownPages: [Int] = []

  init(markdown: String, options: LayoutOptions) throws {
    reader = try PagingController(document: Document(markdown: markdown), options: options)
    reader.addObserver { [weak self] event in
      self?.record(event)
    }
  }

  func record(_ event: PagingEvent) {
    switch event {
    case .willTransition(let turn): log.append("will \(turn.from)->\(turn.to)")
    case .didTransition(let turn, let completed): log.append("did \(turn.from)->\(turn.to) \(completed)")
    case .didJump(let jump): log.append("jump \(jump.from)->\(jump.to)")
    case .didRelayout(let relayout): log.append("relayout \(relayout.from)->\(relayout.to)")
    case .didChangeContent(let change, let moved): log.append("edit \(change.removed) \(moved.from)->\(moved.to)")
    }
    shownPages = event.transition.pendingPages.map(\.number)
  }

  func next() { reader.goForward() }
  func previous() { reader.goBack() }
}

@Suite("Observers, as an app uses them")
struct ObserverTests {
  @Test("a @MainActor view model observes its controller and updates its own state in the callback")
  @MainActor
  func mainActorViewModel() throws {
    let model = try ReaderViewModel(markdown: story, options: small)
    model.next()
    model.next()
    model.previous()
    #expect(model.log == ["will 0->1", "did 0->1 true", "will 1->2", "did 1->2 true", "will 2->1", "did 2->1 true"])
    #expect(model.shownPages == [2])
    // Jumps are silent to the transition observers: a separate event says what changed.
    model.reader.go(toPageNumber: 5)
    #expect(model.log.last == "jump 1->4")
    model.reader.go(toPageNumber: 1, asTransition: true)
    #expect(Array(model.log.suffix(2)) == ["will 4->0", "did 4->0 true"])
    model.reader.setFacing(FacingOptions())
    #expect(model.log.last == "relayout 0->0")
    #expect(model.shownPages == [1])
  }

  @Test("a setter cannot learn the caller's actor: its event reaches a main-actor observer in a task, in order")
  @MainActor
  func setterEvents() async throws {
    let model = try ReaderViewModel(markdown: story, options: small)
    model.reader.facing = FacingOptions()
    model.reader.options.pageSize = PageSize(columns: 30, lines: 10)
    for _ in 0..<200 where model.log.count < 2 { try await Task.sleep(for: .milliseconds(5)) }
    #expect(model.log == ["relayout 0->0", "relayout 0->0"])
  }

  @Test("events carry the pages involved: those shown before and those shown after")
  @MainActor
  func eventsCarryPages() throws {
    var reader = try PagingController(document: Document(markdown: story), options: small, facing: FacingOptions())
    var events: [PagingEvent] = []
    reader.addObserver { events.append($0) }
    reader.goForward()
    guard case .willTransition(let turn) = events.first else {
      Issue.record("no willTransition: \(events)")
      return
    }
    #expect(turn.previousPages.map(\.number) == [1])
    #expect(turn.pendingPages.map(\.number) == [2, 3])
    #expect(turn.pendingPages == reader.currentSpread?.pages)
  }

  @Test("driven from another task, a main-actor observer hears every event, in order, on the main actor")
  @MainActor
  func deliveredOnItsActor() async throws {
    let model = try ReaderViewModel(markdown: story, options: small)
    let reader = model.reader
    // The controller goes to a task off the main actor; the observer stays on it.
    let moved = await Task.detached {
      var reader = reader
      for _ in 0..<3 { reader.goForward() }
      return reader.currentPage.number
    }.value
    #expect(moved == 4)
    for _ in 0..<200 where model.log.count < 6 { try await Task.sleep(for: .milliseconds(5)) }
    #expect(model.log == ["will 0->1", "did 0->1 true", "will 1->2", "did 1->2 true", "will 2->3", "did 2->3 true"])
  }

  @Test("an AsyncStream of events")
  func asyncStream() async throws {
    var reader = try PagingController(document: Document(markdown: story), options: small)
    let events = reader.events()
    reader.goForward()
    reader.goToLast()
    var seen: [String] = []
    for await event in events {
      switch event {
      case .willTransition: seen.append("will")
      case .didTransition(_, let completed): seen.append("did \(completed)")
      case .didJump(let jump): seen.append("jump to \(jump.to)")
      case .didRelayout: seen.append("relayout")
      case .didChangeContent: seen.append("edit")
      }
      if seen.count == 3 { break }
    }
    #expect(seen == ["will", "did true", "jump to \(reader.currentIndex)"])
  }

  @Test("copies: a copy carries the observers, a scratch copy tells no one and shares the layout")
  @MainActor
  func copies() throws {
    var reader = try PagingController(document: Document(markdown: story), options: small)
    var heard: [String] = []
    reader.addObserver { event in
      if case .didTransition(let turn, completed: true) = event { heard.append("reader \(turn.to)") }
    }
    var copy = reader
    copy.goForward()
    #expect(heard == ["reader 1"])  // part of the value, as a closure property is
    var scratch = reader.withoutObservers
    scratch.goToLast()
    scratch.goBack()
    #expect(heard == ["reader 1"])
    #expect(reader.currentPage.index == 0)
    #expect(reader.pageCount == scratch.pageCount && reader.pageCount != nil)  // one layout
    scratch.addObserver { _ in heard.append("scratch") }
    reader.goForward()
    #expect(heard == ["reader 1", "reader 1"])
    scratch.goToFirst()
    #expect(heard.last == "scratch")
  }

  @Test("a removed observer hears nothing more, in any copy")
  @MainActor
  func removal() throws {
    var reader = try PagingController(document: Document(markdown: story), options: small)
    var count = 0
    let token = reader.addObserver { _ in count += 1 }
    var copy = reader
    reader.goForward()
    #expect(count == 2)
    reader.removeObserver(token)
    reader.goForward()
    copy.goForward()
    #expect(count == 2)
  }
}

@Suite("Interactive transitions")
struct InteractiveTransitionTests {
  @Test("begin, update, cancel: the reader stays and observers hear completed: false")
  @MainActor
  func cancel() throws {
    var reader = try PagingController(document: Document(markdown: story), options: small)
    reader.go(toPageNumber: 3)
    var events: [PagingEvent] = []
    reader.addObserver { events.append($0) }
    let begun = reader.beginTransition(.forward)
    #expect(begun)
    #expect(reader.pendingTransition?.pendingPages.map(\.number) == [4])
    reader.updateTransition(progress: 0.35)
    #expect(abs(reader.displayPosition - 2.35) < 1e-9)
    let cancelled = reader.cancelTransition()
    #expect(cancelled)
    #expect(reader.currentPage.number == 3)
    #expect(reader.displayPosition == 2)
    #expect(reader.pendingTransition == nil)
    guard events.count == 2, case .willTransition(let will) = events[0], case .didTransition(let did, let completed) = events[1]
    else {
      Issue.record("unexpected events \(events)")
      return
    }
    #expect(will == did)
    #expect(!completed)
  }

  @Test("begin, update, finish: the reader moves, and the display position runs from N to N+1")
  @MainActor
  func finish() throws {
    var reader = try PagingController(document: Document(markdown: story), options: small, facing: FacingOptions())
    reader.goForward()  // spread 1: pages 2 and 3
    var completions: [Bool] = []
    reader.addObserver { event in
      if case .didTransition(_, let completed) = event { completions.append(completed) }
    }
    let begun = reader.beginTransition(.forward)
    #expect(begun)
    var positions: [Double] = []
    for step in 0...4 {
      reader.updateTransition(progress: Double(step) / 4)
      positions.append(reader.displayPosition)
    }
    #expect(positions == [1, 1.25, 1.5, 1.75, 2])
    let finished = reader.finishTransition()
    #expect(finished)
    #expect(reader.currentSpread?.pages.map(\.number) == [4, 5])
    #expect(reader.displayPosition == 2)
    #expect(completions == [true])
    // Backwards, the position runs down.
    let begunBack = reader.beginTransition(.backward)
    #expect(begunBack)
    reader.updateTransition(progress: 0.5)
    #expect(reader.displayPosition == 1.5)
    // Another move cancels the turn under way first.
    reader.goForward()
    #expect(completions == [true, false, true])
    #expect(reader.currentSpread?.pages.map(\.number) == [6, 7])
  }

  @Test("no turn past the end; finish and cancel without one do nothing")
  func ends() throws {
    var reader = try PagingController(document: Document(markdown: story), options: small)
    // At the start: no turn backwards, and nothing to finish or cancel.
    let atStart = (reader.beginTransition(.backward), reader.finishTransition(), reader.cancelTransition())
    #expect(atStart == (false, false, false))
    reader.goToLast()
    let pastEnd = reader.beginTransition(.forward)
    #expect(!pastEnd)
    reader.isWrapping = true
    let wrapped = (reader.beginTransition(.forward), reader.finishTransition())
    #expect(wrapped == (true, true))
    #expect(reader.currentIndex == 0)
  }
}

