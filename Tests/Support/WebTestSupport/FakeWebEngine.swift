public import Foundation
public import Web

/// A deterministic, instant engine for tests: navigations complete synchronously inside the
/// call that starts them, pages are described in ``pages``, and every content it creates is
/// counted. It never replaces the real engine in the product.
@MainActor
public final class FakeWebEngine: WebEngine {
    /// The settings last applied (the fake draws no text).
    public var fontSettings = WebEngineFontSettings()
    /// How the fake engine answers a URL.
    public struct Page: Sendable {
        /// The page title.
        public var title: String
        /// The page's text (used by find in page).
        public var text: String
        /// Redirect to this URL instead of loading.
        public var redirect: URL?
        /// Fail with this error instead of committing (e.g. an unreachable host).
        public var failure: WebLoadError?
        /// The HTTP status; ≥ 400 commits an error page and reports a failed load.
        public var httpStatus: Int
        /// The load starts and never finishes (the content stays loading until stopped).
        public var stalls: Bool
        /// The page's favicon (PNG bytes), if it has one; a commit puts it in the engine's
        /// ``FakeWebEngine/faviconDatabase``.
        public var favicon: Data?
        /// What is wrong with the certificate of an `https` page (empty: trusted); other
        /// schemes have no TLS.
        public var certificateErrors: CertificateStatus
        /// The response's MIME type; the fake shows `text/`, `image/` and XHTML ones as pages
        /// (``FakeWebContent/canShow(mimeType:)``), and commits the others all the same.
        public var mimeType: String

        public init(
            title: String, text: String = "", redirect: URL? = nil, failure: WebLoadError? = nil,
            httpStatus: Int = 200, stalls: Bool = false, favicon: Data? = nil,
            certificateErrors: CertificateStatus = [], mimeType: String = "text/html"
        ) {
            self.mimeType = mimeType
            self.stalls = stalls
            self.favicon = favicon
            self.certificateErrors = certificateErrors
            self.title = title
            self.text = text
            self.redirect = redirect
            self.failure = failure
            self.httpStatus = httpStatus
        }
    }

    /// Pages by absolute URL string. URLs not listed load successfully with a title made
    /// from the URL (``defaultTitle(for:)``).
    public var pages: [String: Page] = [:]
    /// Results of JavaScript evaluation by script text. Unlisted scripts fail, except
    /// `document.title`, which answers the title.
    public var scriptResults: [String: Result<JavaScriptValue, JavaScriptError>] = [:]
    /// The favicon database: PNG bytes by page URL string, filled by the commits of pages
    /// with a ``Page/favicon`` (or by a test, as an earlier run would have).
    public var faviconDatabase: [String: Data] = [:]
    /// The number of contents ever created.
    public private(set) var contentsCreated = 0
    /// The number of contents created and not yet closed.
    public private(set) var liveContents = 0
    /// The number of contexts made.
    public private(set) var contextsCreated = 0
    private var nextNavigationID: Int64 = 0

    public init() {}

    /// A context with ephemeral storage, made on first use.
    public private(set) lazy var defaultContext: FakeWebEngineContext = makeFakeContext(storage: .ephemeral)

    public func makeContext(storage: WebEngineStorage) -> any WebEngineContext {
        makeFakeContext(storage: storage)
    }

    /// Makes a context, typed as the fake.
    public func makeFakeContext(storage: WebEngineStorage) -> FakeWebEngineContext {
        contextsCreated += 1
        return FakeWebEngineContext(engine: self, storage: storage)
    }

    /// Describes `url` as `page`.
    public func setPage(_ url: URL, _ page: Page) { pages[url.absoluteString] = page }

    /// The page for `url`.
    public func page(for url: URL) -> Page {
        pages[url.absoluteString] ?? Page(title: Self.defaultTitle(for: url))
    }

    /// The title given to unlisted URLs: the last path component, or the host.
    public static func defaultTitle(for url: URL) -> String {
        let last = url.lastPathComponent
        if !last.isEmpty && last != "/" { return last }
        return url.host ?? url.absoluteString
    }

    func contentCreated() {
        contentsCreated += 1
        liveContents += 1
    }

    func contentClosed() { liveContents -= 1 }

    func newNavigationID() -> Int64 {
        nextNavigationID += 1
        return nextNavigationID
    }
}
