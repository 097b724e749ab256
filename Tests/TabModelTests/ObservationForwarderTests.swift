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

/// The two forwarders, made alike for the tests both must pass.
enum ForwarderKind: CaseIterable, Sendable {
    case active, all

    @MainActor func make(_ list: WebStateList, _ observer: any WebStateObserver) -> AnyObject {
        switch self {
        case .active: ActiveWebStateObservationForwarder(list: list, observer: observer)
        case .all: AllWebStateObservationForwarder(list: list, observer: observer)
        }
    }
}

/// An observer that keeps its own forwarder, as mediators do.
@MainActor
private final class OwningObserver: WebStateObserver {
    var forwarder: AnyObject?
    var pageLoads = 0

    func pageLoaded(_ webState: WebState, status: PageLoadCompletionStatus) { pageLoads += 1 }
}

/// Forwarders hold neither their list nor their observer, and forward only while they live.
@MainActor
struct ObservationForwarderLifetimeTests {
    let builder = WebStateListBuilder()
    let list = WebStateList(delegate: nil)

    init() throws {
        for name in ["a", "b", "c"] { _ = builder.realizedWebState(named: name) }
        try builder.build(list, "| a* b")
    }

    @Test(arguments: ForwarderKind.allCases)
    func aForwarderDoesNotKeepItsObserverAlive(kind: ForwarderKind) {
        var recorder: WebStateEventRecorder? = WebStateEventRecorder()
        weak let weakRecorder = recorder
        let forwarder = kind.make(list, recorder!)
        builder.webState(named: "a").reload()
        #expect(recorder?.count("pageLoaded") == 1)
        recorder = nil
        #expect(weakRecorder == nil)
        // Events with nobody to forward them to, and list changes (after which the forwarder
        // no longer follows the list), go through without failing.
        builder.webState(named: "a").reload()
        list.insert(builder.webState(named: "c"), .automatic.activating())
        builder.webState(named: "c").reload()
        list.close(at: 0)
        list.destroy()
        withExtendedLifetime(forwarder) {}
    }

    @Test(arguments: ForwarderKind.allCases)
    func anObserverKeepingItsForwarderIsFreedWithIt(kind: ForwarderKind) {
        weak var weakOwner: OwningObserver?
        do {
            let owner = OwningObserver()
            owner.forwarder = kind.make(list, owner)
            builder.webState(named: "a").reload()
            #expect(owner.pageLoads == 1)
            weakOwner = owner
        }
        #expect(weakOwner == nil)
        builder.webState(named: "a").reload()
        list.activate(at: 1)
    }

    @Test(arguments: ForwarderKind.allCases)
    func aFreedForwarderStopsForwarding(kind: ForwarderKind) {
        let recorder = WebStateEventRecorder()
        let a = builder.webState(named: "a")
        var forwarder: AnyObject? = kind.make(list, recorder)
        weak let weakForwarder = forwarder
        #expect(a.hasObserver(recorder))
        forwarder = nil
        #expect(weakForwarder == nil)
        #expect(!a.hasObserver(recorder))
        a.reload()
        list.activate(at: 1)
        list.insert(builder.webState(named: "c"), .automatic.activating())
        builder.webState(named: "c").reload()
        #expect(recorder.events.isEmpty)
    }

    @Test(arguments: ForwarderKind.allCases)
    func aForwarderDoesNotKeepItsListAlive(kind: ForwarderKind) {
        let recorder = WebStateEventRecorder()
        weak var weakList: WebStateList?
        let forwarder: AnyObject
        do {
            let transient = WebStateList(delegate: nil)
            transient.insert(builder.webState(named: "c"), .automatic.activating())
            forwarder = kind.make(transient, recorder)
            weakList = transient
        }
        #expect(weakList == nil)
        withExtendedLifetime(forwarder) {}
    }
}
