public import Base
public import Foundation
public import Web

/// A fake web view: navigations run to completion synchronously, reporting the events a
/// real engine reports, in the same order (start loading, start navigation, [redirect],
/// progress, finish navigation, back-forward state, title, progress 1, stop loading, page
/// loaded). A load that fails before committing shows an error page in its place, as
/// WebKit's engine does; a stopped or superseded navigation finishes, cancelled, and its load
/// fails. The WebContentConformance scenarios check this against WebKit.
@MainActor
public final class FakeWebContent: WebContent {
    /// The events' receiver.
    public weak var delegate: (any WebContentDelegate)?
    /// The engine.
    public unowned let engine: FakeWebEngine
    public private(set) var history = NavigationHistory.empty
    public private(set) var title = ""
    /// The pending URL during a load, else the committed one.
    public private(set) var visibleURL: URL?
    public var lastCommittedURL: URL? { history.lastCommittedItem?.url }
    public private(set) var estimatedProgress: Double = 0
    /// Whether loading: while the events of a load are being reported, and while a load
    /// stalls (``FakeWebEngine/Page/stalls``).
    public private(set) var isLoading = false
    /// The favicon URL of a committed page with a ``FakeWebEngine/Page/favicon``
    /// (`/favicon.ico` of its origin); nil for a page without one, as WebKit knows a favicon
    /// URL only once it has the icon.
    public private(set) var faviconURL: URL?
    /// The committed page's ``FakeWebEngine/Page/favicon``.
    public private(set) var favicon: Data?
    /// The committed page's security: `https` pages over TLS with their
    /// ``FakeWebEngine/Page/certificateErrors``, `http` ones without.
    public private(set) var sslStatus = SSLStatus.unknown
    /// Whether the web process "crashed".
    public private(set) var isCrashed = false
    /// The page zoom factor.
    public var zoomLevel: Double = 1
    /// Whether the page plays sound (set by tests).
    public var isPlayingAudio = false
    /// Whether the user typed into a form of the page (set by tests; a commit resets it).
    public var hadFormInteraction = false
    /// Whether the content is shown.
    public private(set) var isShown = false
    /// Whether ``close()`` was called.
    public private(set) var isClosed = false
    /// How many times the print dialog was asked for.
    public private(set) var printRequests = 0
    /// How many times the web inspector was asked for.
    public private(set) var inspectorRequests = 0
    /// What ``download(_:to:)`` was asked for, in order.
    public internal(set) var downloads: [(url: URL, destination: URL)] = []
    /// Where ``savePage(to:completion:)`` saved the page, in order.
    public internal(set) var savedPages: [URL] = []
    /// The notifications the user clicked, by id, in order.
    public internal(set) var clickedNotifications: [UInt64] = []
    /// Whether the page uses the camera or the microphone (``simulateMediaCapture(_:)``).
    public internal(set) var mediaCaptureState = MediaCaptureState.none
    /// Every URL this content loaded (commits and failures), in order.
    public private(set) var loadedURLs: [URL] = []
    /// The content whose page opened this one (``makeRelatedContent()``), if any.
    public private(set) weak var relatedContent: FakeWebContent?

    init(engine: FakeWebEngine) { self.engine = engine }

    // MARK: Navigation

    /// Loads `url` as a new entry.
    public func load(_ url: URL, transition: PageTransition) {
        navigate(to: url, historyIndex: nil, transition: transition)
    }

    /// Goes to the entry at `index`.
    public func goToItem(at index: Int) {
        precondition(history.items.indices.contains(index), "FakeWebContent: no item \(index)")
        navigate(
            to: history.items[index].url, historyIndex: index,
            transition: PageTransition.link.adding(.forwardBack))
    }

    /// Reloads the committed entry; clears the crashed state.
    public func reload() {
        isCrashed = false
        guard history.lastCommittedItemIndex >= 0 else { return }
        navigate(
            to: history.items[history.lastCommittedItemIndex].url,
            historyIndex: history.lastCommittedItemIndex, transition: .reload)
    }

    /// Stops a stalled load: its navigation finishes, cancelled, and the load fails.
    public func stopLoading() {
        guard isLoading else { return }
        if let stalled = stalledNavigation {
            stalledNavigation = nil
            finish(
                context: stalled,
                error: WebLoadError(kind: .cancelled, message: "cancelled", url: stalled.url))
            return
        }
        isLoading = false
        visibleURL = lastCommittedURL
        report(.didStopLoading)
    }

    /// The navigation of a load that stalled (``FakeWebEngine/Page/stalls``), until it is
    /// stopped or another navigation supersedes it.
    private var stalledNavigation: NavigationContext?

    /// Redirects followed before a load fails with "too many redirects".
    static let maxRedirects = 20

    private func report(_ event: WebContentEvent) { delegate?.webContent(self, didReport: event) }

    private func navigate(
        to requestedURL: URL, historyIndex: Int?, transition: PageTransition, isRestore: Bool = false,
        isRendererInitiated: Bool = false
    ) {
        precondition(!isClosed, "FakeWebContent: used after close()")
        if delegate?.webContent(self, decidePolicyFor: NavigationRequest(url: requestedURL)) == .cancel {
            return
        }
        var context = NavigationContext(
            navigationID: engine.newNavigationID(), url: requestedURL, pageTransition: transition,
            isRestore: isRestore, isRendererInitiated: isRendererInitiated)
        // A new navigation cancels a stalled one, whose load ends before the new one starts.
        if let stalled = stalledNavigation {
            stalledNavigation = nil
            finish(
                context: stalled,
                error: WebLoadError(kind: .cancelled, message: "cancelled", url: stalled.url))
        }
        isLoading = true
        visibleURL = requestedURL
        estimatedProgress = 0.1
        report(.didStartLoading)
        report(.didStartNavigation(context))
        report(.loadProgressChanged(0.1))
        var page = engine.page(for: requestedURL)
        var redirects = 0
        while let target = page.redirect {
            redirects += 1
            if redirects > Self.maxRedirects {
                finish(
                    context: context,
                    error: WebLoadError(kind: .other, message: "too many redirects", url: context.url),
                    historyIndex: historyIndex)
                return
            }
            if delegate?.webContent(self, decidePolicyFor: NavigationRequest(url: target)) == .cancel {
                finish(
                    context: context, error: WebLoadError(kind: .cancelled, message: "cancelled", url: target)
                )
                return
            }
            context.redirect(to: target)
            visibleURL = target
            report(.didRedirectNavigation(context))
            page = engine.page(for: target)
        }
        loadedURLs.append(context.url)
        if page.stalls {
            stalledNavigation = context
            return
        }
        if let failure = page.failure {
            finish(context: context, error: failure, historyIndex: historyIndex)
            return
        }
        let response = NavigationResponse(
            url: context.url, mimeType: page.mimeType, canShowMIMEType: Self.canShow(mimeType: page.mimeType))
        if delegate?.webContent(self, decidePolicyForResponse: response) == .cancel {
            finish(
                context: context,
                error: WebLoadError(kind: .cancelled, message: "cancelled", url: context.url))
            return
        }
        commitEntry(url: context.url, title: page.title, historyIndex: historyIndex)
        hadFormInteraction = false
        title = page.title
        context.hasCommitted = true
        context.httpStatusCode = page.httpStatus
        var error: WebLoadError?
        if page.httpStatus >= 400 {
            error = WebLoadError(
                kind: .httpStatus(page.httpStatus), domain: "http", code: page.httpStatus,
                message: "HTTP \(page.httpStatus)", url: context.url)
        }
        context.error = error
        // As WebKit's content: the page before's icon is gone as the new page commits (unless
        // it is the same), and the new page's comes after.
        let iconURL =
            page.favicon == nil ? nil : URL(string: "/favicon.ico", relativeTo: context.url)?.absoluteURL
        let iconChanged = iconURL != faviconURL || page.favicon != favicon
        if iconChanged { favicon = nil }
        report(.didFinishNavigation(context))
        let ssl = SSLStatus.committed(
            url: context.url,
            certificateErrors: context.url.scheme?.lowercased() == "https" ? page.certificateErrors : nil)
        if ssl != sslStatus {
            sslStatus = ssl
            report(.visibleSecurityStateChanged)
        }
        report(.backForwardStateChanged)
        report(.titleChanged)
        if let png = page.favicon { engine.faviconDatabase[context.url.absoluteString] = png }
        if iconChanged {
            faviconURL = iconURL
            favicon = page.favicon
            report(.faviconURLChanged(iconURL))
        }
        estimatedProgress = 1
        report(.loadProgressChanged(1))
        isLoading = false
        report(.didStopLoading)
        report(.pageLoaded(error.map { .failure($0) } ?? .success))
    }

    /// Whether the fake shows a response of `mimeType` as a page.
    public static func canShow(mimeType: String) -> Bool {
        mimeType.hasPrefix("text/") || mimeType.hasPrefix("image/") || mimeType == "application/xhtml+xml"
    }

    /// Puts the entry of `url` at `historyIndex`, or after the committed one (dropping the
    /// forward entries), and makes it the committed one.
    private func commitEntry(url: URL, title: String, historyIndex: Int?) {
        var items = history.items
        let index: Int
        if let historyIndex {
            index = historyIndex
            items[index].url = url  // A redirect moves the entry to its final URL.
            items[index].title = title
            items[index].timestamp = Date()
        } else {
            if history.lastCommittedItemIndex + 1 < items.count {
                items.removeSubrange((history.lastCommittedItemIndex + 1)...)
            }
            items.append(NavigationItem(url: url, title: title))
            index = items.count - 1
        }
        history = NavigationHistory(items: items, lastCommittedItemIndex: index)
    }

    private func finish(context: NavigationContext, error: WebLoadError, historyIndex: Int? = nil) {
        var context = context
        context.error = error
        visibleURL = lastCommittedURL
        report(.didFinishNavigation(context))
        estimatedProgress = 1
        report(.loadProgressChanged(1))
        isLoading = false
        report(.didStopLoading)
        report(.pageLoaded(.failure(error)))
        if error.kind != .cancelled {
            showErrorPage(for: context.url, error: error, historyIndex: historyIndex)
        }
    }

    /// Commits an error page in a failed load's place, as WebKit's engine does (its own load
    /// reports no load events): an entry of the failed URL, titled with its host, whose
    /// security is unknown (broken, for a refused certificate).
    private func showErrorPage(for url: URL, error: WebLoadError, historyIndex: Int?) {
        let errorTitle = url.host ?? url.absoluteString
        commitEntry(url: url, title: errorTitle, historyIndex: historyIndex)
        visibleURL = url
        title = errorTitle
        let ssl =
            error.kind == .tls
            ? SSLStatus(
                securityStyle: .authenticationBroken,
                certificateStatus: engine.page(for: url).certificateErrors)
            : .unknown
        if ssl != sslStatus {
            sslStatus = ssl
            report(.visibleSecurityStateChanged)
        }
        report(.backForwardStateChanged)
        report(.titleChanged)
        if favicon != nil || faviconURL != nil {
            favicon = nil
            faviconURL = nil
            report(.faviconURLChanged(nil))
        }
    }

    // MARK: Session state

    private static let blobMagic = Data("FAKE-SESSION-1\n".utf8)

    /// The history encoded as the fake's "native" blob.
    public func sessionStateData() -> Data? {
        guard let json = try? JSONEncoder().encode(history) else { return nil }
        return Self.blobMagic + json
    }

    /// Restores from the blob if it is the fake's, else from `history`; loads the
    /// committed entry.
    @discardableResult
    public func restore(sessionState: Data?, history: NavigationHistory, loadCommittedEntry: Bool) -> Bool {
        var restored: NavigationHistory?
        if let sessionState, sessionState.starts(with: Self.blobMagic) {
            restored = try? JSONDecoder().decode(
                NavigationHistory.self, from: sessionState.dropFirst(Self.blobMagic.count))
            // As WebKit's content does: a blob with entries a restore must not load is not used.
            if restored?.items.allSatisfy(\.isRestorable) == false { restored = nil }
        }
        let chosen = restored ?? history
        guard !chosen.items.isEmpty, chosen.lastCommittedItemIndex >= 0 else { return false }
        self.history = chosen
        // As WebKit's view: no title until a page commits (the entries keep theirs).
        title = ""
        visibleURL = chosen.lastCommittedItem?.url
        // The committed entry's load reports the new history.
        guard loadCommittedEntry else {
            report(.backForwardStateChanged)
            return true
        }
        navigate(
            to: chosen.items[chosen.lastCommittedItemIndex].url, historyIndex: chosen.lastCommittedItemIndex,
            transition: .reload, isRestore: true)
        return true
    }

    // MARK: Scripts, find, crash

    /// Answers from ``FakeWebEngine/scriptResults``; `document.title` answers the title;
    /// anything else fails. The completion runs synchronously.
    public func evaluateJavaScript(
        _ script: String, completion: @escaping @MainActor (Result<JavaScriptValue, JavaScriptError>) -> Void
    ) {
        if let result = engine.scriptResults[script] {
            completion(result)
        } else if script == "document.title" {
            completion(.success(.string(title)))
        } else {
            completion(.failure(JavaScriptError(message: "ReferenceError: cannot evaluate '\(script)'")))
        }
    }

    /// A controller that searches the committed page's ``FakeWebEngine/Page/text``.
    public func makeFindInPageController() -> any FindInPageController {
        FakeFindInPageController(content: self)
    }

    /// The committed page's text.
    var pageText: String { lastCommittedURL.map { engine.page(for: $0).text } ?? "" }

    /// Simulates the web process going away.
    public func simulateRenderProcessGone() {
        isCrashed = true
        isLoading = false
        report(.renderProcessGone)
    }

    /// Simulates the page sending a script command.
    public func simulateScriptCommand(_ command: ScriptCommand) { report(.scriptCommand(command)) }

    /// Simulates the page asking for a new window (a `target=_blank` link, `window.open`),
    /// as an engine does: asks the delegate for a content and, if it gets one, loads `url`
    /// in it. Returns that content, or nil when the request was refused.
    @discardableResult
    public func simulateNewWindowRequest(url: URL, isUserGesture: Bool) -> FakeWebContent? {
        let request = NewWebContentRequest(
            url: url, openerURL: lastCommittedURL, isUserGesture: isUserGesture)
        guard let child = delegate?.webContent(self, createNewContentFor: request) else { return nil }
        guard let fake = child as? FakeWebContent, fake.relatedContent === self else {
            preconditionFailure("FakeWebContent: a new window's content must be made by makeRelatedContent()")
        }
        fake.load(url)
        return fake
    }

    /// Simulates the user clicking a link to `url` with the buttons and modifiers that give
    /// `disposition`, as an engine does: a click for the current tab navigates here; any
    /// other is not navigated but handed to the delegate
    /// (``WebContentDelegate/webContent(_:openURLFor:)``).
    public func simulateLinkClick(url: URL, disposition: WindowOpenDisposition = .currentTab) {
        guard disposition != .currentTab else {
            navigate(to: url, historyIndex: nil, transition: .link, isRendererInitiated: true)
            return
        }
        delegate?.webContent(
            self, openURLFor: NavigationRequest(url: url, isUserInitiated: true, disposition: disposition))
    }

    /// Simulates the user submitting a form of the page whose action is `url`: a navigation
    /// the page starts, marked ``PageTransition/formSubmit``.
    public func simulateFormSubmission(url: URL) {
        navigate(to: url, historyIndex: nil, transition: .formSubmit, isRendererInitiated: true)
    }

    /// Simulates the page going to `url` by itself (a meta refresh, a script on a timer or at
    /// load, without the user's gesture): a navigation marked as a client redirect.
    public func simulateClientRedirect(to url: URL) {
        navigate(
            to: url, historyIndex: nil, transition: PageTransition.link.adding(.clientRedirect),
            isRendererInitiated: true)
    }

    /// Simulates the pointer moving onto a link to `url`, or off every link (nil).
    public func simulateHoveredLink(_ url: URL?) { report(.hoveredLinkChanged(url)) }

    /// Simulates the page calling `window.close()` where the engine allows it (a window a
    /// script opened, or a page with a single history entry): the delegate is asked to close.
    public func simulateCloseRequest() { delegate?.webContentDidRequestClose(self) }

    /// Simulates a change of the page's title by script; the committed entry takes it, as
    /// WebKit's back-forward item does.
    public func simulateTitleChange(_ newTitle: String) {
        title = newTitle
        if history.lastCommittedItemIndex >= 0 {
            var items = history.items
            items[history.lastCommittedItemIndex].title = newTitle
            history = NavigationHistory(items: items, lastCommittedItemIndex: history.lastCommittedItemIndex)
        }
        report(.titleChanged)
    }

    // MARK: View

    /// Counts the request (``printRequests``); the fake has no dialog.
    public func printPage() {
        precondition(!isClosed, "FakeWebContent.printPage(): used after close()")
        printRequests += 1
    }

    /// Counts the request (``inspectorRequests``); the fake has no inspector.
    public func showInspector() {
        precondition(!isClosed, "FakeWebContent.showInspector(): used after close()")
        inspectorRequests += 1
    }

    /// The committed page's ``FakeWebEngine/Page/text``, at once; nil without a committed page.
    public func mainResourceText(completion: @escaping @MainActor (String?) -> Void) {
        precondition(!isClosed, "FakeWebContent.mainResourceText(completion:): used after close()")
        completion(lastCommittedURL.map { engine.page(for: $0).text })
    }

    /// A fake content related to this one, counted by the engine.
    public func makeRelatedContent() -> any WebContent {
        engine.contentCreated()
        let content = FakeWebContent(engine: engine)
        content.relatedContent = self
        return content
    }

    /// Marks shown.
    public func wasShown() { isShown = true }
    /// Marks hidden.
    public func wasHidden() { isShown = false }
    /// A handle with no toolkit object.
    public var view: ViewHandle { ViewHandle(pointer: nil, owner: self) }

    /// Closes; the engine's live count drops.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        engine.contentClosed()
    }
}
