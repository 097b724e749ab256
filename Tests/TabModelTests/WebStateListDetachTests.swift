import ModelTestSupport
import TabModel
import Testing
import Web

/// Detaching and closing tabs, one or many, and the close helpers.
@MainActor
struct WebStateListDetachTests {
    /// Observes the destruction of `names` into the fixture's log as
    /// `webStateDestroyed(name,count:n,batch:bool)`. Keep the result alive.
    private func observeDestruction(
        _ names: [String], _ f: WebStateListFixture
    ) -> [WebStateDestructionObserver] {
        names.map { name in
            let observer = WebStateDestructionObserver { [unowned f] webState in
                f.log.append(
                    "webStateDestroyed(\(f.builder.name(of: webState) ?? "_"),count:\(f.list.count),"
                        + "batch:\(f.list.isBatchInProgress))")
            }
            f.webState(name).addObserver(observer)
            return observer
        }
    }

    /// The log without the delegate's willRemove calls (their place is not specified).
    private func logWithoutWillRemove(_ f: WebStateListFixture) -> [String] {
        f.log.events.filter { !$0.hasPrefix("willRemove(") }
    }

    @Test(
        "DetachWebStateAtIndex{Beginning,Middle,Last}",
        arguments: [
            (0, "a", "| b c"),
            (1, "b", "| a c"),
            (2, "c", "| a b"),
        ])
    func detach(index: Int, name: String, expected: String) throws {
        let f = try WebStateListFixture("| a b c")
        let detached = f.list.detach(at: index)

        #expect(detached === f.webState(name))
        #expect(f.description == expected)
        #expect(f.list.activeIndex == nil)
        #expect(f.observer.events == ["willDetach(\(name),\(index))", "detach(\(name),\(index))"])
        #expect(f.observer.statuses == ["nil->nil", "nil->nil"])
        #expect(f.delegate.count("willActivate") == 0)
        #expect(f.delegate.events == ["willRemove(\(name))"])
        // Detaching hands the tab over: it is not destroyed.
        #expect(!detached.isBeingDestroyed)
    }

    @Test func detachingAnInactiveTabBeforeTheActiveOneShiftsTheActiveIndex() throws {
        let f = try WebStateListFixture("| a b c*")
        f.list.detach(at: 0)
        #expect(f.description == "| b c*")
        #expect(f.list.activeIndex == 1)
        #expect(f.observer.statuses == ["c->c", "c->c"])
        #expect(f.observer.activeChangeCount == 0)
        #expect(f.delegate.count("willActivate") == 0)
    }

    @Test("DetachActiveWebState")
    func detachActive() throws {
        let f = try WebStateListFixture("| a* b c")
        let detached = f.list.detach(at: 0)

        #expect(detached === f.webState("a"))
        #expect(f.description == "| b* c")
        #expect(f.list.activeIndex == 0)
        // willChange, then the delegate activates the new tab, then didChange.
        #expect(logWithoutWillRemove(f) == ["willDetach(a,0)", "willActivate(b)", "detach(a,0)"])
        #expect(f.observer.statuses == ["a->b", "a->b"])
        #expect(f.observer.activeChangeCount == 1)
        #expect(f.delegate.count("willActivate") == 1)
        #expect(f.delegate.count("willRemove(a)") == 1)
    }

    @Test(
        "Detaching the active tab activates the tab the order controller picks",
        arguments: [
            // The next tab, else the previous one.
            ("| a b* c", 1, "| a c*"),
            ("| a b c*", 2, "| a b*"),
            // The only tab: nothing is active.
            ("| a*", 0, "|"),
            // A pinned tab: the next pinned one, else the previous pinned one.
            ("a* b | c", 0, "b* | c"),
            ("a b* | c", 1, "a* | c"),
            // The last tab of a section: the other section.
            ("a* | b", 0, "| b*"),
            ("a | b*", 1, "a* |"),
            ("a b | c*", 2, "a b* |"),
        ])
    func detachActiveChoosesNext(before: String, index: Int, after: String) throws {
        let f = try WebStateListFixture(before)
        f.list.detach(at: index)
        #expect(f.description == after)
        #expect(f.delegate.count("willActivate") == (after.contains("*") ? 1 : 0))
    }

    @Test func detachingTheActiveTabActivatesItsChildElseItsSiblingElseItsOpener() throws {
        let f = try WebStateListFixture("| a b c* d e")
        let c = f.webState("c")
        let b = f.webState("b")
        // e was opened by c; a and d by b; c by b.
        f.list.setOpener(at: 4, WebStateOpener(c))
        f.list.setOpener(at: 0, WebStateOpener(b))
        f.list.setOpener(at: 2, WebStateOpener(b))
        f.list.setOpener(at: 3, WebStateOpener(b))

        // The child first, even though d is next.
        f.list.detach(at: 2)
        #expect(f.description == "| a b d e*")
        // e has no opener left (c is gone) and no child: the closest tab.
        f.list.detach(at: 3)
        #expect(f.description == "| a b d*")
        // d's sibling (a, cyclically after d) comes before its opener b.
        f.list.detach(at: 2)
        #expect(f.description == "| a* b")
        // a's opener b.
        f.list.detach(at: 0)
        #expect(f.description == "| b*")
    }

    @Test func detachingAPinnedTabUpdatesThePinnedCount() throws {
        let f = try WebStateListFixture("a b | c")
        f.list.detach(at: 0)
        #expect(f.description == "b | c")
        #expect(f.list.pinnedCount == 1)
        f.list.detach(at: 0)
        #expect(f.description == "| c")
        #expect(f.list.pinnedCount == 0)
    }

    @Test(
        "CloseWebState",
        arguments: [
            (WebStateListCloseFlags(), "detach(a,0,closing)"),
            (.userAction, "detach(a,0,closing,user)"),
            (.tabsCleanup, "detach(a,0,closing,cleanup)"),
        ])
    func close(flags: WebStateListCloseFlags, event: String) throws {
        let f = try WebStateListFixture("| a b c")
        let a = f.webState("a")
        let observers = observeDestruction(["a"], f)

        f.list.close(at: 0, flags: flags)

        #expect(f.description == "| b c")
        #expect(a.isBeingDestroyed)
        // No batch; the tab is destroyed after observers heard of the detach.
        #expect(
            logWithoutWillRemove(f) == ["willDetach(a,0)", event, "webStateDestroyed(a,count:2,batch:false)"])
        withExtendedLifetime(observers) {}
    }

    @Test func closingTheActiveTabActivatesTheNextOne() throws {
        let f = try WebStateListFixture("| a b* c")
        f.list.close(at: 1, flags: .userAction)
        #expect(f.description == "| a c*")
        #expect(f.observer.events == ["willDetach(b,1)", "detach(b,1,closing,user)"])
        #expect(f.observer.statuses == ["b->c", "b->c"])
        #expect(f.delegate.count("willActivate(c)") == 1)
    }

    @Test("CloseWebStatesAtIndices")
    func closeWebStatesAtIndices() throws {
        let f = try WebStateListFixture("| a b c d* e f g")
        let observers = observeDestruction(["c", "d", "e", "g"], f)

        f.list.closeWebStates(atIndices: [2, 3, 4, 6], flags: .userAction)

        #expect(f.description == "| a b f*")
        #expect(f.list.activeIndex == 2)
        #expect(f.list.count == 3)
        // One activation, of the final active tab.
        #expect(f.delegate.events.filter { $0.hasPrefix("willActivate") } == ["willActivate(f)"])
        #expect(f.observer.activeChangeCount == 1)
        // One detach per tab, from the highest index down.
        #expect(
            f.observer.events.filter { $0.hasPrefix("detach") } == [
                "detach(g,6,closing,user)", "detach(e,4,closing,user)", "detach(d,3,closing,user)",
                "detach(c,2,closing,user)",
            ])
        #expect(f.observer.count("willDetach") == 4)
        // The public API opens no batch by itself.
        #expect(f.observer.count("batch") == 0)
        // All tabs are destroyed after the last detach.
        let events = logWithoutWillRemove(f)
        let lastDetach = try #require(events.lastIndex { $0.hasPrefix("detach(") })
        let destroyed = events.indices.filter { events[$0].hasPrefix("webStateDestroyed") }
        #expect(destroyed.count == 4)
        #expect(destroyed.allSatisfy { $0 > lastDetach })
        #expect(events.contains("webStateDestroyed(c,count:3,batch:false)"))
        withExtendedLifetime(observers) {}
    }

    @Test(
        "CloseWebStatesAtIndices picks the new active tab once",
        arguments: [
            // The active tab is kept.
            ("| a b* c d", [0, 3], "| b* c"),
            // Duplicates and order do not matter.
            ("| a b* c d", [3, 1, 3, 1], "| a c*"),
            // No index: nothing happens.
            ("| a b* c", [], "| a b* c"),
            // Every regular tab: a pinned one.
            ("a b | c d* e", [2, 3, 4], "a b* |"),
        ])
    func closeWebStatesAtIndicesActive(before: String, indices: [Int], after: String) throws {
        let f = try WebStateListFixture(before)
        f.list.closeWebStates(atIndices: indices)
        #expect(f.description == after)
        #expect(f.delegate.count("willActivate") <= 1)
        #expect(f.observer.activeChangeCount <= 1)
    }

    @Test(
        "CloseAllNonPinnedWebStates",
        arguments: [
            // PinnedWebStatesPresent
            ("a | b c", "a |", 2, 0),
            // NonPinnedWebStatesNotPresent
            ("a b c |", "a b c |", 0, 0),
            // PinnedWebStatesNotPresent
            ("| a b c", "|", 3, 0),
            // PinnedActiveWebStatePresent
            ("a* | b c", "a* |", 2, 0),
            // PinnedWebStateAndActiveWebStatePresent
            ("a | b* c", "a* |", 2, 1),
        ])
    func closeAllNonPinned(before: String, after: String, detaches: Int, activations: Int) throws {
        let f = try WebStateListFixture(before)
        closeAllNonPinnedWebStates(f.list, flags: .userAction)

        #expect(f.description == after)
        #expect(f.observer.count("detach(") == detaches)
        #expect(f.observer.activeChangeCount == activations)
        #expect(f.delegate.count("willActivate") == activations)
        #expect(f.observer.events.first == "batchBegin")
        #expect(f.observer.events.last == "batchEnd")
        #expect(f.observer.count("batch") == 2)
        #expect(
            f.observer.events.filter { $0.hasPrefix("detach(") }.allSatisfy { $0.hasSuffix(",closing,user)") }
        )
    }

    @Test(
        "CloseAllWebStates",
        arguments: [
            // PinnedNonPinned
            ("a b | c", 3, 0),
            // NonPinned
            ("| a b c", 3, 0),
            // PinnedNonPinnedWithActiveWebState
            ("a | b* c", 3, 1),
            // Empty
            ("|", 0, 0),
        ])
    func closeAll(before: String, detaches: Int, activations: Int) throws {
        let f = try WebStateListFixture(before)
        closeAllWebStates(f.list, flags: .userAction)

        #expect(f.description == "|")
        #expect(f.list.activeIndex == nil)
        #expect(f.list.pinnedCount == 0)
        #expect(f.observer.count("detach(") == detaches)
        #expect(f.observer.activeChangeCount == activations)
        // Closing everything activates nothing.
        #expect(f.delegate.count("willActivate") == 0)
        #expect(f.observer.events.first == "batchBegin")
        #expect(f.observer.events.last == "batchEnd")
    }

    @Test("CloseAllWebStates_ObserverNotificationOrder")
    func closeAllNotificationOrder() throws {
        let f = try WebStateListFixture("| a* b")
        let observers = observeDestruction(["a", "b"], f)

        closeAllWebStates(f.list, flags: .userAction)

        // Every tab is detached before any is destroyed; they are destroyed while the list
        // is already empty and the batch still open.
        let events = logWithoutWillRemove(f)
        #expect(
            Array(events.prefix(5)) == [
                "batchBegin", "willDetach(b,1)", "detach(b,1,closing,user)", "willDetach(a,0)",
                "detach(a,0,closing,user)",
            ])
        #expect(
            Set(events.dropFirst(5).dropLast()) == [
                "webStateDestroyed(a,count:0,batch:true)", "webStateDestroyed(b,count:0,batch:true)",
            ])
        #expect(events.count == 8)
        #expect(events.last == "batchEnd")
        withExtendedLifetime(observers) {}
    }

    @Test(
        "CloseOtherWebStates keeps the given tab and the pinned ones",
        arguments: [
            ("a | b c* d", 2, "a | c*"),
            ("a* | b c d", 0, "a* |"),
            ("a | b* c d", 3, "a | d*"),
            ("| a b c*", 0, "| a*"),
            ("a b | c", 2, "a b | c"),
        ])
    func closeOthers(before: String, keeping: Int, after: String) throws {
        let f = try WebStateListFixture(before)
        closeOtherWebStates(f.list, keeping: keeping, flags: .userAction)
        #expect(f.description == after)
        #expect(f.observer.events.first == "batchBegin")
        #expect(f.observer.events.last == "batchEnd")
    }
}
