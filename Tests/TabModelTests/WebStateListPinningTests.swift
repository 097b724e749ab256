import ModelTestSupport
import TabModel
import Testing
import Web

/// Pinning and unpinning, and insertion into the pinned section.
@MainActor
struct WebStateListPinningTests {
    @Test("SetWebStatePinned_KeepingExistingOrder")
    func pinKeepingOrder() throws {
        let f = try WebStateListFixture("| a b c d")
        #expect(f.list.setPinned(at: 0, true) == 0)
        #expect(f.list.setPinned(at: 1, true) == 1)
        #expect(f.list.setPinned(at: 2, true) == 2)

        #expect(f.description == "a b c | d")
        #expect((0..<4).map { f.list.isPinned(at: $0) } == [true, true, true, false])
        // No tab moved: status-only changes flagged as pinned-state changes.
        #expect(
            f.observer.events == [
                "statusOnly(a,0,pinned)", "statusOnly(b,1,pinned)", "statusOnly(c,2,pinned)",
            ])
    }

    @Test("SetWebStatePinned_InRandomOrder")
    func pinInRandomOrder() throws {
        let f = try WebStateListFixture("| a b c d")
        #expect(f.list.setPinned(at: 2, true) == 0)
        #expect(f.description == "c | a b d")
        #expect(f.list.setPinned(at: 3, true) == 1)
        #expect(f.description == "c d | a b")
        #expect(f.list.setPinned(at: 2, true) == 2)
        #expect(f.description == "c d a | b")
        #expect(f.list.setPinned(at: 1, false) == 3)
        #expect(f.description == "c a | b d")
        #expect(
            f.observer.events == [
                "move(c,2->0,pinned)", "move(d,3->1,pinned)", "statusOnly(a,2,pinned)", "move(d,1->3,pinned)",
            ])
    }

    @Test("PinnedAndRegularTabsCount")
    func pinnedAndRegularCounts() throws {
        let f = try WebStateListFixture("| a b c d")
        #expect(f.list.pinnedCount == 0)
        #expect(f.list.regularCount == 4)

        #expect(f.list.setPinned(at: 0, true) == 0)
        #expect(f.list.pinnedCount == 1)
        #expect(f.list.regularCount == 3)

        #expect(f.list.setPinned(at: 3, true) == 1)
        #expect(f.list.setPinned(at: 3, true) == 2)
        #expect(f.list.pinnedCount == 3)
        #expect(f.list.regularCount == 1)

        #expect(f.list.setPinned(at: 3, true) == 3)
        #expect(f.list.pinnedCount == 4)
        #expect(f.list.regularCount == 0)

        #expect(f.list.setPinned(at: 0, false) == 3)
        #expect(f.list.setPinned(at: 0, false) == 3)
        #expect(f.list.setPinned(at: 0, false) == 3)
        #expect(f.list.pinnedCount == 1)
        #expect(f.list.regularCount == 3)

        #expect(f.list.setPinned(at: 0, false) == 3)
        #expect(f.list.pinnedCount == 0)
        #expect(f.list.regularCount == 4)
    }

    @Test(
        "Setting the same pinned state returns the index and notifies nothing",
        arguments: [(0, true), (1, true), (2, false), (3, false)])
    func samePinnedState(index: Int, pinned: Bool) throws {
        let f = try WebStateListFixture("a b* | c d")
        #expect(f.list.setPinned(at: index, pinned) == index)
        #expect(f.description == "a b* | c d")
        #expect(f.log.events.isEmpty)
    }

    @Test(
        "Pinning moves to the end of the pinned tabs, unpinning to the end of the list",
        arguments: [
            ("a | b c d*", 3, true, 1, "a d* | b c", "move(d,3->1,pinned)"),
            ("a | b* c d", 1, true, 1, "a b* | c d", "statusOnly(b,1,pinned)"),
            ("a* b | c d", 0, false, 3, "b | c d a*", "move(a,0->3,pinned)"),
            ("a b* | c d", 1, false, 3, "a | c d b*", "move(b,1->3,pinned)"),
            ("a b c* |", 2, false, 2, "a b | c*", "statusOnly(c,2,pinned)"),
        ])
    func pinMoves(
        before: String, index: Int, pinned: Bool, newIndex: Int, after: String, event: String
    ) throws {
        let f = try WebStateListFixture(before)
        #expect(f.list.setPinned(at: index, pinned) == newIndex)
        #expect(f.description == after)
        #expect(f.list.isPinned(at: newIndex) == pinned)
        #expect(f.observer.events == [event])
        // The active tab follows its tab; it does not change.
        #expect(f.observer.activeChangeCount == 0)
        #expect(f.delegate.events.isEmpty)
    }

    @Test("InsertWebState_InsertionInPinnedRange")
    func insertUnpinnedInPinnedRange() throws {
        let f = try WebStateListFixture("a b c | d")
        // An unpinned tab asked for an index among the pinned ones goes to the end.
        #expect(f.list.insert(f.webState("x"), .atIndex(0)) == 4)
        #expect(f.list.insert(f.webState("y"), .atIndex(2)) == 5)
        #expect(f.list.insert(f.webState("z"), .atIndex(1)) == 6)
        #expect(f.description == "a b c | d x y z")
        #expect(f.list.pinnedCount == 3)
        // The first regular index is allowed.
        #expect(f.list.insert(f.webState("w"), .atIndex(3)) == 3)
        #expect(f.description == "a b c | w d x y z")
    }

    @Test("InsertWebState_InsertWebStatePinned")
    func insertPinned() throws {
        let f = try WebStateListFixture("| a b c d")
        #expect(f.list.insert(f.webState("x"), WebStateListInsertionParams.automatic.pinning()) == 0)
        #expect(f.description == "x | a b c d")
        // Asked for a regular index: the end of the pinned tabs.
        #expect(f.list.insert(f.webState("y"), WebStateListInsertionParams.atIndex(2).pinning()) == 1)
        #expect(f.description == "x y | a b c d")
        #expect(f.list.insert(f.webState("z"), WebStateListInsertionParams.atIndex(0).pinning()) == 0)
        #expect(f.description == "z x y | a b c d")
        #expect(f.list.pinnedCount == 3)
        #expect(f.observer.events == ["insert(x,0)", "insert(y,1)", "insert(z,0)"])
    }

    @Test func insertingBeforeTheActiveTabInThePinnedSectionShiftsIt() throws {
        let f = try WebStateListFixture("a | b*")
        f.list.insert(f.webState("x"), WebStateListInsertionParams.atIndex(0).pinning())
        #expect(f.description == "x a | b*")
        #expect(f.list.activeIndex == 2)
    }
}
