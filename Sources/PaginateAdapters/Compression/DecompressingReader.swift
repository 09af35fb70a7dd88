internal import CLzma
internal import CZlib

/// gzip or xz text decompressed as it is read, a buffer at a time, through zlib's and
/// liblzma's stream interfaces: the first page of `yes | gzip | paginate -` needs only the
/// first kilobytes, and memory stays that of two buffers whatever the size inside.
///
/// Every member of a multi-member gzip file, and every stream of a concatenated xz file, is
/// read, as `gzip -d` and `xz -d` read them; zeros after the last gzip member do not count.
///
/// Safety: `@unchecked Sendable` because its state changes without a lock: it belongs to one
/// block stream, which reads from one thread at a time. The zlib and liblzma streams live on
/// the heap (they keep pointers back to themselves and must not move).
final class DecompressingReader: @unchecked Sendable {
  private let format: Decompression.Format
  private let name: String
  private let source: @Sendable (UnsafeMutableRawBufferPointer) -> Int
  private let zlib: UnsafeMutablePointer<z_stream>?
  private let lzma: UnsafeMutablePointer<lzma_stream>?
  /// The compressed bytes read from the source and not yet decompressed.
  private let input: UnsafeMutableRawBufferPointer
  private var sourceEnded = false
  /// The end of the data was reached (no failure).
  private var finished = false
  /// A gzip member ended: the next bytes are another member, zeros, or nothing.
  private var memberEnded = false
  /// Decompressed bytes read ahead (``readHead(_:)``), handed out first.
  private var pending: [UInt8] = []
  private var pendingOffset = 0

  /// Why the data could not be read to its end, once it could not.
  private(set) var failure: String?
  /// Told the failure when it happens (a block stream's diagnostics).
  var onFailure: (@Sendable (String) -> Void)?

  /// A reader of the text inside what `read` gives (a function that fills a buffer and returns
  /// the count, 0 at the end, negative on an error).
  ///
  /// - Throws: ``InputError`` when zlib or liblzma cannot start.
  init(format: Decompression.Format, name: String, reading read: @escaping @Sendable (UnsafeMutableRawBufferPointer) -> Int)
    throws(InputError)
  {
    self.format = format
    self.name = name
    source = read
    input = .allocate(byteCount: 1 << 16, alignment: 16)
    switch format {
    case .gzip:
      let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
      stream.initialize(to: z_stream())
      guard paginate_inflate_init(stream) == Z_OK else {
        stream.deallocate()
        input.deallocate()
        throw Decompression.failure(name, "zlib could not start")
      }
      zlib = stream
      lzma = nil
    case .xz:
      let stream = UnsafeMutablePointer<lzma_stream>.allocate(capacity: 1)
      stream.initialize(to: lzma_stream())
      // 0x08 is LZMA_CONCATENATED (a macro Swift cannot import): read every stream in the file.
      guard lzma_stream_decoder(stream, UInt64.max, 0x08) == LZMA_OK else {
        stream.deallocate()
        input.deallocate()
        throw Decompression.failure(name, "liblzma could not start")
      }
      lzma = stream
      zlib = nil
    }
  }

  deinit {
    if let zlib {
      inflateEnd(zlib)
      zlib.deallocate()
    }
    if let lzma {
      lzma_end(lzma)
      lzma.deallocate()
    }
    input.deallocate()
  }

  /// Reads up to `limit` decompressed bytes ahead (fewer only at the end), which ``read(into:)``
  /// then hands out first: enough to choose an adapter by.
  ///
  /// - Throws: ``InputError`` when the data is damaged or cut short within them.
  func readHead(_ limit: Int) throws(InputError) -> [UInt8] {
    var head = [UInt8](repeating: 0, count: limit)
    var filled = 0
    while filled < limit {
      let count = head.withUnsafeMutableBytes { read(into: UnsafeMutableRawBufferPointer(rebasing: $0[filled...])) }
      if count < 0 { throw Decompression.failure(name, failure ?? "cannot read") }
      if count == 0 { break }
      filled += count
    }
    head.removeLast(limit - filled)
    pending = head
    pendingOffset = 0
    return head
  }

  /// Reads the rest of the text, up to `limit` bytes.
  ///
  /// - Throws: ``InputError`` when the data is damaged or cut short, or holds more (found
  ///   before memory for more is taken).
  func readAll(limit: Int = Decompression.maximumSize) throws(InputError) -> [UInt8] {
    switch WholeRead.reading(read(into:), limit: limit) {
    case .complete(let bytes): return bytes
    case .failed: throw Decompression.failure(name, failure ?? "cannot read")
    case .tooLarge: throw Decompression.failure(name, Decompression.tooLargeMessage)
    }
  }

  /// Reads and drops `count` decompressed bytes (to resume at an offset of the text); `false`
  /// when the text ends first or the data is damaged.
  func skip(_ count: Int) -> Bool {
    var left = count
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 16)
    defer { buffer.deallocate() }
    while left > 0 {
      let got = read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[0..<min(left, buffer.count)]))
      if got <= 0 { return false }
      left -= got
    }
    return true
  }

  /// Fills `buffer` with decompressed text: the count, 0 at the end, or -1 when the data is
  /// damaged or cut short (``failure`` says which, and ``onFailure`` is told).
  func read(into buffer: UnsafeMutableRawBufferPointer) -> Int {
    guard buffer.count > 0 else { return 0 }
    if pendingOffset < pending.count {
      let count = min(buffer.count, pending.count - pendingOffset)
      pending.withUnsafeBytes { bytes in
        buffer.baseAddress!.copyMemory(from: bytes.baseAddress! + pendingOffset, byteCount: count)
      }
      pendingOffset += count
      if pendingOffset == pending.count { pending = [] }
      return count
    }
    if failure != nil { return -1 }
    if finished { return 0 }
    let count = zlib != nil ? inflate(into: buffer) : unxz(into: buffer)
    if count < 0, let failure { onFailure?(failure) }
    return count
  }

  /// Whether compressed bytes wait to be decompressed, reading more from the source when none
  /// do; `false` at the source's end.
  private func refill(availableIn: Int) -> (next: UnsafeMutableRawPointer?, count: Int)? {
    if availableIn > 0 || sourceEnded { return nil }
    let count = source(input)
    if count <= 0 {
      sourceEnded = true
      if count < 0 { failure = "cannot read the compressed data" }
      return nil
    }
    return (input.baseAddress, count)
  }

  private func fail(_ message: String) -> Int {
    failure = message
    return -1
  }

  private func inflate(into buffer: UnsafeMutableRawBufferPointer) -> Int {
    // swift-format-ignore: NeverForceUnwrap (only called for gzip, which has a zlib stream)
    let stream = zlib!
    while true {
      if let more = refill(availableIn: Int(stream.pointee.avail_in)) {
        stream.pointee.next_in = more.next?.assumingMemoryBound(to: Bytef.self)
        stream.pointee.avail_in = uInt(more.count)
      }
      if failure != nil { return -1 }
      if memberEnded {
        // Another member, zeros (which do not count), or the end.
        while stream.pointee.avail_in > 0 && stream.pointee.next_in.pointee == 0 {
          stream.pointee.next_in += 1
          stream.pointee.avail_in -= 1
        }
        if stream.pointee.avail_in == 0 {
          if sourceEnded {
            finished = true
            return 0
          }
          continue
        }
        guard inflateReset(stream) == Z_OK else { return fail("zlib could not go on") }
        memberEnded = false
      }
      if stream.pointee.avail_in == 0 && sourceEnded { return fail("the gzip data is cut short") }
      stream.pointee.next_out = buffer.baseAddress?.assumingMemoryBound(to: Bytef.self)
      stream.pointee.avail_out = uInt(buffer.count)
      let status = CZlib.inflate(stream, Z_NO_FLUSH)
      let produced = buffer.count - Int(stream.pointee.avail_out)
      switch status {
      case Z_STREAM_END:
        memberEnded = true
        if produced > 0 { return produced }
      case Z_OK, Z_BUF_ERROR:
        if produced > 0 { return produced }
      default:
        let detail = stream.pointee.msg.map { String(cString: $0) } ?? "error \(status)"
        return fail("damaged gzip data (\(detail))")
      }
    }
  }

  private func unxz(into buffer: UnsafeMutableRawBufferPointer) -> Int {
    // swift-format-ignore: NeverForceUnwrap (only called for xz, which has a liblzma stream)
    let stream = lzma!
    while true {
      if let more = refill(availableIn: stream.pointee.avail_in) {
        stream.pointee.next_in = UnsafePointer(more.next?.assumingMemoryBound(to: UInt8.self))
        stream.pointee.avail_in = more.count
      }
      if failure != nil { return -1 }
      stream.pointee.next_out = buffer.baseAddress?.assumingMemoryBound(to: UInt8.self)
      stream.pointee.avail_out = buffer.count
      let status = lzma_code(stream, sourceEnded ? LZMA_FINISH : LZMA_RUN)
      let produced = buffer.count - stream.pointee.avail_out
      switch status {
      case LZMA_STREAM_END:
        finished = true
        return produced
      case LZMA_OK:
        if produced > 0 { return produced }
      case LZMA_BUF_ERROR:
        if produced > 0 { return produced }
        return fail("the xz data is cut short")
      case LZMA_DATA_ERROR, LZMA_FORMAT_ERROR: return fail("damaged xz data")
      case LZMA_MEM_ERROR: return fail("out of memory decompressing xz data")
      default: return fail("damaged xz data (error \(status.rawValue))")
      }
    }
  }
}
