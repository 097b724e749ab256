import CWebKitGTK
import Foundation
import GLibSupport
import Web
import WebKitNavigation

extension WebKitWebContent {
    func connectSignals(_ view: GObjectRef) {
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
            case WEBKIT_LOAD_STARTED:
                content.restrictedPortLoad =
                    content.navigation.isLoadingErrorPage
                    ? nil : content.currentURI.flatMap { RestrictedPorts.isRestricted($0) ? $0 : nil }
                content.navigation.handle(.loadStarted)
                content.loadStartedForErrorPage()
            case WEBKIT_LOAD_REDIRECTED: content.navigation.handle(.loadRedirected)
            case WEBKIT_LOAD_COMMITTED where content.restrictedPortLoad != nil:
                break  // WebKit's about:blank in its place: the load fails when it finishes
            case WEBKIT_LOAD_FINISHED where content.restrictedPortLoad != nil:
                let url = content.restrictedPortLoad!
                content.restrictedPortLoad = nil
                content.navigation.handle(
                    .loadFailed(error: RestrictedPorts.error(for: url), uri: url.absoluteString))
                content.navigation.handle(.loadFinished)  // as WebKit follows "load-failed"
            case WEBKIT_LOAD_COMMITTED:
                content.hadFormInteraction = false
                content.selectionText = ""
                content.recordSite()
                // The page before's icon goes before observers hear of the commit; that it
                // went, after.
                let keepsIcon = content.keepsFaviconOnCommit()
                content.navigation.handle(.loadCommitted)
                if !keepsIcon { content.navigation.handle(.faviconChanged(nil)) }
            case WEBKIT_LOAD_FINISHED: content.navigation.handle(.loadFinished)
            default: break
            }
        }
        on("load-failed") { $0.loadFailed($1) }
        on("load-failed-with-tls-errors") { $0.tlsLoadFailed($1) }
        on("notify::title", send: .titleChanged)
        on("notify::estimated-load-progress", send: .estimatedProgressChanged)
        on("notify::favicon") { content, _ in content.faviconChanged() }
        on("notify::uri", send: .uriChanged)
        on("decide-policy") { $0.decidePolicy($1) }
        on("create") { $0.createNewWindow($1) }
        on("script-dialog") { $0.scriptDialog($1) }
        on("authenticate") { $0.authenticate($1) }
        on("mouse-target-changed") { content, args in
            guard let result = args.object(at: 1).map(OpaquePointer.init) else { return }
            let link =
                webkit_hit_test_result_context_is_link(result) != 0
                ? webkit_hit_test_result_get_link_uri(result).flatMap { URL(string: String(cString: $0)) }
                : nil
            content.report(.hoveredLinkChanged(link))
        }
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
            connections.append(
                SignalConnection.connect(
                    manager.pointer, signal: "script-message-received::\(ErrorPageScript.handlerName)"
                ) { [weak self] args in
                    guard let self, !self.isClosed, let value = args.object(at: 1),
                        let text = jsc_value_to_string(OpaquePointer(value))
                    else { return }
                    defer { g_free(text) }
                    self.errorPageMessage(String(cString: text))
                })
            ErrorPageScript.install(in: manager.opaque)
        }
        connectContextMenu(view)
        connectPermissionRequests(view)
        connectNotifications(view)
        connectMediaCapture(view)
        let list = UnsafeMutableRawPointer(webkit_web_view_get_back_forward_list(view.typed())!)
        connections.append(
            SignalConnection.connect(list, signal: "changed") { [weak self] _ in
                if let self, !self.isClosed { self.navigation.handle(.backForwardListChanged) }
            })
    }

    /// What is wrong with the certificate of the committed page's connection
    /// (`webkit_web_view_get_tls_info`): nil when it was not over TLS.
    func certificateErrors() -> CertificateStatus? {
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
    func perform(_ output: WebKitNavigationOutput) {
        switch output {
        case .event(let event): report(event)
        case .showErrorPage(let error, let uri):
            showErrorPage(for: error, uri: uri)
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

    func report(_ event: WebContentEvent) {
        guard !isClosed else { return }
        delegate?.webContent(self, didReport: event)
    }

    var currentURI: URL? {
        webViewPointer.flatMap { webkit_web_view_get_uri($0) }.flatMap { URL(string: String(cString: $0)) }
    }

    func loadFailed(_ args: SignalArguments) {
        args.setReturnValue(true)  // handled: WebKit shows no error page of its own
        let uri = args.string(at: 2)
        let error = args.boxed(at: 3).map {
            LoadErrorMapping.webLoadError(
                $0.assumingMemoryBound(to: GError.self), url: uri.flatMap { URL(string: $0) },
                tlsFailure: false)
        }
        navigation.handle(.loadFailed(error: error, uri: uri))
    }

    func mainResourceStatus() -> Int? {
        guard let view = webViewPointer, let resource = webkit_web_view_get_main_resource(view),
            let response = webkit_web_resource_get_response(resource)
        else { return nil }
        return Int(webkit_uri_response_get_status_code(response))
    }

    /// Whether the icon of the page before stays as a page commits: only when the database
    /// gives the new page the same icon URL. Otherwise it goes now (WebKit's `favicon` keeps
    /// the last icon it had when the new page has none, and tells nothing of it); an icon the
    /// new page has comes with "notify::favicon".
    func keepsFaviconOnCommit() -> Bool {
        guard favicon != nil || navigation.faviconURL != nil else { return true }
        if let view = webViewPointer, navigation.faviconURL != nil,
            databaseFaviconURL(forPage: webkit_web_view_get_uri(view)) == navigation.faviconURL
        {
            return true
        }
        favicon = nil
        return false
    }

    /// The favicon URL the session's database has for the page at `page`, if any.
    private func databaseFaviconURL(forPage page: UnsafePointer<gchar>?) -> URL? {
        let manager = webkit_network_session_get_website_data_manager(context.session.opaque)
        guard let page, let database = webkit_website_data_manager_get_favicon_database(manager),
            let icon = webkit_favicon_database_get_favicon_uri(database, page)
        else { return nil }
        defer { g_free(icon) }
        return URL(string: String(cString: icon))
    }

    func faviconChanged() {
        guard let view = webViewPointer else { return }
        let texture = webkit_web_view_get_favicon(view)
        favicon = texture.flatMap { WebKitEngineContext.png(of: $0) }
        navigation.handle(
            .faviconChanged(texture == nil ? nil : databaseFaviconURL(forPage: webkit_web_view_get_uri(view)))
        )
    }
}
