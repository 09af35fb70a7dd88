// A minimal reader built on the paginate library: the pages of a file, turned with commands
// read a line at a time (a terminal app would read keys; the calls are the same).
//
//   swift run ReaderExample SampleDocs/guide.md
//   n or Enter: next · p: previous · NUMBER: go to page · /WORDS: search · f: facing · q: quit
import Paginate

#if canImport(Glibc)
  import Glibc
#endif

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

// Observers run on the caller's actor: here, the main actor of this top-level code.
reader.addObserver { event in
  if case .didTransition(let turn, completed: true) = event {
    print("(turned to page \(turn.pendingPages.map { String($0.number) }.joined(separator: "-")))")
  }
}

/// Prints the page or spread shown, then where the reader is.
@MainActor func show() {
  let lines =
    reader.currentSpread?.lines(pageSize: reader.options.pageSize, gutter: 4)
    ?? reader.currentPage.lines
  for line in lines { print(line.text) }
  print("-- \(reader.position) · \(Int(reader.position.fraction * 100))% --")
}

show()
while let command = readLine(), command != "q" {
  switch command {
  case "", "n":
    if !reader.goForward() { print("(the end)") }
  case "p":
    if !reader.goBack() { print("(the start)") }
  case "f":
    reader.setFacing(reader.facing == nil ? FacingOptions() : nil)
  case let query where query.hasPrefix("/"):
    if reader.goToNextMatch(of: String(query.dropFirst()), includingCurrent: true) == nil {
      print("(not found)")
    }
  default:
    if let number = Int(command), reader.go(toPageNumber: number) {
      break
    }
    print("(commands: n p NUMBER /WORDS f q)")
  }
  show()
}
