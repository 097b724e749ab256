import Foundation
import TabModel
import Web

// Conversions between the model's value types and the generated storage messages.

extension StorageTimestamp {
    /// The times a file may hold: from Chromium's epoch (1601-01-01) to the end of year 9999.
    /// A time read from disk is clamped to it, and so is a time written: a hand-made or
    /// damaged file must not make a later save trap converting an out-of-range `Double`.
    static let saneRange: ClosedRange<TimeInterval> = -11_644_473_600...253_402_300_799

    /// Seconds from Chromium's epoch (1601-01-01 UTC, base::Time's) to the Unix epoch.
    static let chromiumEpochOffset: TimeInterval = 11_644_473_600

    /// The first value of Chromium's epoch that is on or after 1970: below it, a stored value
    /// is read as format 1's microseconds from the Unix epoch.
    static let firstChromiumValueSince1970 = Int64(chromiumEpochOffset) * 1_000_000

    /// A time as Chromium stores it: microseconds since 1601-01-01 UTC (format 2 on).
    init(_ date: Date) {
        self.init()
        let raw = date.timeIntervalSince1970.isNaN ? 0 : date.timeIntervalSince1970
        let seconds = min(max(raw, Self.saneRange.lowerBound), Self.saneRange.upperBound)
        microseconds = Int64(((seconds + Self.chromiumEpochOffset) * 1_000_000).rounded())
    }

    /// The stored time. Format 1 files (ours, before Chromium's epoch was used) counted from
    /// the Unix epoch; they are told apart by size, which also reads tab files, which carry
    /// no version: every time after 1970 counted from 1601 is at least
    /// ``firstChromiumValueSince1970`` µs, which counted from 1970 is the year 2339.
    var date: Date {
        var seconds = Double(microseconds) / 1_000_000
        if microseconds >= Self.firstChromiumValueSince1970 { seconds -= Self.chromiumEpochOffset }
        return Date(
            timeIntervalSince1970: min(max(seconds, Self.saneRange.lowerBound), Self.saneRange.upperBound))
    }
}

extension StorageUserAgentType {
    init(_ type: UserAgentType) { self = StorageUserAgentType(rawValue: type.rawValue) ?? .none }
    var model: UserAgentType { UserAgentType(rawValue: rawValue) ?? .automatic }
}

extension StorageWebStateMetadataStorage {
    init(_ metadata: WebStateMetadata) {
        self.init()
        creationTime = StorageTimestamp(metadata.creationTime)
        lastActiveTime = StorageTimestamp(metadata.lastActiveTime)
        activePage.pageTitle = metadata.title
        activePage.pageURL = metadata.url?.absoluteString ?? ""
        navigationItemCount = Int32(clamping: metadata.navigationItemCount)
    }

    var model: WebStateMetadata {
        WebStateMetadata(
            creationTime: creationTime.date, lastActiveTime: lastActiveTime.date, title: activePage.pageTitle,
            url: URL(string: activePage.pageURL), navigationItemCount: Int(max(0, navigationItemCount)))
    }
}

extension StorageNavigationItemStorage {
    init(_ item: NavigationItem) {
        self.init()
        url = item.url.absoluteString
        if let virtual = item.virtualURL, virtual != item.url { virtualURL = virtual.absoluteString }
        title = item.title
        timestamp = StorageTimestamp(item.timestamp)
        userAgent = StorageUserAgentType(item.userAgent)
        if let referrer = item.referrer {
            self.referrer.url = referrer.url.absoluteString
            self.referrer.policy = StorageReferrerPolicy(rawValue: referrer.policy) ?? .default
        }
        if !item.httpRequestHeaders.isEmpty {
            httpRequestHeaders.headers = item.httpRequestHeaders.sorted { $0.key < $1.key }.map {
                var header = StorageHttpHeaderStorage()
                header.name = $0.key
                header.value = $0.value
                return header
            }
        }
    }

    /// The item, or nil if its URL does not parse.
    var model: NavigationItem? {
        guard let parsed = URL(string: url) else { return nil }
        var headers: [String: String] = [:]
        for header in httpRequestHeaders.headers { headers[header.name] = header.value }
        return NavigationItem(
            url: parsed, virtualURL: virtualURL.isEmpty ? nil : URL(string: virtualURL), title: title,
            timestamp: timestamp.date, userAgent: userAgent.model,
            referrer: hasReferrer
                ? URL(string: referrer.url).map { Referrer(url: $0, policy: referrer.policy.rawValue) } : nil,
            httpRequestHeaders: headers)
    }
}

extension StorageNavigationStorage {
    init(_ history: NavigationHistory) {
        self.init()
        lastCommittedItemIndex = Int32(history.lastCommittedItemIndex)
        items = history.items.map(StorageNavigationItemStorage.init)
    }

    /// The history; unparsable items are dropped and the committed index kept in range.
    var model: NavigationHistory {
        var kept: [NavigationItem] = []
        var committed = -1
        for (index, stored) in items.enumerated() {
            guard let item = stored.model else { continue }
            if index <= Int(lastCommittedItemIndex) { committed = kept.count }
            kept.append(item)
        }
        if kept.isEmpty { committed = -1 } else if committed < 0 { committed = 0 }
        return NavigationHistory(items: kept, lastCommittedItemIndex: committed)
    }
}

extension StorageWebStateStorage {
    /// The storage written to data.pb: everything but the metadata, which lives in the list.
    init(_ storage: WebStateStorage) {
        self.init()
        hasOpener_p = storage.hasOpener
        userAgent = StorageUserAgentType(storage.userAgent)
        navigation = StorageNavigationStorage(storage.navigation)
        if let level = storage.zoomLevel, Self.zoomLevelRange.contains(level) { zoomLevel = level }
    }

    /// The zoom factors a file may hold as a tab's own zoom (the zoom commands' range, 25% to
    /// 500%). 0 — the field absent — is a tab that follows the profile's default, and so is
    /// anything out of range. Files written before default zoom existed left out 1, so their
    /// unzoomed tabs follow the default too; 1 is only ever written for a tab zoomed to 100%
    /// on purpose.
    static let zoomLevelRange: ClosedRange<Double> = 0.25...5

    func model(metadata: WebStateMetadata) -> WebStateStorage {
        WebStateStorage(
            hasOpener: hasOpener_p, metadata: hasMetadata ? self.metadata.model : metadata,
            userAgent: userAgent.model,
            navigation: navigation.model,
            zoomLevel: Self.zoomLevelRange.contains(zoomLevel) ? zoomLevel : nil)
    }
}

extension StorageTabGroupColorId {
    init(_ color: TabGroupColor) {
        self = StorageTabGroupColorId(rawValue: color.rawValue) ?? .tabGroupColorGrey
    }
    var model: TabGroupColor { TabGroupColor(rawValue: rawValue) ?? .grey }
}
