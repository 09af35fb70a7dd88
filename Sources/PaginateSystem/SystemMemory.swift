import CMalloc
import Glibc

/// Memory from the C library's allocator and from the kernel, for the blocks Swift's
/// allocation API cannot give: one that grows in place (`realloc`), and zeroed pages mapped
/// straight from the kernel. Each returns `nil` when there is no memory, rather than trap.
package enum SystemMemory {
  /// `byteCount` bytes (`malloc`), aligned for any type.
  package static func allocate(byteCount: Int) -> UnsafeMutableRawPointer? {
    malloc(byteCount)
  }

  /// `byteCount` zeroed bytes (`calloc`).
  package static func allocateZeroed(byteCount: Int) -> UnsafeMutableRawPointer? {
    calloc(1, byteCount)
  }

  /// The block at `pointer` (from this enum) resized to `byteCount` bytes, moved if need be
  /// (`realloc`); on `nil` the old block is still valid.
  package static func reallocate(_ pointer: UnsafeMutableRawPointer?, byteCount: Int) -> UnsafeMutableRawPointer? {
    realloc(pointer, byteCount)
  }

  /// Gives back a block from ``allocate(byteCount:)``, ``allocateZeroed(byteCount:)`` or
  /// ``reallocate(_:byteCount:)``.
  package static func free(_ pointer: UnsafeMutableRawPointer?) {
    Glibc.free(pointer)
  }

  /// `byteCount` bytes of zeroed, private pages from the kernel (`mmap`), page-aligned.
  package static func mapPages(byteCount: Int) -> UnsafeMutableRawPointer? {
    let mapped = mmap(nil, byteCount, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
    guard let mapped, mapped != MAP_FAILED else { return nil }
    return mapped
  }

  /// Gives back pages from ``mapPages(byteCount:)``.
  package static func unmapPages(_ pointer: UnsafeMutableRawPointer, byteCount: Int) {
    munmap(pointer, byteCount)
  }

  /// Tunes the C library's allocator for paginate's pattern (see the command line's start).
  ///
  /// - Parameters:
  ///   - fastBins: whether glibc keeps small freed blocks in fast bins (`M_MXFAST`).
  ///   - topPad: bytes kept at the top of the heap when memory is given back (`M_TOP_PAD`).
  package static func tuneAllocator(fastBins: Bool, topPad: Int) {
    if !fastBins { _ = mallopt(M_MXFAST, 0) }
    _ = mallopt(M_TOP_PAD, Int32(clamping: topPad))
  }
}
