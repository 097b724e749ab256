import CWebKitGTK
public import Foundation
import GLibSupport
public import Web

extension WebKitEngineContext {
    /// `webkit_website_data_manager_clear` on the session's data manager, over the time
    /// span from `since` to now (WebKit's 0: all of it). Cookies go for all time whatever
    /// `since` says: libsoup's cookie jar keeps no time a cookie was set, and WebKitGTK's
    /// "cookies modified since" deletes none of them (checked on 2.50), so a range would
    /// leave every cookie of that range in place.
    public func clearWebsiteData(
        _ types: WebsiteDataTypes, since: Date?, completion: @escaping @MainActor () -> Void
    ) {
        let timespan = since.map { GTimeSpan(max(Date().timeIntervalSince($0), 1) * 1_000_000) } ?? 0
        guard timespan != 0, types.contains(.cookies) else {
            return clearWebsiteData(Self.webKitTypes(types), timespan: timespan, completion: completion)
        }
        clearWebsiteData(Self.webKitTypes(types.subtracting(.cookies)), timespan: timespan) { [weak self] in
            guard let self else { return completion() }
            clearWebsiteData(Self.webKitTypes(.cookies), timespan: 0, completion: completion)
        }
    }

    private func clearWebsiteData(
        _ types: WebKitWebsiteDataTypes, timespan: GTimeSpan, completion: @escaping @MainActor () -> Void
    ) {
        let manager = webkit_network_session_get_website_data_manager(session.opaque)
        let retained = GObjectRef(retaining: UnsafeMutableRawPointer(manager!))
        let userData = AsyncCompletion.userData { _, result in
            var error: UnsafeMutablePointer<GError>?
            webkit_website_data_manager_clear_finish(retained.opaque, result, &error)
            if error != nil { g_error_free(error) }
            completion()
        }
        webkit_website_data_manager_clear(manager, types, timespan, nil, AsyncCompletion.callback, userData)
    }

    /// WebKit's data types for `types`.
    static func webKitTypes(_ types: WebsiteDataTypes) -> WebKitWebsiteDataTypes {
        var raw: UInt32 = 0
        if types.contains(.cookies) {
            raw |=
                WEBKIT_WEBSITE_DATA_COOKIES.rawValue | WEBKIT_WEBSITE_DATA_HSTS_CACHE.rawValue
                | WEBKIT_WEBSITE_DATA_ITP.rawValue | WEBKIT_WEBSITE_DATA_DEVICE_ID_HASH_SALT.rawValue
        }
        if types.contains(.siteData) {
            raw |=
                WEBKIT_WEBSITE_DATA_SESSION_STORAGE.rawValue | WEBKIT_WEBSITE_DATA_LOCAL_STORAGE.rawValue
                | WEBKIT_WEBSITE_DATA_INDEXEDDB_DATABASES.rawValue
                | WEBKIT_WEBSITE_DATA_SERVICE_WORKER_REGISTRATIONS.rawValue
                | WEBKIT_WEBSITE_DATA_DOM_CACHE.rawValue
                | WEBKIT_WEBSITE_DATA_OFFLINE_APPLICATION_CACHE.rawValue
        }
        if types.contains(.cache) {
            raw |= WEBKIT_WEBSITE_DATA_MEMORY_CACHE.rawValue | WEBKIT_WEBSITE_DATA_DISK_CACHE.rawValue
        }
        return WebKitWebsiteDataTypes(rawValue: raw)
    }
}
