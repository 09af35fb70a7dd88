internal import CPangoCairo

/// cairo and pango, which paginate does not link: they are opened when the first PDF is made
/// (see `pango_cairo.h`), so that a program that makes none never loads them.
enum PangoCairoLibrary {
  /// Why the libraries cannot be used, or `nil` once they are open (tried once, on first use).
  static let failure: String? = {
    var message = [CChar](repeating: 0, count: 512)
    guard paginate_pango_cairo_load(&message, message.count) != 0 else { return nil }
    let reason = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return "\(reason) (the PDF export needs pango and cairo; on Debian: apt-get install libpangocairo-1.0-0)"
  }()
}
