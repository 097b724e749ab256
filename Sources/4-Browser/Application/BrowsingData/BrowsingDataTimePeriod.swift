public import Foundation

/// How far back Clear Browsing Data reaches (Chromium's `browsing_data::TimePeriod`,
/// `components/browsing_data/core/browsing_data_utils.h`).
public enum BrowsingDataTimePeriod: String, CaseIterable, Sendable {
    case lastHour, lastDay, lastWeek, lastFourWeeks, allTime

    /// The earliest time cleared, as of `now`; nil for all time.
    public func beginTime(now: Date) -> Date? {
        switch self {
        case .lastHour: now.addingTimeInterval(-3600)
        case .lastDay: now.addingTimeInterval(-24 * 3600)
        case .lastWeek: now.addingTimeInterval(-7 * 24 * 3600)
        case .lastFourWeeks: now.addingTimeInterval(-28 * 24 * 3600)
        case .allTime: nil
        }
    }
}
