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
/// New windows: WebKit's "create" (a `target=_blank` link, `window.open`, the context menu's
/// "Open Link in New Window") asks the delegate for a content
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

    private var webView: GObjectRef?
    private var userContentManager: GObjectRef?
    private var connections: [SignalConnection] = []
    private let navigation: WebKitNavigationMachine
    private var cachedHistory: NavigationHistory?
    /// The idle source that delivers ``WebKitSignal/completionDue``, while one is pending.
    private var completionSource: UInt32?
    private let printing = WebKitPrinting()

    /// Whether the web process went away and the content was not reloaded since.
    public var isCrashed: Bool { navigation.isCrashed }
    /// The security of the committed page's connection, read from WebKit's TLS information
    /// when the page commits (`webkit_web_view_get_tls_info`) and from
    /// "load-failed-with-tls-errors" for the error page of a refused certificate.
    public var sslStatus: SSLStatus { navigation.sslStatus }
    /// The favicon URL of the page, if WebKit found one.
    public var faviconURL: URL? { navigation.faviconURL }
    /// The page's favicon (the view's `favicon` texture) as PNG bytes, if WebKit has one.
    public private(set) var favicon: Data?
    /// Whether the page is playing sound (WebKit's `is-playing-audio`).
    public var isPlayingAudio: Bool {
        webViewPointer.map { webkit_web_view_is_playing_audio($0) != 0 } ?? false
    }
    /// Whether the user typed into a form field or editable content of the committed page
    /// (``FormInteractionScript``); a new commit resets it.
    public private(set) var hadFormInteraction = false
    /// Whether the content is marked shown.
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

    // MARK: Signals

    private func connectSignals(_ view: GObjectRef) {
        func on(_ signal: String, _ handler: @escaping @MainActor (WebKitWebContent, SignalArguments) -> Void)
        {
            connections.append(
                SignalConnection.connect(view.pointer, signal: signal) { [weak self] args in
                    if let self, !self.isClosed { handler(self, args) }
                })
        }
        func on(_ signal: String, send input: WebKitSignal) {
            on(signal) { content, _ in content.navigation.handle(input) }
        }
        on("load-changed") { content, args in
            switch WebKitLoadEvent(UInt32(args.enumValue(at: 1))) {
            case WEBKIT_LOAD_STARTED: content.navigation.handle(.loadStarted)
            case WEBKIT_LOAD_REDIRECTED: content.navigation.handle(.loadRedirected)
            case WEBKIT_LOAD_COMMITTED:
                content.hadFormInteraction = false
                content.recordSite()
                content.navigation.handle(.loadCommitted)
            case WEBKIT_LOAD_FINISHED: content.navigation.handle(.loadFinished)
            default: break
            }
        }
        on("load-failed") { $0.loadFailed($1) }
        on("load-failed-with-tls-errors") { content, args in
            content.navigation.handle(
                .loadFailedWithTLSErrors(Self.certificateStatus(args.flags(at: 3))))
        }
        on("notify::title", send: .titleChanged)
        on("notify::estimated-load-progress", send: .estimatedProgressChanged)
        on("notify::favicon") { content, _ in content.faviconChanged() }
        on("notify::uri", send: .uriChanged)
        on("decide-policy") { $0.decidePolicy($1) }
        on("create") { $0.createNewWindow($1) }
        // WebKit emits "close" only when it lets the page close its window (opened by a
        // script, or a single history entry); the owner decides what closing means.
        on("close") { content, _ in content.delegate?.webContentDidRequestClose(content) }
        on("web-process-terminated") { content, _ in
            // A new content of its site gets a process of its own, not this dead one.
            content.context.sites.remove(content)
            content.navigation.handle(.webProcessTerminated)
        }
        if let manager = userContentManager {
            connections.append(
                SignalConnection.connect(
                    manager.pointer, signal: "script-message-received::\(FormInteractionScript.handlerName)"
                ) { [weak self] _ in
                    if let self, !self.isClosed { self.hadFormInteraction = true }
                })
            FormInteractionScript.install(in: manager.opaque)
        }
        let list = UnsafeMutableRawPointer(webkit_web_view_get_back_forward_list(view.typed())!)
        connections.append(
            SignalConnection.connect(list, signal: "changed") { [weak self] _ in
                if let self, !self.isClosed { self.navigation.handle(.backForwardListChanged) }
            })
    }

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

    /// What is wrong with the certificate of the committed page's connection
    /// (`webkit_web_view_get_tls_info`): nil when it was not over TLS.
    private func certificateErrors() -> CertificateStatus? {
        guard let view = webViewPointer else { return nil }
        var certificate: UnsafeMutablePointer<GTlsCertificate>?
        var flags = GTlsCertificateFlags(0)
        guard webkit_web_view_get_tls_info(view, &certificate, &flags) != 0, certificate != nil else {
            return nil
        }
        return Self.certificateStatus(flags.rawValue)
    }

    /// GIO's `GTlsCertificateFlags` as a ``CertificateStatus``.
    static func certificateStatus(_ flags: UInt32) -> CertificateStatus {
        let table: [(GTlsCertificateFlags, CertificateStatus)] = [
            (G_TLS_CERTIFICATE_UNKNOWN_CA, .unknownAuthority), (G_TLS_CERTIFICATE_BAD_IDENTITY, .badIdentity),
            (G_TLS_CERTIFICATE_NOT_ACTIVATED, .notActivated), (G_TLS_CERTIFICATE_EXPIRED, .expired),
            (G_TLS_CERTIFICATE_REVOKED, .revoked), (G_TLS_CERTIFICATE_INSECURE, .insecure),
            (G_TLS_CERTIFICATE_GENERIC_ERROR, .genericError),
        ]
        return table.reduce(into: CertificateStatus()) { status, entry in
            if flags & entry.0.rawValue != 0 { status.insert(entry.1) }
        }
    }

    /// Carries out what the navigation machine decided.
    private func perform(_ output: WebKitNavigationOutput) {
        switch output {
        case .event(let event): report(event)
        case .showErrorPage(let error, let uri):
            if let view = webViewPointer {
                webkit_web_view_load_alternate_html(view, ErrorPage.html(for: error), uri, nil)
            }
        case .scheduleCompletion:
            // Ahead of redraws: the tab's loading spinner would otherwise keep a window drawn
            // in software busy, and the load would never complete.
            completionSource = GLibMainLoop.addIdle(beforeRedraw: true) { [weak self] in
                self?.navigation.handle(.completionDue)
            }
        case .cancelCompletion:
            if let completionSource { GLibMainLoop.removeSource(completionSource) }
            completionSource = nil
        case .historyChanged: cachedHistory = nil
        }
    }

    private func report(_ event: WebContentEvent) {
        guard !isClosed else { return }
        delegate?.webContent(self, didReport: event)
    }

    private var currentURI: URL? {
        webViewPointer.flatMap { webkit_web_view_get_uri($0) }.flatMap { URL(string: String(cString: $0)) }
    }

    private func loadFailed(_ args: SignalArguments) {
        args.setReturnValue(true)  // handled: WebKit shows no error page of its own
        let uri = args.string(at: 2)
        let error = args.boxed(at: 3).map {
            LoadErrorMapping.webLoadError(
                $0.assumingMemoryBound(to: GError.self), url: uri.flatMap { URL(string: $0) },
                tlsFailure: false)
        }
        navigation.handle(.loadFailed(error: error, uri: uri))
    }

    private func mainResourceStatus() -> Int? {
        guard let view = webViewPointer, let resource = webkit_web_view_get_main_resource(view),
            let response = webkit_web_resource_get_response(resource)
        else { return nil }
        return Int(webkit_uri_response_get_status_code(response))
    }

    private func faviconChanged() {
        guard let view = webViewPointer else { return }
        var url: URL?
        let manager = webkit_network_session_get_website_data_manager(context.session.opaque)
        let texture = webkit_web_view_get_favicon(view)
        favicon = texture.flatMap { WebKitEngineContext.png(of: $0) }
        if texture != nil,
            let database = webkit_website_data_manager_get_favicon_database(manager),
            let page = webkit_web_view_get_uri(view),
            let icon = webkit_favicon_database_get_favicon_uri(database, page)
        {
            url = URL(string: String(cString: icon))
            g_free(icon)
        }
        navigation.handle(.faviconChanged(url))
    }

    private func decidePolicy(_ args: SignalArguments) {
        guard let decision = args.object(at: 1) else { return }
        let type = WebKitPolicyDecisionType(UInt32(args.enumValue(at: 2)))
        switch type {
        case WEBKIT_POLICY_DECISION_TYPE_NAVIGATION_ACTION, WEBKIT_POLICY_DECISION_TYPE_NEW_WINDOW_ACTION:
            guard let delegate,
                let action = webkit_navigation_policy_decision_get_navigation_action(OpaquePointer(decision)),
                let request = webkit_navigation_action_get_request(action),
                let url = webkit_uri_request_get_uri(request).flatMap({ URL(string: String(cString: $0)) })
            else { return }
            // WebKitGTK does not say which frame a navigation targets; requests are reported
            // as main-frame ones.
            let navigationRequest = NavigationRequest(
                url: url, isMainFrame: true,
                isUserInitiated: webkit_navigation_action_is_user_gesture(action) != 0
                    || navigation.isAPINavigationPending,
                httpMethod: webkit_uri_request_get_http_method(request).map { String(cString: $0) } ?? "GET")
            let policyDecision = decision.assumingMemoryBound(to: WebKitPolicyDecision.self)
            let answer = delegate.webContent(self, decidePolicyFor: navigationRequest)
            if answer == .cancel {
                webkit_policy_decision_ignore(policyDecision)
                args.setReturnValue(true)
            } else if type == WEBKIT_POLICY_DECISION_TYPE_NAVIGATION_ACTION {
                webkit_policy_decision_use(policyDecision)
                args.setReturnValue(true)
            }
            // An allowed new-window request goes to WebKit's default handling.
            navigation.handle(
                .navigationPolicyDecided(
                    answer, isRedirect: webkit_navigation_action_is_redirect(action) != 0))
        case WEBKIT_POLICY_DECISION_TYPE_RESPONSE:
            let response = OpaquePointer(decision)
            if webkit_response_policy_decision_is_main_frame_main_resource(response) != 0,
                let uriResponse = webkit_response_policy_decision_get_response(response)
            {
                navigation.handle(
                    .mainFrameResponse(status: Int(webkit_uri_response_get_status_code(uriResponse))))
            }
            // A response the view cannot show is saved instead (an attachment already is, by
            // WebKit's default handling).
            if webkit_response_policy_decision_is_mime_type_supported(response) == 0 {
                webkit_policy_decision_download(decision.assumingMemoryBound(to: WebKitPolicyDecision.self))
                args.setReturnValue(true)
            }
        default:
            break
        }
    }

    /// WebKit's "create": returns the delegate's new content's view, or NULL to refuse.
    private func createNewWindow(_ args: SignalArguments) {
        args.setReturnValue(object: nil)
        guard let delegate, let action = args.boxed(at: 1).map(OpaquePointer.init)
        else { return }
        let url = webkit_navigation_action_get_request(action)
            .flatMap { webkit_uri_request_get_uri($0) }
            .flatMap { URL(string: String(cString: $0)) }
        let request = NewWebContentRequest(
            url: url, openerURL: lastCommittedURL,
            isUserGesture: webkit_navigation_action_is_user_gesture(action) != 0)
        guard let child = delegate.webContent(self, createNewContentFor: request) else { return }
        guard let child = child as? WebKitWebContent, let view = child.webView, child.context === context
        else {
            preconditionFailure(
                "WebKitWebContent: a new window's content must come from makeRelatedContent()")
        }
        args.setReturnValue(object: view.pointer)
        // g_signal_emit hands WebKit a reference of its own, which it never drops: it expects
        // a new floating widget, whose floating reference a container sinks later. The child
        // holds the view already, so that reference is given back here.
        g_object_unref(view.pointer)
    }

    // MARK: Navigation

    /// Starts loading `url` as a new history entry.
    public func load(_ url: URL) {
        guard let view = webViewPointer else { preconditionFailure("WebKitWebContent: used after close()") }
        beginAPINavigation()
        webkit_web_view_load_uri(view, url.absoluteString)
    }

    /// Goes to the entry at `index` of ``history``.
    public func goToItem(at index: Int) {
        guard let view = webViewPointer else { preconditionFailure("WebKitWebContent: used after close()") }
        let current = history.lastCommittedItemIndex
        let list = webkit_web_view_get_back_forward_list(view)
        guard let item = webkit_back_forward_list_get_nth_item(list, Int32(index - max(current, 0))) else {
            preconditionFailure("WebKitWebContent: no history item \(index)")
        }
        beginAPINavigation()
        webkit_web_view_go_to_back_forward_list_item(view, item)
    }

    /// Reloads the committed entry; after a web process crash this starts a new one.
    public func reload() {
        guard let view = webViewPointer else { return }
        beginAPINavigation()
        webkit_web_view_reload(view)
    }

    private func beginAPINavigation() { navigation.handle(.apiNavigationStarted) }

    /// Stops loading.
    public func stopLoading() {
        guard let view = webViewPointer else { return }
        webkit_web_view_stop_loading(view)
    }

    // MARK: State

    /// The back-forward list as WebKit has it; the committed index is WebKit's current item
    /// (which moves when a history navigation starts).
    public var history: NavigationHistory {
        if let cachedHistory { return cachedHistory }
        let history = readHistory()
        cachedHistory = history
        return history
    }

    private func readHistory() -> NavigationHistory {
        guard let view = webViewPointer, let list = webkit_web_view_get_back_forward_list(view) else {
            return .empty
        }
        let length = Int(webkit_back_forward_list_get_length(list))
        guard length > 0 else { return .empty }
        let backList = webkit_back_forward_list_get_back_list(list)
        let backCount = Int(g_list_length(backList))
        g_list_free(backList)
        var items: [NavigationItem] = []
        for offset in -backCount..<(length - backCount) {
            guard let item = webkit_back_forward_list_get_nth_item(list, Int32(offset)) else { continue }
            let uri = webkit_back_forward_list_item_get_uri(item).map { String(cString: $0) } ?? "about:blank"
            let title = webkit_back_forward_list_item_get_title(item).map { String(cString: $0) } ?? ""
            items.append(
                NavigationItem(
                    url: URL(string: uri) ?? URL(string: "about:blank")!,
                    title: title, timestamp: Self.timestamp(of: item)))
        }
        let hasCurrent = webkit_back_forward_list_get_current_item(list) != nil
        return NavigationHistory(
            items: items, lastCommittedItemIndex: hasCurrent ? min(backCount, items.count - 1) : -1)
    }

    /// When WebKit's history item was first seen (kept on the item itself).
    private static func timestamp(of item: OpaquePointer) -> Date {
        let object = UnsafeMutableRawPointer(item).assumingMemoryBound(to: GObject.self)
        if let stored = g_object_get_data(object, timestampKey) {
            return Date(timeIntervalSince1970: stored.assumingMemoryBound(to: Double.self).pointee)
        }
        let now = Date()
        setTimestamp(now, of: item)
        return now
    }

    private static func setTimestamp(_ date: Date, of item: OpaquePointer) {
        let object = UnsafeMutableRawPointer(item).assumingMemoryBound(to: GObject.self)
        let storage = g_malloc(gsize(MemoryLayout<Double>.size))!
        storage.assumingMemoryBound(to: Double.self).pointee = date.timeIntervalSince1970
        g_object_set_data_full(object, timestampKey, storage, g_free)
    }

    private static let timestampKey = "swiftlet-timestamp"

    /// The title of the page.
    public var title: String {
        webViewPointer.flatMap { webkit_web_view_get_title($0) }.map { String(cString: $0) } ?? ""
    }

    /// The URL shown to the user: the pending one during a navigation, else the committed one.
    public var visibleURL: URL? { currentURI }

    /// The URL of the committed page (an error page commits under the URL that failed).
    public var lastCommittedURL: URL? { navigation.lastCommittedURL }

    /// WebKit's estimate of the load progress (0...1).
    public var estimatedProgress: Double {
        webViewPointer.map { webkit_web_view_get_estimated_load_progress($0) } ?? 0
    }

    /// Whether a load is under way (between didStartLoading and didStopLoading).
    public var isLoading: Bool { navigation.isLoading }

    // MARK: Session state

    /// WebKit's serialized session state (the whole back-forward list).
    public func sessionStateData() -> Data? {
        guard let view = webViewPointer, let state = webkit_web_view_get_session_state(view) else {
            return nil
        }
        defer { webkit_web_view_session_state_unref(state) }
        guard let bytes = webkit_web_view_session_state_serialize(state) else { return nil }
        defer { g_bytes_unref(bytes) }
        var size: gsize = 0
        guard let data = g_bytes_get_data(bytes, &size), size > 0 else { return nil }
        return Data(bytes: data, count: Int(size))
    }

    /// Restores a tab and loads its committed entry. From `sessionState`, WebKit's own blob,
    /// when WebKit can read it; else from `history`, written in WebKit's session state
    /// format (``SessionStateBuilder``), which brings the entries back with their URLs and
    /// titles (not their scroll positions, form contents or history state objects). Should
    /// WebKit reject that too (a format change), only the committed entry is loaded: WebKit
    /// has no other way to add back-forward items. Returns false when there is nothing to
    /// restore.
    @discardableResult
    public func restore(sessionState: Data?, history: NavigationHistory, loadCommittedEntry: Bool) -> Bool {
        guard webViewPointer != nil else { return false }
        if let sessionState,
            restoreNativeState(sessionState, timestampsFrom: history, load: loadCommittedEntry)
        {
            return true
        }
        if let rebuilt = SessionStateBuilder.sessionState(for: history),
            restoreNativeState(rebuilt, timestampsFrom: history, load: loadCommittedEntry)
        {
            return true
        }
        guard let item = history.lastCommittedItem else { return false }
        // Without a session state WebKit has no entry until something loads.
        if loadCommittedEntry { load(item.url) }
        return true
    }

    /// Restores WebKit's serialized state and loads its current entry; false if WebKit
    /// cannot read it or it has no current entry. The entries keep the timestamps of
    /// `history` when it describes the same list.
    private func restoreNativeState(
        _ data: Data, timestampsFrom history: NavigationHistory, load: Bool
    ) -> Bool {
        guard let view = webViewPointer, !data.isEmpty else { return false }
        let bytes = data.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        let state = webkit_web_view_session_state_new(bytes)
        g_bytes_unref(bytes)
        guard let state else { return false }
        webkit_web_view_restore_session_state(view, state)
        webkit_web_view_session_state_unref(state)
        let list = webkit_web_view_get_back_forward_list(view)
        guard let current = webkit_back_forward_list_get_current_item(list) else { return false }
        let restored = readHistory()
        if restored.items.map(\.url) == history.items.map(\.url) {
            for (index, item) in history.items.enumerated() {
                let offset = Int32(index - restored.lastCommittedItemIndex)
                if let listItem = webkit_back_forward_list_get_nth_item(list, offset) {
                    Self.setTimestamp(item.timestamp, of: listItem)
                }
            }
        }
        navigation.handle(.sessionRestored(loadsCurrentItem: load))
        if load { webkit_web_view_go_to_back_forward_list_item(view, current) }
        return true
    }

    // MARK: JavaScript, find

    /// Evaluates `script` in the main frame; the completion runs once, on the main actor.
    public func evaluateJavaScript(
        _ script: String, completion: @escaping @MainActor (Result<JavaScriptValue, JavaScriptError>) -> Void
    ) {
        guard let view = webViewPointer else {
            return completion(.failure(JavaScriptError(message: "The web content is closed")))
        }
        let userData = AsyncCompletion.userData { [weak self] _, result in
            var error: UnsafeMutablePointer<GError>?
            let value = webkit_web_view_evaluate_javascript_finish(view, result, &error)
            defer {
                if let value { g_object_unref(UnsafeMutableRawPointer(value)) }
                if error != nil { g_error_free(error) }
            }
            guard let self, !self.isClosed else {
                return completion(.failure(JavaScriptError(message: "The web content is closed")))
            }
            if let value {
                completion(.success(JavaScriptValueConversion.convert(value)))
            } else {
                let message =
                    error?.pointee.message.map { String(cString: $0) } ?? "JavaScript evaluation failed"
                completion(.failure(JavaScriptError(message: message)))
            }
        }
        webkit_web_view_evaluate_javascript(
            view, script, -1, nil, nil, nil, AsyncCompletion.callback, userData)
    }

    /// A find-in-page controller over WebKit's find controller for this view.
    public func makeFindInPageController() -> any FindInPageController { makeWebKitFindInPageController() }

    /// A find-in-page controller, typed as the WebKit one.
    public func makeWebKitFindInPageController() -> WebKitFindInPageController {
        guard let view = webViewPointer else { preconditionFailure("WebKitWebContent: used after close()") }
        return WebKitFindInPageController(findController: webkit_web_view_get_find_controller(view)!)
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

    // MARK: Printing

    /// Shows GTK's print dialog for the page over the window the view is in and prints what
    /// the user chooses (`webkit_print_operation_run_dialog`, which runs the dialog in a main
    /// loop of its own and returns when it closes). The context keeps the settings of a
    /// dialog that printed for the next one.
    public func printPage() {
        guard let view = webViewPointer else { return }
        printing.runDialog(for: view, context: context)
    }

    /// Prints the page as a PDF file at `file` without a dialog (GTK's "Print to File"
    /// printer, `webkit_print_operation_print`); `completion` runs once WebKit has finished,
    /// with the error it reported if it failed. Not called after ``close()``.
    public func printToPDF(at file: URL, completion: @escaping @MainActor (Result<Void, PrintError>) -> Void)
    {
        guard let view = webViewPointer else {
            return completion(.failure(PrintError(message: "The web content is closed")))
        }
        printing.printToPDF(view, file: file, completion: completion)
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

    /// Marks the content shown.
    public func wasShown() { isShown = true }
    /// Marks the content hidden.
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
    private func recordSite() {
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
        for connection in connections { connection.cancel() }
        connections.removeAll()
        printing.cancelAll()
        if let view = webViewPointer, navigation.isLoading { webkit_web_view_stop_loading(view) }
        webView = nil
        userContentManager = nil
        context.sites.remove(self)
        context.engine.webViewClosed()
    }
}
