import Foundation
import ModelTestSupport
import TabModel
import Testing
import Web
import WebTestSupport

@testable import Mediators

@MainActor
struct WebStateObserverBridgeTests {
    @Test func aForwardedObserverGetsWhatADirectOneGetsAndIsNotKeptAlive() throws {
        let builder = WebStateListBuilder()
        let list = WebStateList(delegate: nil)
        try builder.build(list, "| a*")
        let webState = try #require(list.activeWebState)
        let direct = WebStateEventRecorder(observing: [webState])
        var bridged: WebStateEventRecorder? = WebStateEventRecorder()
        weak let weakBridged = bridged
        let forwarder = AllWebStateObservationForwarder(list: list, weakObserver: bridged!)
        webState.wasShown()
        webState.load(URL(string: "https://a.test/next")!)
        webState.zoomLevel = 1.5
        webState.navigationManager.goBack()
        webState.wasHidden()
        #expect(direct.events.contains("didChangeZoomLevel(1.5)"), "\(direct.events)")
        #expect(bridged?.events == direct.events)
        bridged = nil
        #expect(weakBridged == nil, "the forwarder holds its observer weakly")
        webState.zoomLevel = 2  // reaches nothing, without a crash
        _ = forwarder
    }
}
