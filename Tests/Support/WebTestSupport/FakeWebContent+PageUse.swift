public import Web

extension FakeWebContent {
    /// The page shows `notification`; returns whether the delegate presents it.
    @discardableResult
    public func simulateNotification(_ notification: WebNotification) -> Bool {
        delegate?.webContent(self, showNotification: notification) ?? false
    }

    /// The page closes the notification `id` it showed.
    public func simulateNotificationClosed(_ id: UInt64) {
        delegate?.webContent(self, notificationClosed: id)
    }

    /// Records the click.
    public func notificationClicked(_ id: UInt64) { clickedNotifications.append(id) }
}

extension FakeWebContent {
    /// The page starts or stops using the camera or the microphone.
    public func simulateMediaCapture(_ state: MediaCaptureState) {
        mediaCaptureState = state
        delegate?.webContent(self, didReport: .mediaCaptureStateChanged)
    }
}

extension FakeWebContent {
    /// The page opens a JavaScript dialog; returns whether the engine would show it.
    @discardableResult
    public func simulateJavaScriptDialog() -> Bool {
        delegate?.webContentShouldShowJavaScriptDialog(self) ?? true
    }

    /// The server asks for credentials; returns whether the engine would prompt for them.
    @discardableResult
    public func simulateAuthenticationChallenge() -> Bool {
        delegate?.webContentShouldShowAuthenticationPrompt(self) ?? true
    }
}
