import PaginateLayout

/// What a key asks the pager to do.
package enum PagerCommand: Sendable, Hashable, CaseIterable {
  case forwardWindow, backWindow
  case forwardHalfWindow, backHalfWindow
  case forwardLine, backLine
  case right, left
  case first, last, percent
  case searchForward, searchBackward, nextMatch, previousMatch
  case nextFile, previousFile
  case toggleFacing, toggleDoubleSided, toggleWrapping, toggleHyphenation
  case reload, follow, repaint, help, quit
}

/// One row of the key table: the keys for a command, what the help says, and what less does
/// with the same keys. The table is the one source of the keys the pager obeys, of its help
/// screen and of the key table in the README.
package struct PagerKeyBinding: Sendable, Hashable {
  /// The keys, in the order the help lists them.
  package var keys: [Key]
  /// The keys as the help and the README show them (`Space f PgDn ^F`).
  package var label: String
  /// A key typed first: `:` for `:n`, `-` for `-f` (as in less); `nil` for a key alone.
  package var prefix: Character?
  package var command: PagerCommand
  /// What the command does, for the help screen.
  package var summary: String
  /// What less does with these keys, where it differs or adds something; empty when the same.
  package var less: String
}

/// The pager's keys, following less wherever less gives a key a meaning.
package enum PagerKeys {
  /// Every binding, in the order the help shows them.
  package static let table: [PagerKeyBinding] = [
    row([.character(" "), .character("f"), .pageDown, .control("f"), .control("v")], "Space f PgDn ^F ^V",
        .forwardWindow, "next page (a screen, in a tall page); N: N pages",
        less: "a screen down; N: N lines"),
    row([.character("b"), .character("w"), .pageUp, .control("b")], "b w PgUp ^B",
        .backWindow, "previous page (a screen, in a tall page)", less: "a screen up; N: N lines"),
    row([.character("d"), .control("d")], "d ^D", .forwardHalfWindow, "half a screen down"),
    row([.character("u"), .control("u")], "u ^U", .backHalfWindow, "half a screen up"),
    row([.character("j"), .character("e"), .down, .enter, .control("n"), .control("e"), .wheelDown],
        "j e ↓ Enter ^N ^E", .forwardLine, "a line down; N: N lines"),
    row([.character("k"), .character("y"), .up, .control("p"), .control("y"), .wheelUp],
        "k y ↑ ^P ^Y", .backLine, "a line up; N: N lines"),
    row([.right], "→", .right, "half a screen right in a wide page, else next page",
        less: "half a screen right"),
    row([.left], "←", .left, "half a screen left, else previous page", less: "half a screen left"),
    row([.character("g"), .character("<"), .home], "g < Home", .first, "first page; N g: page N",
        less: "N g: line N"),
    row([.character("G"), .character(">"), .end], "G > End", .last, "last page; N G: page N", less: "N G: line N"),
    row([.character("%"), .character("p")], "N% Np", .percent, "N percent of the way through"),
    row([.character("/")], "/pattern", .searchForward, "search forward: a regular expression (^R: words)"),
    row([.character("?")], "?pattern", .searchBackward, "search backward"),
    row([.character("n")], "n", .nextMatch, "next match; N: the N-th"),
    row([.character("N")], "N", .previousMatch, "previous match"),
    row([.character("n")], ":n", prefix: ":", .nextFile, "next file"),
    row([.character("p")], ":p", prefix: ":", .previousFile, "previous file"),
    row([.character("f")], "-f", prefix: "-", .toggleFacing, "facing pages (spreads) on or off",
        less: "-f: force open special files"),
    row([.character("d")], "-d", prefix: "-", .toggleDoubleSided, "double-sided (recto/verso) on or off",
        less: "-d: dumb terminal"),
    row([.character("w")], "-w", prefix: "-", .toggleWrapping, "wrap round from the last page to the first",
        less: "-w: highlight first new line"),
    row([.character("h")], "-h", prefix: "-", .toggleHyphenation, "hyphenation on or off (as --hyphenate)",
        less: "-h: maximum backward scroll"),
    row([.character("r"), .character("R")], "r R", .reload, "read the file again, keeping your place",
        less: "r: repaint only"),
    row([.character("F")], "F", .follow, "follow a growing file; any key stops"),
    row([.control("l")], "^L", .repaint, "repaint the screen"),
    row([.character("h"), .character("H"), .function(1)], "h H F1", .help, "this help"),
    row([.character("q"), .character("Q")], "q Q :q", .quit, "quit"),
    row([.character("q")], ":q", prefix: ":", .quit, "quit"),
  ]

  /// The command `key` stands for after `prefix` (`nil`: a key alone).
  package static func command(for key: Key, after prefix: Character? = nil) -> PagerCommand? {
    table.first { $0.prefix == prefix && $0.keys.contains(key) }?.command
  }

  /// Whether `character` starts a two-key command (`:` or `-`).
  package static func isPrefix(_ character: Character) -> Bool {
    table.contains { $0.prefix == character }
  }

  /// The rows the help and README show (one per command and prefix; `:q` is listed with `q`).
  package static var shownRows: [PagerKeyBinding] {
    table.filter { !($0.prefix == ":" && $0.command == .quit) }
  }

  /// The help screen's lines: a key column, then what each does.
  package static var helpLines: [String] {
    let width = (shownRows.map { DisplayWidth.of($0.label) }.max() ?? 0) + 3
    var lines = ["paginate browse — keys (as in less; N is a number typed first)", ""]
    for row in shownRows {
      let label = row.label
      lines.append("  " + label + String(repeating: " ", count: max(width - DisplayWidth.of(label), 1)) + row.summary)
    }
    lines += ["", "Counts: type digits, then the key (5 Space, 50%, 12g).",
              "In a prompt: Enter runs it, Esc cancels, ^U clears, ↑ ↓ recall earlier searches.",
              "A search reads the text as written: across line ends, note markers left out.",
              "Press q, h or Esc to go back; Space, b, j, k scroll this help."]
    return lines
  }

  /// The README's table of keys against less (Markdown).
  package static var markdownTable: String {
    var text = "| Keys | paginate browse | less |\n|---|---|---|\n"
    for row in shownRows {
      let keys = row.label.split(separator: " ").map { "`\($0)`" }.joined(separator: " ")
      text += "| \(keys) | \(row.summary) | \(row.less.isEmpty ? "same" : row.less) |\n"
    }
    return text
  }

  private static func row(
    _ keys: [Key], _ label: String, prefix: Character? = nil, _ command: PagerCommand, _ summary: String,
    less: String = ""
  ) -> PagerKeyBinding {
    PagerKeyBinding(keys: keys, label: label, prefix: prefix, command: command, summary: summary, less: less)
  }
}
