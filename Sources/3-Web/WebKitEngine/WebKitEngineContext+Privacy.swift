import CWebKitGTK

extension WebKitEngineContext {
    /// Sets the session's cookie accept policy and Intelligent Tracking Prevention from
    /// ``privacySettings``.
    func applyPrivacySettings() {
        let cookies = webkit_network_session_get_cookie_manager(session.opaque)
        webkit_cookie_manager_set_accept_policy(
            cookies,
            privacySettings.blocksThirdPartyCookies
                ? WEBKIT_COOKIE_POLICY_ACCEPT_NO_THIRD_PARTY : WEBKIT_COOKIE_POLICY_ACCEPT_ALWAYS)
        webkit_network_session_set_itp_enabled(session.opaque, privacySettings.preventsTracking ? 1 : 0)
    }

    /// Whether WebKit's Intelligent Tracking Prevention is on in the session, as WebKit says.
    public var isTrackingPreventionEnabledInSession: Bool {
        webkit_network_session_get_itp_enabled(session.opaque) != 0
    }
}

extension WebKitEngineContext {
    /// The network session (`WebKitNetworkSession *`), for tests that read WebKit's state.
    @_spi(Testing) public var sessionForTesting: OpaquePointer { session.opaque }
}
