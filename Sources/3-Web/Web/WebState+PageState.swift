public import Foundation

// What the page shows, answered while unrealized too: from the saved metadata, or what a
// discard kept.
extension WebState {
    /// The page title (unrealized: the saved title). A restored tab keeps its committed
    /// entry's saved title while its page has none yet — until the page reports its own, or
    /// another page commits —, as Chromium's `WebState::GetTitle` reads the last committed
    /// item's title (`ios/web/web_state/web_state_impl.mm`): switching to it never shows a
    /// tab without a title.
    public var title: String {
        guard let content else { return metadata?.title ?? "" }
        let title = content.title
        return title.isEmpty ? restoredTitle?.title ?? "" : title
    }
    /// The URL shown to the user (unrealized: the saved URL).
    public var visibleURL: URL? { content.map { $0.visibleURL } ?? metadata?.url }
    /// The committed URL (unrealized: the saved URL).
    public var lastCommittedURL: URL? { content.map { $0.lastCommittedURL } ?? metadata?.url }
    /// The number of back-forward entries (unrealized: the saved count).
    public var navigationItemCount: Int { content?.history.items.count ?? metadata?.navigationItemCount ?? 0 }
    /// Whether loading (false while unrealized).
    public var isLoading: Bool { content?.isLoading ?? false }
    /// The estimated progress (0 while unrealized).
    public var loadingProgress: Double { content?.estimatedProgress ?? 0 }
    /// The security of the committed page's connection (unknown while unrealized).
    public var sslStatus: SSLStatus { content?.sslStatus ?? .unknown }
    /// Whether the web process went away and the tab was not reloaded since.
    public var isCrashed: Bool { content?.isCrashed ?? false }
    /// The favicon URL, if known (kept while discarded).
    public var faviconURL: URL? { content?.faviconURL ?? keptByDiscard?.faviconURL }
    /// The page's favicon as PNG bytes, while realized and the engine has it. An unrealized
    /// tab keeps no image (it would make every restored tab bigger): its icon is looked up by
    /// page URL in the engine's database (``FaviconLoader``).
    public var favicon: Data? { content?.favicon }
    /// Whether the page is playing sound (false while unrealized).
    public var isPlayingAudio: Bool { content?.isPlayingAudio ?? false }
    /// Whether the page uses the camera or the microphone (neither for an unrealized tab).
    public var mediaCaptureState: MediaCaptureState { content?.mediaCaptureState ?? .none }
    /// Whether the user typed into a form of the page and did not submit it (false while
    /// unrealized).
    public var hadFormInteraction: Bool { content?.hadFormInteraction ?? false }
    /// The page zoom factor: the tab's own, or its context's default
    /// (``WebEngineContext/defaultPageZoom``) while it has none (an unrealized restored tab
    /// learns its saved one when it is realized). Setting it realizes and gives the tab a
    /// zoom of its own, unless the factor is the default's: then the tab follows the default
    /// again, as Chromium's `HostZoomMap` drops a host's level equal to the default. Observers
    /// get ``WebStateObserver/didChangeZoomLevel(_:)`` when the page's zoom changed.
    public var zoomLevel: Double {
        get { content?.zoomLevel ?? ownZoomLevel ?? context.defaultPageZoom.factor }
        set {
            precondition(newValue > 0, "WebState.zoomLevel: \(newValue) is not a zoom factor")
            let content = realizedContent
            ownZoomLevel = newValue == context.defaultPageZoom.factor ? nil : newValue
            applyZoomLevel(newValue, to: content)
        }
    }

    /// Whether the tab follows its context's default zoom (it has no zoom of its own).
    public var followsDefaultZoomLevel: Bool { ownZoomLevel == nil }

    /// Drops the tab's own zoom: it follows its context's default again.
    public func resetZoomLevel() {
        let content = realizedContent
        ownZoomLevel = nil
        applyZoomLevel(context.defaultPageZoom.factor, to: content)
    }

    private func applyZoomLevel(_ level: Double, to content: any WebContent) {
        guard content.zoomLevel != level else { return }
        content.zoomLevel = level
        observers?.forEach { $0.didChangeZoomLevel(self) }
    }
}

extension WebState: DefaultPageZoomFollower {
    /// Takes the new default, when the tab has no zoom of its own.
    public func defaultPageZoomChanged(_ zoom: DefaultPageZoom) {
        guard ownZoomLevel == nil, let content else { return }
        applyZoomLevel(zoom.factor, to: content)
    }
}
