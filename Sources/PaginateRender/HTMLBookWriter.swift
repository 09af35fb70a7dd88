public import PaginateLayout

/// Writes pages as one self-contained HTML file: each page a `<section class="page"
/// data-page="N">` drawn as a sheet, spreads side by side in facing mode, keyboard and click
/// navigation, and a print stylesheet that puts one page on each sheet of paper.
///
/// Safety: every piece of document text is escaped, so raw HTML from the input is shown as
/// text and never parsed; only `http`, `https` and `mailto` URLs become links (a `javascript:`
/// URL stays text); a Content-Security-Policy allows no network access and no script but the
/// file's own navigation script (by nonce).
public struct HTMLBookWriter: Sendable {
  /// The size of every page.
  public var pageSize: PageSize
  /// How pages pair into spreads, in facing mode.
  public var facing: FacingOptions?
  /// The title of the document (the `<title>`).
  public var title: String
  /// The paper the book is printed on (`@page`'s size, turned for a page wider than tall);
  /// `nil` for the browser's own, A4 or Letter, on either of which a page fits.
  public var paper: Paper?
  /// The nonce that authorises the navigation script when the book is written as a
  /// ``PageWriter``: a fresh random value for each writer.
  public var nonce = Self.freshNonce()
  /// The views written through ``write(spread:)``.
  private var viewsWritten = 0

  /// Creates a writer.
  public init(pageSize: PageSize, facing: FacingOptions? = nil, title: String, paper: Paper? = nil) {
    self.pageSize = pageSize
    self.facing = facing
    self.title = title
    self.paper = paper
  }

  /// A random value for a script nonce: 128 bits from the system's secure generator, as 32
  /// hexadecimal digits (two a byte, a leading zero kept).
  public static func freshNonce() -> String {
    var generator = SystemRandomNumberGenerator()
    let digits = Array("0123456789abcdef".utf8)
    var bytes: [UInt8] = []
    for _ in 0..<16 {
      let byte = UInt8.random(in: 0...255, using: &generator)
      bytes += [digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]]
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The HTML text for `pages`. `nonce` authorises the navigation script; pass a fresh random
  /// value for each file.
  ///
  /// To write a long book without holding its pages, write ``beginning(nonce:)``, then
  /// ``view(_:index:)`` for each group of ``views(of:)`` (a spread's pages at a time), then
  /// ``ending(nonce:)``: the same text.
  public func html(for pages: [Page], nonce: String) -> String {
    var writer = self
    var out = beginning(nonce: nonce)
    for (index, view) in views(of: pages).enumerated() { out += writer.view(view, index: index) }
    return out + ending(nonce: nonce)
  }

  /// The ids of the headings written so far, as in-document links (`#usage`) name them.
  private var headingIDs = PageReferences()

  /// The file up to the first page.
  public func beginning(nonce: String) -> String {
    """
    <!DOCTYPE html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src 'none'; script-src 'nonce-\(nonce)'">
    <meta name="generator" content="paginate">
    <title>\(Escaping.html(title))</title>
    <style>
    \(Self.stylesheet(pageSize: pageSize, paper: paper))
    </style>
    </head>
    <body data-progression="\(facing?.progression.rawValue ?? "ltr")">
    <nav aria-label="Pages">
    <button id="previous" type="button" aria-label="Previous page">‹</button>
    <span id="where" aria-live="polite"></span>
    <button id="next" type="button" aria-label="Next page">›</button>
    </nav>
    <main id="book">

    """
  }

  /// One view, the `index`th of the file: a page, or a spread's two slots (`nil` for an empty
  /// side), as ``views(of:)`` groups them. Views must be written in order: each heading gets
  /// the id in-document links name it by (`#usage`, a repeated one `#usage-1`).
  public mutating func view(_ view: [Page?], index: Int) -> String {
    var out = "<div class=\"view\(facing != nil ? " spread" : "")\" data-view=\"\(index)\"\(index == 0 ? "" : " hidden")>\n"
    for slot in view {
      if let page = slot {
        write(page, into: &out)
      } else {
        out += "<section class=\"page empty\" aria-hidden=\"true\"></section>\n"
      }
    }
    return out + "</div>\n"
  }

  /// The file after the last page.
  public func ending(nonce: String) -> String {
    """
    </main>
    <script nonce="\(nonce)">
    \(Self.script)
    </script>
    </body>
    </html>

    """
  }

  /// The pages grouped into what is shown at once: one page, or a spread of two slots.
  public func views(of pages: [Page]) -> [[Page?]] {
    guard let facing else { return pages.map { [$0] } }
    return facing.spreads(of: pages).map { [$0.left, $0.right] }
  }

  private mutating func write(_ page: Page, into out: inout String) {
    out += "<section class=\"page \(page.side.rawValue)\(page.isBlank ? " blank" : "")\""
    out += " data-page=\"\(page.number)\" aria-label=\"Page \(page.number)\"><pre>"
    let ids = headingIDs.add(page)
    var heading = 0
    for (index, line) in page.lines.enumerated() {
      if index > 0 { out += "\n" }
      // A heading's line begins with its id, for in-document links.
      while heading < page.headings.count && page.headings[heading].line == index {
        out += "<span class=\"target\" id=\""
        Escaping.html(ids[heading], into: &out)
        out += "\"></span>"
        heading += 1
      }
      write(line, links: page.linkDestinations, into: &out)
    }
    out += "</pre></section>\n"
  }

  private func write(_ line: Line, links: [Page.Link], into out: inout String) {
    let text = line.text
    let utf8 = Array(text.utf8)
    var position = 0
    func piece(_ range: Range<Int>) -> String { String(decoding: utf8[range], as: UTF8.self) }
    for span in line.spans {
      write(piece(position..<span.range.lowerBound), into: &out)
      let content = piece(span.range)
      let classes = span.style.names.map { "s-\($0)" }.joined(separator: " ")
      // A link leads to its whole destination, whatever part of it (a piece of a note's
      // wrapped URL) the span shows; a link with no destination kept, to its text when that is
      // a web or mail address.
      let link = span.style.linkID != 0 ? links.first { $0.id == span.style.linkID } : nil
      let destination = link?.destination ?? (Hyperlink.isLinkable(content) ? content : nil)
      if span.style.contains(.link), let destination, let href = Self.safeURL(destination) {
        out += "<a class=\"\(classes)\" href=\"\(Escaping.html(href))\""
        if PageReferences.isInDocument(href) {
          // The page the layout found its heading on, which the script shows (the ids of the
          // headings count the pages written, which a selection may have begun after).
          if let target = link?.target { out += " data-page=\"\(target.pageNumber)\"" }
          out += ">"
        } else {
          out += " rel=\"noopener noreferrer\">"
        }
        write(content, into: &out)
        out += "</a>"
      } else {
        out += "<span class=\"\(classes)\""
        // Colours read from the input (`--ansi`) are the palette's shades on the page.
        var colours: [String] = []
        if let foreground = span.style.foreground { colours.append("color:" + TerminalPalette.css(foreground)) }
        if let background = span.style.background { colours.append("background:" + TerminalPalette.css(background)) }
        if !colours.isEmpty { out += " style=\"\(colours.joined(separator: ";"))\"" }
        out += ">"
        write(content, into: &out)
        out += "</span>"
      }
      position = span.range.upperBound
    }
    write(piece(position..<utf8.count), into: &out)
  }

  /// Writes `text` escaped, each wide character (CJK) in a cell of exactly two columns: a
  /// font's wide glyphs are seldom exactly twice its narrow ones, and a row of them would
  /// drift out of the grid.
  private func write(_ text: String, into out: inout String) {
    guard text.utf8.contains(where: { $0 >= 0x80 }) else { return Escaping.html(text, into: &out) }
    let utf8 = Array(text.utf8)
    func piece(_ range: Range<Int>) -> String { String(decoding: utf8[range], as: UTF8.self) }
    var runStart = 0
    DisplayWidth.forEachCluster(in: text) { range, width in
      guard width == 2 else { return }
      Escaping.html(piece(runStart..<range.lowerBound), into: &out)
      out += "<span class=\"w\">"
      Escaping.html(piece(range), into: &out)
      out += "</span>"
      runStart = range.upperBound
    }
    Escaping.html(piece(runStart..<utf8.count), into: &out)
  }

  /// `destination` when it is safe to follow from a page: a web or mail address (http,
  /// https, mailto), a place in the document (`#usage`), or an address relative to the file
  /// (no scheme: `docs/guide.md`); else `nil` (a `javascript:` URL stays text).
  static func safeURL(_ destination: String) -> String? {
    guard !destination.isEmpty,
      !destination.contains(where: { $0.isWhitespace || $0 == "\"" || $0 == "<" || $0 == ">" || $0 == "\\" })
    else { return nil }
    let lowered = destination.lowercased()
    if lowered.hasPrefix("http://") || lowered.hasPrefix("https://") || lowered.hasPrefix("mailto:") {
      return destination
    }
    // A scheme is letters, digits, `+`, `-`, `.` and then a colon, before any `/`, `?` or `#`.
    let beforePath = destination.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
    guard !beforePath.contains(":") else { return nil }
    return destination
  }

  /// Printed pages have margins of 10 mm.
  static let printMargin = 10.0

  /// The font size, in millimetres, at which a page of `pageSize` prints on one sheet of
  /// `paper` (its width and height in millimetres) inside the margins. A cell is 0.602 em wide
  /// (DejaVu Sans Mono, Noto's CJK fonts at half their advance) and a line 1.25 em tall.
  static func printFontSize(pageSize: PageSize, paperWidth: Double, paperHeight: Double) -> Double {
    let byHeight = (paperHeight - 2 * printMargin) / (Double(pageSize.lines) * 1.25)
    let byWidth = (paperWidth - 2 * printMargin) / (Double(pageSize.columns) * 0.602)
    // A little under, for rounding in the browser's layout.
    return (min(byHeight, byWidth) * 0.995 * 1000).rounded(.down) / 1000
  }

  /// The `@page` size and the font size (mm) a page of `pageSize` prints at: on `paper`, turned
  /// for a page wider than tall; without one, on whichever of A4 and Letter the browser uses
  /// (a page that fits both: A4's width, Letter's height).
  static func printSize(pageSize: PageSize, paper: Paper?) -> (size: String?, fontSize: Double) {
    guard let paper else {
      return (nil, printFontSize(pageSize: pageSize, paperWidth: 210, paperHeight: 279.4))
    }
    let (width, height) = (paper.widthInMillimetres, paper.heightInMillimetres)
    let portrait = printFontSize(pageSize: pageSize, paperWidth: width, paperHeight: height)
    let landscape = printFontSize(pageSize: pageSize, paperWidth: height, paperHeight: width)
    let format = { (value: Double) in String((value * 10).rounded() / 10) }
    if landscape > portrait {
      return ("\(format(height))mm \(format(width))mm", landscape)
    }
    return ("\(format(width))mm \(format(height))mm", portrait)
  }

  static func stylesheet(pageSize: PageSize, paper: Paper? = nil) -> String {
    let print = printSize(pageSize: pageSize, paper: paper)
    return """
    :root { --columns: \(pageSize.columns); --lines: \(pageSize.lines); --line: 1.25em; }
    * { box-sizing: border-box; }
    body { margin: 0; background: #d9d6cf; color: #1d1d1b; font: 15px/1.25 "DejaVu Sans Mono", "Noto Sans Mono CJK SC", "Noto Sans Mono CJK JP", monospace; }
    nav { position: sticky; top: 0; display: flex; gap: 1em; justify-content: center; align-items: center; padding: .5em; background: #3a3935; color: #f4f1ea; z-index: 1; }
    nav button { font: inherit; font-size: 1.3em; width: 2.2em; border: 0; border-radius: 4px; background: #f4f1ea; color: #3a3935; cursor: pointer; }
    main { display: block; padding: 1em; }
    .view { display: flex; width: max-content; margin: 0 auto; gap: 0; cursor: pointer; }
    .view[hidden] { display: none; }
    .spread .page.verso, .spread .page:first-child { box-shadow: -4px 4px 12px rgba(0,0,0,.25); }
    .page { flex: none; background: #fffdf8; width: calc(var(--columns) * 1ch + 2em); height: calc(var(--lines) * var(--line) + 2em); padding: 1em; box-shadow: 0 4px 12px rgba(0,0,0,.25); overflow: hidden; }
    .spread .page + .page { border-left: 1px solid #cfcabd; }
    .page.empty, .spread .page.empty { background: transparent; box-shadow: none; }
    pre { margin: 0; font: inherit; line-height: var(--line); white-space: pre; }
    .w { display: inline-block; width: 2ch; text-align: center; overflow: hidden; vertical-align: top; }
    .s-bold, .s-heading { font-weight: bold; }
    .s-italic { font-style: italic; }
    .s-strikethrough { text-decoration: line-through; }
    .s-link { text-decoration: underline; color: #1f4e8c; }
    a.s-link:focus-visible { outline: 2px solid #1f4e8c; }
    .s-code { color: #7a2e0e; }
    .s-furniture { color: #8a8578; }
    .s-underline { text-decoration: underline; }
    .s-inverse { background: #1d1d1b; color: #fffdf8; }
    .s-keyword { color: #1f4e8c; font-weight: bold; }
    .s-type { color: #2e7d1f; }
    .s-string { color: #b01e1e; }
    .s-number, .s-constant { color: #8b2f9a; }
    .s-comment { color: #6e6e6a; font-style: italic; }
    .s-preprocessor { color: #0e7c86; }
    .s-function { font-weight: bold; }
    .s-variable { color: #8a6a00; }
    @media (max-width: 700px) {
      .view.spread { flex-direction: column; gap: 1em; }
      .view.spread .page.empty { display: none; }
      .spread .page + .page { border-left: 0; }
    }
    @media (prefers-color-scheme: dark) {
      body { background: #1e1e1c; color: #e6e2d8; }
      nav { background: #11110f; }
      .page { background: #2a2926; box-shadow: 0 4px 12px rgba(0,0,0,.6); }
      .spread .page + .page { border-left-color: #45433d; }
      .s-link { color: #8db4ef; }
      a.s-link:focus-visible { outline-color: #8db4ef; }
      .s-code { color: #e3a27f; }
      .s-furniture { color: #8f8a7d; }
      .s-inverse { background: #e6e2d8; color: #2a2926; }
      .s-keyword { color: #8db4ef; }
      .s-type { color: #8fd07f; }
      .s-string { color: #f08c8c; }
      .s-number, .s-constant { color: #d39be0; }
      .s-comment { color: #a09d96; }
      .s-preprocessor { color: #6fc7cf; }
      .s-variable { color: #d8b64a; }
    }
    @media print {
      @page { \(print.size.map { "size: \($0); " } ?? "")margin: \(Int(printMargin))mm; }
      html, body { background: none; }
      nav { display: none; }
      main { display: block; padding: 0; font-size: \(print.fontSize)mm !important; }
      .view, .view[hidden] { display: block; width: auto; margin: 0; }
      .page { box-shadow: none; border: 0; padding: 0; width: calc(var(--columns) * 1ch); height: calc(var(--lines) * var(--line)); break-before: page; page-break-before: always; break-inside: avoid; }
      .spread .page + .page { border: 0; }
      .page.empty { display: none; }
    }
    """
  }

  static let script = """
    (function () {
      "use strict";
      var views = Array.prototype.slice.call(document.querySelectorAll(".view"));
      var rtl = document.body.getAttribute("data-progression") === "rtl";
      var where = document.getElementById("where");
      var current = 0;
      function show(index) {
        if (index < 0 || index >= views.length) { return; }
        views[current].hidden = true;
        current = index;
        views[current].hidden = false;
        var numbers = Array.prototype.map.call(views[current].querySelectorAll("section[data-page]"),
          function (page) { return page.getAttribute("data-page"); });
        where.textContent = "page " + numbers.join("–") + " · " + (current + 1) + " of " + views.length;
        if (history.replaceState) { history.replaceState(null, "", "#view-" + current); }
        fit();
      }
      function next() { show(current + 1); }
      function previous() { show(current - 1); }
      document.getElementById("next").addEventListener("click", function () { rtl ? previous() : next(); });
      document.getElementById("previous").addEventListener("click", function () { rtl ? next() : previous(); });
      document.addEventListener("keydown", function (event) {
        switch (event.key) {
          case "ArrowRight": rtl ? previous() : next(); break;
          case "ArrowLeft": rtl ? next() : previous(); break;
          case "PageDown": case " ": case "Enter": next(); break;
          case "PageUp": case "Backspace": previous(); break;
          case "Home": show(0); break;
          case "End": show(views.length - 1); break;
          default: return;
        }
        event.preventDefault();
      });
      views.forEach(function (view) {
        view.addEventListener("click", function (event) {
          if (event.target.closest("a")) { return; }
          var box = view.getBoundingClientRect();
          var rightHalf = event.clientX > box.left + box.width / 2;
          (rightHalf !== rtl) ? next() : previous();
        });
      });
      // An in-document link shows the view that holds its heading.
      function decoded(text) {
        try { return decodeURIComponent(text); } catch (error) { return text; }
      }
      function showTarget(id) {
        var target = document.getElementById(id);
        var view = target && target.closest(".view");
        var index = views.indexOf(view);
        if (index < 0) { return false; }
        show(index);
        return true;
      }
      document.addEventListener("click", function (event) {
        var link = event.target.closest && event.target.closest("a[href^='#']");
        if (!link) { return; }
        event.preventDefault();
        var page = link.getAttribute("data-page");
        var section = page && document.querySelector("section[data-page='" + page + "']");
        if (section) {
          show(views.indexOf(section.closest(".view")));
          return;
        }
        showTarget(decoded(link.getAttribute("href").slice(1)));
      });
      // The view is scaled to the window's width (never above its own size), and scrolls
      // down: fitted to the height too, a page of 66 lines on a laptop's screen was a third
      // of its width, and on a phone's the text was some 5 pixels tall.
      var book = document.getElementById("book");
      function fit() {
        book.style.fontSize = "";
        var view = views[current];
        if (!view) { return; }
        var base = parseFloat(getComputedStyle(book).fontSize);
        var width = document.documentElement.clientWidth - 32;
        var scale = Math.min(1, width / view.scrollWidth);
        if (scale < 1) { book.style.fontSize = (base * scale) + "px"; }
      }
      window.addEventListener("resize", fit);
      var match = /^#view-(\\d+)$/.exec(location.hash);
      if (match) {
        show(Math.min(parseInt(match[1], 10), views.length - 1));
      } else if (!(location.hash.length > 1 && showTarget(decoded(location.hash.slice(1))))) {
        show(0);
      }
      document.body.setAttribute("data-ready", "1");
    })();
    """
}

extension HTMLBookWriter: PageWriter {
  /// ``beginning(nonce:)`` with ``nonce``, `title` (when given) as the `<title>`.
  public mutating func begin(title: String?, language: String?) -> [UInt8] {
    if let title { self.title = title }
    return Array(beginning(nonce: nonce).utf8)
  }

  /// The spread's view (or, without facing pages, the page's).
  public mutating func write(spread pages: [Page]) -> [UInt8] {
    var out = ""
    for view in views(of: pages) {
      out += self.view(view, index: viewsWritten)
      viewsWritten += 1
    }
    return Array(out.utf8)
  }

  /// ``ending(nonce:)`` with ``nonce``.
  public mutating func end(pageCount: Int?) -> [UInt8] {
    Array(ending(nonce: nonce).utf8)
  }
}
