import Bookmarks
import Foundation
import Mediators
import ModelTestSupport
import TabModel
import Testing
import UIInterfaces
import Web
import WebTestSupport

@MainActor
struct BookmarksMenuMediatorTests {
    let builder = WebStateListBuilder()
    let list = WebStateList(delegate: nil)
    let consumer = RecordingBookmarksMenuConsumer()

    func makeMediator(_ description: String) async throws -> (BookmarksMenuMediator, BookmarkModel) {
        let model = BookmarkModel(store: BookmarkStore(path: nil))
        await model.waitUntilLoaded()
        try builder.build(list, description)
        let engine = builder.engine
        let mediator = BookmarksMenuMediator(webStateList: list, model: model) { [builder] url in
            let webState = WebState(params: .init(context: engine.defaultContext))
            builder.register(webState, name: url.host?.replacingOccurrences(of: ".test", with: "") ?? "?")
            return webState
        }
        mediator.consumer = consumer
        return (mediator, model)
    }

    static func url(_ name: String) -> URL { URL(string: "https://\(name).test/")! }

    @discardableResult
    func add(_ names: [String], to folder: BookmarkNode, in model: BookmarkModel) -> [BookmarkNode] {
        names.map { model.addURL(to: folder, at: folder.children.count, title: $0, url: Self.url($0)) }
    }

    @Test func theMenuShowsTheMenuFoldersEntriesThenOtherBookmarksAndFollowsChanges() async throws {
        let (mediator, model) = try await makeMediator("| a*")
        #expect(consumer.outline == "Other Bookmarks[]")
        #expect(consumer.rootID == model.bookmarksMenu.id)
        add(["x"], to: model.otherBookmarks, in: model)
        let folder = model.addFolder(to: model.bookmarksMenu, at: 0, title: "F")
        add(["b", "c"], to: folder, in: model)
        add(["a"], to: model.bookmarksMenu, in: model)
        #expect(consumer.outline == "F[b, c], a, Other Bookmarks[x]")
        model.setTitle(folder.children[0], "B")
        model.move(model.bookmarksMenu.children[1], to: folder, at: 0)
        #expect(consumer.outline == "F[a, B, c], Other Bookmarks[x]")
        model.remove(folder)
        #expect(consumer.outline == "Other Bookmarks[x]")
        mediator.disconnect()
    }

    @Test func anImportIsPushedOnceAtItsEnd() async throws {
        let (mediator, model) = try await makeMediator("| a*")
        let before = consumer.pushCount
        model.performExtensiveChanges { add(["p", "q", "r"], to: model.bookmarksMenu, in: model) }
        #expect(consumer.pushCount == before + 1)
        #expect(consumer.outline == "p, q, r, Other Bookmarks[]")
        mediator.disconnect()
    }

    @Test func aClickOpensInTheActiveTabAMiddleClickInANewTabAfterIt() async throws {
        _ = builder.realizedWebState(named: "a")
        let (mediator, model) = try await makeMediator("| a* z")
        let nodes = add(["b", "c"], to: model.bookmarksMenu, in: model)
        mediator.openBookmark(nodes[0].id, inNewTab: false)
        #expect(builder.webState(named: "a").visibleURL == Self.url("b"))
        #expect(builder.describe(list) == "| a* z")
        mediator.openBookmark(nodes[1].id, inNewTab: true)
        #expect(builder.describe(list) == "| a* c z", "in the background, after the active tab")
        #expect(nodes[1].dateLastUsed != nil)
        mediator.disconnect()
    }

    @Test func openAllOpensTheFoldersBookmarksInOrderTheFirstSelected() async throws {
        let (mediator, model) = try await makeMediator("| a* z")
        let folder = model.addFolder(to: model.bookmarksMenu, at: 0, title: "F")
        add(["b"], to: folder, in: model)
        model.addFolder(to: folder, at: 1, title: "sub")
        add(["c", "d"], to: folder, in: model)
        mediator.openAllBookmarks(inFolder: folder.id)
        #expect(builder.describe(list) == "| a b* c d z")
        mediator.disconnect()
    }
}
