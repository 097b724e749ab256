public import Web

extension FakeWebContent {
    /// The committed page asks for `kinds` (its origin is the committed page's, as WebKit's
    /// requests come from the page shown); `decisionHandler` gets the delegate's answer,
    /// which the fake, unlike a page, does not act on.
    public func simulatePermissionRequest(
        _ kinds: [PermissionKind], decisionHandler: @escaping @MainActor (PermissionDecision) -> Void
    ) {
        precondition(
            !isClosed, "FakeWebContent.simulatePermissionRequest(_:decisionHandler:): used after close()")
        let request = PermissionRequest(kinds, origin: lastCommittedURL.flatMap(Origin.init(url:)))
        guard let delegate else { return decisionHandler(.deny) }
        delegate.webContent(self, requestPermission: request, decisionHandler: decisionHandler)
    }
}
