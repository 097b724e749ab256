import Bookmarks
import Foundation
import Testing

/// Removing many nodes at once (the Bookmarks window's Delete of a selection) and putting
/// them all back.
@MainActor
struct BookmarkModelRemoveNodesTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let description: String
        let titles: [String]
        let after: String
        let removals: Int
        var testDescription: String { description }
    }

    nonisolated static let tree = "Menu[a, F[b, c, G[d]], e] Other[x, y]"

    /// Makes ``tree`` in `model`.
    static func build(_ model: BookmarkModel) {
        model.addURLs(["a"], to: model.bookmarksMenu)
        let folder = model.addFolder(to: model.bookmarksMenu, at: 1, title: "F")
        model.addURLs(["b", "c"], to: folder)
        let inner = model.addFolder(to: folder, at: 2, title: "G")
        model.addURLs(["d"], to: inner)
        model.addURLs(["e"], to: model.bookmarksMenu)
        model.addURLs(["x", "y"], to: model.otherBookmarks)
    }

    static func nodes(_ titles: [String], in model: BookmarkModel) -> [BookmarkNode] {
        let all = model.root.subtree
        return titles.map { title in all.first { $0.title == title }! }
    }

    nonisolated static let cases: [Case] = [
        Case(
            description: "two of one folder", titles: ["a", "e"],
            after: "Menu[F[b, c, G[d]]] Other[x, y]", removals: 2),
        Case(
            description: "a folder and a bookmark inside it", titles: ["b", "F"],
            after: "Menu[a, e] Other[x, y]", removals: 1),
        Case(
            description: "in any order, across folders", titles: ["e", "x", "a"],
            after: "Menu[F[b, c, G[d]]] Other[y]", removals: 3),
        Case(
            description: "at several depths", titles: ["d", "c", "y"],
            after: "Menu[a, F[b, G[]], e] Other[x]", removals: 3),
        Case(
            description: "a node given twice", titles: ["a", "a"],
            after: "Menu[F[b, c, G[d]], e] Other[x, y]", removals: 1),
        Case(description: "nothing", titles: [], after: tree, removals: 0),
    ]

    @Test(arguments: cases)
    func removesInOneBatchAndUndoPutsEverythingBack(_ testCase: Case) async {
        let model = await BookmarkFixture.inMemory()
        Self.build(model)
        #expect(model.outline == Self.tree)
        let ids = model.root.subtree.map(\.id)
        let events = BookmarkEvents()
        model.addObserver(events)

        let removals = model.removeNodes(Self.nodes(testCase.titles, in: model))

        #expect(model.outline == testCase.after)
        #expect(removals.count == testCase.removals)
        #expect(events.lines.first == "begin" && events.lines.last == "end")
        events.lines = []
        let restored = model.undoRemoveNodes(removals)
        #expect(model.outline == Self.tree)
        #expect(restored.count == testCase.removals)
        #expect(model.root.subtree.map(\.id) == ids, "the ids come back in place")
        #expect(events.lines.first == "begin" && events.lines.last == "end")
        #expect(model.undoRemoveNodes(removals).isEmpty, "an undo done twice does nothing")
    }

    @Test func aFolderOf300BookmarksAndTwoOthersComeBackAfterARelaunch() async throws {
        let fixture = BookmarkFixture()
        let model = await fixture.launch()
        Self.build(model)
        let many = model.addFolder(to: model.otherBookmarks, at: 1, title: "Many")
        model.addURLs((0..<300).map { "page\($0)" }, to: many)
        let outline = model.outline
        let removals = model.removeNodes(Self.nodes(["Many", "a", "x"], in: model))
        #expect(removals.reduce(0) { $0 + $1.bookmarkCount } == 302)
        #expect(!model.isBookmarked(BookmarkFixture.url("page150")))
        model.flush()
        #expect(model.store.storedRows().count == 2 + 7, "the permanent folders and 7 nodes")

        model.undoRemoveNodes(removals)
        #expect(model.outline == outline)
        #expect(model.isBookmarked(BookmarkFixture.url("page150")))
        model.shutdown()

        let reopened = await fixture.launch()
        #expect(reopened.outline == outline)
        reopened.shutdown()
    }

    @Test func aRangeAndScatteredRowsOfABigFolderComeBackInPlaceAfterARelaunch() async {
        let fixture = BookmarkFixture()
        let model = await fixture.launch()
        let pages = model.addURLs((0..<1_000).map { "page\($0)" }, to: model.otherBookmarks)
        let outline = model.outline
        let chosen = Array(pages[300..<700]) + stride(from: 5, to: 1_000, by: 10).map { pages[$0] }
        let events = BookmarkEvents()
        model.addObserver(events)
        let removals = model.removeNodes(chosen.shuffled())
        #expect(model.otherBookmarks.children.count == 1_000 - 400 - 60)
        events.lines = []
        let restored = model.undoRemoveNodes(removals)
        #expect(restored.count == 460)
        #expect(model.outline == outline)
        #expect(events.lines.count == 2 + 460, "begin, an addition each, end")
        model.shutdown()

        let reopened = await fixture.launch()
        #expect(reopened.outline == outline)
        reopened.shutdown()
    }

    // MARK: Preconditions

    @Test func removingAPermanentFolderFailsNamingRemoveNodes() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await BookmarkModelPreconditionTests.withModel { model in
                model.removeNodes([model.bookmarksMenu.children[1], model.otherBookmarks])
            }
        }.expectPreconditionMessage("BookmarkModel.removeNodes(_:): a permanent folder cannot be removed")
    }

    @Test func removingANodeNoLongerInTheModelFailsNamingRemoveNodes() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await BookmarkModelPreconditionTests.withModel { model in
                let node = model.bookmarksMenu.children[1]
                model.remove(node)
                model.removeNodes([node])
            }
        }.expectPreconditionMessage("BookmarkModel.removeNodes(_:): a node is not in the model")
    }

    @Test func removingBeforeTheModelLoadedFailsNamingRemoveNodes() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let model = BookmarkModel(store: BookmarkStore(path: nil))
                model.removeNodes([])
            }
        }.expectPreconditionMessage("BookmarkModel.removeNodes(_:): the model is not loaded yet")
    }

    @Test func undoingBeforeTheModelLoadedFailsNamingUndoRemoveNodes() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let model = BookmarkModel(store: BookmarkStore(path: nil))
                model.undoRemoveNodes([])
            }
        }.expectPreconditionMessage("BookmarkModel.undoRemoveNodes(_:): the model is not loaded yet")
    }
}
