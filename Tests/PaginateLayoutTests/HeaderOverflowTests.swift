import PaginateLayout
import PaginateModel
import Testing

@Suite("Headers and footers too long for the page")
struct HeaderOverflowTests {
  /// The first page's header, for a document titled `title`, from a file named `file`.
  private func header(
    _ template: String, width: Int, title: String, file: String = "notes.txt", pages: Int = 1, doubleSided: Bool = false
  ) -> String {
    var options = options(width, 8) { options in
      options.header = template
      options.isDoubleSided = doubleSided
      options.fileName = file
      options.fileDate = "2026-11-29"
      options.fileTime = "14:36"
    }
    options.footer = ""
    let document = Document(title: title, blocks: (1...pages).flatMap { _ in [.paragraph("Text."), Block(.pageBreak)] })
    let all = PaginateLayoutTests.pages(document, options)
    return all.last?.textLines.first ?? ""
  }

  @Test(
    "a page number is never cut: the title, then the chapter, then the file's path give way first",
    arguments: [
      "{title}||{page}", "Page {page} of {pages}", "{file}|{title}|{page}", "{page}|{title}|{file}",
      "{date} {time}|{file}|Page {page} of {pages}", "{title} — {file} — {page}",
    ], [12, 20, 33, 40, 50, 80])
  func pageNumberKept(template: String, width: Int) {
    let title = "Simple Python Version Management: pyenv, and how to install it everywhere"
    let line = header(template, width: width, title: title, file: "/usr/share/doc/pyenv/README.txt", pages: 12)
    #expect(DisplayWidth.of(line) <= width, "\(template) at \(width): '\(line)'")
    let number = template.contains("{pages}") ? "12 of 12" : "12"
    if width >= DisplayWidth.of(number) + 4 {
      #expect(line.contains(number), "\(template) at \(width): '\(line)' lost its page number")
    }
  }

  @Test("what is shortened says so with …: a title at its end, a path at its start")
  func ellipses() {
    let title = "Simple Python Version Management: pyenv"
    #expect(header("{title}||{page}", width: 30, title: title) == "Simple Python Version Manag… 1")
    #expect(header("{file}||{page}", width: 20, title: "", file: "/usr/share/doc/pyenv/README.txt") == "…/pyenv/README.txt 1")
    // What fits is left as it is, and centred where it can be.
    #expect(header("{title}||{page}", width: 60, title: title) == "Simple Python Version Management: pyenv" + String(repeating: " ", count: 20) + "1")
  }

  @Test("on a verso the parts swap, and the title still gives way first")
  func verso() {
    let title = "Simple Python Version Management: pyenv"
    #expect(header("{title}||{page}", width: 30, title: title, pages: 2, doubleSided: true) == "2 Simple Python Version Manag…")
  }

  @Test("a part that cannot be shortened and does not fit is left out whole, never cut to mislead")
  func fallback() {
    let line = header("{date} {time}|{file}|Page {page} of {pages}", width: 20, title: "", pages: 12)
    #expect(line == String(repeating: " ", count: 7) + "Page 12 of 12")
    #expect(header("{date} {time}|{file}|Page {page} of {pages}", width: 11, title: "", pages: 12) == "…e 12 of 12")
  }

  @Test("{date}, {time} and {file} are filled in")
  func dateAndTime() {
    #expect(header("{date} {time}|{file}|{page}", width: 60, title: "") == "2026-11-29 14:36" + String(repeating: " ", count: 9) + "notes.txt" + String(repeating: " ", count: 25) + "1")
  }
}
