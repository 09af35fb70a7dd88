import Foundation
import PaginateTestSupport
import Testing

/// The HTML export, opened in headless Chromium (Debian's `chromium`, which `.ci/run` installs).
@Suite("HTML export in a browser", .temporaryFolder, .serialized)
struct HTMLExportTests {
  static let hostile = """
    # Hostile input

    <script>document.body.setAttribute('data-pwned', 'script')</script>

    <img src=x onerror="document.body.setAttribute('data-pwned', 'img')">

    A [link](javascript:document.body.setAttribute('data-pwned','link')) and a safe [one](https://example.org).
    Raw <a href="javascript:alert(1)">anchor</a>, <svg onload="document.body.setAttribute('data-pwned','svg')"></svg>
    and <iframe src="javascript:alert(1)"></iframe>. Quotes " and ' and &amp; entities.

    """ + (1...40).map { "Paragraph \($0) of filler so that there are several pages to turn." }.joined(separator: "\n\n")

  /// Runs headless Chromium on `file` with extra arguments; returns stdout.
  func chromium(_ arguments: [String]) throws -> Executable.Result {
    try Executable.runTool(
      "chromium",
      ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--virtual-time-budget=2000"] + arguments)
  }

  @Test("pages are sections; our script runs and nothing from the input does")
  func domAfterScripts() throws {
    let folder = try Executable.temporaryDirectory()
    let input = folder.appendingPathComponent("hostile.md")
    try Data(Self.hostile.utf8).write(to: input)
    let html = folder.appendingPathComponent("book.html")
    let json = folder.appendingPathComponent("book.json")
    let options = ["--page-size", "40x16", "--facing", "--links", "inline"]
    #expect(try Executable.run(["export"] + options + ["-o", html.path, input.path]).status == 0)
    #expect(try Executable.run(["export"] + options + ["-o", json.path, input.path]).status == 0)
    let pageSet = try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [String: Any]
    let pageCount = (pageSet?["pages"] as? [Any])?.count ?? -1
    #expect(pageCount > 3)

    let dom = try chromium(["--dump-dom", html.absoluteString])
    #expect(dom.status == 0, "chromium failed: \(dom.stderr.prefix(500))")
    let domFile = folder.appendingPathComponent("dom.html")
    try Data(dom.stdout.utf8).write(to: domFile)
    // Inspect the DOM as a parser sees it: elements, attributes, and the body's attributes
    // that a payload would have set.
    let report = try Executable.runTool(
      "python3",
      ["-c", """
        import sys, html.parser
        class Inspector(html.parser.HTMLParser):
            def __init__(self):
                super().__init__(); self.tags = {}; self.bad = []; self.body = {}; self.pages = 0
            def handle_starttag(self, tag, attrs):
                self.tags[tag] = self.tags.get(tag, 0) + 1
                attrs = dict(attrs)
                if tag == 'body': self.body = attrs
                if tag == 'section' and 'data-page' in attrs: self.pages += 1
                for name, value in attrs.items():
                    if name.startswith('on'): self.bad.append(f'{tag} {name}')
                    if name in ('href', 'src') and (value or '').strip().lower().startswith(('javascript:', 'data:')):
                        self.bad.append(f'{tag} {name}={value}')
        inspector = Inspector(); inspector.feed(open(sys.argv[1]).read())
        print('ready', inspector.body.get('data-ready'))
        print('pwned', inspector.body.get('data-pwned'))
        print('pages', inspector.pages)
        print('scripts', inspector.tags.get('script', 0))
        print('foreign', sum(inspector.tags.get(t, 0) for t in ('img', 'svg', 'iframe', 'object', 'embed')))
        print('bad', len(inspector.bad), *inspector.bad)
        """, domFile.path])
    #expect(report.status == 0, "\(report.stderr)")
    let lines = report.stdout.split(separator: "\n").map(String.init)
    #expect(lines.contains("ready 1"), "the navigation script did not run")
    #expect(lines.contains("pwned None"), "a script from the input ran: \(lines)")
    #expect(lines.contains("pages \(pageCount)"))
    #expect(lines.contains("scripts 1"))
    #expect(lines.contains("foreign 0"))
    #expect(lines.contains("bad 0"), "\(lines)")
    // Rendered, the input's <script> is dropped: neither run nor shown.
    #expect(!dom.stdout.contains("setAttribute('data-pwned', 'script')"))
    #expect(dom.stdout.contains("href=\"https://example.org\""))
  }

  /// A screenshot of `url` in a window of `size` (`1100,800`), saved as `png`: it is made, and
  /// is no blank window.
  func screenshot(_ url: String, to png: URL, window size: String) throws {
    let shot = try chromium(["--screenshot=\(png.path)", "--window-size=\(size)", url])
    #expect(shot.status == 0, "chromium failed: \(shot.stderr.prefix(500))")
    let bytes = (try? FileManager.default.attributesOfItem(atPath: png.path)[.size] as? Int) ?? 0
    #expect(bytes > 20_000, "screenshot missing or empty (\(bytes) bytes)")
  }

  @Test("a facing spread as a screenshot, kept as a test artefact")
  func screenshot() throws {
    let html = try Executable.artifact("facing-spread.html")
    let png = try Executable.artifact("facing-spread.png")
    let export = try Executable.run([
      "export", "--page-size", "44x28", "--facing", "--double-sided", "--margin-inner", "3", "--margin-outer", "1",
      "--header", "{chapter}||{page}", "-o", html.path, "SampleDocs/languages.md",
    ])
    #expect(export.status == 0)
    // Show the second spread (pages 2 and 3): the file opens at #view-N.
    try screenshot(html.absoluteString + "#view-1", to: png, window: "1100,800")
  }

  /// The page count of a JSON export of `file` with `options`.
  func pageCount(_ file: String, _ options: [String]) throws -> Int {
    let json = try Executable.run(["export", "--format", "json", "-o", "-"] + options + [file])
    let root = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
    return (root?["pages"] as? [Any])?.count ?? -1
  }

  @Test(
    "printed from Chromium, the 80x66 book takes one sheet a page: on A4, on Letter, on the browser's own paper, in spreads",
    arguments: [("a4", "595.92 x 842.88"), ("letter", "612 x 792"), ("", ""), ("facing", "")])
  func printedSheets(paper: String, size: String) throws {
    let folder = try Executable.temporaryDirectory()
    let readme = Executable.readme("swift-nio.md")
    let html = folder.appendingPathComponent("book.html")
    let pdf = folder.appendingPathComponent("book.pdf")
    // `facing`: spreads on screen, still a page a sheet on paper (an empty side prints nothing).
    let paperOption = paper.isEmpty ? [] : paper == "facing" ? ["--facing"] : ["--paper", paper]
    #expect(try Executable.run(["export", "--page-size", "80x66", "-o", html.path] + paperOption + [readme]).status == 0)
    let pages = try pageCount(readme, ["--page-size", "80x66"])
    #expect(pages > 3)
    let printed = try chromium(["--no-pdf-header-footer", "--print-to-pdf=\(pdf.path)", html.absoluteString])
    #expect(printed.status == 0, "chromium failed: \(printed.stderr.prefix(500))")
    let info = try Executable.runTool("pdfinfo", [pdf.path]).stdout
    let printedPages = info.split(separator: "\n").first { $0.hasPrefix("Pages:") }.flatMap { Int($0.dropFirst(6).trimmingCharacters(in: .whitespaces)) }
    #expect(printedPages == pages, "\(info)")
    if !size.isEmpty {
      // Chromium rounds the paper to whole hundredths of an inch, or points.
      let line = info.split(separator: "\n").first { $0.hasPrefix("Page size:") } ?? ""
      let numbers = line.matches(of: #/[0-9.]+/#).compactMap { Double($0.output) }
      let expected = size.matches(of: #/[0-9.]+/#).compactMap { Double($0.output) }
      #expect(numbers.count >= 2 && abs(numbers[0] - expected[0]) < 2 && abs(numbers[1] - expected[1]) < 2, "\(line)")
    }
  }

  /// A copy of the export `html`, named `name`, with `script` run once the page has loaded (by
  /// the file's own nonce, so the page's content security policy lets it), for --dump-dom to
  /// show what it writes on the body.
  func measuring(_ html: URL, as name: String, _ script: String) throws -> URL {
    var text = try String(contentsOf: html, encoding: .utf8)
    let nonce = try #require(text.firstMatch(of: #/nonce="([0-9a-f]+)"/#)).output.1
    let measure = """
      <script nonce="\(nonce)">
      window.addEventListener("load", function () { setTimeout(function () {
      \(script)
      }, 100); });
      </script>
      """
    text = text.replacingOccurrences(of: "</body>", with: measure + "</body>")
    let measured = try Executable.artifact(name)
    try Data(text.utf8).write(to: measured)
    return measured
  }

  /// The comma-separated numbers a measuring script wrote in the body's `data-box`.
  func box(_ dom: Executable.Result) throws -> [Int] {
    try #require(dom.stdout.firstMatch(of: #/data-box="([-0-9,]+)"/#)).output.1.split(separator: ",").compactMap { Int($0) }
  }

  @Test("on a phone (390x844) a spread's pages stand one above the other, each the window's width; dark mode when the system asks")
  func phoneAndDarkMode() throws {
    let html = try Executable.artifact("phone.html")
    let readme = Executable.readme("swift-nio.md")
    #expect(try Executable.run(["export", "--page-size", "80x66", "--facing", "-o", html.path, readme]).status == 0)
    let measured = try measuring(
      html, as: "phone-measured.html",
      """
      var pages = document.querySelectorAll(".view:not([hidden]) .page:not(.empty)");
      var first = pages[0].getBoundingClientRect(), second = pages[1].getBoundingClientRect();
      document.body.setAttribute("data-box", [first.width, first.bottom, second.top, window.innerWidth,
        document.documentElement.scrollWidth].map(Math.round).join(","));
      document.body.setAttribute("data-background", getComputedStyle(document.body).backgroundColor);
      """)
    let dom = try chromium(["--window-size=390,844", "--dump-dom", measured.absoluteString + "#view-1"])
    let box = try box(dom)
    #expect(box.count == 5)
    let (pageWidth, firstBottom, secondTop, width, scrollWidth) = (box[0], box[1], box[2], box[3], box[4])
    #expect(pageWidth > width * 8 / 10, "\(box)")
    #expect(secondTop > firstBottom, "the spread's second page is below the first: \(box)")
    #expect(scrollWidth <= width, "\(box)")
    let light = try #require(dom.stdout.firstMatch(of: #/data-background="([^"]+)"/#)).output.1
    let dark = try chromium(["--window-size=390,844", "--blink-settings=preferredColorScheme=0", "--dump-dom", measured.absoluteString + "#view-1"])
    let darkBackground = try #require(dark.stdout.firstMatch(of: #/data-background="([^"]+)"/#)).output.1
    #expect(light == "rgb(217, 214, 207)" && darkBackground == "rgb(30, 30, 28)", "\(light) / \(darkBackground)")
  }

  @Test("a facing spread at 1400x900 fills the window's width, its text near full size, and scrolls down; the screenshot is kept as a test artefact")
  func spreadFitsWindow() throws {
    let html = try Executable.artifact("spread-1400x900.html")
    let png = try Executable.artifact("spread-1400x900.png")
    let readme = Executable.readme("swift-nio.md")
    #expect(try Executable.run(["export", "--page-size", "80x66", "--facing", "-o", html.path, readme]).status == 0)
    // A copy with a measuring script: the view's box and the window's size.
    let measured = try measuring(
      html, as: "spread-measured.html",
      """
      var view = document.querySelector(".view:not([hidden])"); var box = view.getBoundingClientRect();
      var page = view.querySelector(".page").getBoundingClientRect();
      document.body.setAttribute("data-box", [box.left, box.top, box.right, box.bottom, window.innerWidth,
        window.innerHeight, document.documentElement.scrollWidth, page.width].map(Math.round).join(","));
      """)
    let dom = try chromium(["--window-size=1400,900", "--dump-dom", measured.absoluteString + "#view-1"])
    let box = try box(dom)
    #expect(box.count == 8)
    let (left, top, right, bottom, width, height, scrollWidth, pageWidth) = (box[0], box[1], box[2], box[3], box[4], box[5], box[6], box[7])
    #expect(left >= 0 && right <= width && top >= 0, "\(box)")
    #expect(scrollWidth <= width, "the page scrolls sideways: \(box)")
    // Scaled to the width only: the spread fills most of it, and goes on below the window
    // (fitted to the height too, a page was 480 pixels wide here).
    #expect(right - left > width * 8 / 10, "\(box)")
    #expect(bottom > height, "\(box)")
    #expect(pageWidth > 600, "\(box)")
    try screenshot(html.absoluteString + "#view-1", to: png, window: "1400,900")
  }

  @Test("an in-document link's target opens the view that holds its heading")
  func inDocumentLinks() throws {
    let folder = try Executable.temporaryDirectory()
    let readme = Executable.readme("openapikit.md")
    let html = folder.appendingPathComponent("book.html")
    #expect(try Executable.run(["export", "--page-size", "60x30", "-o", html.path, readme]).status == 0)
    let page = try String(contentsOf: html, encoding: .utf8)
    // The table of contents links to the heading, which is on a later view.
    #expect(page.contains("href=\"#endpoints\""))
    let dom = try chromium(["--dump-dom", html.absoluteString + "#endpoints"]).stdout
    let target = try #require(dom.firstRange(of: "id=\"endpoints\""))
    let view = try #require(dom[..<target.lowerBound].ranges(of: "<div class=\"view").last)
    let tag = dom[view.lowerBound...].prefix { $0 != ">" }
    #expect(!tag.contains("hidden"), "\(tag)")
    #expect(!tag.contains("data-view=\"0\""), "the heading is not on the first view")
    // Every other view is hidden.
    #expect(dom.matches(of: #/<div class="view"[^>]*>/#).filter { !$0.output.contains("hidden") }.count == 1)
  }

  @Test("every href of an HTML export of READMEs with long URLs is a destination of the source")
  func hrefsAreDestinations() throws {
    let folder = try Executable.temporaryDirectory()
    for readme in ["grdb.md", "openapikit.md", "swift-nio.md", "vapor.md"] {
      let file = Executable.readme("\(readme)")
      let html = folder.appendingPathComponent("\(readme).html")
      #expect(try Executable.run(["export", "--page-size", "60x40", "-o", html.path, file]).status == 0)
      // The destinations, as cmark-gfm (a separate parser: GitHub's autolinks too) reads them.
      let xml = try Executable.runTool("cmark-gfm", ["-e", "autolink", "-e", "table", "-t", "xml", file]).stdout
      func unescaped(_ text: Substring) -> String {
        String(text).replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&lt;", with: "<")
          .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
      }
      var destinations = Set(xml.matches(of: #/<link destination="([^"]*)"/#).map { unescaped($0.output.1) })
      // And the links of its raw HTML (`<a href="…">`), which paginate reads as links too.
      let source = try String(contentsOfFile: file, encoding: .utf8)
      destinations.formUnion(source.matches(of: #/<a\s[^>]*href="([^"]*)"/#).map { unescaped($0.output.1) })
      let page = try String(contentsOf: html, encoding: .utf8)
      let hrefs = page.matches(of: #/ href="([^"]*)"/#).map { unescaped($0.output.1) }
      #expect(hrefs.count > 10, "\(readme)")
      for href in Set(hrefs) {
        #expect(destinations.contains(href), "\(readme): \(href) is no destination of the source")
      }
    }
  }
}
