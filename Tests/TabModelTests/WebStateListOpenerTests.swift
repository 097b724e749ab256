import Foundation
import ModelTestSupport
import TabModel
import Testing
import Web

/// Opener relationships: inheritance, insertion after the opener's children, navigation
/// indices, and when relationships are forgotten.
@MainActor
struct WebStateListOpenerTests {
    @Test("InsertInheritOpener")
    func insertInheritOpener() throws {
        let f = try WebStateListFixture("| a*")
        f.list.insert(f.webState("x"), WebStateListInsertionParams.automatic.inheritingOpener())

        #expect(f.description == "| a* x")
        #expect(try f.openerName(of: "x") == "a")
        #expect(f.list.activeWebState === f.webState("a"))
    }

    @Test func inheritingTheOpenerForgetsEveryOtherOpenerRelationship() throws {
        let f = try WebStateListFixture("| a* b c")
        f.list.setOpener(at: 1, WebStateOpener(f.webState("a")))
        f.list.setOpener(at: 2, WebStateOpener(f.webState("b")))

        f.list.insert(f.webState("x"), WebStateListInsertionParams.automatic.inheritingOpener())

        #expect(try f.openerName(of: "b") == "nil")
        #expect(try f.openerName(of: "c") == "nil")
        #expect(try f.openerName(of: "x") == "a")
        // No child of a is left, so x goes right after a.
        #expect(f.description == "| a* x b c")
    }

    @Test func inheritingTheOpenerWithNoActiveTabGivesNoOpener() throws {
        let f = try WebStateListFixture("| a b")
        f.list.insert(f.webState("x"), WebStateListInsertionParams.automatic.inheritingOpener())
        #expect(f.description == "| a b x")
        #expect(try f.openerName(of: "x") == "nil")
    }

    @Test func anInheritedOpenerIsForgottenWhenTheActiveTabChanges() throws {
        let f = try WebStateListFixture("| a* b")
        f.list.insert(
            f.webState("x"), WebStateListInsertionParams.automatic.inheritingOpener().activating())
        #expect(f.description == "| a x* b")
        #expect(try f.openerName(of: "x") == "a")

        f.list.activate(at: 2)

        #expect(f.description == "| a x b*")
        #expect(try f.openerName(of: "x") == "nil")
    }

    @Test func anExplicitOpenerSurvivesChangesOfTheActiveTab() throws {
        let f = try WebStateListFixture("| a* b")
        f.list.insert(
            f.webState("x"),
            WebStateListInsertionParams.automatic.withOpener(WebStateOpener(f.webState("a")))
                .activating())
        #expect(f.description == "| a x* b")

        f.list.activate(at: 2)
        f.list.activate(at: 0)

        #expect(try f.openerName(of: "x") == "a")
    }

    // The mark is checked on the tab that stops being active (Chromium's SetActiveIndex):
    // an inherited opener of a tab that was never active stays.
    @Test func anInheritedOpenerOfATabNeverActivatedStays() throws {
        let f = try WebStateListFixture("| a* b")
        f.list.insert(f.webState("x"), WebStateListInsertionParams.automatic.inheritingOpener())
        f.list.activate(at: 2)
        #expect(try f.openerName(of: "x") == "a")
    }

    @Test func theOpenerRecordsTheOpenersCommittedNavigationIndex() throws {
        let f = try WebStateListFixture("| a b", realized: ["a"])
        let a = f.webState("a")
        let b = f.webState("b")
        #expect(WebStateOpener(a).navigationIndex == 0)
        // Unrealized: no committed item.
        #expect(WebStateOpener(b).navigationIndex == -1)

        a.load(try #require(URL(string: "https://a.test/2")))
        #expect(WebStateOpener(a).navigationIndex == 1)

        f.list.insert(f.webState("x"), WebStateListInsertionParams.automatic.withOpener(WebStateOpener(a)))
        let index = try #require(f.index(of: "x"))
        let opener = try #require(f.list.opener(at: index))
        #expect(opener.webState === a)
        #expect(opener.navigationIndex == 1)
    }

    @Test func tabsOpenedByOneOpenerAreInsertedAfterItsLastChildInOrder() throws {
        let f = try WebStateListFixture("| a* b c", realized: ["a"])
        let opener = WebStateOpener(f.webState("a"))
        for name in ["x", "y", "z"] {
            f.list.insert(f.webState(name), WebStateListInsertionParams.automatic.withOpener(opener))
        }
        #expect(f.description == "| a* x y z b c")
        #expect(f.observer.events == ["insert(x,1)", "insert(y,2)", "insert(z,3)"])
    }

    @Test func aChildRecordedAtAnOlderNavigationIndexOfTheOpenerDoesNotCount() throws {
        let f = try WebStateListFixture("| a* b c", realized: ["a"])
        let a = f.webState("a")
        f.list.insert(f.webState("x"), WebStateListInsertionParams.automatic.withOpener(WebStateOpener(a)))
        #expect(f.description == "| a* x b c")

        // The opener navigates: x was opened from the previous page.
        a.load(try #require(URL(string: "https://a.test/next")))
        f.list.insert(f.webState("y"), WebStateListInsertionParams.automatic.withOpener(WebStateOpener(a)))
        #expect(f.description == "| a* y x b c")

        // y was opened from the current page: z goes after it (not after x).
        f.list.insert(f.webState("z"), WebStateListInsertionParams.automatic.withOpener(WebStateOpener(a)))
        #expect(f.description == "| a* y z x b c")

        // Going back makes x's relationship current again (and y's, z's stale).
        a.navigationManager.goBack()
        f.list.insert(f.webState("w"), WebStateListInsertionParams.automatic.withOpener(WebStateOpener(a)))
        #expect(f.description == "| a* y z x w b c")
    }

    @Test func theLastChildIsSearchedCyclicallyAfterTheOpener() throws {
        let f = try WebStateListFixture("| c a b")
        // c (before its opener) was opened by b.
        f.list.setOpener(at: 0, WebStateOpener(f.webState("b")))
        f.list.insert(
            f.webState("x"), WebStateListInsertionParams.automatic.withOpener(WebStateOpener(f.webState("b")))
        )
        #expect(f.description == "| c x a b")
    }

    @Test(
        "An opener in the other section leaves the tab in its own",
        arguments: [
            // Right after the last pinned tab is the start of the regular section.
            ("b", "a b | x c d"),
            // Right after a is in the pinned section: the end of the regular one.
            ("a", "a b | c d x"),
            // A pinned tab opened by a regular one goes to the end of the pinned ones.
            ("c", "a b x | c d"),
        ])
    func openerInOtherSection(opener: String, expected: String) throws {
        let f = try WebStateListFixture("a b | c d")
        let pinned = expected.hasPrefix("a b x")
        f.list.insert(
            f.webState("x"),
            WebStateListInsertionParams.automatic.withOpener(WebStateOpener(f.webState(opener))).pinning(
                pinned))
        #expect(f.description == expected)
        #expect(try f.openerName(of: "x") == opener)
    }

    @Test func aForcedIndexWinsOverTheOpener() throws {
        let f = try WebStateListFixture("| a b c")
        f.list.insert(
            f.webState("x"),
            WebStateListInsertionParams.atIndex(0).withOpener(WebStateOpener(f.webState("b"))))
        #expect(f.description == "| x a b c")
        #expect(try f.openerName(of: "x") == "b")
    }

    @Test func detachingATabForgetsTheRelationshipsItIsTheOpenerOf() throws {
        let f = try WebStateListFixture("| a b c")
        f.list.setOpener(at: 1, WebStateOpener(f.webState("a")))
        f.list.setOpener(at: 2, WebStateOpener(f.webState("a")))
        let a = f.list.detach(at: 0)
        #expect(a === f.webState("a"))
        #expect(try f.openerName(of: "b") == "nil")
        #expect(try f.openerName(of: "c") == "nil")
    }

    @Test func setOpenerSetsAndClears() throws {
        let f = try WebStateListFixture("| a b")
        f.list.setOpener(at: 1, WebStateOpener(f.webState("a"), navigationIndex: 3))
        #expect(f.list.opener(at: 1)?.navigationIndex == 3)
        #expect(try f.openerName(of: "b") == "a")
        f.list.setOpener(at: 1, nil)
        #expect(f.list.opener(at: 1) == nil)
        // Openers are not list changes.
        #expect(f.log.events.isEmpty)
    }
}
