import Bookmarks
import Foundation
import TestSupport
import Testing

/// Every precondition of the model stops the process with a message naming the method.
@MainActor
struct BookmarkModelPreconditionTests {
    /// Runs `body` on a loaded model in memory holding `Menu[F[G[]], a]`.
    static func withModel(_ body: @MainActor (BookmarkModel) -> Void) async {
        let model = await BookmarkFixture.inMemory()
        let folder = model.addFolder(to: model.bookmarksMenu, at: 0, title: "F")
        model.addFolder(to: folder, at: 0, title: "G")
        model.addURLs(["a"], to: model.bookmarksMenu)
        body(model)
    }

    @Test func movingAPermanentFolderFailsNamingMove() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await BookmarkModelPreconditionTests.withModel { model in
                model.move(model.otherBookmarks, to: model.bookmarksMenu, at: 0)
            }
        }.expectPreconditionMessage("BookmarkModel.move(_:to:at:): a permanent folder cannot move")
    }

    @Test func movingAFolderIntoItsOwnSubtreeFailsNamingMove() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await BookmarkModelPreconditionTests.withModel { model in
                let folder = model.bookmarksMenu.children[0]
                model.move(folder, to: folder.children[0], at: 0)
            }
        }.expectPreconditionMessage("BookmarkModel.move(_:to:at:): a folder cannot move into its own subtree")
    }

    @Test func movingAFolderIntoItselfFailsNamingMove() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await BookmarkModelPreconditionTests.withModel { model in
                let folder = model.bookmarksMenu.children[0]
                model.move(folder, to: folder, at: 0)
            }
        }.expectPreconditionMessage("BookmarkModel.move(_:to:at:): a folder cannot move into its own subtree")
    }

    @Test func movingToAnIndexOutOfRangeFailsNamingMove() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await BookmarkModelPreconditionTests.withModel { model in
                model.move(model.bookmarksMenu.children[1], to: model.otherBookmarks, at: 1)
            }
        }.expectPreconditionMessage("BookmarkModel.move(_:to:at:): index 1 out of range 0...0")
    }

    @Test func addingAtAnIndexOutOfRangeFailsNamingAddURL() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await BookmarkModelPreconditionTests.withModel { model in
                model.addURL(to: model.bookmarksMenu, at: 3, title: "x", url: BookmarkFixture.url("x"))
            }
        }.expectPreconditionMessage(
            "BookmarkModel.addURL(to:at:title:url:dateAdded:): index 3 out of range 0...2")
    }

    @Test func addingAFolderAtANegativeIndexFailsNamingAddFolder() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await BookmarkModelPreconditionTests.withModel { model in
                model.addFolder(to: model.otherBookmarks, at: -1, title: "x")
            }
        }.expectPreconditionMessage("BookmarkModel.addFolder(to:at:title:): index -1 out of range 0...0")
    }

    @Test func addingToABookmarkFailsNamingAddURL() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await BookmarkModelPreconditionTests.withModel { model in
                model.addURL(
                    to: model.bookmarksMenu.children[1], at: 0, title: "x", url: BookmarkFixture.url("x"))
            }
        }.expectPreconditionMessage(
            "BookmarkModel.addURL(to:at:title:url:dateAdded:): the parent is not a folder")
    }

    @Test func settingAPermanentFoldersURLFailsNamingSetURL() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await BookmarkModelPreconditionTests.withModel { model in
                model.setURL(model.bookmarksMenu, BookmarkFixture.url("x"))
            }
        }.expectPreconditionMessage("BookmarkModel.setURL(_:_:): a permanent folder has no URL")
    }

    @Test func settingAFoldersURLFailsNamingSetURL() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await BookmarkModelPreconditionTests.withModel { model in
                model.setURL(model.bookmarksMenu.children[0], BookmarkFixture.url("x"))
            }
        }.expectPreconditionMessage("BookmarkModel.setURL(_:_:): a folder has no URL")
    }

    @Test func renamingAPermanentFolderFailsNamingSetTitle() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await BookmarkModelPreconditionTests.withModel { model in
                model.setTitle(model.otherBookmarks, "x")
            }
        }.expectPreconditionMessage("BookmarkModel.setTitle(_:_:): a permanent folder keeps its title")
    }

    @Test func removingAPermanentFolderFailsNamingRemove() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await BookmarkModelPreconditionTests.withModel { model in model.remove(model.bookmarksMenu) }
        }.expectPreconditionMessage("BookmarkModel.remove(_:): a permanent folder cannot be removed")
    }

    @Test func removingANodeTwiceFailsNamingRemove() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await BookmarkModelPreconditionTests.withModel { model in
                let node = model.bookmarksMenu.children[1]
                model.remove(node)
                model.remove(node)
            }
        }.expectPreconditionMessage("BookmarkModel.remove(_:): the node is not in the model")
    }

    @Test func reorderingWithoutEveryChildFailsNamingReorderChildren() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await BookmarkModelPreconditionTests.withModel { model in
                model.reorderChildren(of: model.bookmarksMenu, [model.bookmarksMenu.children[0]])
            }
        }.expectPreconditionMessage(
            "BookmarkModel.reorderChildren(of:_:): the order must hold every child of the folder once")
    }

    @Test func changingTheModelBeforeItLoadedFailsNamingTheMethod() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let model = BookmarkModel(store: BookmarkStore(path: nil))
                model.addFolder(to: model.bookmarksMenu, at: 0, title: "x")
            }
        }.expectPreconditionMessage("BookmarkModel.addFolder(to:at:title:): the model is not loaded yet")
    }

    @Test func endingABatchNotBegunFailsNamingEndExtensiveChanges() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await BookmarkModelPreconditionTests.withModel { model in model.endExtensiveChanges() }
        }.expectPreconditionMessage("BookmarkModel.endExtensiveChanges(): no batch of changes was begun")
    }
}
