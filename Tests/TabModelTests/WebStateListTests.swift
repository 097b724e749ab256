import Foundation
import ModelTestSupport
import TabModel
import Testing
import Web
import WebTestSupport

/// Insertion, activation and lookups (Chromium's web_state_list_unittest, first part).
@MainActor
struct WebStateListTests {
    @Test("IsEmpty")
    func isEmpty() throws {
        let f = try WebStateListFixture()
        #expect(f.list.isEmpty)
        #expect(f.list.count == 0)
        #expect(f.list.activeIndex == nil)
        #expect(f.list.activeWebState == nil)

        f.list.insert(f.webState("a"))

        #expect(!f.list.isEmpty)
        #expect(f.list.count == 1)
        #expect(f.observer.events == ["insert(a,0)"])
        #expect(f.delegate.events == ["willAdd(a)"])
    }

    @Test("InsertUrlSingle")
    func insertSingle() throws {
        let f = try WebStateListFixture()
        let index = f.list.insert(f.webState("a"))

        #expect(index == 0)
        #expect(f.description == "| a")
        #expect(f.list.webState(at: 0).visibleURL == URL(string: "https://a.test/"))
        #expect(f.observer.events == ["insert(a,0)"])
        #expect(f.observer.statuses == ["nil->nil"])
        #expect(f.observer.activeChangeCount == 0)
        // Inserting without activating does not activate.
        #expect(f.delegate.events == ["willAdd(a)"])
    }

    @Test("InsertUrlMultiple")
    func insertMultiple() throws {
        let f = try WebStateListFixture()
        #expect(f.list.insert(f.webState("a"), .atIndex(0)) == 0)
        #expect(f.list.insert(f.webState("b"), .atIndex(0)) == 0)
        #expect(f.list.insert(f.webState("c"), .atIndex(1)) == 1)

        #expect(f.description == "| b c a")
        #expect(f.observer.events == ["insert(a,0)", "insert(b,0)", "insert(c,1)"])
        #expect(f.delegate.events == ["willAdd(a)", "willAdd(b)", "willAdd(c)"])
    }

    @Test(
        "Automatic insertion appends to its section",
        arguments: [
            ("|", false, "| x", 0),
            ("| a b*", false, "| a b* x", 2),
            ("a | b", false, "a | b x", 2),
            ("a | b", true, "a x | b", 1),
            ("| a b", true, "x | a b", 0),
        ])
    func automaticInsertion(before: String, pinned: Bool, after: String, index: Int) throws {
        let f = try WebStateListFixture(before)
        #expect(
            f.list.insert(f.webState("x"), WebStateListInsertionParams.automatic.pinning(pinned)) == index)
        #expect(f.description == after)
    }

    @Test(
        "Inserting at an index shifts the tabs after it, the active one included",
        arguments: [
            ("| a b*", 0, "| x a b*"),
            ("| a b*", 1, "| a x b*"),
            ("| a b*", 2, "| a b* x"),
            // Out of range: the end of the section.
            ("| a b*", 7, "| a b* x"),
            ("| a* b", -1, "| a* b x"),
        ])
    func insertAtIndex(before: String, index: Int, after: String) throws {
        let f = try WebStateListFixture(before)
        f.list.insert(f.webState("x"), .atIndex(index))
        #expect(f.description == after)
        // The active tab is the same, so the status does not report a change.
        #expect(f.observer.activeChangeCount == 0)
    }

    @Test("ActivateWebState")
    func activate() throws {
        let f = try WebStateListFixture("| a")
        #expect(f.list.activeWebState == nil)

        f.list.activate(at: 0)

        #expect(f.description == "| a*")
        #expect(f.list.activeIndex == 0)
        #expect(f.list.activeWebState === f.webState("a"))
        #expect(f.delegate.events == ["willActivate(a)"])
        #expect(f.observer.events == ["statusOnly(a,0)"])
        #expect(f.observer.statuses == ["nil->a"])
    }

    @Test("InsertActivate")
    func insertActivate() throws {
        let f = try WebStateListFixture()
        f.list.insert(f.webState("a"), WebStateListInsertionParams.atIndex(0).activating())

        #expect(f.description == "| a*")
        #expect(f.list.activeWebState === f.webState("a"))
        // The delegate hears of the tab before observers, and is asked to activate it.
        #expect(f.log.events == ["willAdd(a)", "willActivate(a)", "insert(a,0)"])
        #expect(f.observer.statuses == ["nil->a"])
        #expect(f.observer.activeChangeCount == 1)
    }

    @Test func insertActivateReplacesTheActiveTab() throws {
        let f = try WebStateListFixture("| a* b")
        f.list.insert(f.webState("x"), WebStateListInsertionParams.atIndex(0).activating())

        #expect(f.description == "| x* a b")
        #expect(f.observer.events == ["insert(x,0)"])
        #expect(f.observer.statuses == ["a->x"])
        #expect(f.delegate.events == ["willAdd(x)", "willActivate(x)"])
    }

    @Test("ActivateNotifies")
    func activateNotifies() throws {
        let f = try WebStateListFixture("| a* b c")
        f.list.activate(at: 1)

        #expect(f.description == "| a b* c")
        #expect(f.observer.events == ["statusOnly(b,1)"])
        #expect(f.observer.count("statusOnly") == 1)
        #expect(f.observer.activeChangeCount == 1)
        #expect(f.observer.statuses == ["a->b"])
        #expect(f.delegate.events == ["willActivate(b)"])
        // willActivate comes before observers hear of the change.
        #expect(f.log.events == ["willActivate(b)", "statusOnly(b,1)"])
    }

    @Test func activatingTheActiveTabDoesNothing() throws {
        let f = try WebStateListFixture("| a* b")
        f.list.activate(at: 0)
        #expect(f.log.events.isEmpty)
        #expect(f.description == "| a* b")
    }

    @Test func activatingNilDeactivates() throws {
        let f = try WebStateListFixture("| a b*")
        f.list.activate(at: nil)

        #expect(f.description == "| a b")
        #expect(f.list.activeIndex == nil)
        #expect(f.observer.events == ["statusOnly(nil,nil)"])
        #expect(f.observer.statuses == ["b->nil"])
        #expect(f.delegate.events.isEmpty)

        // And deactivating with nothing active is a no-op.
        f.resetRecords()
        f.list.activate(at: nil)
        #expect(f.log.events.isEmpty)
    }

    @Test("GetIndexOfWebState")
    func indexOfWebState() throws {
        let f = try WebStateListFixture()
        let target = f.webState("t")
        let other = f.webState("o")
        #expect(f.list.index(of: target) == nil)

        f.list.insert(f.webState("a"))
        f.list.insert(target)
        #expect(f.list.index(of: target) == 1)
        #expect(f.list.index(of: other) == nil)

        // Another tab with the same URL does not confuse it.
        f.list.insert(sameURL(as: "t", name: "t2", f))
        #expect(f.list.index(of: target) == 1)

        f.list.insert(f.webState("b"), .atIndex(0))
        #expect(f.list.index(of: target) == 2)
    }

    @Test("GetIndexOfWebStateWithURL")
    func indexOfWebStateWithURL() throws {
        let f = try WebStateListFixture()
        let url0 = try #require(URL(string: "https://u0.test/"))
        #expect(f.list.indexOfWebState(withURL: url0) == nil)

        f.list.insert(f.webState("u1"))
        #expect(f.list.indexOfWebState(withURL: url0) == nil)

        f.list.insert(f.webState("u0"))
        #expect(f.list.indexOfWebState(withURL: url0) == 1)

        // The first match wins.
        f.list.insert(f.webState("u2"))
        f.list.insert(sameURL(as: "u0", name: "u0bis", f))
        #expect(f.list.indexOfWebState(withURL: url0) == 1)
        #expect(f.list.webState(at: 3).visibleURL == url0)
    }

    @Test("GetIndexOfInactiveWebStateWithURL")
    func indexOfInactiveWebStateWithURL() throws {
        let f = try WebStateListFixture()
        let url0 = try #require(URL(string: "https://u0.test/"))
        #expect(f.list.indexOfInactiveWebState(withURL: url0) == nil)

        f.list.insert(f.webState("u1"))
        #expect(f.list.indexOfInactiveWebState(withURL: url0) == nil)

        f.list.insert(f.webState("u0"))
        #expect(f.list.indexOfInactiveWebState(withURL: url0) == 1)

        // The active tab is skipped; the plain lookup still finds it.
        f.list.activate(at: 1)
        #expect(f.list.indexOfInactiveWebState(withURL: url0) == nil)
        #expect(f.list.indexOfWebState(withURL: url0) == 1)

        f.list.insert(f.webState("u2"))
        f.list.insert(sameURL(as: "u0", name: "u0bis", f))
        #expect(f.list.indexOfInactiveWebState(withURL: url0) == 3)
        #expect(f.list.indexOfWebState(withURL: url0) == 1)

        // With matches before and after the active tab, the first one wins.
        f.list.activate(at: 2)
        #expect(f.list.indexOfInactiveWebState(withURL: url0) == 1)

        // Remove the first match: the active tab is now 1, the match is at 2.
        f.list.detach(at: 1)
        #expect(f.list.activeIndex == 1)
        #expect(f.list.indexOfInactiveWebState(withURL: url0) == 2)
    }

    @Test func countsAndQueriesDescribeTheList() throws {
        let f = try WebStateListFixture("a b | c d* e")
        #expect(f.list.count == 5)
        #expect(f.list.pinnedCount == 2)
        #expect(f.list.regularCount == 3)
        #expect(f.list.activeIndex == 3)
        #expect(f.list.containsIndex(0))
        #expect(f.list.containsIndex(4))
        #expect(!f.list.containsIndex(5))
        #expect(!f.list.containsIndex(-1))
        #expect(f.list.isPinned(at: 1))
        #expect(!f.list.isPinned(at: 2))
        #expect(f.list.webStates.map { f.builder.name(of: $0) } == ["a", "b", "c", "d", "e"])
        #expect(!f.list.isMutating)
        #expect(!f.list.isBatchInProgress)
    }

    @Test func isMutatingIsTrueWhileObserversAreNotifiedAndOnlyThen() throws {
        let f = try WebStateListFixture("a | b* c")
        f.list.insert(f.webState("x"))
        f.list.move(from: 1, to: 3)
        f.list.activate(at: 2)
        f.list.setPinned(at: 0, false)
        f.list.replace(at: 0, with: f.webState("y"))
        f.list.close(at: 0)
        #expect(f.observer.mutatingDuringChanges.count == f.observer.statuses.count)
        #expect(f.observer.mutatingDuringChanges.count >= 7)
        #expect(f.observer.mutatingDuringChanges.allSatisfy { $0 })
        #expect(!f.list.isMutating)
    }

    /// A realized tab called `name` showing the same URL as the builder's tab `original`.
    private func sameURL(as original: String, name: String, _ f: WebStateListFixture) -> WebState {
        let webState = WebState(params: .init(context: f.builder.engine.defaultContext))
        webState.load(URL(string: "https://\(original).test/")!)
        f.builder.register(webState, name: name)
        return webState
    }
}
