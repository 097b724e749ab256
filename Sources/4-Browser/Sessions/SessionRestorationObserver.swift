public import TabModel
public import Web

/// Observes a ``SessionRestorationService``. Every method has an empty default.
@MainActor
public protocol SessionRestorationObserver: AnyObject {
    /// The session of `browser` is about to be restored.
    func willStartSessionRestoration(_ browser: Browser)
    /// The session of `browser` was restored with `restoredWebStates`.
    func sessionRestorationFinished(_ browser: Browser, restoredWebStates: [WebState])
}

extension SessionRestorationObserver {
    /// Does nothing.
    public func willStartSessionRestoration(_ browser: Browser) {}
    /// Does nothing.
    public func sessionRestorationFinished(_ browser: Browser, restoredWebStates: [WebState]) {}
}
