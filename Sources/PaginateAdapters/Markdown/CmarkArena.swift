internal import CCmarkGFM
@_spi(Platform) import PaginateSystem

/// Memory for libcmark's parses on one thread, handed out from large mapped chunks and given
/// back all at once when the outermost ``withArena(_:)`` ends.
///
/// A parse makes and frees hundreds of thousands of small blocks (nodes, text, buffers), and
/// the C library's allocator is slow at that (glibc's slow paths: the converter's thread
/// frees little and makes much). The tree is not freed node by node: it goes back with the
/// arena when the conversion ends. Here an allocation is a pointer bump or a pop from a list
/// of freed blocks of its size, and a buffer that grows at the end of its chunk grows in
/// place. The price is that freed blocks over 4 KiB are not reused before the arena ends.
///
/// libcmark's allocator is three C functions with no context argument, so a new block comes
/// from the calling thread's arena (a thread-specific value, set by ``withArena(_:)``), and a
/// block resized or freed names its arena in its header. libcmark does not
/// check what its allocator returns, so a failure stops the program with a message here, as
/// libcmark's own allocator does, rather than giving it a null pointer.
///
/// Safety: an arena is reached through a raw pointer, from one thread only (the one inside its
/// ``withArena(_:)``), and lives until that call returns; every block's header names it
/// (checked in every build by ``owner(of:)``). `cursor` and `end` are both `nil` or both point
/// into ``lastChunk`` with `cursor <= end`; a block of its own at index `i` of ``dedicated``
/// holds `-1 - i` in its header. Debug builds check these (``_checkInvariants()``) as the
/// arena ends.
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
          guard !overflow else { CmarkArena.fail("an allocation too large to count") }
          return CmarkArena.inUse.pointee.allocate(total)
        },
        realloc: { pointer, size in
          guard let pointer else { return CmarkArena.inUse.pointee.allocate(size) }
          return CmarkArena.owner(of: pointer).pointee.reallocate(pointer, to: size)
        },
        free: { pointer in
          if let pointer { CmarkArena.owner(of: pointer).pointee.release(pointer) }
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
    arena.initialize(to: CmarkArena(at: arena))
    key.set(arena)
    defer {
      key.set(nil)
      arena.pointee._checkInvariants()
      arena.pointee.releaseAll()
      arena.deinitialize(count: 1)
      arena.deallocate()
    }
    return try body()
  }

  private static let key = ThreadSpecificKey()

  private static var current: UnsafeMutablePointer<CmarkArena>? {
    key.value?.assumingMemoryBound(to: CmarkArena.self)
  }

  /// The calling thread's arena, for libcmark's calls.
  private static var inUse: UnsafeMutablePointer<CmarkArena> {
    guard let current else { fail("libcmark allocated outside CmarkArena.withArena") }
    return current
  }

  /// The arena a block was made by, from its header.
  ///
  /// A block is resized and freed by the thread that made it, inside its `withArena`: one parse
  /// and its conversion run on one thread. A pointer that is not such a block would have the
  /// arena write into memory it does not own, so this is checked in every build, not only in
  /// debug builds: the header must name the calling thread's arena.
  private static func owner(of block: UnsafeMutableRawPointer) -> UnsafeMutablePointer<CmarkArena> {
    let owner = block.load(fromByteOffset: -16, as: UnsafeMutablePointer<CmarkArena>.self)
    precondition(owner == current, "libcmark resized or freed a block outside the arena that made it")
    return owner
  }

  private static func fail(_ reason: String) -> Never {
    fatalError("paginate: out of memory for libcmark (\(reason))")
  }

  /// Bytes before each block: the arena that made it, then its capacity in a chunk (a
  /// multiple of 16, so positive) or, for a block of its own, its index in `dedicated` as
  /// `-1 - index`. A chunk's first 16 bytes hold the chunk before it.
  private static let header = 16
  private static let chunkSize = 1 << 20
  /// Larger blocks get their own allocation, so that a big buffer can grow with `realloc`.
  private static let largest = chunkSize / 4
  /// Freed blocks of a chunk up to this size are taken again by the same parse.
  private static let reused = 4096

  /// Freed blocks of chunks, by capacity (16 bytes a class), each holding the next's address.
  private let freed: UnsafeMutablePointer<UnsafeMutableRawPointer?> = {
    let lists = UnsafeMutablePointer<UnsafeMutableRawPointer?>.allocate(capacity: reused / 16 + 1)
    lists.initialize(repeating: nil, count: reused / 16 + 1)
    return lists
  }()
  /// Where this arena is, written into each block's header.
  private let address: UnsafeMutablePointer<CmarkArena>
  private var lastChunk: UnsafeMutableRawPointer?
  /// Blocks of their own, by index (their header holds it).
  private var dedicated: [UnsafeMutableRawPointer] = []
  private var cursor: UnsafeMutableRawPointer?
  private var end: UnsafeMutableRawPointer?

  private init(at address: UnsafeMutablePointer<CmarkArena>) {
    self.address = address
  }

  private func releaseAll() {
    var chunk = lastChunk
    while let current = chunk {
      chunk = current.load(as: UnsafeMutableRawPointer?.self)
      SystemMemory.unmapPages(current, byteCount: Self.chunkSize)
    }
    for block in dedicated { SystemMemory.free(block) }
    freed.deallocate()
  }

  /// Checks the invariants of the type's Safety note; nothing in release builds.
  func _checkInvariants() {
    #if DEBUG
      precondition((cursor == nil) == (end == nil), "cursor and end are set together")
      if let cursor, let end, let lastChunk {
        precondition(lastChunk + Self.header <= cursor && cursor <= end, "the cursor is inside the last chunk")
        precondition(end == lastChunk + Self.chunkSize, "the end is the last chunk's")
      }
      for (index, block) in dedicated.enumerated() {
        precondition(block.load(as: UnsafeMutablePointer<CmarkArena>.self) == address, "a block of its own names its arena")
        precondition(block.load(fromByteOffset: 8, as: Int.self) == -1 - index, "a block of its own knows its index")
      }
    #endif
  }

  /// The capacity of a chunk's block for `size` bytes: at least 16 (a freed block holds a
  /// link), a multiple of 16 (blocks stay aligned as `malloc`'s are).
  private static func capacity(_ size: Int) -> Int {
    guard size >= 0 else { fail("a size past the address space") }  // a huge size_t
    return max(16, (size + 15) & ~15)
  }

  /// `size` zeroed bytes, 16-byte aligned (a chunk's new bytes are zero; a reused block is
  /// cleared).
  private mutating func allocate(_ size: Int) -> UnsafeMutableRawPointer {
    let capacity = Self.capacity(size)
    if capacity > Self.largest { return allocateDedicated(size) }
    if capacity <= Self.reused, let block = freed[capacity / 16] {
      freed[capacity / 16] = block.load(as: UnsafeMutableRawPointer?.self)
      block.initializeMemory(as: UInt8.self, repeating: 0, count: capacity)
      return block
    }
    if cursor == nil || end! - cursor! < Self.header + capacity {
      // Mapped, not `calloc`ed: the kernel's pages come zeroed, so no chunk is cleared here.
      guard let chunk = SystemMemory.mapPages(byteCount: Self.chunkSize) else {
        Self.fail("no chunk of \(Self.chunkSize) bytes")
      }
      chunk.storeBytes(of: lastChunk, as: UnsafeMutableRawPointer?.self)
      lastChunk = chunk
      cursor = chunk + Self.header
      end = chunk + Self.chunkSize
    }
    let block = cursor! + Self.header
    block.storeBytes(of: address, toByteOffset: -16, as: UnsafeMutablePointer<CmarkArena>.self)
    block.storeBytes(of: capacity, toByteOffset: -8, as: Int.self)
    cursor = block + capacity
    return block
  }

  /// Takes back a block: a small one of a chunk for reuse, a block of its own at once.
  private mutating func release(_ pointer: UnsafeMutableRawPointer) {
    let capacity = pointer.load(fromByteOffset: -8, as: Int.self)
    if capacity < 0 {
      let index = -1 - capacity
      precondition(index < dedicated.count && dedicated[index] == pointer - Self.header, "not a block of this arena")
      // The last block of its own takes the freed one's index.
      let last = dedicated.removeLast()
      if index < dedicated.count {
        dedicated[index] = last
        last.storeBytes(of: -1 - index, toByteOffset: 8, as: Int.self)
      }
      SystemMemory.free(pointer - Self.header)
      return
    }
    guard capacity <= Self.reused else { return }  // given back with the arena
    pointer.storeBytes(of: freed[capacity / 16], as: UnsafeMutableRawPointer?.self)
    freed[capacity / 16] = pointer
  }

  private mutating func allocateDedicated(_ size: Int) -> UnsafeMutableRawPointer {
    guard let base = SystemMemory.allocateZeroed(byteCount: Self.header + size) else { Self.fail("no block of \(size) bytes") }
    dedicated.append(base)
    base.storeBytes(of: address, as: UnsafeMutablePointer<CmarkArena>.self)
    base.storeBytes(of: -dedicated.count, toByteOffset: 8, as: Int.self)
    return base + Self.header
  }

  /// The block at `pointer` with room for `size` bytes: the same block when it has the room
  /// or is the last one of the current chunk and the chunk has it, else a copy.
  private mutating func reallocate(_ pointer: UnsafeMutableRawPointer, to size: Int) -> UnsafeMutableRawPointer {
    let oldCapacity = pointer.load(fromByteOffset: -8, as: Int.self)
    if oldCapacity < 0 {
      guard let base = SystemMemory.reallocate(pointer - Self.header, byteCount: Self.header + size) else { Self.fail("no block of \(size) bytes") }
      dedicated[-1 - oldCapacity] = base
      return base + Self.header
    }
    let capacity = Self.capacity(size)
    if capacity <= oldCapacity { return pointer }
    if pointer + oldCapacity == cursor, capacity <= Self.largest, end! - pointer >= capacity {
      pointer.storeBytes(of: capacity, toByteOffset: -8, as: Int.self)
      cursor = pointer + capacity
      return pointer
    }
    let block = allocate(size)
    block.copyMemory(from: pointer, byteCount: min(oldCapacity, size))
    release(pointer)
    return block
  }
}
