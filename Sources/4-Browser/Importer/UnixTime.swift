import Foundation

/// Times as Firefox (PRTime) and GNOME Web (`g_get_real_time()`) store them: microseconds
/// since 1970-01-01 UTC.
enum UnixTime {
    /// The date of `microseconds` since 1970; nil for none (NULL, or 0 and below).
    static func date(microseconds: Int64?) -> Date? {
        guard let microseconds, microseconds > 0 else { return nil }
        return Date(timeIntervalSince1970: TimeInterval(microseconds) / 1_000_000)
    }
}
