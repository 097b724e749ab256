import Foundation
import ModelTestSupport
import TabModel
import Testing
import Web
import WebTestSupport

@MainActor
struct ObservationForwarderTests {
    let builder = WebStateListBuilder()
    let list = WebStateList(delegate: nil)

    @Test func activeForwarderFollowsActivation() throws {
        for name in ["a", "b", "c"] { _ = builder.realizedWebState(named: name) }
        try builder.build(list, "| a b* c")
        let recorder = WebStateEventRecorder()
        let forwarder = ActiveWebStateObservationForwarder(list: list, observer: recorder)
        builder.webState(named: "a").reload()
        #expect(recorder.events.isEmpty)
        builder.webState(named: "b").reload()
        #expect(recorder.count("pageLoaded") == 1)
        recorder.reset()
        list.activate(at: 0)
        builder.webState(named: "b").reload()
        #expect(recorder.events.isEmpty)
        builder.webState(named: "a").reload()
        #expect(recorder.count("pageLoaded") == 1)
        recorder.reset()
        list.activate(at: nil)
        builder.webState(named: "a").reload()
        #expect(recorder.events.isEmpty)
        withExtendedLifetime(forwarder) {}
    }

    @Test func activeForwarderFollowsReplaceAndClose() throws {
        _ = builder.realizedWebState(named: "a")
        _ = builder.realizedWebState(named: "b")
        try builder.build(list, "| a* b")
        let recorder = WebStateEventRecorder()
        let forwarder = ActiveWebStateObservationForwarder(list: list, observer: recorder)
        let replacement = builder.realizedWebState(named: "r")
        let old = list.replace(at: 0, with: replacement)
        old.reload()
        #expect(recorder.events.isEmpty)
        replacement.reload()
        #expect(recorder.count("pageLoaded") == 1)
        recorder.reset()
        // Closing the active tab moves observation to the new active tab before the closed
        // one is destroyed, so its destruction is not forwarded.
        list.close(at: 0)
        #expect(recorder.events.isEmpty)
        builder.webState(named: "b").reload()
        #expect(recorder.count("pageLoaded") == 1)
        withExtendedLifetime(forwarder) {}
    }

    @Test func allForwarderFollowsEveryTab() throws {
        for name in ["a", "b", "c"] { _ = builder.realizedWebState(named: name) }
        try builder.build(list, "| a* b")
        let recorder = WebStateEventRecorder()
        var forwarder: AllWebStateObservationForwarder? = AllWebStateObservationForwarder(
            list: list, observer: recorder)
        builder.webState(named: "a").reload()
        builder.webState(named: "b").reload()
        #expect(recorder.count("pageLoaded") == 2)
        list.insert(builder.webState(named: "c"))
        builder.webState(named: "c").reload()
        #expect(recorder.count("pageLoaded") == 3)
        let detached = list.detach(at: 0)
        recorder.reset()
        detached.reload()
        #expect(recorder.events.isEmpty)
        forwarder = nil
        builder.webState(named: "b").reload()
        #expect(recorder.events.isEmpty)
        #expect(forwarder == nil)
    }
}
