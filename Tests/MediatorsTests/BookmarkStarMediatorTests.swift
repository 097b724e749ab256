import Bookmarks
import Foundation
import Mediators
import ModelTestSupport
import TabModel
import TestSupport
import Testing
import UIInterfaces
import Web
import WebTestSupport

@MainActor
struct BookmarkStarMediatorTests {
    let builder = WebStateListBuilder()
    let list = WebStateList(delegate: nil)
    let consumer = RecordingBookmarkStarConsumer()

    func makeMediator(_ description: String) async throws -> (BookmarkStarMediator, BookmarkModel) {
        let model = BookmarkModel(store: BookmarkStore(path: nil))
        await model.waitUntilLoaded()
        try builder.build(list, description)
        let mediator = BookmarkStarMediator(webStateList: list, model: model)
        mediator.consumer = consumer
        return (mediator, model)
    }

    @Test func theStarFollowsTheActiveTabAndTheModel() async throws {
        _ = builder.realizedWebState(named: "a")
        _ = builder.realizedWebState(named: "b")
        let (mediator, model) = try await makeMediator("| a* b")
        #expect(consumer.pushes == ["star unstarred"])
        model.addURL(to: model.otherBookmarks, at: 0, title: "B", url: URL(string: "https://b.test/")!)
        #expect(consumer.pushes == ["star unstarred"], "another page's bookmark changes nothing")
        list.activate(at: 1)
        #expect(consumer.pushes == ["star unstarred", "star starred"])
        model.remove(model.otherBookmarks.children[0])
        #expect(consumer.pushes.last == "star unstarred")
        builder.webState(named: "b").load(URL(string: "https://a.test/")!)
        model.addURL(to: model.otherBookmarks, at: 0, title: "A", url: URL(string: "https://a.test/")!)
        #expect(consumer.pushes.last == "star starred", "the page the tab went to")
        list.activate(at: nil)
        #expect(consumer.pushes.last == "star hidden")
        mediator.disconnect()
    }

    @Test func theStarWaitsForTheBookmarksToBeRead() async throws {
        _ = builder.realizedWebState(named: "a")
        try builder.build(list, "| a*")
        let model = BookmarkModel(store: BookmarkStore(path: nil))
        let mediator = BookmarkStarMediator(webStateList: list, model: model)
        mediator.consumer = consumer
        if !model.isLoaded { #expect(consumer.pushes == ["star hidden"]) }
        await model.waitUntilLoaded()
        #expect(consumer.pushes.last == "star unstarred")
        mediator.disconnect()
    }

    @Test func ctrlDAddsThePageAtTheEndOfTheBookmarksMenuAndOpensTheEditor() async throws {
        _ = builder.realizedWebState(named: "a")
        let (mediator, model) = try await makeMediator("| a*")
        model.addURL(to: model.bookmarksMenu, at: 0, title: "first", url: URL(string: "https://first.test/")!)
        mediator.bookmarkCurrentPage()
        #expect(model.bookmarksMenu.children.map(\.title) == ["first", "a.test"])
        #expect(consumer.pushes == ["star unstarred", "star starred", "editor a.test in 1 (new)"])
        let editor = try #require(consumer.editors.last)
        #expect(editor.folders.map(\.title) == ["Bookmarks Menu", "Other Bookmarks"])
        // Pressed again, it edits the bookmark it made: no second one.
        mediator.bookmarkCurrentPage()
        #expect(model.nodes(for: URL(string: "https://a.test/")!).count == 1)
        #expect(consumer.pushes.last == "editor a.test in 1")
        mediator.disconnect()
    }

    @Test func theEditorRenamesAndMovesTheBookmark() async throws {
        _ = builder.realizedWebState(named: "a")
        let (mediator, model) = try await makeMediator("| a*")
        let folder = model.addFolder(to: model.otherBookmarks, at: 0, title: "Reading")
        mediator.bookmarkCurrentPage()
        let editor = try #require(consumer.editors.last)
        #expect(
            editor.folders.map { "\($0.depth) \($0.title)" } == [
                "0 Bookmarks Menu", "0 Other Bookmarks", "1 Reading",
            ])
        mediator.editBookmark(editor.bookmarkID, title: "  Page A ", folderID: folder.id)
        let node = try #require(model.node(id: editor.bookmarkID))
        #expect(node.title == "Page A")
        #expect(node.parent === folder)
        #expect(model.bookmarksMenu.children.isEmpty)
        // An empty name keeps the old one.
        mediator.editBookmark(editor.bookmarkID, title: " ", folderID: folder.id)
        #expect(node.title == "Page A")
        mediator.disconnect()
    }

    @Test func removingOffersUndoWhichPutsTheBookmarkBack() async throws {
        _ = builder.realizedWebState(named: "a")
        let (mediator, model) = try await makeMediator("| a*")
        mediator.bookmarkCurrentPage()
        let id = try #require(consumer.editors.last?.bookmarkID)
        mediator.removeBookmark(id)
        #expect(consumer.pushes.suffix(2) == ["star unstarred", "removed a.test"])
        #expect(model.bookmarksMenu.children.isEmpty)
        mediator.undoBookmarkRemoval()
        #expect(model.node(id: id)?.parent === model.bookmarksMenu)
        #expect(consumer.pushes.last == "star starred")
        mediator.undoBookmarkRemoval()
        #expect(model.bookmarksMenu.children.count == 1, "a second undo does nothing")
        mediator.disconnect()
    }

    @Test func aNewTabHasNoStarAndCannotBeBookmarked() async throws {
        let tab = builder.realizedWebState(named: "a")
        let (mediator, model) = try await makeMediator("| a*")
        tab.load(URL(string: "about:blank")!)
        #expect(consumer.pushes.last == "star hidden")
        mediator.bookmarkCurrentPage()
        #expect(model.bookmarksMenu.children.isEmpty)
        mediator.disconnect()
    }
}
