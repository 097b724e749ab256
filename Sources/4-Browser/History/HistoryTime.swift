import Foundation

/// Times as the `History` file stores them: microseconds since 1601-01-01 UTC, Chromium's
/// `base::Time` internal value (`base/time/time.h`), so that a Chromium `History` file and
/// ours hold the same numbers.
enum HistoryTime {
    /// Seconds from 1601-01-01 UTC to the Unix epoch.
    static let epochOffset: TimeInterval = 11_644_473_600

    /// `date` in microseconds since 1601, clamped to what an `Int64` holds.
    static func microseconds(_ date: Date) -> Int64 {
        let value = (date.timeIntervalSince1970 + epochOffset) * 1_000_000
        guard value.isFinite else { return 0 }
        return Int64(clamping: value.rounded())
    }

    /// The date `microseconds` since 1601 stands for.
    static func date(_ microseconds: Int64) -> Date {
        Date(timeIntervalSince1970: Double(microseconds) / 1_000_000 - epochOffset)
    }
}

extension Int64 {
    /// `value` rounded and clamped to `Int64`'s range.
    fileprivate init(clamping value: Double) {
        if value >= 9.223_372_036_854_775e18 {
            self = .max
        } else if value <= -9.223_372_036_854_775e18 {
            self = .min
        } else {
            self = Int64(value)
        }
    }
}
