import CWebKitGTK
import Foundation
import Web
@_spi(Testing) import WebKitEngine
import XCTest

/// The cookie and tracking settings reach the context's network session, as WebKit reads them
/// back.
final class PrivacySettingsTests: WebKitTestCase, @unchecked Sendable {
    /// The session's cookie accept policy, as WebKit answers (later, on the main loop).
    @MainActor
    private func acceptPolicy(of context: WebKitEngineContext) -> WebKitCookieAcceptPolicy? {
        final class Answer { var policy: WebKitCookieAcceptPolicy? }
        let answer = Answer()
        let manager = webkit_network_session_get_cookie_manager(context.sessionForTesting)
        webkit_cookie_manager_get_accept_policy(
            manager, nil,
            { source, result, data in
                let answer = Unmanaged<Answer>.fromOpaque(data!).takeRetainedValue()
                answer.policy = webkit_cookie_manager_get_accept_policy_finish(
                    OpaquePointer(source), result, nil)
            }, Unmanaged.passRetained(answer).toOpaque())
        wait("the accept policy") { answer.policy != nil }
        return answer.policy
    }

    func testThirdPartyCookiesAndTrackingPreventionFollowTheSettings() {
        onMainActor {
            for context in [makePersistentContext(), engine.makeWebKitContext(storage: .ephemeral)] {
                XCTAssertEqual(
                    acceptPolicy(of: context), WEBKIT_COOKIE_POLICY_ACCEPT_NO_THIRD_PARTY, "WebKit's default")
                context.privacySettings = WebEnginePrivacySettings(
                    blocksThirdPartyCookies: false, preventsTracking: true)
                XCTAssertEqual(acceptPolicy(of: context), WEBKIT_COOKIE_POLICY_ACCEPT_ALWAYS)
                XCTAssertTrue(context.isTrackingPreventionEnabledInSession)
                context.privacySettings = WebEnginePrivacySettings(
                    blocksThirdPartyCookies: true, preventsTracking: false)
                XCTAssertEqual(acceptPolicy(of: context), WEBKIT_COOKIE_POLICY_ACCEPT_NO_THIRD_PARTY)
                XCTAssertFalse(context.isTrackingPreventionEnabledInSession)
            }
        }
    }
}
