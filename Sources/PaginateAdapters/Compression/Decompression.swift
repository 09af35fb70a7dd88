/// gzip- and xz-compressed input, recognised by its first bytes and read as the text inside,
/// as less reads `README.gz`: through zlib and liblzma, never a `gzip` process.
///
/// The text is decompressed as it is read (``DecompressingReader``): an adapter that streams
/// (plain text) holds a buffer of it; one that reads its input whole holds at most
/// ``maximumSize``. A page laid out again opens a file anew and decompresses up to its
/// offset, as `less` does with a pipe.
enum Decompression {
  enum Format: String, Sendable {
    case gzip, xz
  }

  /// The most text a compressed input read whole may hold: more is refused (a "zip bomb", or a
  /// file too large to hold in memory).
  static let maximumSize = 1 << 30

  /// The compression `head` (the input's first bytes) starts with, if any.
  static func format(of head: some Collection<UInt8>) -> Format? {
    if head.starts(with: [0x1F, 0x8B]) { return .gzip }
    if head.starts(with: [0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00]) { return .xz }
    return nil
  }

  /// The name the text inside goes by: `notes.md.gz` → `notes.md` (whose extension chooses
  /// the adapter).
  static func innerName(of name: String, _ format: Format) -> String {
    let suffixes = format == .gzip ? [".gz", ".z", ".tgz"] : [".xz", ".txz"]
    for suffix in suffixes where name.lowercased().hasSuffix(suffix) && name.count > suffix.count {
      return String(name.dropLast(suffix.count)) + (suffix.hasPrefix(".t") ? ".tar" : "")
    }
    return name
  }

  static func failure(_ name: String, _ message: String) -> InputError {
    InputError(input: name, message: message)
  }

  static let tooLargeMessage = "holds more than 1 GiB of text once decompressed; decompress it first"
}
