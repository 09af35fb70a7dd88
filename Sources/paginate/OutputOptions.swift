import ArgumentParser
import PaginateSystem

/// What the environment says about the terminal standard output goes to.
enum OutputTerminal {
  /// Whether `NO_COLOR` is set and not empty.
  static var forbidsColour: Bool {
    !(CurrentProcess.environment("NO_COLOR") ?? "").isEmpty
  }

  /// Whether standard output is a terminal that is not `TERM=dumb`.
  static var isCapable: Bool {
    CurrentProcess.environment("TERM") != "dumb" && FileDescriptor.standardOutput.isTerminal
  }
}

/// When to use colour and styles on standard output.
enum ColorChoice: String, CaseIterable, ExpressibleByArgument {
  case auto
  case always
  case never

  /// Whether to write ANSI styles: `always`, or `auto` when stdout is a terminal, `NO_COLOR`
  /// is unset or empty, and `TERM` is not `dumb`.
  var usesANSI: Bool {
    switch self {
    case .always: true
    case .never: false
    case .auto: !OutputTerminal.forbidsColour && OutputTerminal.isCapable
    }
  }

  /// Whether the pager may use colour: `always`, or `auto` when `NO_COLOR` is unset or empty.
  /// (The pager always styles: without colour it uses bold, underline and reverse video.)
  var allowsColourInPager: Bool {
    switch self {
    case .always: true
    case .never: false
    case .auto: !OutputTerminal.forbidsColour
    }
  }
}

/// When link text is a hyperlink (OSC 8) on the terminal.
enum HyperlinkChoice: String, CaseIterable, ExpressibleByArgument {
  case auto
  case always
  case never

  /// Whether printed output makes links: `always`, or `auto` when stdout is a terminal and
  /// `TERM` is not `dumb` (terminals that do not know OSC 8 ignore it).
  var makesLinks: Bool {
    switch self {
    case .always: true
    case .never: false
    case .auto: OutputTerminal.isCapable
    }
  }
}

/// When printed pages are separated by form feeds.
enum FormFeedChoice: String, CaseIterable, ExpressibleByArgument {
  case auto
  case always
  case never

  /// Whether to write form feeds: `always`, or `auto` when the output carries no ANSI styles
  /// (styles are for a terminal or `less -R`, which show a form feed as `^L`; plain text is
  /// for `lpr` and `pr`, which page at it).
  func separatesPages(styled: Bool) -> Bool {
    switch self {
    case .always: true
    case .never: false
    case .auto: !styled
    }
  }
}

/// Options about the output.
struct OutputOptions: ParsableArguments {
  @Option(help: ArgumentHelp("Styles on the terminal: auto, always or never (NO_COLOR is honoured).", valueName: "when"))
  var color: ColorChoice = .auto

  @Option(
    help: ArgumentHelp(
      "Link text clickable on the terminal (OSC 8; http, https and mailto only): auto, always or never.",
      valueName: "when"))
  var hyperlinks: HyperlinkChoice = .auto

  @Option(
    help: ArgumentHelp(
      "Form feeds between printed pages: auto (not with styles, for a pager such as less -R), always or never.",
      valueName: "when"))
  var formFeeds: FormFeedChoice = .auto
}
