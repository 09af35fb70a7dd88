import PaginateLayout
import PaginatePaging

extension PagerModel {
  /// Applies a key (see ``PagerKeys/table``).
  package mutating func handle(_ key: Key) -> Action {
    message = nil
    if isFollowing {
      // Any key stops following.
      isFollowing = false
      message = "stopped following"
      return .redraw
    }
    if isBusy {
      // A key while a search or jump runs: Esc, Ctrl-C or q stop it; others are dropped.
      if key == .escape || key == .control("c") || key == .character("q") { cancelWork() }
      return .redraw
    }
    switch mode {
    case .help(let scroll):
      return handleHelp(key, scroll: scroll)
    case .search(let forward, let text):
      return handleSearchInput(key, forward: forward, text: text)
    case .prefix(let prefix):
      mode = .normal
      guard let command = PagerKeys.command(for: key, after: prefix) else {
        message = "no command \(prefix)\(Self.name(of: key))"
        return .redraw
      }
      return run(command, count: nil)
    case .number(let digits):
      if case .character(let character) = key, character.isASCII, character.isNumber {
        mode = .number(digits + String(character))
        return .redraw
      }
      mode = .normal
      if key == .escape || key == .control("c") { return .redraw }
      if key == .backspace {
        mode = digits.count > 1 ? .number(String(digits.dropLast())) : .normal
        return .redraw
      }
      guard let command = PagerKeys.command(for: key) else { return .redraw }
      return run(command, count: Int(digits.prefix(9)) ?? 0, key: key)
    case .normal:
      if case .character(let character) = key {
        if character.isASCII && character.isNumber {
          mode = .number(String(character))
          return .redraw
        }
        if PagerKeys.isPrefix(character) {
          mode = .prefix(character)
          return .redraw
        }
      }
      if key == .control("c") { return .quit }
      guard let command = PagerKeys.command(for: key) else { return .redraw }
      return run(command, count: nil, key: key)
    }
  }

  /// Carries out `command`, `count` times or with `count` as its number where it takes one.
  private mutating func run(_ command: PagerCommand, count: Int?, key: Key? = nil) -> Action {
    // The wheel moves three lines, as in less.
    let lines = count ?? (key == .wheelDown || key == .wheelUp ? 3 : 1)
    switch command {
    case .forwardWindow: forwardWindow(count: count)
    case .backWindow: backWindow(count: count)
    case .forwardHalfWindow: scrollDown(count ?? max(area / 2, 1))
    case .backHalfWindow: scrollUp(count ?? max(area / 2, 1))
    case .forwardLine: scrollDown(lines)
    case .backLine: scrollUp(lines)
    case .right: sideways(right: true)
    case .left: sideways(right: false)
    case .first, .last:
      if let count {
        startJump(to: .pageNumber(count))
      } else if command == .first {
        controller.goToFirst()
        scroll = 0
      } else {
        startJump(to: .last(follow: false))
      }
    case .percent:
      startJump(to: .fraction(Double(min(count ?? 0, 100)) / 100))
    case .searchForward: startTyping(forward: true)
    case .searchBackward: startTyping(forward: false)
    case .nextMatch: repeatSearch(reversed: false, times: count ?? 1)
    case .previousMatch: repeatSearch(reversed: true, times: count ?? 1)
    case .nextFile, .previousFile:
      let target = fileIndex + (command == .nextFile ? 1 : -1)
      guard configuration.fileNames.indices.contains(target) else {
        message = command == .nextFile ? "no next file" : "no previous file"
        return .redraw
      }
      return .open(fileIndex: target)
    case .toggleFacing:
      configuration.facing = showsSpreads ? .off : .on
      relayoutForConfiguration()
      message = showsSpreads ? "facing pages" : "single pages"
    case .toggleDoubleSided:
      configuration.options.isDoubleSided.toggle()
      relayoutForConfiguration()
      message = configuration.options.isDoubleSided ? "double-sided" : "single-sided"
    case .toggleHyphenation:
      configuration.options.hyphenates.toggle()
      relayoutForConfiguration()
      message = configuration.options.hyphenates ? "hyphenation on" : "hyphenation off"
    case .toggleWrapping:
      controller.isWrapping.toggle()
      message = controller.isWrapping ? "wrap-around on" : "wrap-around off"
    case .reload:
      return .reload
    case .follow:
      startJump(to: .last(follow: true))
    case .repaint:
      break
    case .help:
      mode = .help(scroll: 0)
    case .quit:
      return .quit
    }
    return .redraw
  }

  // MARK: Help

  private mutating func handleHelp(_ key: Key, scroll: Int) -> Action {
    let lines = PagerKeys.helpLines.count
    let page = max(rows - 1, 1)
    let last = max(lines - page, 0)
    switch PagerKeys.command(for: key) {
    case .forwardWindow?: mode = .help(scroll: min(scroll + page, last))
    case .backWindow?: mode = .help(scroll: max(scroll - page, 0))
    case .forwardLine?, .forwardHalfWindow?: mode = .help(scroll: min(scroll + 1, last))
    case .backLine?, .backHalfWindow?: mode = .help(scroll: max(scroll - 1, 0))
    default:
      // q, h, Esc and any other key go back to the document.
      mode = .normal
    }
    return .redraw
  }

  // MARK: Typing a search

  private mutating func startTyping(forward: Bool) {
    mode = .search(forward: forward, text: "")
    historyIndex = nil
  }

  private mutating func handleSearchInput(_ key: Key, forward: Bool, text: String) -> Action {
    switch key {
    case .enter:
      mode = .normal
      // An empty pattern repeats the last one, as in less.
      let query = text.isEmpty ? lastSearch?.query ?? "" : text
      guard !query.isEmpty else { return .redraw }
      if searchHistory.last != query { searchHistory.append(query) }
      if searchHistory.count > 100 { searchHistory.removeFirst() }
      lastSearch = (query, forward)
      startSearch(query, forward: forward, includingCurrent: true, times: 1)
    case .escape, .control("c"):
      mode = .normal
    case .backspace:
      if text.isEmpty { mode = .normal } else { mode = .search(forward: forward, text: String(text.dropLast())) }
    case .control("u"):
      mode = .search(forward: forward, text: "")
    case .control("r"):
      // As in less: ^R makes the pattern words rather than a regular expression (and back).
      searchOptions.isRegularExpression.toggle()
    case .up, .down:
      guard !searchHistory.isEmpty else { break }
      let index = historyIndex ?? searchHistory.count
      let next = key == .up ? max(index - 1, 0) : index + 1
      if next >= searchHistory.count {
        historyIndex = nil
        mode = .search(forward: forward, text: "")
      } else {
        historyIndex = next
        mode = .search(forward: forward, text: searchHistory[next])
      }
    case .character(let character):
      mode = .search(forward: forward, text: text + String(character))
    default:
      break
    }
    return .redraw
  }

  /// A key as the status line names it.
  static func name(of key: Key) -> String {
    switch key {
    case .character(let character): String(character)
    case .control(let character): "^" + character.uppercased()
    default: "\(key)"
    }
  }
}

extension PagerModel {
  /// Carries out a start-up command given as `+command` on the command line, as less does:
  /// `+N` page N, `+G` the last page, `+/pattern` the first match. One that lays out many
  /// pages goes on in steps (``isBusy``), as the same keys do.
  package mutating func start(with command: String) {
    if command == "G" {
      startJump(to: .last(follow: false))
    } else if command.hasPrefix("/") || command.hasPrefix("?") {
      let query = String(command.dropFirst())
      guard !query.isEmpty else { return }
      lastSearch = (query, command.hasPrefix("/"))
      searchHistory.append(query)
      startSearch(query, forward: command.hasPrefix("/"), includingCurrent: true, times: 1)
    } else if let number = Int(command) {
      startJump(to: .pageNumber(number))
    } else {
      message = "unknown start command +\(command) (+N, +G or +/pattern)"
    }
  }
}
