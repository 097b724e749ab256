public import Foundation

/// Times as Chromium stores them (`base::Time`): microseconds since 1601-01-01 UTC, in its
/// `Bookmarks` file (as decimal strings) and its `History` database.
public enum ChromiumTime {
    /// Seconds from 1601-01-01 to 1970-01-01 (`base::Time::kTimeTToMicrosecondsOffset` / 10⁶).
    static let secondsFrom1601To1970: Int64 = 11_644_473_600

    /// The date of `microseconds` since 1601; nil for 0 (Chromium's "no time") and for what
    /// lies before 1970 or after 9999.
    public static func date(microsecondsSince1601 microseconds: Int64) -> Date? {
        let unixMicroseconds = microseconds - secondsFrom1601To1970 * 1_000_000
        guard microseconds > 0, unixMicroseconds >= 0, unixMicroseconds < 253_402_300_800_000_000 else {
            return nil
        }
        return Date(timeIntervalSince1970: TimeInterval(unixMicroseconds / 1_000_000))
            .addingTimeInterval(TimeInterval(unixMicroseconds % 1_000_000) / 1_000_000)
    }

    /// Microseconds since 1601 of `date`.
    public static func microsecondsSince1601(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1_000_000).rounded()) + secondsFrom1601To1970 * 1_000_000
    }
}
