import Bookmarks
import Foundation
import Testing

/// `BookmarkModel.move` with Chromium's index rules (components/bookmarks/browser/
/// bookmark_model.cc, `BookmarkModel::Move`, and its tests in bookmark_model_unittest.cc):
/// the index is counted among the new parent's children before the move.
@MainActor
struct BookmarkModelMoveTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let description: String
        let node: String
        /// "Menu" or "Other".
        let target: String
        let index: Int
        let outline: String
        /// What observers hear; nil when nothing moves.
        let event: String?
        var testDescription: String { description }
    }

    nonisolated static let cases: [Case] = [
        Case(
            description: "to its own index: nothing", node: "a", target: "Menu", index: 0,
            outline: "Menu[a, b, c, d] Other[x, y]", event: nil),
        Case(
            description: "to the index after its own: nothing", node: "a", target: "Menu", index: 1,
            outline: "Menu[a, b, c, d] Other[x, y]", event: nil),
        Case(
            description: "forward in its folder: lands one below the index", node: "a", target: "Menu",
            index: 3,
            outline: "Menu[b, c, a, d] Other[x, y]", event: "move a from Bookmarks Menu 0 to Bookmarks Menu 2"
        ),
        Case(
            description: "to its folder's end", node: "a", target: "Menu", index: 4,
            outline: "Menu[b, c, d, a] Other[x, y]", event: "move a from Bookmarks Menu 0 to Bookmarks Menu 3"
        ),
        Case(
            description: "backward in its folder: at the index", node: "d", target: "Menu", index: 0,
            outline: "Menu[d, a, b, c] Other[x, y]", event: "move d from Bookmarks Menu 3 to Bookmarks Menu 0"
        ),
        Case(
            description: "backward by one", node: "c", target: "Menu", index: 1,
            outline: "Menu[a, c, b, d] Other[x, y]", event: "move c from Bookmarks Menu 2 to Bookmarks Menu 1"
        ),
        Case(
            description: "to another folder's start", node: "b", target: "Other", index: 0,
            outline: "Menu[a, c, d] Other[b, x, y]",
            event: "move b from Bookmarks Menu 1 to Other Bookmarks 0"),
        Case(
            description: "to another folder's end: no adjustment", node: "b", target: "Other", index: 2,
            outline: "Menu[a, c, d] Other[x, y, b]",
            event: "move b from Bookmarks Menu 1 to Other Bookmarks 2"),
        Case(
            description: "from a later index in another folder", node: "y", target: "Menu", index: 1,
            outline: "Menu[a, y, b, c, d] Other[x]",
            event: "move y from Other Bookmarks 1 to Bookmarks Menu 1"),
    ]

    @Test(arguments: cases)
    func moveFollowsChromiumsIndexRules(_ test: Case) async {
        let fixture = BookmarkFixture()
        let model = await fixture.launch()
        let nodes =
            model.addURLs(["a", "b", "c", "d"], to: model.bookmarksMenu)
            + model.addURLs(["x", "y"], to: model.otherBookmarks)
        let events = BookmarkEvents()
        model.addObserver(events)
        let target = test.target == "Menu" ? model.bookmarksMenu : model.otherBookmarks
        let before = target.dateModified
        fixture.now += 10

        model.move(nodes.first { $0.title == test.node }!, to: target, at: test.index)

        #expect(model.outline == test.outline)
        #expect(events.lines == (test.event.map { [$0] } ?? []))
        #expect(target.dateModified == (test.event == nil ? before : fixture.now))
        model.shutdown()
        // The file holds the same order.
        let reopened = await fixture.launch()
        #expect(reopened.outline == test.outline)
        reopened.shutdown()
    }

    @Test func aFolderMovesWithItsSubtreeIntoAnotherFolder() async {
        let fixture = BookmarkFixture()
        let model = await fixture.launch()
        let outer = model.addFolder(to: model.bookmarksMenu, at: 0, title: "F")
        let inner = model.addFolder(to: outer, at: 0, title: "G")
        model.addURLs(["a"], to: inner)
        let sibling = model.addFolder(to: model.bookmarksMenu, at: 1, title: "H")

        model.move(inner, to: sibling, at: 0)
        model.move(outer, to: model.otherBookmarks, at: 0)

        #expect(model.outline == "Menu[H[G[a]]] Other[F[]]")
        model.shutdown()
        let reopened = await fixture.launch()
        #expect(reopened.outline == "Menu[H[G[a]]] Other[F[]]")
        reopened.shutdown()
    }
}
