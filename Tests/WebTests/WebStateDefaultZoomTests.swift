import Foundation
import TestSupport
import Testing
import Web
import WebTestSupport

/// A tab's zoom is its own once the user zooms it, else its context's default
/// (`DefaultPageZoom`), which realized tabs take at once when it changes.
@MainActor
struct WebStateDefaultZoomTests {
    let fixture = WebFixture()
    var zoom: DefaultPageZoom { fixture.context.defaultPageZoom }

    @Test func aNewTabOpensAtTheDefaultAndFollowsItsChanges() throws {
        zoom.factor = 1.25
        let webState = fixture.makeWebState(loading: [url("https://a.example/")])
        let recorder = WebStateEventRecorder()
        webState.addObserver(recorder)
        #expect(try fakeContent(of: webState).zoomLevel == 1.25)
        #expect(webState.followsDefaultZoomLevel)

        zoom.factor = 1.5

        #expect(webState.zoomLevel == 1.5)
        #expect(try fakeContent(of: webState).zoomLevel == 1.5)
        #expect(recorder.events == ["didChangeZoomLevel(1.5)"])
    }

    @Test func aTabZoomedByTheUserKeepsItsZoomWhenTheDefaultChanges() throws {
        let webState = fixture.makeWebState(loading: [url("https://a.example/")])
        webState.zoomLevel = 0.8
        zoom.factor = 1.5
        #expect(webState.zoomLevel == 0.8)
        #expect(!webState.followsDefaultZoomLevel)
        #expect(try fakeContent(of: webState).zoomLevel == 0.8)
    }

    /// | zoom set | default | follows after |
    @Test(arguments: [(1.5, 1.5, true), (1.0, 1.5, false), (1.0, 1.0, true), (0.9, 1.0, false)])
    func zoomingToTheDefaultFollowsItAgain(set: Double, defaultFactor: Double, follows: Bool) {
        zoom.factor = defaultFactor
        let webState = fixture.makeWebState(loading: [url("https://a.example/")])
        webState.zoomLevel = 2
        webState.zoomLevel = set
        #expect(webState.followsDefaultZoomLevel == follows)
    }

    @Test func resetGoesBackToTheDefault() throws {
        zoom.factor = 1.25
        let webState = fixture.makeWebState(loading: [url("https://a.example/")])
        webState.zoomLevel = 2
        webState.resetZoomLevel()
        #expect(webState.zoomLevel == 1.25 && webState.followsDefaultZoomLevel)
        zoom.factor = 1.1
        #expect(try fakeContent(of: webState).zoomLevel == 1.1)
    }

    @Test func anUnrealizedTabReadsTheDefaultAndTakesItWhenRealizedUnlessItSavedItsOwn() throws {
        var saved = sampleStorage
        let following = fixture.makeUnrealized(spy: LoaderSpy(storage: saved))
        saved.zoomLevel = 0.5
        let zoomed = fixture.makeUnrealized(spy: LoaderSpy(storage: saved))
        zoom.factor = 1.75
        #expect(following.zoomLevel == 1.75)
        following.forceRealized()
        zoomed.forceRealized()
        #expect(try fakeContent(of: following).zoomLevel == 1.75)
        #expect(try fakeContent(of: zoomed).zoomLevel == 0.5)
        zoom.factor = 1
        #expect([following.zoomLevel, zoomed.zoomLevel] == [1, 0.5])
    }

    @Test func aDiscardedTabKeepsItsOwnZoomAndAFollowingOneTakesTheNewDefault() throws {
        let own = fixture.makeWebState(loading: [url("https://a.example/")])
        let following = fixture.makeWebState(loading: [url("https://b.example/")])
        own.zoomLevel = 2
        own.discard()
        following.discard()
        zoom.factor = 1.5
        #expect(own.zoomLevel == 2 && following.zoomLevel == 1.5)
        own.forceRealized()
        following.forceRealized()
        #expect(try fakeContent(of: own).zoomLevel == 2)
        #expect(try fakeContent(of: following).zoomLevel == 1.5)
    }

    @Test func aClosedTabNoLongerFollows() throws {
        let webState = fixture.makeWebState(loading: [url("https://a.example/")])
        let content = try fakeContent(of: webState)
        webState.close()
        zoom.factor = 3
        #expect(content.zoomLevel == 1)
    }

    @Test func aZoomThatIsNotAFactorFailsLoudly() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let engine = FakeWebEngine()
                WebState(params: .init(context: engine.defaultContext)).zoomLevel = 0
            }
        }.expectPreconditionMessage("WebState.zoomLevel: 0.0 is not a zoom factor")
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run { FakeWebEngine().defaultContext.defaultPageZoom.factor = -1 }
        }.expectPreconditionMessage("DefaultPageZoom.factor: -1.0 is not a zoom factor")
    }
}
