import Synchronization

/// Which layout a page belongs to. Every page set is a layout of its own: a page kept from
/// before a relayout, a reload or an edit names a layout that is no longer shown, so a
/// controller can refuse it rather than read it as a page of the new layout.
package struct LayoutIdentity: Sendable, Hashable, CustomStringConvertible {
  let value: UInt64

  /// A new identity, never given before in this process.
  static func next() -> LayoutIdentity {
    LayoutIdentity(value: counter.wrappingAdd(1, ordering: .relaxed).newValue)
  }

  private static let counter = Atomic<UInt64>(0)

  /// `layout 12`.
  package var description: String { "layout \(value)" }
}
