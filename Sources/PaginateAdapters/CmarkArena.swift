internal import CCmark

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Memory for libcmark's parses on one thread, handed out from large zeroed chunks and given
/// back all at once when the outermost ``withArena(_:)`` ends.
///
/// A parse makes and frees hundreds of thousands of small blocks (nodes, text, buffers), and
/// its tree is freed node by node after conversion. Through the C library's allocator that
/// was a fifth of the instructions of a Markdown run (glibc's slow paths: the converter's
/// thread frees little and makes much). Here an allocation is a pointer bump, `free` does
/// nothing, and a buffer that grows at the end of its chunk grows in place. The price is that
/// memory a parse frees is not reused before the arena ends.
///
/// libcmark's allocator is three C functions with no context argument, so the arena in use is
/// the calling thread's (a thread-specific value), set by ``withArena(_:)``.
struct CmarkArena {
  /// The allocator to give libcmark (`cmark_parser_new_with_mem`); valid only inside
  /// ``withArena(_:)`` on the thread that parses. Written once, when first used, and only read
  /// after that (by libcmark, on any thread): hence `nonisolated(unsafe)`.
  nonisolated(unsafe) static let allocator: UnsafeMutablePointer<cmark_mem> = {
    let memory = UnsafeMutablePointer<cmark_mem>.allocate(capacity: 1)
    memory.initialize(
      to: cmark_mem(
        calloc: { count, size in
          let (total, overflow) = count.multipliedReportingOverflow(by: size)
          return overflow ? nil : CmarkArena.current?.pointee.allocate(total)
        },
        realloc: { pointer, size in
          guard let arena = CmarkArena.current else { return nil }
          guard let pointer else { return arena.pointee.allocate(size) }
          return arena.pointee.reallocate(pointer, to: size)
        },
        free: { pointer in
          if let pointer { CmarkArena.current?.pointee.release(pointer) }
        }))
    return memory
  }()

  /// Runs `body` with an arena for the calling thread's libcmark parses: a new one, released
  /// when `body` returns, or the one already in use when this is nested (a parse made while
  /// another parse's tree is converted).
  static func withArena<Result>(_ body: () throws -> Result) rethrows -> Result {
    if current != nil { return try body() }
    // Reached through a pointer: no reference counting and no exclusivity checks per call.
    let arena = UnsafeMutablePointer<CmarkArena>.allocate(capacity: 1)
    arena.initialize(to: CmarkArena())
    pthread_setspecific(key, arena)
    defer {
      pthread_setspecific(key, nil)
      arena.pointee.releaseAll()
      arena.deinitialize(count: 1)
      arena.deallocate()
    }
    return try body()
  }

  private static let key: pthread_key_t = {
    var key = pthread_key_t()
    precondition(pthread_key_create(&key, nil) == 0, "no thread-specific key for libcmark's arena")
    return key
  }()

  private static var current: UnsafeMutablePointer<CmarkArena>? {
    pthread_getspecific(key)?.assumingMemoryBound(to: CmarkArena.self)
  }

  /// Bytes before each block: its size, and its index in `dedicated` (-1 in a chunk). A
  /// chunk's first 16 bytes hold the chunk before it.
  private static let header = 16
  private static let chunkSize = 1 << 20
  /// Larger blocks get their own allocation, so that a big buffer can grow with `realloc`.
  private static let largest = chunkSize / 4
  /// Freed blocks of a chunk up to this size are taken again by the same parse.
  private static let reused = 4096

  /// Freed blocks of chunks, by size class (16 bytes each), each holding the next's address.
  private let freed: UnsafeMutablePointer<UnsafeMutableRawPointer?> = {
    let lists = UnsafeMutablePointer<UnsafeMutableRawPointer?>.allocate(capacity: reused / 16 + 1)
    lists.initialize(repeating: nil, count: reused / 16 + 1)
    return lists
  }()
  private var lastChunk: UnsafeMutableRawPointer?
  /// Blocks of their own, by index (their header holds it).
  private var dedicated: [UnsafeMutableRawPointer] = []
  private var cursor: UnsafeMutableRawPointer?
  private var end: UnsafeMutableRawPointer?

  private func releaseAll() {
    var chunk = lastChunk
    while let current = chunk {
      chunk = current.load(as: UnsafeMutableRawPointer?.self)
      free(current)
    }
    for block in dedicated { free(block) }
    freed.deallocate()
  }

  /// `size` zeroed bytes, 16-byte aligned (chunks come zeroed; a reused block is zeroed).
  private mutating func allocate(_ size: Int) -> UnsafeMutableRawPointer? {
    let rounded = (size + 15) & ~15
    if rounded > Self.largest { return allocateDedicated(size) }
    if rounded <= Self.reused, let block = freed[rounded / 16] {
      freed[rounded / 16] = block.load(as: UnsafeMutableRawPointer?.self)
      block.initializeMemory(as: UInt8.self, repeating: 0, count: rounded)
      block.storeBytes(of: size, toByteOffset: -16, as: Int.self)
      return block
    }
    if cursor == nil || end! - cursor! < Self.header + rounded {
      guard let chunk = calloc(1, Self.chunkSize) else { return nil }
      chunk.storeBytes(of: lastChunk, as: UnsafeMutableRawPointer?.self)
      lastChunk = chunk
      cursor = chunk + Self.header
      end = chunk + Self.chunkSize
    }
    let block = cursor! + Self.header
    block.storeBytes(of: size, toByteOffset: -16, as: Int.self)
    block.storeBytes(of: -1, toByteOffset: -8, as: Int.self)
    cursor = block + rounded
    return block
  }

  /// Takes back a block: a small one of a chunk for reuse, a block of its own at once.
  private mutating func release(_ pointer: UnsafeMutableRawPointer) {
    let size = pointer.load(fromByteOffset: -16, as: Int.self)
    let index = pointer.load(fromByteOffset: -8, as: Int.self)
    if index >= 0 {
      // The last block of its own takes the freed one's index.
      let last = dedicated.removeLast()
      if index < dedicated.count {
        dedicated[index] = last
        last.storeBytes(of: index, toByteOffset: 8, as: Int.self)
      }
      free(pointer - Self.header)
      return
    }
    let rounded = (size + 15) & ~15
    guard rounded <= Self.reused else { return }  // given back with the arena
    pointer.storeBytes(of: freed[rounded / 16], as: UnsafeMutableRawPointer?.self)
    freed[rounded / 16] = pointer
  }

  private mutating func allocateDedicated(_ size: Int) -> UnsafeMutableRawPointer? {
    guard let base = calloc(1, Self.header + size) else { return nil }
    dedicated.append(base)
    base.storeBytes(of: size, as: Int.self)
    base.storeBytes(of: dedicated.count - 1, toByteOffset: 8, as: Int.self)
    return base + Self.header
  }

  /// The block at `pointer` with room for `size` bytes: grown in place when it is the last
  /// one of the current chunk and the chunk has room, else copied to a new block.
  private mutating func reallocate(_ pointer: UnsafeMutableRawPointer, to size: Int) -> UnsafeMutableRawPointer? {
    let oldSize = pointer.load(fromByteOffset: -16, as: Int.self)
    let index = pointer.load(fromByteOffset: -8, as: Int.self)
    if index >= 0 {
      guard let base = realloc(pointer - Self.header, Self.header + size) else { return nil }
      dedicated[index] = base
      base.storeBytes(of: size, as: Int.self)
      return base + Self.header
    }
    let oldRounded = (oldSize + 15) & ~15
    let rounded = (size + 15) & ~15
    if rounded == oldRounded {
      pointer.storeBytes(of: size, toByteOffset: -16, as: Int.self)
      return pointer
    }
    if pointer + oldRounded == cursor, rounded > oldRounded, rounded <= Self.largest, end! - pointer >= rounded {
      pointer.storeBytes(of: size, toByteOffset: -16, as: Int.self)
      cursor = pointer + rounded
      return pointer
    }
    guard let block = allocate(size) else { return nil }
    block.copyMemory(from: pointer, byteCount: min(oldSize, size))
    release(pointer)
    return block
  }
}
