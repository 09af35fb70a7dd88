/// How the layout shows what a screen shows by styles: headings, code, emphasis, struck-out
/// text and images.
///
/// With ``styles``, the text is as written and the spans carry the styles (bold, italic, code,
/// strikethrough): a terminal with colour, an HTML page or an app shows them. Printed without
/// styles (a pipe, a `.txt` file, paper from a plain printer) that text loses its structure, so
/// ``text`` adds marks a reader of plain text knows, styled as furniture (so they are not
/// counted in anchors):
///
/// | What | ``styles`` | ``text`` |
/// |:-----|:-----------|:---------|
/// | heading of level 3 to 6 | bold | `### Heading` (one `#` per level), then the text indented under it |
/// | code block | as written | indented 4 columns (2 on a narrow page) |
/// | inline code | code style | the code between backquotes |
/// | emphasis, strong | italic, bold | `_emphasis_`, `**strong**` |
/// | strikethrough | crossed out | `~~struck~~` |
/// | image | its alt text, in italics | `[image: alt text]` |
///
/// Levels 1 and 2 are ruled (`═`, `─`) either way. The marks take room on the line, so the same
/// document may break into pages differently with each.
public enum Marks: String, Sendable, Hashable, CaseIterable {
  /// Styles only: the text as written.
  case styles
  /// Marks in the text as well as the styles.
  case text
}
