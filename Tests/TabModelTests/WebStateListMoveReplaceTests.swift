import ModelTestSupport
import TabModel
import Testing
import Web

/// Moving and replacing tabs.
@MainActor
struct WebStateListMoveReplaceTests {
    @Test(
        "MoveWebStateAt{Right,Left}{ByOne,ByMoreThanOne}",
        arguments: [
            (0, 1, "| b a c", "move(a,0->1)"),
            (0, 2, "| b c a", "move(a,0->2)"),
            (2, 1, "| a c b", "move(c,2->1)"),
            (2, 0, "| c a b", "move(c,2->0)"),
        ])
    func move(from: Int, to: Int, expected: String, event: String) throws {
        let f = try WebStateListFixture("| a b c")
        f.list.move(from: from, to: to)

        #expect(f.description == expected)
        #expect(f.observer.events == [event])
        #expect(f.observer.statuses == ["nil->nil"])
        #expect(f.list.activeIndex == nil)
        #expect(f.delegate.events.isEmpty)
    }

    @Test("MoveWebStateAtSameIndex")
    func moveToSameIndex() throws {
        let f = try WebStateListFixture("| a b c")
        f.list.move(from: 2, to: 2)
        #expect(f.description == "| a b c")
        #expect(f.log.events.isEmpty)
    }

    @Test("MoveActiveWebState")
    func moveActive() throws {
        let f = try WebStateListFixture("| a b* c")
        f.list.move(from: 1, to: 2)

        #expect(f.description == "| a c b*")
        #expect(f.list.activeIndex == 2)
        #expect(f.observer.events == ["move(b,1->2)"])
        #expect(f.observer.statuses == ["b->b"])
        #expect(f.observer.activeChangeCount == 0)
        #expect(f.delegate.events.isEmpty)
    }

    @Test(
        "The active index follows when another tab moves across it",
        arguments: [
            ("| a b* c", 0, 2, "| b* c a"),
            ("| a b* c", 2, 0, "| c a b*"),
            ("| a b* c d", 2, 3, "| a b* d c"),
            ("| a b c* d", 0, 1, "| b a c* d"),
            ("| a b* c d", 0, 1, "| b* a c d"),
            ("| a b* c d", 1, 0, "| b* a c d"),
        ])
    func activeFollows(before: String, from: Int, to: Int, after: String) throws {
        let f = try WebStateListFixture(before)
        f.list.move(from: from, to: to)
        #expect(f.description == after)
        #expect(f.observer.activeChangeCount == 0)
    }

    @Test("MoveWebStateAt_KeepsPinnedWebStateWithinPinnedRange")
    func moveKeepsPinnedWithinRange() throws {
        let f = try WebStateListFixture("a b c | d")
        f.list.move(from: 0, to: 2)
        #expect(f.description == "b c a | d")

        // The destination is clamped to the last pinned index.
        f.list.move(from: 0, to: 3)
        #expect(f.description == "c a b | d")
        #expect(f.observer.events == ["move(a,0->2)", "move(b,0->2)"])
    }

    @Test("MoveWebStateAt_KeepsNonPinnedWebStatesWithinNonPinnedRange")
    func moveKeepsNonPinnedWithinRange() throws {
        let f = try WebStateListFixture("a b | c d")
        f.list.move(from: 2, to: 3)
        #expect(f.description == "a b | d c")

        // The destination is clamped to the first regular index, which is where d is:
        // nothing changes and nothing is notified.
        f.list.move(from: 2, to: 1)
        #expect(f.description == "a b | d c")
        #expect(f.observer.events == ["move(c,2->3)"])

        f.list.move(from: 3, to: 0)
        #expect(f.description == "a b | c d")
        #expect(f.observer.events == ["move(c,2->3)", "move(c,3->2)"])
    }

    // Chromium clamps any destination into the moved tab's section (ConstrainMoveIndex);
    // only the source index must be valid.
    @Test(
        "An out-of-range destination is clamped into the section",
        arguments: [
            ("| a b c", 0, 3, "| b c a"),
            ("| a b c", 2, -1, "| c a b"),
            ("a b | c", 0, 9, "b a | c"),
            ("a b | c d", 3, -5, "a b | d c"),
        ])
    func moveClampsDestination(before: String, from: Int, to: Int, after: String) throws {
        let f = try WebStateListFixture(before)
        f.list.move(from: from, to: to)
        #expect(f.description == after)
        #expect(f.observer.count("move(") == 1)
    }

    @Test("ReplaceWebStateAt")
    func replace() throws {
        let f = try WebStateListFixture("| a b")
        let x = f.webState("x")
        let replaced = f.list.replace(at: 1, with: x)

        #expect(replaced === f.webState("b"))
        #expect(f.description == "| a x")
        #expect(f.list.activeIndex == nil)
        #expect(f.observer.events == ["replace(b->x,1)"])
        #expect(f.observer.statuses == ["nil->nil"])
        #expect(f.observer.activeChangeCount == 0)
        // No activation; the delegate hears of the new tab first.
        #expect(f.log.events == ["willAdd(x)", "replace(b->x,1)"])
        // The caller owns the replaced tab: it is not destroyed.
        #expect(!replaced.isBeingDestroyed)
    }

    @Test func replacingAnInactiveTabKeepsTheActiveOne() throws {
        let f = try WebStateListFixture("| a* b")
        f.list.replace(at: 1, with: f.webState("x"))
        #expect(f.description == "| a* x")
        #expect(f.observer.statuses == ["a->a"])
        #expect(f.delegate.events == ["willAdd(x)"])
    }

    @Test("ReplaceActiveWebStateAt")
    func replaceActive() throws {
        let f = try WebStateListFixture("| a b*")
        let replaced = f.list.replace(at: 1, with: f.webState("x"))

        #expect(replaced === f.webState("b"))
        #expect(f.description == "| a x*")
        #expect(f.list.activeIndex == 1)
        #expect(f.log.events == ["willAdd(x)", "willActivate(x)", "replace(b->x,1)"])
        #expect(f.observer.statuses == ["b->x"])
        #expect(f.observer.activeChangeCount == 1)
    }

    @Test func replacingATabClearsTheOpenersPointingAtItAndGivesTheNewOneNone() throws {
        let f = try WebStateListFixture("| a b c d")
        let a = f.webState("a")
        let b = f.webState("b")
        f.list.setOpener(at: 1, WebStateOpener(a))
        f.list.setOpener(at: 2, WebStateOpener(b))
        f.list.setOpener(at: 3, WebStateOpener(b))

        f.list.replace(at: 1, with: f.webState("x"))

        #expect(try f.openerName(of: "x") == "nil")
        #expect(try f.openerName(of: "c") == "nil")
        #expect(try f.openerName(of: "d") == "nil")
    }

    @Test func aReplacedTabsPinnedStateIsKept() throws {
        let f = try WebStateListFixture("a b* | c")
        f.list.replace(at: 1, with: f.webState("x"))
        #expect(f.description == "a x* | c")
        #expect(f.list.pinnedCount == 2)
    }
}
