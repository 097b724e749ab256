import Application
import Base
import Foundation
import Prefs
import Prerender
import TabModel
import Testing
import Web
import WebTestSupport

/// What ends a prerender, its hidden WebState destroyed and never shown.
@MainActor
struct PrerenderCancelTests {
    let fixture = PrerenderFixture()

    /// Prerenders ``PrerenderFixture/page``, runs `cancel`, then what it posted; expects the
    /// hidden WebState destroyed for `reason`.
    private func expectCancel(
        _ reason: PrerenderCancelReason, sourceLocation: SourceLocation = #_sourceLocation,
        by cancel: (WebState) -> Void
    ) throws {
        let hidden = try #require(fixture.prerender(), sourceLocation: sourceLocation)
        cancel(hidden)
        _ = fixture.mainTaskRunner.runUntilIdle()
        #expect(hidden.isBeingDestroyed, sourceLocation: sourceLocation)
        #expect(fixture.service.prerenderWebState == nil, sourceLocation: sourceLocation)
        #expect(fixture.service.lastCancelReason == reason, sourceLocation: sourceLocation)
        #expect(fixture.list.webStates.allSatisfy { $0 !== hidden }, sourceLocation: sourceLocation)
        #expect(
            !fixture.agent.loadPrerenderedURL(PrerenderFixture.page, transition: PrerenderFixture.typed),
            sourceLocation: sourceLocation)
        fixture.quit()
    }

    @Test func anotherMatch() throws {
        try expectCancel(.otherMatch) { _ in
            fixture.agent.startPrerender(
                url: URL(string: "https://other.test/")!, transition: PrerenderFixture.typed,
                immediately: false)
        }
    }

    @Test func theLocationBarClosing() throws {
        try expectCancel(.locationBarClosed) { _ in fixture.agent.cancelPrerender(reason: .locationBarClosed)
        }
    }

    @Test func aJavaScriptDialogIsDismissedUnseen() throws {
        try expectCancel(.javaScriptDialog) { hidden in
            #expect(!fixture.content(hidden).simulateJavaScriptDialog())
            // Not inside the engine's callback: later.
            #expect(!hidden.isBeingDestroyed)
        }
    }

    @Test func anAuthenticationChallengeIsCancelledUnseen() throws {
        try expectCancel(.authentication) { hidden in
            #expect(!fixture.content(hidden).simulateAuthenticationChallenge())
        }
    }

    @Test func aPopUpWithAGestureIsRefused() throws {
        try expectCancel(.popup) { hidden in
            #expect(
                fixture.content(hidden).simulateNewWindowRequest(
                    url: URL(string: "https://ads.test/")!, isUserGesture: true) == nil)
        }
    }

    @Test func aPopUpWithoutAGesture() throws {
        try expectCancel(.popup) { hidden in
            _ = fixture.content(hidden).simulateNewWindowRequest(
                url: URL(string: "https://ads.test/")!, isUserGesture: false)
        }
    }

    @Test func aResponseTheTabCannotShowIsNeverLoaded() throws {
        fixture.engine.setPage(PrerenderFixture.page, .init(title: "video", mimeType: "video/x-unknown"))
        try expectCancel(.notAWebPage) { hidden in
            #expect(hidden.lastCommittedURL?.absoluteString == PrerenderFixture.startPages[1])
        }
    }

    @Test func anOctetStreamResponse() throws {
        fixture.engine.setPage(
            PrerenderFixture.page, .init(title: "file", mimeType: "application/octet-stream"))
        try expectCancel(.notAWebPage) { _ in }
    }

    @Test func memoryPressure() throws {
        try expectCancel(.memoryPressure) { _ in fixture.app.handleMemoryPressure() }
    }

    @Test func thePrefTurnedOffAndNothingStartsAfter() throws {
        try expectCancel(.disabled) { _ in fixture.profile.prefs.set(PrerenderPrefs.enabled, .bool(false)) }
    }

    @Test func anotherActiveTab() throws {
        try expectCancel(.notUsed) { _ in
            let tab = WebState(params: .init(context: fixture.profile.webEngineContext))
            fixture.list.insert(tab, .automatic.activating())
        }
    }

    @Test func nothingStartsWhileThePrefIsOff() {
        fixture.profile.prefs.set(PrerenderPrefs.enabled, .bool(false))
        #expect(fixture.prerender() == nil)
        fixture.quit()
    }

    @Test func theRenderProcessGoing() throws {
        try expectCancel(.renderProcessGone) { hidden in fixture.content(hidden).simulateRenderProcessGone() }
    }
}
