import CPaginateSystem
import Glibc

/// A shared library opened at run time (`dlopen`), for a feature whose libraries should not
/// load at every start: its symbols bound now and kept to itself. Never closed: what it gave
/// stays valid for the life of the process.
package struct SharedLibrary: @unchecked Sendable {
  /// The handle `dlopen` gave (a library is never closed, so copies may share it).
  private let handle: UnsafeMutableRawPointer

  /// Opens the library at `path`.
  ///
  /// - Throws: the dynamic linker's message when it cannot be opened.
  package init(path: String) throws(SharedLibraryError) {
    var message = [CChar](repeating: 0, count: 512)
    guard let handle = paginate_library_open(path, &message, message.count) else {
      throw SharedLibraryError(message: String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }
    self.handle = handle
  }

  /// The address of `symbol`, `nil` when the library has none.
  package func symbol(_ name: String) -> UnsafeMutableRawPointer? {
    paginate_library_symbol(handle, name)
  }

  /// The folder of the running program (`/proc/self/exe`, links followed), where libraries
  /// built with it are looked for; `nil` when it cannot be read.
  package static var programFolder: String? {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    guard count > 0 else { return nil }
    let path = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    guard let slash = path.lastIndex(of: "/") else { return nil }
    return String(path[..<slash])
  }
}

/// Why a shared library could not be opened: the dynamic linker's words.
package struct SharedLibraryError: Error, Sendable {
  package var message: String
}
