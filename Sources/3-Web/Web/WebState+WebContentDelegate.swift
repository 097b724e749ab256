extension WebState: WebContentDelegate {
    /// Forwards an engine event to the observers.
    public func webContent(_ content: any WebContent, didReport event: WebContentEvent) {
        guard content === self.content, !isBeingDestroyed else { return }
        notifyRealizedIfPending()
        if let restored = restoredTitle, !restored.outlives(event, content: content) { restoredTitle = nil }
        switch event {
        case .didStartNavigation(let context):
            observers?.forEach { $0.didStartNavigation(self, context: context) }
        case .didRedirectNavigation(let context):
            observers?.forEach { $0.didRedirectNavigation(self, context: context) }
        case .didFinishNavigation(let context):
            observers?.forEach { $0.didFinishNavigation(self, context: context) }
        case .didStartLoading: observers?.forEach { $0.didStartLoading(self) }
        case .didStopLoading: observers?.forEach { $0.didStopLoading(self) }
        case .pageLoaded(let status): observers?.forEach { $0.pageLoaded(self, status: status) }
        case .loadProgressChanged(let progress):
            observers?.forEach { $0.loadProgressChanged(self, progress: progress) }
        case .backForwardStateChanged: observers?.forEach { $0.didChangeBackForwardState(self) }
        case .titleChanged: observers?.forEach { $0.titleWasSet(self) }
        case .visibleSecurityStateChanged: observers?.forEach { $0.didChangeVisibleSecurityState(self) }
        case .faviconURLChanged(let url): observers?.forEach { $0.faviconURLUpdated(self, url: url) }
        case .renderProcessGone: observers?.forEach { $0.renderProcessGone(self) }
        case .hoveredLinkChanged(let url): observers?.forEach { $0.hoveredLinkChanged(self, url: url) }
        case .scriptCommand(let command): dispatchScriptCommand(command)
        case .mediaCaptureStateChanged: observers?.forEach { $0.mediaCaptureStateChanged(self) }
        }
    }

    /// Asks the policy deciders.
    public func webContent(
        _ content: any WebContent, decidePolicyFor request: NavigationRequest
    ) -> PolicyDecision {
        notifyRealizedIfPending()
        return decidePolicy(for: request)
    }

    /// Asks the delegate for a new WebState and hands its content to the engine. A request
    /// without a user gesture is blocked (observers get ``WebStateObserver/popupBlocked(_:url:)``);
    /// with no delegate, or when it refuses, no window opens.
    public func webContent(
        _ content: any WebContent, createNewContentFor request: NewWebContentRequest
    ) -> (any WebContent)? {
        guard content === self.content, !isBeingDestroyed else { return nil }
        notifyRealizedIfPending()
        guard request.isUserGesture else {
            observers?.forEach { $0.popupBlocked(self, url: request.url) }
            return nil
        }
        guard
            let child = delegate?.createNewWebState(
                for: self, url: request.url, openerURL: request.openerURL, initiatedByUser: true),
            let childContent = child.content
        else { return nil }
        return childContent
    }

    /// Asks the delegate to open `request` where the user asked
    /// (``WebStateDelegate/openURL(from:params:)``); it is never blocked as a pop-up. With no
    /// delegate nothing opens. A request for the current tab loads here.
    public func webContent(_ content: any WebContent, openURLFor request: NavigationRequest) {
        guard content === self.content, !isBeingDestroyed else { return }
        notifyRealizedIfPending()
        guard request.disposition != .currentTab else {
            load(request.url)
            return
        }
        _ = delegate?.openURL(
            from: self, params: OpenURLParams(url: request.url, disposition: request.disposition))
    }

    /// Asks the delegate to close this WebState (``WebStateDelegate/closeWebState(_:)``); with
    /// no delegate the tab stays.
    public func webContentDidRequestClose(_ content: any WebContent) {
        guard content === self.content, !isBeingDestroyed else { return }
        notifyRealizedIfPending()
        delegate?.closeWebState(self)
    }

    /// Asks the policy deciders (``WebStatePolicyDecider/shouldAllowResponse(_:in:)``).
    public func webContent(
        _ content: any WebContent, decidePolicyForResponse response: NavigationResponse
    )
        -> PolicyDecision
    {
        guard content === self.content, !isBeingDestroyed else { return .cancel }
        notifyRealizedIfPending()
        return decidePolicy(for: response)
    }

    /// Asks the delegate; with none the dialog is shown.
    public func webContentShouldShowJavaScriptDialog(_ content: any WebContent) -> Bool {
        guard content === self.content, !isBeingDestroyed else { return false }
        return delegate?.shouldShowJavaScriptDialog(for: self) ?? true
    }

    /// Asks the delegate; with none the user is prompted.
    public func webContentShouldShowAuthenticationPrompt(_ content: any WebContent) -> Bool {
        guard content === self.content, !isBeingDestroyed else { return false }
        return delegate?.shouldShowAuthenticationPrompt(for: self) ?? true
    }
}
