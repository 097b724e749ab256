public import Foundation

/// An error a page load ended with.
public struct WebLoadError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of failure it was.
    public enum Kind: Sendable, Equatable {
        /// The host could not be resolved or connected to.
        case unreachable
        /// The server answered with an HTTP error status.
        case httpStatus(Int)
        /// A TLS or certificate error.
        case tls
        /// The navigation was cancelled (by a policy decider, a new navigation or stop).
        case cancelled
        /// The web process went away during the load.
        case renderProcessGone
        /// Anything else.
        case other
    }

    /// What kind of failure it was.
    public var kind: Kind
    /// The engine's own error domain and code, for diagnostics.
    public var domain: String
    /// The engine's code within ``domain``.
    public var code: Int
    /// A human-readable message.
    public var message: String
    /// The URL whose load failed.
    public var url: URL?

    public init(kind: Kind, domain: String = "swiftlet", code: Int = 0, message: String, url: URL? = nil) {
        self.kind = kind
        self.domain = domain
        self.code = code
        self.message = message
        self.url = url
    }

    /// "<message> (<domain> <code>) for <url>".
    public var description: String {
        "\(message) (\(domain) \(code))" + (url.map { " for \($0.absoluteString)" } ?? "")
    }
}

/// One navigation, as reported to observers from start to finish (Chromium's
/// `ios/web/public/navigation/navigation_context.h`).
public struct NavigationContext: Sendable, Equatable {
    /// A process-unique identifier of the navigation.
    public var navigationID: Int64
    /// The URL being navigated to (updated on redirects).
    public var url: URL
    /// How the navigation came about (`GetPageTransition`); a server redirect adds
    /// ``PageTransition/serverRedirect``.
    public var pageTransition: PageTransition
    /// Every URL the navigation went to, the first request first and ``url`` last: more than
    /// one when the server redirected it (the chain `HistoryTabHelper` records).
    public var redirectChain: [URL]
    /// Whether it loads a restored tab's page (Chromium's `RestoreType::kRestored`): not a
    /// visit of the user's.
    public var isRestore: Bool
    /// Whether it stays in the same document (fragment or history API).
    public var isSameDocument: Bool
    /// Whether the page started it rather than the user or the browser.
    public var isRendererInitiated: Bool
    /// Whether it was committed (the page was replaced).
    public var hasCommitted: Bool
    /// Whether it turned into a download.
    public var isDownload: Bool
    /// The error it ended with, if any.
    public var error: WebLoadError?
    /// The HTTP status of the response, if any.
    public var httpStatusCode: Int?

    public init(
        navigationID: Int64, url: URL, pageTransition: PageTransition = .link, isRestore: Bool = false,
        isSameDocument: Bool = false, isRendererInitiated: Bool = false,
        hasCommitted: Bool = false, isDownload: Bool = false, error: WebLoadError? = nil,
        httpStatusCode: Int? = nil
    ) {
        self.navigationID = navigationID
        self.url = url
        self.pageTransition = pageTransition
        self.redirectChain = [url]
        self.isRestore = isRestore
        self.isSameDocument = isSameDocument
        self.isRendererInitiated = isRendererInitiated
        self.hasCommitted = hasCommitted
        self.isDownload = isDownload
        self.error = error
        self.httpStatusCode = httpStatusCode
    }

    /// Follows a server redirect to `target`: the chain grows and the transition says so.
    public mutating func redirect(to target: URL) {
        url = target
        redirectChain.append(target)
        pageTransition = pageTransition.adding(.serverRedirect)
    }
}

/// How a page load ended.
public enum PageLoadCompletionStatus: Sendable, Equatable {
    /// The page loaded.
    case success
    /// The page failed to load.
    case failure(WebLoadError)
}
