#if canImport(Glibc)
  import Glibc
#endif
import PaginateLayout
public import PaginateModel
import PaginateRender

/// Runs the pager on the terminal: reads keys, feeds them to the model, draws its screen.
public enum PagerSession {
  /// Whether there is a terminal to page on.
  public static var hasTerminal: Bool {
    #if canImport(Glibc)
      return isatty(1) == 1
    #else
      return false
    #endif
  }

  /// Shows `model` until the reader quits. `reload` reads the file again (key r); `nil` when it
  /// cannot be read any more.
  ///
  /// - Returns: `false` when no terminal could be opened.
  public static func run(_ model: inout PagerModel, reload: () -> DocumentSource?) -> Bool {
    guard Terminal.begin() else { return false }
    defer { Terminal.restore() }
    var size = Terminal.size()
    model.resize(columns: size.columns, rows: size.rows)
    draw(&model)
    var decoder = KeyDecoder()
    loop: while true {
      let bytes = Terminal.read(timeout: -1)
      var keys = decoder.feed(bytes)
      if !bytes.isEmpty && bytes.last == 0x1B {
        // A lone ESC: wait briefly for the rest of a sequence, else it is the Escape key.
        let more = Terminal.read(timeout: 40)
        keys += more.isEmpty ? decoder.flush() : decoder.feed(more)
      }
      var changed = false
      if Terminal.needsResize != 0 {
        Terminal.needsResize = 0
        size = Terminal.size()
        model.resize(columns: size.columns, rows: size.rows)
        changed = true
      }
      for key in keys {
        switch model.handle(key) {
        case .quit: break loop
        case .redraw: changed = true
        case .reload:
          if let source = reload() { model.reload(source) }
          changed = true
        }
      }
      if changed { draw(&model) }
    }
    return true
  }

  private static func draw(_ model: inout PagerModel) {
    let renderer = TextRenderer(usesANSI: true)
    var bytes = Array("\u{1B}[H".utf8)
    let lines = model.screen()
    for (index, line) in lines.enumerated() {
      var rendered: [UInt8] = []
      renderer.render(line, into: &rendered)
      rendered.removeLast()  // the newline: the cursor must not scroll past the last row
      bytes += rendered
      bytes += Array("\u{1B}[K".utf8)
      if index < lines.count - 1 { bytes += [0x0D, 0x0A] }
    }
    Terminal.write(&bytes)
  }
}
