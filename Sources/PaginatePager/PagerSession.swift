import PaginateLayout
package import PaginateModel
import PaginateRender
import PaginateSystem

/// Runs the pager on the terminal: reads keys, feeds them to the model, draws its screen.
package enum PagerSession {
  /// How the terminal is used.
  package struct Settings: Sendable {
    /// Whether styles may use colour (off for `NO_COLOR` and `--color never`: bold,
    /// underline and reverse video only).
    package var usesColour: Bool
    /// Whether the mouse wheel scrolls (which stops the terminal selecting text with the mouse
    /// unless Shift is held).
    package var capturesMouse: Bool
    /// Whether link text is a hyperlink (OSC 8) the terminal can open.
    package var makesHyperlinks: Bool

    /// Creates settings.
    package init(usesColour: Bool = true, capturesMouse: Bool = false, makesHyperlinks: Bool = true) {
      self.usesColour = usesColour
      self.capturesMouse = capturesMouse
      self.makesHyperlinks = makesHyperlinks
    }
  }

  /// Why a file could not be read: one line for the status line.
  package struct LoadFailure: Error, Sendable {
    package var message: String
    package init(_ message: String) { self.message = message }
  }

  /// What takes the terminal for the pager: the alternate screen, cleared, the cursor hidden.
  static let enterSequence = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[H\u{1B}[2J"
  /// What makes the mouse wheel send keys (SGR mouse reports).
  static let mouseOnSequence = "\u{1B}[?1000h\u{1B}[?1006h"
  /// What gives the terminal back: the mouse released, styles reset, the cursor shown, the
  /// screen the pager was started from.
  static let leaveSequence = "\u{1B}[?1000l\u{1B}[?1006l\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"

  /// Takes the terminal for the pager: raw mode and its screen, given back at the end, at exit,
  /// on a signal or a crash, and around Ctrl-Z. `false` when there is no terminal.
  package static func takeTerminal(mouse: Bool) -> Bool {
    Terminal.begin(enter: mouse ? enterSequence + mouseOnSequence : enterSequence, leave: leaveSequence)
  }

  /// Whether there is a terminal to page on.
  package static var hasTerminal: Bool {
    FileDescriptor.standardOutput.isTerminal
  }

  /// Shows `model` until the reader quits. `load` reads file `index` of the model's
  /// ``PagerModel/Configuration/fileNames`` (again, for r and F; for the first time, for :n).
  /// `startCommand` (`G`, `/pattern`, a page number) runs once the pages fit the terminal, as
  /// less runs `+command`.
  ///
  /// - Returns: `false` when no terminal could be opened.
  package static func run(
    _ model: inout PagerModel, settings: Settings = Settings(), startCommand: String? = nil,
    load: (Int) -> Result<DocumentReader, LoadFailure>
  ) -> Bool {
    guard takeTerminal(mouse: settings.capturesMouse) else { return false }
    // Ctrl-C is a key here, as in less: it stops a search or a jump, and the pager then
    // ends as with q, not killed by the signal (which would also end the shell's command
    // line the pager was started from).
    Terminal.catchInterrupt(true)
    defer {
      Terminal.catchInterrupt(false)
      Terminal.restore()
    }
    let renderer = TextRenderer(
      usesANSI: true, usesColour: settings.usesColour, makesHyperlinks: settings.makesHyperlinks)
    var size = Terminal.size()
    model.resize(columns: size.columns, rows: size.rows)
    var decoder = KeyDecoder()
    /// Takes the terminal's new size, if it changed (its signal wakes the wait for keys).
    func takeResize() -> Bool {
      guard Terminal.takeResize() else { return false }
      size = Terminal.size()
      model.resize(columns: size.columns, rows: size.rows)
      return true
    }
    if let startCommand {
      model.start(with: startCommand)
      if model.isBusy { work(&model, renderer: renderer, decoder: &decoder) }
      _ = takeResize()
    }
    draw(model, renderer)
    loop: while true {
      // Following a file: read it again every second until a key comes.
      let bytes = Terminal.read(timeout: model.isFollowing ? 1000 : -1)
      var keys = decoder.feed(bytes)
      if Terminal.takeInterrupt() { keys.append(.control("c")) }
      if !bytes.isEmpty && bytes.last == 0x1B {
        // A lone ESC: wait briefly for the rest of a sequence, else it is the Escape key.
        let more = Terminal.read(timeout: 40)
        keys += more.isEmpty ? decoder.flush() : decoder.feed(more)
      }
      var changed = takeResize()
      if model.isFollowing && keys.isEmpty && !changed {
        switch load(model.fileIndex) {
        case .success(let source): model.followed(source)
        case .failure(let failure): model.loadFailed(failure.message)
        }
        changed = true
      }
      for key in keys {
        switch model.handle(key) {
        case .quit: break loop
        case .redraw: changed = true
        case .reload:
          switch load(model.fileIndex) {
          case .success(let source): model.reload(source)
          case .failure(let failure): model.loadFailed(failure.message)
          }
          changed = true
        case .open(let index):
          switch load(index) {
          case .success(let source): model.open(source, fileIndex: index)
          case .failure(let failure): model.loadFailed(failure.message)
          }
          changed = true
        }
        if model.isBusy {
          work(&model, renderer: renderer, decoder: &decoder)
          // A resize while it went on (the work's reads took its wake-up).
          _ = takeResize()
          changed = true
        }
      }
      if changed { draw(model, renderer) }
    }
    return true
  }

  /// Takes a search or a jump on in steps, showing its progress about ten times a second,
  /// until it ends or the reader stops it (Esc, q, or Ctrl-C, which does not end the pager
  /// meanwhile). A resize meanwhile is taken once it ends; keys typed after the last step
  /// are left for the pager to read.
  private static func work(_ model: inout PagerModel, renderer: TextRenderer, decoder: inout KeyDecoder) {
    // A Ctrl-C that comes as the work ends has done its job: it does not quit the pager too.
    defer { _ = Terminal.takeInterrupt() }
    var lastDraw = ContinuousClock.now
    while model.isBusy {
      model.continueWork(pageLimit: 20)
      if Terminal.takeInterrupt() {
        model.cancelWork()
        break
      }
      guard model.isBusy else { break }
      let bytes = Terminal.read(timeout: 0)
      var keys = decoder.feed(bytes)
      if bytes.last == 0x1B { keys += decoder.flush() }
      for key in keys { _ = model.handle(key) }
      let now = ContinuousClock.now
      if model.isBusy && now - lastDraw >= .milliseconds(100) {
        draw(model, renderer)
        lastDraw = now
      }
    }
  }

  private static func draw(_ model: PagerModel, _ renderer: TextRenderer) {
    var bytes = Array("\u{1B}[H".utf8)
    let lines = model.screen()
    let links = renderer.makesHyperlinks ? model.screenLinks : []
    for (index, line) in lines.enumerated() {
      var rendered: [UInt8] = []
      renderer.render(line, links: links, into: &rendered)
      rendered.removeLast()  // the newline: the cursor must not scroll past the last row
      bytes += rendered
      bytes += Array("\u{1B}[K".utf8)
      if index < lines.count - 1 { bytes += [0x0D, 0x0A] }
    }
    Terminal.write(&bytes)
  }
}
