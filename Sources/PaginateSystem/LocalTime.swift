import Glibc

/// A moment as the local clock and calendar show it (`localtime_r(3)`, the `TZ` of the
/// process): what a listing's header prints for a file's date.
package struct LocalTime: Sendable, Hashable {
  package var year: Int
  /// 1 to 12.
  package var month: Int
  /// 1 to 31.
  package var day: Int
  package var hour: Int
  package var minute: Int

  /// The moment `seconds` after the epoch; `nil` when the C library cannot represent it.
  package init?(secondsSinceEpoch seconds: Int) {
    var time = time_t(seconds)
    var parts = tm()
    guard localtime_r(&time, &parts) != nil else { return nil }
    year = Int(parts.tm_year) + 1900
    month = Int(parts.tm_mon) + 1
    day = Int(parts.tm_mday)
    hour = Int(parts.tm_hour)
    minute = Int(parts.tm_min)
  }

  /// Now.
  package static var now: LocalTime? { LocalTime(secondsSinceEpoch: Int(Glibc.time(nil))) }

  /// `2026-11-29`.
  package var date: String {
    "\(year)-\(Self.twoDigits(month))-\(Self.twoDigits(day))"
  }

  /// `14:36`.
  package var time: String {
    "\(Self.twoDigits(hour)):\(Self.twoDigits(minute))"
  }

  private static func twoDigits(_ value: Int) -> String {
    value < 10 ? "0\(value)" : String(value)
  }
}
