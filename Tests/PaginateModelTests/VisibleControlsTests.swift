import PaginateModel
import Testing

@Suite("Visible escapes for control characters")
struct VisibleControlsTests {
  @Test(
    "controls become visible escapes",
    arguments: [
      ("a\u{1B}[31mred", "a^[[31mred"),
      ("nul\u{0}", "nul^@"),
      ("del\u{7F}", "del^?"),
      ("c1\u{9B}2J", "c1\\u{9B}2J"),
      ("osc\u{1B}]52;c;aGk=\u{7}", "osc^[]52;c;aGk=^G"),
      ("bidi\u{202E}txt", "bidi\\u{202E}txt"),
      ("isolate\u{2066}x\u{2069}", "isolate\\u{2066}x\\u{2069}"),
      ("tab\there", "tab^Ihere"),
      ("plain ä 中文 😀", "plain ä 中文 😀"),
      ("\u{2028}ok", "\u{2028}ok"),
    ])
  func escapes(input: String, expected: String) {
    #expect(VisibleControls.escape(input) == expected)
    #expect(VisibleControls.needsEscaping(input) == (input != expected))
  }

  @Test("verbatim text keeps tabs and newlines")
  func keepsTabs() {
    #expect(VisibleControls.escape("a\tb\nc\u{1B}", keepingTabsAndNewlines: true) == "a\tb\nc^[")
  }

  @Test("a document is cleaned everywhere")
  func document() {
    let dirty = Document(
      title: "t\u{1B}", language: "ko",
      blocks: [
        .paragraph([.text("x\u{1B}"), .link(destination: "u\u{9B}", title: "", content: [.code("\u{7}")])]),
        Block(.codeBlock(info: "", text: "\tkeep\n\u{1B}")),
      ])
    let clean = dirty.withVisibleControls()
    // Running text: each escape apart from the words; a code block keeps its tabs.
    #expect(clean.title == "t ^[")
    #expect(clean.blocks[0] == .paragraph([.text("x ^["), .link(destination: "u \\u{9B}", title: "", content: [.code("^G")])]))
    #expect(clean.blocks[1] == Block(.codeBlock(info: "", text: "\tkeep\n^[")))
    // What is not text is kept: the language (it was lost, and a JSON document's `lang` with it).
    #expect(clean.language == "ko")
  }
}

@Suite("Finding controls, sixteen bytes at a time")
struct VisibleControlsScanTests {
  @Test("a control anywhere in a long ASCII string is found", arguments: ["\u{1B}", "\u{0}", "\u{7F}", "\u{9B}", "\u{202E}", "é"])
  func everyPosition(control: String) {
    let clean = String(repeating: "abcdefgh", count: 5)
    #expect(!VisibleControls.needsEscaping(clean))
    for position in 0...clean.count {
      var text = clean
      text.insert(contentsOf: control, at: text.index(text.startIndex, offsetBy: position))
      let expected = control != "é"
      #expect(VisibleControls.needsEscaping(text) == expected, "\(control.unicodeScalars.first!.value) at \(position)")
    }
  }

  @Test("the first byte that is not printable ASCII is found for every byte value at every position")
  func firstNonPrintable() {
    // 40 bytes: two full blocks of sixteen and a tail, so that every position of a block and
    // of the byte-by-byte tail is tried, with a start inside the first block too. A control
    // follows in the same half of the block, and another in the other half: the first one
    // found must be the first one.
    for value in 0...255 {
      for position in 0..<40 {
        var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 40)
        bytes[position] = UInt8(value)
        let printable = value >= 0x20 && value < 0x7F
        for later in [position + 3, position + 9] where later < 40 { bytes[later] = 0x1B }
        for start in [0, 3] {
          let found = bytes.withUnsafeBufferPointer { VisibleControls.firstNonPrintableASCII(in: $0, from: start) }
          let expected = bytes.indices.first { $0 >= start && !(0x20..<0x7F).contains(bytes[$0]) } ?? 40
          #expect(found == expected, "byte \(value) at \(position) from \(start)")
          if !printable && position >= start { #expect(found == position) }
        }
      }
    }
  }

  @Test("a control after non-ASCII text is still found")
  func controlAfterNonASCII() {
    let text = "é" + String(repeating: "abcdefgh", count: 4) + "\u{1B}" + String(repeating: "z", count: 20)
    #expect(VisibleControls.needsEscaping(text))
    #expect(!VisibleControls.needsEscaping("é" + String(repeating: "abcdefgh", count: 4)))
    // A C1 or bidirectional control right after other UTF-8: its lead byte follows
    // continuation bytes, which the check steps over.
    #expect(VisibleControls.needsEscaping("строка\u{202E}"))
    #expect(VisibleControls.needsEscaping("é\u{9B}"))
    #expect(!VisibleControls.needsEscaping("строка\u{2028}é"))
  }

  @Test("bytes 0x20 to 0x7E are never flagged, 0x00 to 0x1F and 0x7F always")
  func boundaries() {
    for value in UInt8(0)...UInt8(0x7F) {
      let text = String(repeating: "x", count: 11) + String(UnicodeScalar(value)) + "yyyy"
      #expect(VisibleControls.needsEscaping(text) == (value < 0x20 || value == 0x7F), "byte \(value)")
    }
  }
}
