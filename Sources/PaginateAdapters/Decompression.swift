internal import CLzma
internal import CZlib

/// gzip- and xz-compressed input, recognised by its first bytes and read as the text inside,
/// as less reads `README.gz`: through zlib and liblzma, never a `gzip` process.
///
/// The text is decompressed whole into memory (a compressed file cannot be reopened at an
/// offset of its text, which a page laid out again would need), up to ``maximumSize``.
enum Decompression {
  enum Format: String, Sendable {
    case gzip, xz
  }

  /// The most text a compressed input may hold: more is refused (a "zip bomb", or a file too
  /// large to hold in memory).
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

  /// The text inside `bytes`.
  ///
  /// - Throws: ``InputError`` naming `name` when the data is damaged or cut short, or the text
  ///   is larger than ``maximumSize``.
  static func decompress(_ bytes: [UInt8], format: Format, name: String) throws(InputError) -> [UInt8] {
    switch format {
    case .gzip: return try inflate(bytes, name: name)
    case .xz: return try unxz(bytes, name: name)
    }
  }

  private static let chunk = 1 << 18

  /// gzip through zlib: every member of a multi-member file, as gzip -d reads it.
  private static func inflate(_ bytes: [UInt8], name: String) throws(InputError) -> [UInt8] {
    // zlib keeps a pointer back to the stream and checks it on every call: the stream must
    // not move, so it lives on the heap rather than in a Swift variable.
    let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
    stream.initialize(to: z_stream())
    defer { stream.deallocate() }
    guard paginate_inflate_init(stream) == Z_OK else { throw failure(name, "zlib could not start") }
    defer { inflateEnd(stream) }
    var output: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: chunk)
    var status: Int32 = Z_OK
    try bytes.withUnsafeBufferPointer { (input) throws(InputError) in
      // zlib's next_in is not const; it only reads through it.
      stream.pointee.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
      stream.pointee.avail_in = uInt(input.count)
      while true {
        let produced = buffer.withUnsafeMutableBufferPointer { out in
          stream.pointee.next_out = out.baseAddress
          stream.pointee.avail_out = uInt(out.count)
          status = CZlib.inflate(stream, Z_NO_FLUSH)
          return out.count - Int(stream.pointee.avail_out)
        }
        output.append(contentsOf: buffer[0..<produced])
        if output.count > maximumSize { throw tooLarge(name) }
        if status == Z_STREAM_END {
          // Another member may follow (gzip -d reads them all); trailing zeros do not count.
          let rest = Int(stream.pointee.avail_in)
          let next = input.count - rest
          guard rest > 0, !input[next...].allSatisfy({ $0 == 0 }) else { return }
          guard inflateReset(stream) == Z_OK else { throw failure(name, "zlib could not go on") }
          continue
        }
        guard status == Z_OK || (status == Z_BUF_ERROR && produced > 0) else {
          if status == Z_BUF_ERROR { throw failure(name, "the gzip data is cut short") }
          let detail = stream.pointee.msg.map { String(cString: $0) } ?? "error \(status)"
          throw failure(name, "damaged gzip data (\(detail))")
        }
        if stream.pointee.avail_in == 0 && produced == 0 { throw failure(name, "the gzip data is cut short") }
      }
    }
    return output
  }

  /// xz through liblzma: concatenated streams too, as xz -d reads them.
  private static func unxz(_ bytes: [UInt8], name: String) throws(InputError) -> [UInt8] {
    let stream = UnsafeMutablePointer<lzma_stream>.allocate(capacity: 1)
    stream.initialize(to: lzma_stream())
    defer { stream.deallocate() }
    // 0x08 is LZMA_CONCATENATED (a macro Swift cannot import): read every stream in the file.
    guard lzma_stream_decoder(stream, UInt64.max, 0x08) == LZMA_OK else {
      throw failure(name, "liblzma could not start")
    }
    defer { lzma_end(stream) }
    var output: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: chunk)
    try bytes.withUnsafeBufferPointer { (input) throws(InputError) in
      stream.pointee.next_in = input.baseAddress
      stream.pointee.avail_in = input.count
      while true {
        var status = LZMA_OK
        let produced = buffer.withUnsafeMutableBufferPointer { out in
          stream.pointee.next_out = out.baseAddress
          stream.pointee.avail_out = out.count
          status = lzma_code(stream, LZMA_FINISH)
          return out.count - stream.pointee.avail_out
        }
        output.append(contentsOf: buffer[0..<produced])
        if output.count > maximumSize { throw tooLarge(name) }
        switch status {
        case LZMA_STREAM_END: return
        case LZMA_OK: continue
        case LZMA_BUF_ERROR: throw failure(name, "the xz data is cut short")
        case LZMA_DATA_ERROR, LZMA_FORMAT_ERROR: throw failure(name, "damaged xz data")
        case LZMA_MEM_ERROR: throw failure(name, "out of memory decompressing xz data")
        default: throw failure(name, "damaged xz data (error \(status.rawValue))")
        }
      }
    }
    return output
  }

  private static func failure(_ name: String, _ message: String) -> InputError {
    InputError(input: name, message: message)
  }

  private static func tooLarge(_ name: String) -> InputError {
    InputError(input: name, message: "holds more than 1 GiB of text once decompressed; decompress it first")
  }
}
