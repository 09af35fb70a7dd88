import FuzzSupport
import PaginateAdapters
import PaginateLayout
import PaginateModel

/// Lays out Markdown with options taken from the first bytes: page size down to 1x1, margins,
/// header and footer, double-sided, justification, greedy or optimal breaking, hyphenation,
/// link styles.
/// Invalid options must be refused by `validate()`; valid ones must give well-formed pages.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  guard size >= 8 else { return 0 }
  let bytes = UnsafeBufferPointer(start: data, count: size)
  var options = LayoutOptions(pageSize: PageSize(columns: Int(bytes[0] % 90) + 1, lines: Int(bytes[1] % 60) + 1))
  options.margins = Margins(
    top: Int(bytes[2] % 4), bottom: Int(bytes[2] / 64), inner: Int(bytes[3] % 6), outer: Int(bytes[3] / 64))
  options.header = bytes[4] & 1 == 0 ? "" : "{title}|{chapter}|{page}"
  options.footer = bytes[4] & 2 == 0 ? "" : "|{page} of {pages}|"
  options.isDoubleSided = bytes[4] & 4 != 0
  options.justifies = bytes[4] & 8 != 0
  options.lineBreaking = bytes[4] & 16 != 0 ? .greedy : .optimal
  options.links = [.footnotes, .inline, .none][Int(bytes[5] % 3)]
  options.widowLines = Int(bytes[6] % 4) + 1
  // Hyphenation, by the English or the German patterns (ISO 8859-1).
  options.hyphenates = bytes[6] & 0x80 != 0
  options.language = bytes[6] & 0x40 != 0 ? "de" : nil
  options.orphanLines = Int(bytes[7] % 4) + 1
  options.chapterBreak = [nil, ChapterBreak.none, .page, .recto][Int(bytes[5] / 64)]
  guard (try? options.validate()) != nil else { return 0 }
  let input = AdapterInput(bytes: Array(bytes.dropFirst(8)), name: "fuzz.md")
  guard let document = try? MarkdownAdapter().document(from: input) else { return 0 }
  layOutAndCheck(document, options: options, maxPages: 300)
  return 0
}
