import Bookmarks
import Foundation
import Testing

/// Moving many nodes at once (a drag of a selection in the Bookmarks window): they land in
/// their tree order at the index, counted before the move as ``BookmarkModel/move(_:to:at:)``
/// counts it.
@MainActor
struct BookmarkModelMoveNodesTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let description: String
        let titles: [String]
        let folder: String
        let index: Int
        let after: String
        var testDescription: String { description }
    }

    nonisolated static let tree = "Menu[a, b, c, d, e, F[]] Other[]"

    nonisolated static let cases: [Case] = [
        Case(
            description: "down within the folder", titles: ["a", "b"], folder: "Bookmarks Menu", index: 4,
            after: "Menu[c, d, a, b, e, F[]] Other[]"),
        Case(
            description: "up to the top", titles: ["d", "e"], folder: "Bookmarks Menu", index: 0,
            after: "Menu[d, e, a, b, c, F[]] Other[]"),
        Case(
            description: "from both sides of the index", titles: ["a", "e"], folder: "Bookmarks Menu",
            index: 2, after: "Menu[b, a, e, c, d, F[]] Other[]"),
        Case(
            description: "to where they are", titles: ["a", "b"], folder: "Bookmarks Menu", index: 0,
            after: tree),
        Case(
            description: "into a folder, in tree order whatever the order given", titles: ["d", "b"],
            folder: "F", index: 0, after: "Menu[a, c, e, F[b, d]] Other[]"),
        Case(
            description: "to another permanent folder's end", titles: ["c", "F"], folder: "Other Bookmarks",
            index: 0, after: "Menu[a, b, d, e] Other[c, F[]]"),
    ]

    @Test(arguments: cases)
    func landInTreeOrderAtTheIndex(_ testCase: Case) async {
        let model = await BookmarkFixture.inMemory()
        model.addURLs(["a", "b", "c", "d", "e"], to: model.bookmarksMenu)
        model.addFolder(to: model.bookmarksMenu, at: 5, title: "F")
        #expect(model.outline == Self.tree)
        let all = model.root.subtree
        let folder = all.first { $0.title == testCase.folder }!
        let events = BookmarkEvents()
        model.addObserver(events)

        model.moveNodes(
            testCase.titles.map { title in all.first { $0.title == title }! }, to: folder, at: testCase.index)

        #expect(model.outline == testCase.after)
        if testCase.after == Self.tree {
            #expect(events.lines.isEmpty, "nothing moved")
        } else {
            #expect(events.lines.first == "begin" && events.lines.last == "end")
            #expect(events.lines.count == 2 + testCase.titles.count, "a move each")
        }
    }

    @Test func movesAreOnDiskAfterARelaunch() async {
        let fixture = BookmarkFixture()
        let model = await fixture.launch()
        let names = (0..<500).map { "page\($0)" }
        let pages = model.addURLs(names, to: model.bookmarksMenu)
        let folder = model.addFolder(to: model.otherBookmarks, at: 0, title: "F")
        model.addURLs(["x", "y"], to: folder)
        // Every other page into F before y, then the last ten to the top of the menu.
        model.moveNodes(stride(from: 0, to: 500, by: 2).map { pages[$0] }, to: folder, at: 1)
        model.moveNodes(Array(model.bookmarksMenu.children.suffix(10)), to: model.bookmarksMenu, at: 0)
        #expect(folder.children.count == 252)
        #expect(folder.children[1].title == "page0" && folder.children[250].title == "page498")
        #expect(model.bookmarksMenu.children.first?.title == "page481")
        let outline = model.outline
        model.shutdown()

        let reopened = await fixture.launch()
        #expect(reopened.outline == outline)
        reopened.shutdown()
    }

    // MARK: Preconditions

    @Test func movingAPermanentFolderFailsNamingMoveNodes() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await BookmarkModelPreconditionTests.withModel { model in
                model.moveNodes([model.otherBookmarks], to: model.bookmarksMenu, at: 0)
            }
        }.expectPreconditionMessage("BookmarkModel.moveNodes(_:to:at:): a permanent folder cannot move")
    }

    @Test func movingAFolderIntoItsOwnSubtreeFailsNamingMoveNodes() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await BookmarkModelPreconditionTests.withModel { model in
                let folder = model.bookmarksMenu.children[0]
                model.moveNodes([folder], to: folder.children[0], at: 0)
            }
        }.expectPreconditionMessage(
            "BookmarkModel.moveNodes(_:to:at:): a folder cannot move into its own subtree")
    }

    @Test func movingANodeNoLongerInTheModelFailsNamingMoveNodes() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await BookmarkModelPreconditionTests.withModel { model in
                let node = model.bookmarksMenu.children[1]
                model.remove(node)
                model.moveNodes([node], to: model.otherBookmarks, at: 0)
            }
        }.expectPreconditionMessage("BookmarkModel.moveNodes(_:to:at:): a node is not in the model")
    }

    @Test func movingIntoABookmarkFailsNamingMoveNodes() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await BookmarkModelPreconditionTests.withModel { model in
                model.moveNodes([model.bookmarksMenu.children[0]], to: model.bookmarksMenu.children[1], at: 0)
            }
        }.expectPreconditionMessage(
            "BookmarkModel.moveNodes(_:to:at:): the new parent is not a folder of the model")
    }

    @Test func movingToAnIndexOutOfRangeFailsNamingMoveNodes() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await BookmarkModelPreconditionTests.withModel { model in
                model.moveNodes([model.bookmarksMenu.children[1]], to: model.otherBookmarks, at: 1)
            }
        }.expectPreconditionMessage("BookmarkModel.moveNodes(_:to:at:): index 1 out of range 0...0")
    }

    @Test func movingBeforeTheModelLoadedFailsNamingMoveNodes() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let model = BookmarkModel(store: BookmarkStore(path: nil))
                model.moveNodes([], to: model.bookmarksMenu, at: 0)
            }
        }.expectPreconditionMessage("BookmarkModel.moveNodes(_:to:at:): the model is not loaded yet")
    }
}
