public import Base
import CWebKitGTK
public import Foundation
import GLibSupport
public import Web
import WebKitNavigation
import WebKitShims

/// A WebKitGTK web view behind Web's ``WebContent`` seam, bound to its context's network
/// session.
///
/// It reports WebKit's signals as ``WebContentEvent``s in the order WebState observers
/// expect (start loading, start navigation, progress, [redirect], finish navigation at
/// commit, back-forward state, title, progress 1, stop loading, page loaded); a title can
/// also arrive after the load finished, when WebKit parses it late. A load that fails
/// before committing (unreachable host, TLS, ...) finishes its navigation with the error,
/// then shows an error page in its place (`webkit_web_view_load_alternate_html`, whose own
/// load events are not reported). A committed page with an HTTP error status is a failed
/// load too (``WebLoadError/Kind/httpStatus(_:)``), showing the server's page.
///
/// Those decisions are `WebKitNavigationMachine`'s (which knows nothing of GTK): this class
/// turns the view's signals into `WebKitSignal`s and carries out what the machine decides.
///
/// New windows: WebKit's "create" (a `target=_blank` link, `window.open`; not the browser's
/// context menu, whose entries open links through the delegate: `+ContextMenu`) asks the
/// delegate for a content
/// (``WebContentDelegate/webContent(_:createNewContentFor:)``); the one it returns, made by
/// ``makeRelatedContent()``, is a view related to this one, and WebKit loads the request in
/// it. Requests without a user gesture reach "create" too (the view's
/// `javascript-can-open-windows-automatically` setting is on; off, WebKit would drop them
/// without a word), marked as such, so that the WebState blocks them and reports it
/// (``WebStateObserver/popupBlocked(_:url:)``).
/// The new view is a tab from "create" on: "ready-to-show", which follows, only says that the
/// window's requested geometry and toolbars (`WebKitWindowProperties`) are known, and a tab
/// uses none of them. A page's `window.close()` that WebKit allows ("close") is passed to the
/// delegate (``WebContentDelegate/webContentDidRequestClose(_:)``).
///
/// Not reported yet: which frame a policy request targets (all are reported as main-frame).
@MainActor
public final class WebKitWebContent: WebContent {
    /// Receives events; set by the owning WebState.
    public weak var delegate: (any WebContentDelegate)?
    /// The context (network session) the view belongs to.
    public let context: WebKitEngineContext

    var webView: GObjectRef?
    var userContentManager: GObjectRef?
    var connections: [SignalConnection] = []
    let navigation: WebKitNavigationMachine
    var cachedHistory: NavigationHistory?
    /// The idle source that delivers ``WebKitSignal/completionDue``, while one is pending.
    var completionSource: UInt32?
    /// The certificate of the last "load-failed-with-tls-errors", until its error page is made.
    var refusedCertificate: RefusedCertificate?
    /// The error page on show, whose buttons work (``ErrorPageScript``).
    var shownErrorPage: ShownErrorPage?
    /// A load of a restricted port under way, which WebKit turns into `about:blank`
    /// (``RestrictedPorts``).
    var restrictedPortLoad: URL?
    let printing = WebKitPrinting()
    /// The actions of the context menu last shown (``connectContextMenu(_:)``).
    var contextMenuConnections: [SignalConnection] = []
    /// The page's selected text, as ``SelectionScript`` last posted it.
    var selectionText = ""
    /// The notifications shown, by id, until the page closes them (``connectNotifications(_:)``).
    var notifications: [UInt64: (notification: GObjectRef, closed: SignalConnection)] = [:]

    /// Whether the web process went away and the content was not reloaded since.
    public var isCrashed: Bool { navigation.isCrashed }
    /// The security of the committed page's connection, read from WebKit's TLS information
    /// when the page commits (`webkit_web_view_get_tls_info`) and from
    /// "load-failed-with-tls-errors" for the error page of a refused certificate.
    public var sslStatus: SSLStatus { navigation.sslStatus }
    /// The favicon URL of the page, if WebKit found one.
    public var faviconURL: URL? { navigation.faviconURL }
    /// The page's favicon (the view's `favicon` texture) as PNG bytes, if WebKit has one.
    public internal(set) var favicon: Data?
    /// Whether the page is playing sound (WebKit's `is-playing-audio`).
    public var isPlayingAudio: Bool {
        webViewPointer.map { webkit_web_view_is_playing_audio($0) != 0 } ?? false
    }
    /// Whether the user typed into a form field or editable content of the committed page
    /// (``FormInteractionScript``); a new commit resets it.
    public internal(set) var hadFormInteraction = false
    public private(set) var isShown = false
    /// Whether ``close()`` was called.
    public private(set) var isClosed = false

    /// A new web view; with `related`, one in `related`'s web process (WebKit's
    /// "related-view"): the opener of a window its page opens, or a content of the site the
    /// new one will show (``SiteProcessRegistry``).
    init(context: WebKitEngineContext, relatedTo related: WebKitWebContent? = nil) {
        self.context = context
        let manager = GObjectRef(adopting: UnsafeMutableRawPointer(webkit_user_content_manager_new()!))
        let widget = wkshim_web_view_new(
            context.session.opaque, related?.webViewPointer, manager.opaque, context.engine.settings.opaque)!
        let view = GObjectRef(adopting: UnsafeMutableRawPointer(widget))
        webView = view
        userContentManager = manager
        // The machine is made before `self` may be captured: it reaches this content through
        // a link connected right after.
        let link = MachineLink()
        navigation = WebKitNavigationMachine(
            view: link, newNavigationID: { [context] in context.engine.newNavigationID() },
            output: { [link] in link.content?.perform($0) })
        link.content = self
        context.engine.webViewCreated()
        connectSignals(view)
    }

    isolated deinit { close() }

    /// Whether the view may composite with GL: its settings' hardware acceleration policy is
    /// not "never" (``WebKitEngine/isHardwareAccelerated``). False once closed.
    @_spi(Testing) public var isHardwareAccelerated: Bool {
        guard let view = webViewPointer, let settings = webkit_web_view_get_settings(view) else {
            return false
        }
        return webkit_settings_get_hardware_acceleration_policy(settings)
            != WEBKIT_HARDWARE_ACCELERATION_POLICY_NEVER
    }

    /// The web view, nil once closed.
    var webViewPointer: UnsafeMutablePointer<WebKitWebView>? { webView?.typed() }

    /// The navigation machine's way back to its content, held weakly: the view's properties
    /// it reads, and where its outputs go.
    private final class MachineLink: WebViewProperties {
        weak var content: WebKitWebContent?

        private var view: UnsafeMutablePointer<WebKitWebView>? { content?.webViewPointer }

        var uri: URL? { content?.currentURI }
        var title: String { content?.title ?? "" }
        var estimatedProgress: Double { content?.estimatedProgress ?? 0 }
        var isLoading: Bool { view.map { webkit_web_view_is_loading($0) != 0 } ?? false }
        var mainResourceStatus: Int? { content?.mainResourceStatus() }
        var certificateErrors: CertificateStatus? { content?.certificateErrors() }
    }

    // MARK: View, crash, teardown

    /// Saves what the view shows as a PNG file at `url`; `completion` gets whether it
    /// worked. The view must be in a realized window (WebKit draws nothing otherwise).
    public func saveSnapshot(toPNG url: URL, completion: @escaping @MainActor (Bool) -> Void) {
        guard let view = webViewPointer else { return completion(false) }
        let userData = AsyncCompletion.userData { _, result in
            var error: UnsafeMutablePointer<GError>?
            guard let texture = webkit_web_view_get_snapshot_finish(view, result, &error) else {
                if error != nil { g_error_free(error) }
                return completion(false)
            }
            let saved = wkshim_texture_save_png(texture, url.path) != 0
            g_object_unref(UnsafeMutableRawPointer(texture))
            completion(saved)
        }
        webkit_web_view_get_snapshot(
            view, WEBKIT_SNAPSHOT_REGION_VISIBLE, WEBKIT_SNAPSHOT_OPTIONS_NONE, nil, AsyncCompletion.callback,
            userData)
    }
    /// Makes a web view related to this one (same network session and web process, so
    /// that the page's `window.opener` works), for a window the page opens.
    public func makeRelatedContent() -> any WebContent {
        guard webViewPointer != nil else { preconditionFailure("WebKitWebContent: used after close()") }
        return WebKitWebContent(context: context, relatedTo: self)
    }

    /// The view's zoom factor (`webkit_web_view_get_zoom_level`; 1 once closed).
    public var zoomLevel: Double {
        get { webViewPointer.map { webkit_web_view_get_zoom_level($0) } ?? 1 }
        set {
            guard let view = webViewPointer else { return }
            webkit_web_view_set_zoom_level(view, newValue)
        }
    }

    public func wasShown() { isShown = true }
    public func wasHidden() { isShown = false }

    /// The `GtkWidget *` of the web view (nil once closed), kept alive by this content.
    public var view: ViewHandle { ViewHandle(pointer: webView?.pointer, owner: self) }

    /// Ends the web process, as a crash would (for tests and "kill page" actions); WebKit
    /// reports it and ``isCrashed`` turns true. ``reload()`` recovers.
    public func terminateWebProcess() {
        guard let view = webViewPointer else { return }
        webkit_web_view_terminate_web_process(view)
    }

    /// Files the content under the site of its committed page (``SiteProcessRegistry``).
    func recordSite() {
        guard let view = webViewPointer else { return }
        let url = webkit_web_view_get_uri(view).flatMap { URL(string: String(cString: $0)) }
        context.sites.record(self, site: url.flatMap { SiteProcessRegistry<WebKitWebContent>.site(of: $0) })
    }

    /// Disconnects every signal and releases the web view; nothing is reported afterwards.
    /// Idempotent. A parent widget the UI put the view in keeps its own reference until it
    /// removes the view.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        delegate = nil
        if let completionSource { GLibMainLoop.removeSource(completionSource) }
        completionSource = nil
        for connection in connections + contextMenuConnections { connection.cancel() }
        connections.removeAll()
        contextMenuConnections.removeAll()
        notifications.removeAll()
        printing.cancelAll()
        if let view = webViewPointer, navigation.isLoading { webkit_web_view_stop_loading(view) }
        webView = nil
        userContentManager = nil
        context.sites.remove(self)
        context.engine.webViewClosed()
    }
}
