import Foundation
import PaginateTestSupport
import Testing

/// Every export format's bytes, pinned: two sample files exported as one run of pages (numbered
/// across the files), at two page sizes, with and without facing pages. Text, the JSON page set
/// and HTML are kept whole under `Golden/`; a PDF (a megabyte, with its fonts) as its length and
/// a hash. The HTML script nonce and the PDF's creation date, which change on every run, are
/// set to fixed values before comparing. `RECORD_GOLDEN=1` records them again.
@Suite("The bytes of every export format")
struct ExportGoldenTests {
  static let files = ["SampleDocs/github.md", "SampleDocs/languages.md"]

  @Test(
    "text, JSON, HTML and PDF of two files, at two sizes, single and facing",
    arguments: ["text", "json", "html", "pdf"], [("40x20", false), ("40x20", true), ("60x30", false), ("60x30", true)])
  func export(format: String, layout: (size: String, facing: Bool)) throws {
    let options = ["--format", format, "--page-size", layout.size] + (layout.facing ? ["--facing"] : [])
    let result = try Executable.run(["export", "-o", "-"] + options + Self.files)
    #expect(result.status == 0, "\(result.stderr)")
    let name = "export-\(layout.size)\(layout.facing ? "-facing" : "").\(format == "text" ? "txt" : format)"
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")
    assertGolden(Self.normalized(result.stdoutData, format: format), named: name, in: folder)
  }

  /// The export with what changes on every run fixed: for PDF, its length and hash.
  static func normalized(_ bytes: Data, format: String) -> Data {
    switch format {
    case "html":
      let text = String(decoding: bytes, as: UTF8.self)
      return Data(text.replacing(#/nonce-[0-9a-f]{32}|nonce="[0-9a-f]{32}"/#) { match in
        match.output.hasPrefix("nonce-") ? "nonce-NONCE" : #"nonce="NONCE""#
      }.utf8)
    case "pdf":
      // `/CreationDate (D:20261129094309Z)`: the digits of the date, the same length zeroed.
      var bytes = [UInt8](bytes)
      let marker = Array("(D:".utf8)
      var index = 0
      while index + marker.count + 14 <= bytes.count {
        if bytes[index..<(index + marker.count)].elementsEqual(marker) {
          for digit in (index + marker.count)..<(index + marker.count + 14) { bytes[digit] = UInt8(ascii: "0") }
        }
        index += 1
      }
      // FNV-1a, 64 bits: enough to see that a byte changed.
      var hash: UInt64 = 0xcbf2_9ce4_8422_2325
      for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
      return Data("PDF of \(bytes.count) bytes, FNV-1a 64 \(String(hash, radix: 16))\n".utf8)
    default:
      return bytes
    }
  }
}
