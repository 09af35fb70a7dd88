import Foundation
import Testing

/// The HTML export, opened in headless Chromium (Debian's `chromium`, which `.ci/run` installs).
@Suite("HTML export in a browser", .serialized)
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
    defer { try? FileManager.default.removeItem(at: folder) }
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

  @Test("a facing spread as a screenshot, kept as a test artefact")
  func screenshot() throws {
    let artifacts = Executable.packageRoot.appendingPathComponent(".build/test-artifacts")
    try FileManager.default.createDirectory(at: artifacts, withIntermediateDirectories: true)
    let html = artifacts.appendingPathComponent("facing-spread.html")
    let png = artifacts.appendingPathComponent("facing-spread.png")
    // A screenshot left from an earlier run must go, or it would pass for this run's.
    if FileManager.default.fileExists(atPath: png.path) { try FileManager.default.removeItem(at: png) }
    let export = try Executable.run([
      "export", "--page-size", "44x28", "--facing", "--double-sided", "--margin-inner", "3", "--margin-outer", "1",
      "--header", "{chapter}||{page}", "-o", html.path, "SampleDocs/languages.md",
    ])
    #expect(export.status == 0)
    // Show the second spread (pages 2 and 3): the file opens at #view-N.
    let shot = try chromium(["--screenshot=\(png.path)", "--window-size=1100,800", html.absoluteString + "#view-1"])
    #expect(shot.status == 0, "chromium failed: \(shot.stderr.prefix(500))")
    let size = (try? FileManager.default.attributesOfItem(atPath: png.path)[.size] as? Int) ?? 0
    #expect(size > 20_000, "screenshot missing or empty (\(size) bytes)")
  }
}
