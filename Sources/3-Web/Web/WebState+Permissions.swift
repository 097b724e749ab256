extension WebState {
    /// Hands the page's request to the tab's ``PermissionRequestManager``; without one (a tab
    /// no browser attached helpers to), or from a content that is no longer the tab's, the
    /// request is denied.
    public func webContent(
        _ content: any WebContent, requestPermission request: PermissionRequest,
        decisionHandler: @escaping @MainActor (PermissionDecision) -> Void
    ) {
        guard content === self.content, !isBeingDestroyed,
            let manager = PermissionRequestManager.fromWebState(self)
        else { return decisionHandler(.deny) }
        notifyRealizedIfPending()
        manager.add(request, decisionHandler: decisionHandler)
    }

    func notifyPermissionRequestsChanged() {
        observers?.forEach { $0.permissionRequestsChanged(self) }
    }
}
