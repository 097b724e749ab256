import ModelTestSupport
import TabModel
import Testing
import Web

/// Batches, destruction of the list and observer lifetime.
@MainActor
struct WebStateListBatchTests {
    private struct Failure: Error {}

    @Test("StartBatchOperation_DoNothing")
    func emptyBatch() throws {
        let f = try WebStateListFixture("| a")
        f.list.performBatchOperation {}
        #expect(f.observer.events == ["batchBegin", "batchEnd"])
        #expect(f.delegate.events.isEmpty)
    }

    @Test("StartBatchOperation_IsBatchInProgress")
    func isBatchInProgress() throws {
        let f = try WebStateListFixture("| a")
        #expect(!f.list.isBatchInProgress)
        let seen = f.list.performBatchOperation { f.list.isBatchInProgress }
        #expect(seen)
        #expect(!f.list.isBatchInProgress)
    }

    @Test func changesMadeInABatchAreNotifiedBetweenItsBeginAndEnd() throws {
        let f = try WebStateListFixture("| a* b")
        let index = f.list.performBatchOperation {
            f.list.insert(f.webState("x"))
            f.list.move(from: 0, to: 1)
            return f.list.index(of: f.webState("x"))
        }
        #expect(index == 2)
        #expect(f.observer.events == ["batchBegin", "insert(x,2)", "move(a,0->1)", "batchEnd"])
        #expect(f.description == "| b a* x")
    }

    @Test func aBatchWhoseBodyThrowsStillEnds() throws {
        let f = try WebStateListFixture("| a")
        #expect(throws: Failure.self) {
            try f.list.performBatchOperation { throw Failure() }
        }
        #expect(f.observer.events == ["batchBegin", "batchEnd"])
        #expect(!f.list.isBatchInProgress)
        // And another batch can start.
        f.list.performBatchOperation {}
        #expect(f.observer.count("batch") == 4)
    }

    @Test func batchesMayFollowOneAnother() throws {
        let f = try WebStateListFixture("| a b")
        closeOtherWebStates(f.list, keeping: 0)
        closeAllWebStates(f.list)
        #expect(
            f.observer.events.filter { $0.hasPrefix("batch") } == [
                "batchBegin", "batchEnd", "batchBegin", "batchEnd",
            ])
        #expect(f.description == "|")
    }

    @Test("WebStateListDestroyed")
    func destroyed() throws {
        let f = try WebStateListFixture("a | b* c")
        var destructionObservers: [WebStateDestructionObserver] = []
        for name in ["a", "b", "c"] {
            let observer = WebStateDestructionObserver { [unowned f] webState in
                f.log.append("webStateDestroyed(\(f.builder.name(of: webState) ?? "_"))")
            }
            f.webState(name).addObserver(observer)
            destructionObservers.append(observer)
        }

        f.list.destroy()

        // Observers hear of it first, then every tab is destroyed; no detach events.
        #expect(f.log.events.first == "destroyed")
        #expect(
            Set(f.log.events.dropFirst()) == [
                "webStateDestroyed(a)", "webStateDestroyed(b)", "webStateDestroyed(c)",
            ])
        #expect(f.log.events.count == 4)
        #expect(f.list.isDestroyed)
        #expect(f.list.isEmpty)
        #expect(f.list.activeIndex == nil)
        #expect(["a", "b", "c"].allSatisfy { f.webState($0).isBeingDestroyed })
        withExtendedLifetime(destructionObservers) {}
    }

    // Chromium's WebStateListAsWeakPtr: a weak reference to the list goes away with it,
    // so nothing the list owns (tabs, groups) keeps it alive.
    @Test func aWeakReferenceToTheListBecomesNilWhenTheListGoesAway() throws {
        let builder = WebStateListBuilder()
        let delegate = RecordingWebStateListDelegate(builder: builder)
        let observer = RecordingWebStateListObserver(builder: builder)
        weak var weakList: WebStateList?
        do {
            let list = WebStateList(delegate: delegate)
            list.addObserver(observer)
            try builder.build(list, "a | b* [0 c d] e")
            weakList = list
            #expect(weakList != nil)
        }
        #expect(weakList == nil)
    }

    @Test func observersAreHeldWeakly() throws {
        let f = try WebStateListFixture("| a")
        weak var weakObserver: RecordingWebStateListObserver?
        do {
            let transient = RecordingWebStateListObserver(builder: f.builder)
            f.list.addObserver(transient)
            f.list.insert(f.webState("b"))
            #expect(transient.events == ["insert(b,1)"])
            weakObserver = transient
        }
        #expect(weakObserver == nil)

        // The list keeps working and still notifies the observers that are alive.
        f.list.insert(f.webState("c"))
        #expect(f.observer.events == ["insert(b,1)", "insert(c,2)"])
    }

    @Test func aRemovedObserverIsNotNotified() throws {
        let f = try WebStateListFixture("| a")
        let other = RecordingWebStateListObserver(builder: f.builder)
        f.list.addObserver(other)
        f.list.activate(at: 0)
        f.list.removeObserver(other)
        f.list.insert(f.webState("b"))
        #expect(other.events == ["statusOnly(a,0)"])
        #expect(f.observer.events == ["statusOnly(a,0)", "insert(b,1)"])
    }

    @Test func theListHoldsItsDelegateWeakly() throws {
        let builder = WebStateListBuilder()
        var delegate: RecordingWebStateListDelegate? = RecordingWebStateListDelegate(builder: builder)
        let list = WebStateList(delegate: delegate)
        weak let weakDelegate = delegate
        delegate = nil
        #expect(weakDelegate == nil)
        #expect(list.delegate == nil)
        // Without a delegate the list still works.
        list.insert(builder.webState(named: "a"), WebStateListInsertionParams.automatic.activating())
        #expect(builder.describe(list) == "| a*")
    }
}
