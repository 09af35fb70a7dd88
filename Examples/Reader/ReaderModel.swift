import Observation
import Paginate

/// The reader's state as a view would observe it: the controller inside an `@Observable` model,
/// so that a view (SwiftUI's, or the loop in main.swift) is redrawn when what it showed
/// changes, and the model is the reader's identity (the controller is a value it holds).
@MainActor @Observable final class ReaderModel {
  /// The controller; changed only through the model's methods.
  private(set) var reader: PagingController
  /// The last page turn's message, shown under the page.
  private(set) var lastTurn: String?
  /// How far a long jump has got, from 0 to 1; `nil` when none is going on.
  private(set) var progress: Double?

  init(reader: PagingController) {
    self.reader = reader
    // The observer runs on the main actor, where the model lives.
    self.reader.addObserver { [weak self] event in
      if case .didTransition(let turn, completed: true) = event {
        self?.lastTurn = "(turned to page \(turn.pendingPages.map { String($0.number) }.joined(separator: "-")))"
      }
    }
  }

  /// The lines of the page or spread shown.
  var lines: [String] {
    let lines = reader.currentSpread?.lines(pageSize: reader.options.pageSize, gutter: 4) ?? reader.currentPage.lines
    return lines.map(\.text)
  }

  /// Where the reader is: `1 of ? · 0%`.
  var status: String { "\(reader.position) · \(Int(reader.position.fraction * 100))%" }

  func forward() -> Bool { reader.goForward() }
  func back() -> Bool { reader.goBack() }
  func go(toPageNumber number: Int) -> Bool { reader.go(toPageNumber: number) }
  func toggleFacing() { reader.setFacing(reader.facing == nil ? FacingOptions() : nil) }
  func search(_ words: String) -> Bool { reader.goToNextMatch(of: words, includingCurrent: true) != nil }

  /// Goes to the last page, laying the document out in steps that update ``progress`` (a view
  /// shows a bar) and stop if the task is cancelled, leaving the reader where it was.
  func goToEnd() async {
    do {
      try await reader.layOut(through: .end) { self.progress = $0.fraction }
      progress = nil
      reader.goToLast()
    } catch {
      progress = nil
    }
  }
}
