// A minimal reader built on the paginate library: the pages of a file, turned with commands
// read a line at a time (a terminal app would read keys; the calls are the same). The state
// lives in an @Observable model (ReaderModel.swift), and the page is shown again when
// Observation says something it showed changed, as SwiftUI would redraw a view.
//
//   swift run ReaderExample SampleDocs/guide.md
//   n or Enter: next · p: previous · NUMBER: go to page · /WORDS: search · G: last page
//   f: facing · q: quit
//
//   swift run ReaderExample --print SampleDocs/guide.md SampleDocs/windows.txt
//   prints the files as one book (PrintBook.swift).
import Observation
import Paginate
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

if CommandLine.arguments.dropFirst().first == "--print" {
  do {
    try printBook(Array(CommandLine.arguments.dropFirst(2)))
    exit(0)
  } catch {
    print("reader: \(error)")
    exit(1)
  }
}

let path = CommandLine.arguments.dropFirst().first ?? "README.md"
var reader: PagingController
do {
  let loaded = try AdapterRegistry.builtIn.loadInput(contentsOfFile: path)
  let options = LayoutOptions(pageSize: PageSize(columns: 50, lines: 16))
  reader = try PagingController(reader: loaded.reader, options: options)
} catch {
  print("reader: \(error)")
  exit(1)
}

// Observers run on the caller's actor: here, the main actor of this top-level code. They are
// part of the controller's value, so the model below takes this one with it.
reader.addObserver { event in
  if case .didTransition(let turn, completed: true) = event {
    print("(turned to page \(turn.pendingPages.map { String($0.number) }.joined(separator: "-")))")
  }
}

let model = ReaderModel(reader: reader)
/// Set when anything the page shown was drawn from changes.
let needsDisplay = Atomic(true)

/// Prints the page or spread shown, then where the reader is, and asks Observation to say
/// when anything it read changes.
@MainActor func show() {
  withObservationTracking {
    for line in model.lines { print(line) }
    print("-- \(model.status) --")
  } onChange: {
    needsDisplay.store(true, ordering: .relaxed)
  }
}

while true {
  if needsDisplay.exchange(false, ordering: .relaxed) { show() }
  guard let command = readLine(), command != "q" else { break }
  switch command {
  case "", "n":
    if !model.forward() { print("(the end)") }
  case "p":
    if !model.back() { print("(the start)") }
  case "f":
    model.toggleFacing()
  case "G":
    await model.goToEnd()
  case let query where query.hasPrefix("/"):
    if !model.search(String(query.dropFirst())) { print("(not found)") }
  default:
    if let number = Int(command), model.go(toPageNumber: number) {
      break
    }
    print("(commands: n p NUMBER /WORDS G f q)")
  }
}
