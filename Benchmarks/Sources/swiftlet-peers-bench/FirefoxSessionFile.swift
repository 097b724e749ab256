import Foundation

/// A Firefox session (`sessionstore.jsonlz4` in the profile): one window of tabs, each with
/// one history entry, the way Firefox writes them, in its ``MozLz4`` container. With the pref
/// `browser.startup.page` = 3 Firefox restores it at launch; background tabs stay unloaded
/// until selected (`browser.sessionstore.restore_on_demand`, on by default).
enum FirefoxSessionFile {
    /// The file's content: `urls` as tabs titled "Page N", the tab at `active` selected, the
    /// window `width` × `height`.
    static func json(urls: [URL], active: Int, width: Int = 1280, height: Int = 960) -> Data {
        let now = Int(Date().timeIntervalSince1970 * 1000)
        let tabs: [[String: Any]] = urls.enumerated().map { index, url in
            [
                "entries": [
                    [
                        "url": url.absoluteString, "title": "Page \(index)", "cacheKey": 0, "ID": index + 1,
                        "docshellUUID": String(format: "{00000000-0000-4000-8000-%012d}", index),
                        // The system principal, in Firefox's JSON serialization of principals.
                        "triggeringPrincipal_base64": #"{"3":{}}"#, "hasUserInteraction": false,
                        "persist": true, "docIdentifier": index + 1,
                    ] as [String: Any]
                ],
                "lastAccessed": now, "hidden": false, "attributes": [String: Any](), "requestedIndex": 0,
                "index": 1, "userContextId": 0,
            ]
        }
        let session: [String: Any] = [
            "version": ["sessionrestore", 1],
            "windows": [
                [
                    "tabs": tabs, "selected": active + 1, "_closedTabs": [Any](), "width": width,
                    "height": height, "screenX": 0, "screenY": 0, "sizemode": "normal",
                ] as [String: Any]
            ],
            "selectedWindow": 1, "_closedWindows": [Any](),
            "session": ["lastUpdate": now, "startTime": now - 60_000, "recentCrashes": 0],
            "global": [String: Any](),
        ]
        return try! JSONSerialization.data(withJSONObject: session, options: [.sortedKeys])
    }

    /// Writes the session into `profile` (`sessionstore.jsonlz4`).
    static func write(urls: [URL], active: Int, into profile: URL) throws {
        try MozLz4.encode(json(urls: urls, active: active)).write(
            to: profile.appendingPathComponent("sessionstore.jsonlz4"))
    }
}
