internal import CHyphen
internal import CUtf8proc
import PaginateSystem
import Synchronization

/// Where words may be hyphenated, by the patterns of a language (Liang's algorithm, TeX's
/// patterns, read by libhyphen from the `hyph_*.dic` files of Debian's `hyphen-*` packages).
///
///     let english = try Hyphenator(language: "en-US")
///     english.syllables(of: "hyphenation")   // ["hy", "phen", "ation"]
///
/// A hyphenator is a small value; the patterns it reads are loaded once per file and process,
/// and shared between threads.
public struct Hyphenator: Sendable, Hashable {
  /// The language asked for, as given (`"de"`, `"en-US"`).
  public let language: String
  /// The patterns file in use.
  public let path: String
  private let patterns: Patterns

  /// Folders searched for `hyph_<language>.dic`, in order.
  public static let patternFolders = ["/usr/share/hyphen", "/usr/local/share/hyphen"]

  /// The hyphenator of `language`, a BCP 47 tag such as `en`, `en-US`, `de` or `de-CH`.
  ///
  /// The patterns are looked for in ``patternFolders``: `hyph_de_CH.dic`, then `hyph_de.dic`,
  /// then `hyph_de_DE.dic` for `de-CH`.
  ///
  /// - Throws: ``LayoutError`` when the tag is not one or no patterns for it are installed,
  ///   naming the Debian package that has them (`hyphen-fr`).
  public init(language: String) throws(LayoutError) {
    guard let (code, region) = Self.parse(language) else {
      throw LayoutError("'\(language)' is not a language tag (such as en, en-US or de)")
    }
    var names = [String]()
    if let region { names.append("hyph_\(code)_\(region).dic") }
    names += ["hyph_\(code).dic", "hyph_\(code)_\(code.uppercased()).dic"]
    if code == "en" { names.append("hyph_en_US.dic") }
    for folder in Self.patternFolders {
      for name in names {
        let path = folder + "/" + name
        guard (try? FileStatus(path: path))?.kind == .regular else { continue }
        try self.init(contentsOf: path, language: language)
        return
      }
    }
    throw LayoutError(
      "no hyphenation patterns for '\(language)' in \(Self.patternFolders.joined(separator: " or ")) (Debian: apt install hyphen-\(code))"
    )
  }

  /// The hyphenator of the patterns file `path` (libhyphen's `.dic` format), for `language`.
  ///
  /// - Throws: ``LayoutError`` when the file cannot be read as patterns.
  public init(contentsOf path: String, language: String) throws(LayoutError) {
    self.language = language
    self.path = path
    patterns = try Patterns.loaded(from: path)
  }

  /// `word` cut where it may be hyphenated: `["hy", "phen", "ation"]`. A word that may not be
  /// (too short, not all letters, capitals after the first, as in `README` or `PageSet`) is
  /// one piece. Punctuation around the word stays with its first and last piece.
  public func syllables(of word: String) -> [Substring] {
    var word = word
    let offsets = word.withUTF8 { bytes in
      var offsets: [Int] = []
      forEachBreak(in: bytes) { offsets.append($0) }
      return offsets
    }
    var pieces: [Substring] = []
    var start = word.utf8.startIndex
    for offset in offsets {
      let end = word.utf8.index(word.utf8.startIndex, offsetBy: offset)
      pieces.append(word[start..<end])
      start = end
    }
    pieces.append(word[start...])
    return pieces
  }

  public static func == (lhs: Hyphenator, rhs: Hyphenator) -> Bool { lhs.path == rhs.path }
  public func hash(into hasher: inout Hasher) { hasher.combine(path) }

  /// Calls `body` with each offset in `bytes` (UTF-8, one word and the punctuation around it)
  /// after which the word may be hyphenated, in ascending order. Nothing for a word that may
  /// not be: see ``syllables(of:)``.
  func forEachBreak(in bytes: UnsafeBufferPointer<UInt8>, _ body: (Int) -> Void) {
    // The word's letters: from the first letter to the last.
    guard let core = Self.letterCore(of: bytes) else { return }
    let minimum = Int(patterns.leftMinimum + patterns.rightMinimum)
    guard core.scalars >= minimum else { return }
    let length = core.bytes.count
    // libhyphen reads a lower-case, NUL-terminated word in the patterns' encoding and writes a
    // digit per character (odd: a break after it), into buffers of its length + 5.
    withUnsafeTemporaryAllocation(of: CChar.self, capacity: 2 * (length + 5)) { buffer in
      let word = buffer.baseAddress!
      let hyphens = word + length + 5
      guard
        let encoded = Self.lowercase(
          UnsafeBufferPointer(rebasing: bytes[core.bytes]), into: word, latin1: patterns.isLatin1)
      else { return }
      word[encoded] = 0
      guard patterns.hyphenate(word, length: encoded, into: hyphens) else { return }
      // Character `index` of the word ends at byte `end`; a break after it comes before the
      // next character, unless that one is a combining mark (it belongs to the same cluster).
      let letters = bytes.baseAddress! + core.bytes.lowerBound
      var index = 0
      var end = 0
      while end < length {
        let step = DisplayWidth.decode(letters, at: end, count: length).1
        guard step > 0 else { return }
        end += step
        if end < length && hyphens[index] & 1 == 1 && !Self.isMark(DisplayWidth.decode(letters, at: end, count: length).0) {
          body(core.bytes.lowerBound + end)
        }
        index += 1
      }
    }
  }

  /// The letters of a word with punctuation around it, and how many scalars they are; `nil`
  /// when something else is inside, or a capital after the first letter.
  private static func letterCore(of bytes: UnsafeBufferPointer<UInt8>) -> (bytes: Range<Int>, scalars: Int)? {
    var start: Int?
    var end = 0
    var scalars = 0
    var index = 0
    var sawTrailing = false
    while index < bytes.count {
      let byte = bytes[index]
      if byte < 0x80 {
        // ASCII, most of it: a letter, or punctuation around the word.
        let lower = byte | 0x20
        guard lower >= 0x61 && lower <= 0x7A else {
          if start != nil { sawTrailing = true }
          index += 1
          continue
        }
        if sawTrailing || (byte < 0x61 && scalars > 0) { return nil }
        if start == nil { start = index }
        scalars += 1
        index += 1
        end = index
        continue
      }
      let (scalar, step) = DisplayWidth.decode(bytes.baseAddress!, at: index, count: bytes.count)
      guard step > 0 else { return nil }
      let category = utf8proc_category(scalar)
      let isLetter = category.rawValue >= UTF8PROC_CATEGORY_LU.rawValue && category.rawValue <= UTF8PROC_CATEGORY_LO.rawValue
      let isMark = Self.isMark(scalar)
      // A mark belongs to the letter before it; one before any letter is punctuation.
      if isLetter || (isMark && start != nil) {
        // Letters after trailing punctuation (`e.g`, `don't`): not a plain word.
        if sawTrailing { return nil }
        if start == nil { start = index }
        if category == UTF8PROC_CATEGORY_LU || category == UTF8PROC_CATEGORY_LT {
          if scalars > 0 { return nil }
        }
        scalars += isMark ? 0 : 1
        end = index + step
      } else if start != nil {
        sawTrailing = true
      }
      index += step
    }
    guard let start else { return nil }
    return (start..<end, scalars)
  }

  /// Writes `bytes` (UTF-8) in lower case to `word`, in UTF-8 or, when `latin1`, in ISO 8859-1,
  /// and returns the length written; `nil` when a letter's lower case has another length in
  /// UTF-8 (the offsets would not match) or is not in ISO 8859-1.
  private static func lowercase(
    _ bytes: UnsafeBufferPointer<UInt8>, into word: UnsafeMutablePointer<CChar>, latin1: Bool
  ) -> Int? {
    var index = 0
    var written = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte < 0x80 {
        word[written] = CChar(bitPattern: byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)
        index += 1
        written += 1
        continue
      }
      let (scalar, step) = DisplayWidth.decode(bytes.baseAddress!, at: index, count: bytes.count)
      guard step > 0 else { return nil }
      let lower = utf8proc_tolower(scalar)
      if latin1 {
        guard lower <= 0xFF else { return nil }
        word[written] = CChar(truncatingIfNeeded: lower)
        written += 1
      } else {
        let length = (word + written).withMemoryRebound(to: UInt8.self, capacity: 4) { utf8proc_encode_char(lower, $0) }
        guard length == step else { return nil }
        written += length
      }
      index += step
    }
    return written
  }

  private static func isMark(_ scalar: Int32) -> Bool {
    let category = utf8proc_category(scalar).rawValue
    return category >= UTF8PROC_CATEGORY_MN.rawValue && category <= UTF8PROC_CATEGORY_ME.rawValue
  }

  /// The language code and region of a tag (`de-CH` → `de`, `CH`; `en_us` → `en`, `US`); `nil`
  /// when it is not a tag.
  private static func parse(_ tag: String) -> (String, String?)? {
    let parts = tag.split(whereSeparator: { $0 == "-" || $0 == "_" })
    guard let first = parts.first, (2...3).contains(first.count), first.allSatisfy({ $0.isASCII && $0.isLetter }),
      parts.allSatisfy({ $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } })
    else { return nil }
    let region = parts.dropFirst().first { $0.count == 2 && $0.allSatisfy(\.isLetter) }
    return (first.lowercased(), region?.uppercased())
  }
}

/// The patterns of one file, loaded once per process and kept (a few hundred kilobytes to a
/// megabyte each).
///
/// Safety: `dictionary` is written only by `hnj_hyphen_load`; `hnj_hyphen_hyphenate3` reads
/// it (its working arrays are its own), so threads share it without a lock. It is never
/// freed: the cache holds every one loaded for the life of the process.
private final class Patterns: @unchecked Sendable {
  private let dictionary: UnsafeMutablePointer<HyphenDict>
  let leftMinimum: Int32
  let rightMinimum: Int32
  /// Whether the patterns are in ISO 8859-1 (German's are), else UTF-8.
  let isLatin1: Bool

  /// Words already asked about (see ``WordCache``).
  private let cache = Mutex(WordCache())

  private static let loadedFiles = Mutex<[String: Patterns]>([:])

  private init(_ dictionary: UnsafeMutablePointer<HyphenDict>) {
    self.dictionary = dictionary
    // TeX's English values (2 and 3) unless the patterns ask for more.
    leftMinimum = max(Int32(dictionary.pointee.lhmin), 2)
    rightMinimum = max(Int32(dictionary.pointee.rhmin), 3)
    isLatin1 = dictionary.pointee.utf8 == 0 && Self.charset(of: dictionary).uppercased().hasPrefix("ISO8859-1")
  }

  /// The encoding the patterns file names on its first line (`UTF-8`, `ISO8859-1`).
  private static func charset(of dictionary: UnsafeMutablePointer<HyphenDict>) -> String {
    withUnsafeBytes(of: dictionary.pointee.cset) { raw in
      let bytes = raw.bindMemory(to: UInt8.self)
      return String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
    }
  }

  /// The patterns of `path`, loaded on first use.
  static func loaded(from path: String) throws(LayoutError) -> Patterns {
    let result = loadedFiles.withLock { files -> Patterns? in
      if let patterns = files[path] { return patterns }
      guard let dictionary = hnj_hyphen_load(path) else { return nil }
      let patterns = Patterns(dictionary)
      files[path] = patterns
      return patterns
    }
    guard let result else { throw LayoutError("cannot read hyphenation patterns from \(path)") }
    guard result.dictionary.pointee.utf8 != 0 || result.isLatin1 else {
      throw LayoutError(
        "hyphenation patterns in \(path) are in \(charset(of: result.dictionary)); paginate reads UTF-8 and ISO8859-1")
    }
    return result
  }

  /// Fills `hyphens` with a digit per character of `word` (`length` bytes, lower case, NUL
  /// after them): odd where a hyphen may follow. `false` when libhyphen refuses the word.
  func hyphenate(_ word: UnsafePointer<CChar>, length: Int, into hyphens: UnsafeMutablePointer<CChar>) -> Bool {
    guard length <= WordCache.longest else { return hyphenateUncached(word, length: length, into: hyphens) }
    var key = SIMD32<UInt8>()
    withUnsafeMutableBytes(of: &key) { $0.copyMemory(from: UnsafeRawBufferPointer(start: word, count: length)) }
    if let breaks = cache.withLock({ $0.breaks(of: key) }) {
      for index in 0..<length { hyphens[index] = breaks >> index & 1 == 1 ? 0x31 : 0x30 }
      return true
    }
    guard hyphenateUncached(word, length: length, into: hyphens) else { return false }
    var breaks: UInt32 = 0
    for index in 0..<length {
      if hyphens[index] == 0 { break }
      if hyphens[index] & 1 == 1 { breaks |= 1 << index }
    }
    cache.withLock { $0.store(breaks, for: key) }
    return true
  }

  private func hyphenateUncached(
    _ word: UnsafePointer<CChar>, length: Int, into hyphens: UnsafeMutablePointer<CChar>
  ) -> Bool {
    // Non-standard breaks (German `Schiffahrt` → `Schiff-fahrt`) come back in these; they are
    // not used, only freed.
    var replacements: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
    var positions: UnsafeMutablePointer<Int32>?
    var cuts: UnsafeMutablePointer<Int32>?
    let status = hnj_hyphen_hyphenate3(
      dictionary, word, Int32(length), hyphens, nil, &replacements, &positions, &cuts,
      leftMinimum, rightMinimum, 0, 0)
    if let replacements {
      // A non-standard break changes letters: it is not a plain hyphen, and is not used.
      for index in 0..<length where replacements[index] != nil {
        hyphens[index] = 0x30
        SystemMemory.free(replacements[index])
      }
      SystemMemory.free(replacements)
    }
    SystemMemory.free(positions)
    SystemMemory.free(cuts)
    return status == 0
  }
}

/// The breaks of words already hyphenated, by word: libhyphen costs some 2,000 instructions
/// and four allocations a word, and prose repeats its words. Direct-mapped, 16,384 slots (576
/// KB once used): a word keeps its slot until another word of the same slot is asked about.
private struct WordCache {
  /// The longest word kept, in bytes of the patterns' encoding.
  static let longest = 32
  private static let slotBits = 14
  /// Each slot's word, its bytes padded with zeros (a word has no zero byte, so the padding
  /// tells lengths apart) as four 64-bit lanes; all zeros for none.
  private var words: [SIMD4<UInt64>] = []
  /// Bit `i` set: a break after character `i` of the slot's word.
  private var breakBits: [UInt32] = []

  /// The breaks of `word`, when it was hyphenated before.
  func breaks(of word: SIMD32<UInt8>) -> UInt32? {
    guard !words.isEmpty else { return nil }
    let lanes = unsafeBitCast(word, to: SIMD4<UInt64>.self)
    let slot = Self.slot(of: lanes)
    let kept = words[slot]
    // Lane by lane: the generic SIMD `==` compares byte by byte here.
    guard kept.x == lanes.x && kept.y == lanes.y && kept.z == lanes.z && kept.w == lanes.w else { return nil }
    return breakBits[slot]
  }

  mutating func store(_ breaks: UInt32, for word: SIMD32<UInt8>) {
    if words.isEmpty {
      words = Array(repeating: SIMD4(), count: 1 << Self.slotBits)
      breakBits = Array(repeating: 0, count: 1 << Self.slotBits)
    }
    let lanes = unsafeBitCast(word, to: SIMD4<UInt64>.self)
    let slot = Self.slot(of: lanes)
    words[slot] = lanes
    breakBits[slot] = breaks
  }

  private static func slot(of lanes: SIMD4<UInt64>) -> Int {
    let mixed = (lanes.x &* 0x9E37_79B9_7F4A_7C15) ^ (lanes.y &* 0xC2B2_AE3D_27D4_EB4F)
      ^ (lanes.z &* 0x1656_67B1_9E37_79F9) ^ (lanes.w &* 0x27D4_EB2F_1656_67C5)
    let spread = (mixed ^ (mixed >> 29)) &* 0x9E37_79B9_7F4A_7C15
    return Int(truncatingIfNeeded: spread >> (64 - UInt64(slotBits)))
  }
}
