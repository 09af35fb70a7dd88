import Foundation
import Testing

/// The words a Markdown reader shows are on paginate's pages, in order: the text of the HTML
/// that GitHub's renderer makes of a document (tags stripped, entities decoded) against
/// `paginate`'s pages, for the sample documents and real READMEs (Tests/Fixtures/READMEs, see
/// SOURCES.md there).
///
/// The reference is libcmark-gfm's HTML with tables, strikethrough, task lists and footnotes
/// (Fixtures/gfm_to_html.py): READMEs are GitHub Markdown, and `cmark -t html` shows their
/// footnotes, task boxes and tables as literal text. For CommonMark the two agree.
///
/// Two measures, both at least 99.9%:
/// - coverage: each word as many times as the reference shows it (code and URLs counted);
/// - order: the words outside tables and footnotes, in the reference's order (a longest common
///   subsequence). A table's cells are set side by side, so their words interleave line by
///   line, and notes are set at the foot of the page that cites them: they count for coverage
///   only.
@Suite("Word coverage against GitHub's renderer", .serialized)
struct WordCoverageTests {
  static let files: [String] =
    ["SampleDocs/README.md", "SampleDocs/guide.md", "SampleDocs/languages.md", "SampleDocs/github.md"]
    + ["vapor", "openapikit", "swift-nio", "grdb", "swift-argument-parser"].map {
      "Tests/Fixtures/READMEs/\($0).md"
    }

  /// Runs of letters and digits, lower-cased: a word, however punctuation and layout surround
  /// it. A CJK character is a word of its own (the layout breaks lines between any two).
  static func words(_ text: String) -> [String] {
    var words: [String] = []
    var word = ""
    for character in text {
      if character.isLetter || character.isNumber {
        if isCJK(character) {
          if !word.isEmpty { words.append(word.lowercased()) }
          words.append(String(character))
          word = ""
        } else {
          word.append(character)
        }
      } else if !word.isEmpty {
        words.append(word.lowercased())
        word = ""
      }
    }
    if !word.isEmpty { words.append(word.lowercased()) }
    return words
  }

  static func isCJK(_ character: Character) -> Bool {
    guard let scalar = character.unicodeScalars.first else { return false }
    return (0x2E80...0x9FFF).contains(scalar.value) || (0xF900...0xFAFF).contains(scalar.value)
      || (0xFF00...0xFFEF).contains(scalar.value) || (0x3040...0x30FF).contains(scalar.value)
  }

  static let blockTags =
    "p|li|td|th|h[1-6]|br|pre|div|tr|blockquote|hr|ul|ol|table|thead|tbody|dd|dt|dl|details|summary|img|center"

  /// `html` as a reader sees it: no comments, no `<script>` or `<style>`, a block tag a space,
  /// an inline tag nothing (`<code>Channel</code>s` is one word), entities decoded. Test code:
  /// a reference, not a parser.
  static func text(ofHTML html: String) -> String {
    var text = html.replacing(#/<!--.*?-->/#.dotMatchesNewlines(), with: " ")
    text = text.replacing(#/<(script|style)[^>]*>.*?</\1>/#.dotMatchesNewlines().ignoresCase(), with: " ")
    text = text.replacing(try! Regex("</?(\(blockTags))\\b[^>]*>").ignoresCase(), with: " ")
    text = text.replacing(#/<[^>]*>/#, with: "")
    let named = [
      "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " ", "bull": "•", "middot": "·", "mdash": "—",
      "ndash": "–", "hellip": "…", "copy": "©", "reg": "®", "trade": "™", "rarr": "→", "larr": "←", "times": "×",
    ]
    text = text.replacing(#/&([a-zA-Z]+);/#) { match in named[String(match.output.1)] ?? " " }
    text = text.replacing(#/&#(x?)([0-9a-fA-F]+);/#) { match in
      let value = UInt32(match.output.2, radix: match.output.1.isEmpty ? 10 : 16) ?? 0x20
      return String(Unicode.Scalar(value).map(Character.init) ?? " ")
    }
    return text.replacingOccurrences(of: "&amp;", with: "&")
  }

  /// `html` without note citations: their numbers are the renderer's own (paginate numbers
  /// notes and links together).
  static func withoutCitations(_ html: String) -> String {
    html.replacing(#/<sup class="footnote-ref">.*?</sup>/#, with: "")
  }

  /// `html` without tables and the notes section, which are not read in the reference's order.
  static func withoutTablesAndNotes(_ html: String) -> String {
    html.replacing(#/<table.*?</table>/#.dotMatchesNewlines().ignoresCase(), with: " ")
      .replacing(#/<section class="footnotes".*?</section>/#.dotMatchesNewlines(), with: " ")
  }

  /// The printed text with each continuation of a code line (`↪ ` after its indentation)
  /// joined to the line before it with a space: a code line breaks at a space where it can.
  /// The last word before each break is kept as a cut piece: a token cut where it had no
  /// boundary (or a break at a page foot) is found in pieces by ``isSpelled(_:)``.
  static func joiningCutLines(_ printed: String) -> (text: String, cutPieces: Set<String>) {
    var lines: [String] = []
    var cutPieces: Set<String> = []
    for line in printed.split(separator: "\n", omittingEmptySubsequences: false) {
      let trimmed = line.drop { $0 == " " }
      if trimmed.hasPrefix("↪ "), let previous = lines.last {
        if let last = words(previous).last { cutPieces.insert(last) }
        lines[lines.count - 1] = previous + " " + trimmed.dropFirst(2)
        continue
      }
      lines.append(String(line))
    }
    return (lines.joined(separator: "\n"), cutPieces)
  }

  /// Whether `word`, missing as a whole, is on the pages in pieces: two to four consecutive
  /// printed words (note numbers such as `[26]` in `EventLoopPromise[26]s` skipped), or a piece
  /// cut at the foot of a page and the rest.
  struct Pieces {
    var spelled: Set<String> = []
    var cutPieces: Set<String>
    var printed: Set<String>

    init(printed words: [String], cutPieces: Set<String>) {
      self.cutPieces = cutPieces
      printed = Set(words)
      let withoutNumbers = words.filter { !$0.allSatisfy(\.isNumber) }
      for sequence in [words, withoutNumbers] {
        for length in 2...4 where sequence.count >= length {
          for start in 0...(sequence.count - length) {
            spelled.insert(sequence[start..<(start + length)].joined())
          }
        }
      }
    }

    func isSpelled(_ word: String) -> Bool {
      spelled.contains(word)
        || cutPieces.contains { word.count > $0.count && word.hasPrefix($0) && printed.contains(String(word.dropFirst($0.count))) }
    }
  }

  /// The share of `expected` printed as many times as expected (or spelled in pieces), and
  /// the words missing.
  static func coverage(_ expected: [String], printed: [String], pieces: Pieces) -> (share: Double, missing: [String]) {
    var counts: [String: Int] = [:]
    for word in printed { counts[word, default: 0] += 1 }
    var missing: [String] = []
    for word in expected {
      if let count = counts[word], count > 0 {
        counts[word] = count - 1
      } else if !pieces.isSpelled(word) {
        missing.append(word)
      }
    }
    return (expected.isEmpty ? 1 : 1 - Double(missing.count) / Double(expected.count), missing)
  }

  /// The share of `expected` printed in order (a longest common subsequence, by
  /// `difference(from:)`; a word out of order but spelled in pieces counts), and the first
  /// words out of order with what surrounds them.
  static func order(_ expected: [String], printed: [String], pieces: Pieces) -> (share: Double, outOfOrder: [String]) {
    let difference = printed.difference(from: expected)
    var outOfOrder: [String] = []
    var missing = 0
    for change in difference.removals {
      guard case .remove(let offset, let word, _) = change, !pieces.isSpelled(word) else { continue }
      missing += 1
      if outOfOrder.count < 12 {
        outOfOrder.append(expected[max(offset - 3, 0)..<min(offset + 4, expected.count)].joined(separator: " "))
      }
    }
    return (expected.isEmpty ? 1 : 1 - Double(missing) / Double(expected.count), outOfOrder)
  }

  @Test("at 40, 60 and 80 columns, 99.9% of the reference's words are on the pages, in order outside tables and notes, and no comment shows", arguments: [40, 60, 80])
  func coverage(columns: Int) throws {
    let script = Executable.packageRoot.appendingPathComponent("Tests/EndToEndTests/Fixtures/gfm_to_html.py").path
    for file in Self.files {
      let rendered = try Executable.runTool("python3", [script, file])
      try #require(rendered.status == 0, "libcmark-gfm failed on \(file): \(rendered.stderr)")
      let html = Self.withoutCitations(rendered.stdout)
      let result = try Executable.run(["--color", "never", "--page-size", "\(columns)x66", file])
      #expect(result.status == 0, "\(file): \(result.stderr)")
      // A comment shows only where the document quotes one as text (in code).
      let reference = Self.text(ofHTML: html)
      #expect(
        reference.components(separatedBy: "<!--").count >= result.stdout.components(separatedBy: "<!--").count,
        "\(file) at \(columns) columns shows an HTML comment")
      let (joined, cutPieces) = Self.joiningCutLines(result.stdout)
      let printed = Self.words(joined)
      let pieces = Pieces(printed: printed, cutPieces: cutPieces)

      let expected = Self.words(reference)
      let (share, missing) = Self.coverage(expected, printed: printed, pieces: pieces)
      #expect(
        share >= 0.999,
        "\(file) at \(columns) columns: \(String(format: "%.4f", share)) of \(expected.count) words; missing \(missing.prefix(20))")

      let ordered = Self.words(Self.text(ofHTML: Self.withoutTablesAndNotes(html)))
      let (orderShare, outOfOrder) = Self.order(ordered, printed: printed, pieces: pieces)
      print(
        "word coverage: \(file) at \(columns): \(String(format: "%.4f", share)) of \(expected.count) words, "
          + "\(String(format: "%.4f", orderShare)) of \(ordered.count) in order")
      #expect(
        orderShare >= 0.999,
        "\(file) at \(columns) columns: \(String(format: "%.4f", orderShare)) of \(ordered.count) words in order; out of order: \(outOfOrder)")
    }
  }
}
