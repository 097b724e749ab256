import CWebKitGTK
public import Foundation
import GLibSupport
public import Web

/// One profile's engine state: a WebKit network session (cookies, storage, caches, one
/// network process for them) shared by every web content made from it.
@MainActor
public final class WebKitEngineContext: WebEngineContext {
    /// The engine that made this context.
    public unowned let engine: WebKitEngine
    /// How this context keeps its data.
    public let storage: WebEngineStorage
    /// The network session (`WebKitNetworkSession *`).
    let session: GObjectRef
    private var downloads: WebKitDownloads!
    /// The contents of this context by the site they show (``SiteProcessRegistry``): a new
    /// content for a site joins the web process of one of them.
    let sites = SiteProcessRegistry<WebKitWebContent>()

    /// The print settings (a `GtkPrintSettings *`) of the last print dialog that printed, for
    /// the next one.
    var printSettings: GObjectRef?
    /// The page setup (a `GtkPageSetup *`) of the last print dialog that printed.
    var pageSetup: GObjectRef?

    /// Applied to the network session when set (`WebKitEngineContext+Privacy.swift`).
    public var privacySettings = WebEnginePrivacySettings() {
        didSet { if privacySettings != oldValue { applyPrivacySettings() } }
    }

    /// WebKitGTK has no default zoom of its own (GNOME Web sets each view's zoom as it makes
    /// it): WebStates apply this one to their views.
    public let defaultPageZoom = DefaultPageZoom()

    /// Where downloads are saved: the XDG download directory (else `~/Downloads`) unless set.
    public var downloadDirectory: URL {
        get { downloads.directory }
        set { downloads.directory = newValue }
    }

    init(engine: WebKitEngine, storage: WebEngineStorage) {
        self.engine = engine
        self.storage = storage
        switch storage {
        case .persistent(let dataDirectory, let cacheDirectory):
            Self.makePrivateDirectory(dataDirectory)
            Self.makePrivateDirectory(cacheDirectory)
            session = GObjectRef(
                adopting: UnsafeMutableRawPointer(
                    webkit_network_session_new(dataDirectory.path, cacheDirectory.path)!))
            // Cookies stay in memory unless told where to go, even in a persistent session.
            webkit_cookie_manager_set_persistent_storage(
                webkit_network_session_get_cookie_manager(session.opaque),
                dataDirectory.appendingPathComponent(Self.cookiesFileName).path,
                WEBKIT_COOKIE_PERSISTENT_STORAGE_SQLITE)
        case .ephemeral:
            session = GObjectRef(adopting: UnsafeMutableRawPointer(webkit_network_session_new_ephemeral()!))
        }
        // Favicons are off by default; the content reports favicon URLs from this database.
        webkit_website_data_manager_set_favicons_enabled(
            webkit_network_session_get_website_data_manager(session.opaque), 1)
        downloads = WebKitDownloads(session: session, directory: WebKitDownloads.defaultDirectory)
    }

    /// Whether the network session keeps nothing on disk.
    public var isEphemeral: Bool { webkit_network_session_is_ephemeral(session.opaque) != 0 }

    /// Makes a web content (a new web view) bound to this context's network session; for a
    /// `url` of a site that another content of this context shows, in that content's web
    /// process (``SiteProcessRegistry``).
    public func makeWebContent(for url: URL?) -> any WebContent { makeWebKitWebContent(for: url) }

    /// Makes a web content, typed as the WebKit one (``makeWebContent(for:)``).
    public func makeWebKitWebContent(for url: URL? = nil) -> WebKitWebContent {
        let site = url.flatMap { SiteProcessRegistry<WebKitWebContent>.site(of: $0) }
        let content = WebKitWebContent(context: self, relatedTo: site.flatMap { sites.member(showing: $0) })
        // Filed at once, so that tabs opened together (a command line's URLs) share a
        // process before the first of them commits.
        if let site { sites.record(content, site: site) }
        return content
    }

    /// Tells `observer` (held weakly) about this context's downloads.
    public func addDownloadObserver(_ observer: any DownloadObserver) { downloads.observers.add(observer) }

    /// Stops telling `observer` about downloads.
    public func removeDownloadObserver(_ observer: any DownloadObserver) {
        downloads.observers.remove(observer)
    }

    /// The downloads under way, oldest first.
    public var downloadTasks: [any DownloadTask] { downloads.tasks }

    /// Asked where each download goes (held weakly).
    public var downloadDestinationDelegate: (any DownloadDestinationDelegate)? {
        get { downloads.destinationDelegate }
        set { downloads.destinationDelegate = newValue }
    }

    /// `webkit_network_session_download_uri`: "download-started" reports it like any other.
    public func download(_ url: URL) {
        guard let download = webkit_network_session_download_uri(session.opaque, url.absoluteString) else {
            return
        }
        g_object_unref(UnsafeMutableRawPointer(download))
    }

    /// Looks up the page's favicon in the session's favicon database
    /// (`webkit_favicon_database_get_favicon`), without a web view, as PNG bytes.
    public func fetchFavicon(forPageURL pageURL: URL, completion: @escaping @MainActor (Data?) -> Void) {
        faviconFetches.append((pageURL, completion))
        guard faviconFetchSource == nil else { return }
        faviconFetchSource = GLibMainLoop.addIdle { [weak self] in self?.startFaviconFetches() }
    }

    /// Lookups asked for and not started yet, and the idle source that starts them.
    private var faviconFetches: [(URL, @MainActor (Data?) -> Void)] = []
    private var faviconFetchSource: UInt32?
    /// How many lookups an idle callback starts.
    static let faviconFetchesPerIdle = 50

    /// Starts the next lookups. A restored window asks for one per tab, all in the same push:
    /// starting them on idle, in batches, keeps a thousand database requests (and their
    /// answers) off the path to the window's first frame and the active tab's load.
    private func startFaviconFetches() {
        faviconFetchSource = nil
        let batch = faviconFetches.prefix(Self.faviconFetchesPerIdle)
        faviconFetches.removeFirst(batch.count)
        for (pageURL, completion) in batch { lookUpFavicon(forPageURL: pageURL, completion: completion) }
        if !faviconFetches.isEmpty {
            faviconFetchSource = GLibMainLoop.addIdle { [weak self] in self?.startFaviconFetches() }
        }
    }

    private func lookUpFavicon(forPageURL pageURL: URL, completion: @escaping @MainActor (Data?) -> Void) {
        let manager = webkit_network_session_get_website_data_manager(session.opaque)
        guard let database = webkit_website_data_manager_get_favicon_database(manager) else {
            // Favicons are enabled on every session; answered later all the same.
            GLibMainLoop.addIdle { completion(nil) }
            return
        }
        let retained = GObjectRef(retaining: UnsafeMutableRawPointer(database))
        let userData = AsyncCompletion.userData { _, result in
            var error: UnsafeMutablePointer<GError>?
            let texture = webkit_favicon_database_get_favicon_finish(retained.opaque, result, &error)
            if error != nil { g_error_free(error) }
            guard let texture else { return completion(nil) }
            defer { g_object_unref(UnsafeMutableRawPointer(texture)) }
            completion(Self.png(of: texture))
        }
        webkit_favicon_database_get_favicon(
            retained.opaque, pageURL.absoluteString, nil, AsyncCompletion.callback, userData)
    }

    /// A texture's pixels as PNG bytes.
    static func png(of texture: OpaquePointer) -> Data? {
        guard let bytes = gdk_texture_save_to_png_bytes(texture) else { return nil }
        defer { g_bytes_unref(bytes) }
        var size: gsize = 0
        guard let data = g_bytes_get_data(bytes, &size), size > 0 else { return nil }
        return Data(bytes: data, count: Int(size))
    }

    /// The cookie database's name in a persistent context's data directory.
    public static let cookiesFileName = "cookies.sqlite"

    private static func makePrivateDirectory(_ url: URL) {
        try? FileManager.default.createDirectory(
            at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try? FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: url.path)
    }
}
